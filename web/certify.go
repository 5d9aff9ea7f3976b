package web

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"substep/internal/attempts"
	"substep/quizzes"
)

// The organiser's pages: exam codes that bind a certification to a named
// candidate, the retake policy of each format, and item statistics. They
// sit behind the organiser token (QuizDeps.ExportToken), sent as
// "Authorization: Bearer <token>" by scripts, or typed once into the
// sign-in form, which sets a cookie holding a keyed hash of the token
// (never the token itself).

const organiserCookie = "substep_organiser"

// organiserHeader is the header scripts may send the token in.
const organiserHeader = "Authorization"

// OrganiserPage is the organiser's dashboard, or its sign-in form.
type OrganiserPage struct {
	Base
	SignedIn bool
	CSRF     string
	Issuer   string
	Formats  []OrganiserFormat
	Codes    []attempts.ExamCode
	Issued   *attempts.ExamCode // the code just issued, shown once at the top
	Bad      string             // the sign-in failed
}

// OrganiserFormat is one format's pools and policy on the dashboard.
type OrganiserFormat struct {
	Format        FormatInfo
	Certification int
	Practice      int
	Policy        attempts.Policy
	ReviewsOpen   bool // the review window is open now
}

// ItemsPage is a format's item statistics.
type ItemsPage struct {
	Base
	Format     FormatInfo
	Candidates int
	Rows       []ItemRow
}

// ItemRow is one question's statistics.
type ItemRow struct {
	quizzes.ItemStat
	Topic  string
	Prompt string
}

// Rate is the correct rate as a percentage.
func (r ItemRow) RatePct() string { return strconv.Itoa(int(math.Round(r.Rate*100))) + "%" }

// PB is the point-biserial with two decimals, "–" when undefined.
func (r ItemRow) PB() string { return decimal(r.PointBiserial) }

// UL is the upper-lower index with two decimals, "–" when undefined.
func (r ItemRow) UL() string { return decimal(r.UpperLower) }

func decimal(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

func (s *Server) organiserRoutes(e *echo.Echo, csrf echo.MiddlewareFunc) {
	e.GET("/organiser", s.organiser, csrf, noStore)
	e.POST("/organiser/sign-in", s.organiserSignIn, csrf, noStore)
	e.POST("/organiser/codes", s.organiserIssue, csrf, noStore)
	e.POST("/organiser/policy", s.organiserPolicy, csrf, noStore)
	e.POST("/organiser/codes/revoke", s.organiserRevoke, csrf, noStore)
	e.GET("/organiser/items/:format", s.organiserItems, noStore)
}

// organiserKey is the cookie value a signed-in organiser holds.
func (s *Server) organiserKey() string {
	m := hmac.New(sha256.New, []byte(s.d.Quiz.ExportToken))
	m.Write([]byte("substep organiser session"))
	return hex.EncodeToString(m.Sum(nil))
}

// isOrganiser reports whether the request carries the organiser token (a
// bearer header) or the signed-in cookie. It is an error when organiser
// pages are off (no token configured).
func (s *Server) isOrganiser(c echo.Context) (bool, error) {
	want := s.d.Quiz.ExportToken
	if want == "" {
		return false, fmt.Errorf("%w: organiser pages are not enabled on this server (start it with an organiser token)", ErrNotFound)
	}
	if got, ok := strings.CutPrefix(c.Request().Header.Get(organiserHeader), "Bearer "); ok {
		return s.organiserTokenOK(c, got)
	}
	if ck, err := c.Cookie(organiserCookie); err == nil {
		return subtle.ConstantTimeCompare([]byte(ck.Value), []byte(s.organiserKey())) == 1, nil
	}
	return false, nil
}

// requireOrganiser is isOrganiser as a 403 for the action routes.
func (s *Server) requireOrganiser(c echo.Context) error {
	ok, err := s.isOrganiser(c)
	if err != nil {
		return err
	}
	if !ok {
		e := *errForbidden
		e.Message = "This needs the organiser token: sign in at /organiser."
		return &e
	}
	return nil
}

// policy is the organiser's retake policy for a format, or the default.
func (s *Server) policy(c echo.Context, format string) (attempts.Policy, error) {
	return s.d.Quiz.Store.Policy(c.Request().Context(), attempts.DefaultPolicy(format, s.d.Quiz.SelfCooldown))
}

func (s *Server) issuer() string {
	if s.d.Quiz.Issuer != "" {
		return s.d.Quiz.Issuer
	}
	return "the organiser of this Substep site"
}

func (s *Server) organiser(c echo.Context) error {
	ok, err := s.isOrganiser(c)
	if err != nil {
		return err
	}
	b := s.base(c, "Organiser", "Exam codes, retake policies and item statistics for judge certifications.")
	b.Nav = "quiz"
	p := OrganiserPage{Base: b, SignedIn: ok, CSRF: csrfToken(c), Issuer: s.issuer()}
	if !ok {
		return s.render(c, http.StatusOK, organiserView(p))
	}
	return s.organiserDashboard(c, p)
}

func (s *Server) organiserDashboard(c echo.Context, p OrganiserPage) error {
	ctx := c.Request().Context()
	set, err := s.banks(c)
	if err != nil {
		return err
	}
	for _, bank := range set.Banks() {
		f, ok := lookupFormat(bank.Format)
		if !ok {
			continue
		}
		pol, err := s.policy(c, bank.Format)
		if err != nil {
			return err
		}
		p.Formats = append(p.Formats, OrganiserFormat{Format: f, Policy: pol, ReviewsOpen: pol.ReviewsOpen(s.d.Quiz.now()),
			Certification: len(bank.InPool(quizzes.PoolCertification).Questions), Practice: len(bank.Practice().Questions)})
	}
	codes, err := s.d.Quiz.Store.Codes(ctx)
	if err != nil {
		return err
	}
	p.Codes = codes
	return s.render(c, http.StatusOK, organiserView(p))
}

func (s *Server) organiserSignIn(c echo.Context) error {
	if s.d.Quiz.ExportToken == "" {
		return fmt.Errorf("%w: organiser pages are not enabled on this server", ErrNotFound)
	}
	ok, err := s.organiserTokenOK(c, c.FormValue("token"))
	if err != nil {
		return err
	}
	if !ok {
		b := s.base(c, "Organiser", "Sign in with the organiser token.")
		b.Nav = "quiz"
		return s.render(c, http.StatusForbidden, organiserView(OrganiserPage{Base: b, CSRF: csrfToken(c), Bad: "That is not the organiser token."}))
	}
	c.SetCookie(&http.Cookie{Name: organiserCookie, Value: s.organiserKey(), Path: "/organiser", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: strings.HasPrefix(s.cfg.BaseURL, "https://"), MaxAge: 12 * 3600})
	return c.Redirect(http.StatusSeeOther, "/organiser")
}

func (s *Server) organiserIssue(c echo.Context) error {
	if err := s.requireOrganiser(c); err != nil {
		return err
	}
	bank, _, err := s.quizBank(c, c.FormValue("format"))
	if err != nil {
		return err
	}
	name, err := cleanName(c.FormValue("name"))
	if err != nil {
		return err
	}
	pol, err := s.policy(c, bank.Format)
	if err != nil {
		return err
	}
	e, err := s.d.Quiz.Store.IssueCode(c.Request().Context(),
		attempts.ExamCode{Format: bank.Format, Name: name, Issuer: s.issuer(), MaxAttempts: pol.AttemptsPerCode}, s.d.Quiz.now())
	if err != nil {
		return err
	}
	b := s.base(c, "Organiser", "Exam codes, retake policies and item statistics for judge certifications.")
	b.Nav = "quiz"
	return s.organiserDashboard(c, OrganiserPage{Base: b, SignedIn: true, CSRF: csrfToken(c), Issuer: s.issuer(), Issued: &e})
}

func (s *Server) organiserPolicy(c echo.Context) error {
	if err := s.requireOrganiser(c); err != nil {
		return err
	}
	bank, _, err := s.quizBank(c, c.FormValue("format"))
	if err != nil {
		return err
	}
	per, err := strconv.Atoi(c.FormValue("attempts"))
	if err != nil || per < 1 || per > 10 {
		return fmt.Errorf("%w: attempts per code must be a whole number from 1 to 10", ErrInvalid)
	}
	mins, err := strconv.Atoi(c.FormValue("cooldown"))
	if err != nil || mins < 0 || mins > 7*24*60 {
		return fmt.Errorf("%w: the self-assessment cooldown must be a whole number of minutes from 0 to 10080", ErrInvalid)
	}
	from, err := windowTime(c.FormValue("reviews_from"), "opens")
	if err != nil {
		return err
	}
	until, err := windowTime(c.FormValue("reviews_until"), "closes")
	if err != nil {
		return err
	}
	pol := attempts.Policy{Format: bank.Format, AttemptsPerCode: per, SelfCooldown: time.Duration(mins) * time.Minute, ReviewsFrom: from, ReviewsUntil: until}
	if err := s.d.Quiz.Store.SetPolicy(c.Request().Context(), pol); err != nil {
		if errors.Is(err, attempts.ErrBadPolicy) || errors.Is(err, attempts.ErrBadWindow) {
			return fmt.Errorf("%w: %v", ErrInvalid, err)
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/organiser#policy-"+bank.Format)
}

// windowLayout is how the policy form writes a review window's times
// (an HTML datetime-local field, read as UTC).
const windowLayout = "2006-01-02T15:04"

// windowTime reads one end of the review window: empty is unset.
func windowTime(v, end string) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.ParseInLocation(windowLayout, v, time.UTC)
	if err != nil {
		return time.Time{}, fmt.Errorf("%w: the time the review window %s must be a date and time like 2026-05-31T18:00 (UTC), not %q", ErrInvalid, end, truncate(v, 40))
	}
	return t, nil
}

// windowValue is a review window time as the form's field shows it.
func windowValue(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(windowLayout)
}

func (s *Server) organiserRevoke(c echo.Context) error {
	if err := s.requireOrganiser(c); err != nil {
		return err
	}
	code := attempts.NormalizeCode(c.FormValue("code"))
	if err := s.d.Quiz.Store.RevokeCode(c.Request().Context(), code, s.d.Quiz.now()); err != nil {
		if errors.Is(err, attempts.ErrNoExamCode) {
			return fmt.Errorf("%w: there is no exam code %q to revoke", ErrNotFound, truncate(c.FormValue("code"), 40))
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/organiser#codes-h")
}

func (s *Server) organiserItems(c echo.Context) error {
	if err := s.requireOrganiser(c); err != nil {
		return err
	}
	bank, f, err := s.quizBank(c, c.Param("format"))
	if err != nil {
		return err
	}
	rs, err := s.d.Quiz.Store.Responses(c.Request().Context(), bank.Format)
	if err != nil {
		return err
	}
	b := s.base(c, f.Name+" item statistics", "How each certification question did: correct rate and discrimination.")
	b.Nav = "quiz"
	p := ItemsPage{Base: b, Format: f, Candidates: len(rs)}
	for _, st := range quizzes.ItemStats(rs) {
		row := ItemRow{ItemStat: st, Topic: st.QuestionID}
		if q, ok := bank.Question(st.QuestionID); ok {
			row.Topic, row.Prompt = q.Topic, q.Prompt
			if t, ok := s.d.Site.Topic(q.Topic); ok {
				row.Topic = t.Title
			}
		}
		p.Rows = append(p.Rows, row)
	}
	return s.render(c, http.StatusOK, itemsView(p))
}
