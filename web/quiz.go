package web

import (
	crand "crypto/rand"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"substep/internal/ready"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"substep/internal/attempts"
	"substep/quizzes"
	"substep/rulings"
)

// QuizDeps is what the quiz routes need. With Deps.Quiz nil the routes
// are not registered.
type QuizDeps struct {
	Banks       *ready.Value[*quizzes.Set] // banks checked against the engine (in the background at start-up)
	Store       *attempts.Store            // where attempts live
	ExportToken string                     // the organiser token: /export/attempts.csv and /organiser; "" turns both off
	// Issuer is the organiser's label on exam codes and certificates.
	Issuer string
	// SelfCooldown is the default wait between two self-assessments of a
	// format from one client address (an organiser's policy overrides it).
	SelfCooldown time.Duration
	TimeLimit    time.Duration    // per certification attempt; 0 means 30 minutes
	Questions    int              // per certification attempt; 0 means quizzes.TestSize
	Now          func() time.Time // nil means time.Now
}

func (q *QuizDeps) now() time.Time {
	if q.Now != nil {
		return q.Now()
	}
	return time.Now()
}

func (q *QuizDeps) limit() time.Duration {
	if q.TimeLimit > 0 {
		return q.TimeLimit
	}
	return 30 * time.Minute
}

func (q *QuizDeps) size() int {
	if q.Questions > 0 {
		return q.Questions
	}
	return quizzes.TestSize
}

// Errors the quiz routes return besides ErrNotFound and ErrInvalid.
var (
	errConflict  = echo.NewHTTPError(http.StatusConflict)
	errForbidden = echo.NewHTTPError(http.StatusForbidden)
	errTooMany   = echo.NewHTTPError(http.StatusTooManyRequests)
)

// conflict is a 409 whose page links to where the candidate should go next.
func conflict(msg, href, label string) error {
	return &LinkedError{Status: errConflict.Code, Message: msg, Href: href, Label: label}
}

// quizRoutes registers the quiz routes; the forms among them carry CSRF
// tokens.
func (s *Server) quizRoutes(e *echo.Echo) {
	csrf := middleware.CSRFWithConfig(middleware.CSRFConfig{
		TokenLookup:    "form:_csrf",
		CookieName:     "_csrf",
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSameSite: http.SameSiteLaxMode,
		CookieSecure:   strings.HasPrefix(s.cfg.BaseURL, "https://"),
	})
	e.GET("/quiz", s.quizHome, csrf)
	e.POST("/quiz/:format/start", s.quizStart, csrf)
	e.POST("/quiz/:format/certify", s.quizCertify, csrf)
	e.GET("/attempt/:id", s.attemptForm, csrf, noStore)
	e.POST("/attempt/:id/submit", s.attemptSubmit, csrf, noStore)
	e.GET("/attempt/:id/result", s.attemptResult, noStore)
	e.GET("/verify", s.verifyLookup)
	e.GET("/verify/:code", s.verify)
	e.GET("/practice/:format", s.practice)
	e.GET("/export/attempts.csv", s.exportAttempts, noStore)
	s.organiserRoutes(e, csrf)
}

// noStore keeps attempts out of caches and search engines.
func noStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Cache-Control", "no-store")
		h.Set("X-Robots-Tag", "noindex")
		return next(c)
	}
}

// QuizFormat is one format's bank on the quiz home page.
type QuizFormat struct {
	Format        FormatInfo
	Certification int // questions in the certification pool
	Practice      int // questions in the practice pool
	Topics        int
}

// QuizHomePage lets a candidate pick a format and a mode.
type QuizHomePage struct {
	Base
	Formats   []QuizFormat
	CSRF      string
	Size      int
	Minutes   int
	PassMark  int
	NameLimit int
}

// Cite is a link to a rule section a question tests.
type Cite struct {
	URL, Label string
}

// QuizChoice is one choice as shown: its id, its label, and for reviews
// whether it is right and whether the candidate picked it.
type QuizChoice struct {
	ID, Label     string
	Right, Picked bool
}

// QuizQuestion is one question as shown in a test, a review or practice.
type QuizQuestion struct {
	N        int
	Q        *quizzes.Checked
	Choices  []QuizChoice
	Cites    []Cite
	Answered bool // reviews: the candidate picked a choice
	Right    bool // reviews: the pick was right
	// Situation is set in attempts, their reviews and practice: the
	// question is shown as its starting board and narrated steps (and
	// Prompt is then only the question, so the situation is told once).
	// Attempts and reviews never show the script.
	Situation *Situation
	Prompt    string // the prompt as shown (line numbers as steps in a situation)
}

// Situation is what a candidate sees of a question's scenario: the board
// before the first action and the actions told step by step; or, for a
// deck question, the deck list.
type Situation struct {
	Start      *rulings.State
	Steps      []rulings.Narration
	Deck       string
	DeckMaster string
}

// AttemptPage is the certification form.
type AttemptPage struct {
	Base
	ID        string
	Name      string
	Self      bool // a self-assessment, not a certification
	Format    FormatInfo
	Questions []QuizQuestion
	CSRF      string
	Deadline  time.Time
	Left      time.Duration
}

// Clock is the time left as "mm:ss".
func (p AttemptPage) Clock() string {
	d := max(p.Left.Round(time.Second), 0)
	return fmt.Sprintf("%02d:%02d", int(d/time.Minute), int(d%time.Minute/time.Second))
}

// StudyRow is one rule section a certification's result sends the
// candidate to, with how many of the missed questions test it. It names
// no question: results that candidates pool then do not tell which
// question of whose test was missed.
type StudyRow struct {
	Cite
	Missed int
}

// ResultPage shows a scored attempt and its review.
type ResultPage struct {
	Base
	Attempt   *attempts.Attempt
	Format    FormatInfo
	Result    quizzes.Result
	Topics    []TopicRow
	Questions []QuizQuestion // the full review; empty while certification reviews are closed
	Study     []StudyRow     // the rule sections the missed questions test (certifications)
	Missed    int            // how many questions were missed or left unanswered
	Self      bool           // a self-assessment: never a certificate
	Expired   bool           // the time ran out with nothing submitted
	VerifyURL string
	PassMark  int
}

// TopicRow is one line of a result's per-topic breakdown.
type TopicRow struct {
	Topic, Title   string
	Correct, Total int
}

// VerifyPage shows a certificate to anyone with its code.
type VerifyPage struct {
	Base
	Code      string
	Name      string
	Issuer    string
	VerifyURL string
	Format    FormatInfo
	Correct   int
	Total     int
	Percent   int
	Date      time.Time
	PassMark  int
}

// PracticePage is one practice question, with feedback once answered.
type PracticePage struct {
	Base
	Format   FormatInfo
	Question QuizQuestion
	N, Total int
	Picked   string // the choice id answered, "" before answering
	Right    bool
	Prev     string // URL of the previous question, "" for none
	Next     string
}

func (s *Server) quizHome(c echo.Context) error {
	b := s.base(c, "Judge quizzes", "Certification tests and practice questions for Goat, HAT, Edison and Domain judges, every answer checked by the rules engine.")
	b.Nav = "quiz"
	p := QuizHomePage{Base: b, CSRF: csrfToken(c), Size: s.d.Quiz.size(), Minutes: int(s.d.Quiz.limit() / time.Minute), PassMark: quizzes.PassPercent, NameLimit: maxNameLen}
	set, err := s.banks(c)
	if err != nil {
		return err
	}
	for _, bank := range set.Banks() {
		f, ok := lookupFormat(bank.Format)
		if !ok || len(bank.Questions) == 0 {
			continue
		}
		p.Formats = append(p.Formats, QuizFormat{Format: f, Certification: len(bank.InPool(quizzes.PoolCertification).Questions),
			Practice: len(bank.Practice().Questions), Topics: len(bank.Topics())})
	}
	return s.render(c, http.StatusOK, quizHomeView(p))
}

func csrfToken(c echo.Context) string {
	t, _ := c.Get("csrf").(string)
	return t
}

const maxNameLen = 60

// cleanName trims a display name and checks it is printable and short.
func cleanName(raw string) (string, error) {
	name := strings.Join(strings.Fields(raw), " ")
	switch {
	case !utf8.ValidString(name):
		return "", fmt.Errorf("%w: the name is not valid text", ErrInvalid)
	case name == "":
		return "", fmt.Errorf("%w: enter the name to show on your result and certificate", ErrInvalid)
	case utf8.RuneCountInString(name) > maxNameLen:
		return "", fmt.Errorf("%w: the name is longer than %d characters", ErrInvalid, maxNameLen)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return "", fmt.Errorf("%w: the name contains a character that cannot be shown", ErrInvalid)
		}
	}
	return name, nil
}

// banks waits for the checked quiz banks (built in the background at
// start-up), bounded by the request's deadline.
func (s *Server) banks(c echo.Context) (*quizzes.Set, error) {
	return s.d.Quiz.Banks.Wait(c.Request().Context())
}

func (s *Server) quizBank(c echo.Context, format string) (*quizzes.CheckedBank, FormatInfo, error) {
	set, err := s.banks(c)
	if err != nil {
		return nil, FormatInfo{}, err
	}
	bank, ok := set.Bank(format)
	f, known := lookupFormat(format)
	if !ok || !known || len(bank.Questions) == 0 {
		return nil, FormatInfo{}, fmt.Errorf("%w: no quiz for format %q", ErrNotFound, format)
	}
	return bank, f, nil
}

// reviewsOpen reports whether certification results of format show full
// reviews now: the organiser's review window is open, and no certification
// of the format still runs (one started before the window opened, whose
// candidate could read the right choices off another's result).
func (s *Server) reviewsOpen(c echo.Context, format string) (bool, error) {
	pol, err := s.policy(c, format)
	if err != nil || !pol.ReviewsOpen(s.d.Quiz.now()) {
		return false, err
	}
	n, err := s.d.Quiz.Store.Running(c.Request().Context(), format, s.d.Quiz.now())
	return n == 0, err
}

// newAttempt draws a test from pool (a format's certification or practice
// questions) for a new attempt, avoiding the questions in seen (those an
// exam code's earlier attempts drew: quizzes.DrawAvoiding).
func (s *Server) newAttempt(pb *quizzes.CheckedBank, what string, seen map[string]bool) (*attempts.Attempt, error) {
	if len(pb.Questions) == 0 {
		return nil, fmt.Errorf("%w: the %s bank has no %s questions", ErrNotFound, pb.Format, what)
	}
	var b [8]byte
	_, _ = crand.Read(b[:])
	seed := binary.LittleEndian.Uint64(b[:])
	now := s.d.Quiz.now().UTC().Truncate(time.Millisecond)
	return &attempts.Attempt{
		ID: attempts.NewID(), Format: pb.Format, Seed: seed,
		Items:     pb.DrawAvoiding(s.d.Quiz.size(), seed, seen),
		StartedAt: now, Deadline: now.Add(s.d.Quiz.limit()),
	}, nil
}

// quizStart starts an open self-assessment: practice questions, timed and
// scored, never a certificate; one per client address per cooldown.
func (s *Server) quizStart(c echo.Context) error {
	bank, f, err := s.quizBank(c, c.Param("format"))
	if err != nil {
		return err
	}
	name, err := cleanName(c.FormValue("name"))
	if err != nil {
		return err
	}
	a, err := s.newAttempt(bank.Practice(), "practice", nil)
	if err != nil {
		return err
	}
	a.Name, a.Client = name, c.RealIP()
	pol, err := s.policy(c, bank.Format)
	if err != nil {
		return err
	}
	next, err := s.d.Quiz.Store.StartSelf(c.Request().Context(), a, pol.SelfCooldown)
	if errors.Is(err, attempts.ErrCoolingDown) {
		e := *errTooMany
		e.Message = fmt.Sprintf("A %s self-assessment was started from your address less than %s ago. You can start another at %s UTC.",
			f.Name, pol.SelfCooldown.Round(time.Minute), next.Format("15:04"))
		return &e
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/attempt/"+a.ID)
}

// quizCertify starts a certification with an exam code an organiser
// issued: the code names the candidate and is spent by the start.
func (s *Server) quizCertify(c echo.Context) error {
	bank, f, err := s.quizBank(c, c.Param("format"))
	if err != nil {
		return err
	}
	raw := c.FormValue("code")
	code := attempts.NormalizeCode(raw)
	if code == "" {
		return fmt.Errorf("%w: %q is not an exam code (ten letters and digits, like 7KQ2M-9XD4B, from your organiser)", ErrInvalid, truncate(raw, 40))
	}
	// While full reviews are open, every submitted certification shows its
	// right choices: no test starts until the organiser closes them.
	pol, err := s.policy(c, bank.Format)
	if err != nil {
		return err
	}
	if pol.ReviewsOpen(s.d.Quiz.now()) {
		return conflict("The "+f.Name+" certification is closed while its reviews are open (they show every right choice). Ask your organiser when the next test window opens.", "/quiz", "Back to the judge quizzes")
	}
	// A retake on the same code learned which of its picks were right
	// from its result pages: it draws other questions while the pool
	// allows.
	seen, err := s.d.Quiz.Store.CodeQuestions(c.Request().Context(), code)
	if err != nil {
		return err
	}
	a, err := s.newAttempt(bank.InPool(quizzes.PoolCertification), "certification", seen)
	if err != nil {
		return err
	}
	err = s.d.Quiz.Store.StartCertification(c.Request().Context(), code, a)
	switch {
	case errors.Is(err, attempts.ErrNoExamCode):
		return fmt.Errorf("%w: there is no exam code %s; check it with your organiser", ErrInvalid, code)
	case errors.Is(err, attempts.ErrWrongFormat):
		return fmt.Errorf("%w: exam code %s is not for the %s test", ErrInvalid, code, f.Name)
	case errors.Is(err, attempts.ErrCodeRevoked):
		return conflict("Exam code "+code+" has been revoked by the organiser who issued it. Ask them for a new one.", "/quiz", "Back to the judge quizzes")
	case errors.Is(err, attempts.ErrCodeUsed):
		return conflict("Exam code "+code+" has already been used for every attempt it allows. Ask your organiser if you need another.", "/quiz", "Back to the judge quizzes")
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/attempt/"+a.ID)
}

var attemptIDRE = regexp.MustCompile(`^[0-9a-f]{32}$`)

// loadAttempt reads the attempt named by the :id parameter.
func (s *Server) loadAttempt(c echo.Context) (*attempts.Attempt, error) {
	id := c.Param("id")
	if !attemptIDRE.MatchString(id) {
		return nil, fmt.Errorf("%w: no such attempt", ErrNotFound)
	}
	a, err := s.d.Quiz.Store.Get(c.Request().Context(), id)
	if errors.Is(err, attempts.ErrNotFound) {
		return nil, fmt.Errorf("%w: no such attempt", ErrNotFound)
	}
	return a, err
}

// cites turns page#anchor references into links labelled with the rule
// and section titles.
func (s *Server) cites(refs []string) []Cite {
	var out []Cite
	for _, ref := range refs {
		id, anchor, _ := strings.Cut(ref, "#")
		ct := Cite{URL: "/rules/" + id + "#" + anchor, Label: ref}
		if p, ok := s.d.Site.Page(id); ok {
			ct.Label = ruleLabel(p)
			if sec, ok := p.Section(anchor); ok {
				ct.Label += " › " + sec.Heading
			}
		}
		out = append(out, ct)
	}
	return out
}

// question builds a question's view with its choices in the given order.
func (s *Server) question(n int, q *quizzes.Checked, order []string, picked string, review bool) QuizQuestion {
	qq := QuizQuestion{N: n, Q: q, Cites: s.cites(q.Cites)}
	return withChoices(qq, q, order, func(id string) string { return id }, q.Correct, picked, review)
}

// attemptQuestion builds an attempt's question: its situation, and its
// choices under the attempt's own ids in the attempt's order.
func (s *Server) attemptQuestion(n int, q *quizzes.Checked, it quizzes.Item, picked string, review bool) QuizQuestion {
	qq := withSituation(QuizQuestion{N: n, Q: q, Cites: s.cites(q.Cites)}, q)
	stable := func(id string) string { st, _ := it.StableID(id); return st }
	return withChoices(qq, q, it.Choices, stable, it.Correct, picked, review)
}

// withSituation has qq show q as a situation (the board and the narrated
// steps, or the deck) and, beside it, only the question in the author's
// words, so the situation is told once (line numbers become steps).
func withSituation(qq QuizQuestion, q *quizzes.Checked) QuizQuestion {
	qq.Situation = &Situation{Start: q.Replay.Start, Steps: q.Replay.Narration, Deck: q.Deck, DeckMaster: q.DeckMaster}
	qq.Prompt, _ = q.SituationAsked()
	return qq
}

// withChoices adds q's choices to qq under the ids shown, in their order
// (stable turns a shown id into the bank's choice id), with the picked one
// marked and, in a review, the right one (correct, a shown id).
func withChoices(qq QuizQuestion, q *quizzes.Checked, shown []string, stable func(string) string, correct, picked string, review bool) QuizQuestion {
	for _, id := range shown {
		ch, ok := q.Choice(stable(id))
		if !ok {
			continue
		}
		qc := QuizChoice{ID: id, Label: ch.Label(), Picked: id == picked}
		if review {
			qc.Right = id == correct
		}
		qq.Choices = append(qq.Choices, qc)
	}
	qq.Answered = picked != ""
	qq.Right = picked != "" && picked == correct
	return qq
}

func (s *Server) attemptForm(c echo.Context) error {
	a, err := s.loadAttempt(c)
	if err != nil {
		return err
	}
	now := s.d.Quiz.now()
	if a.Submitted() || a.Expired(now) {
		return c.Redirect(http.StatusSeeOther, "/attempt/"+a.ID+"/result")
	}
	bank, f, err := s.quizBank(c, a.Format)
	if err != nil {
		return err
	}
	b := s.base(c, f.Name+" judge test", "A timed judge certification test: answer every question, then submit once.")
	b.Nav = "quiz"
	p := AttemptPage{Base: b, ID: a.ID, Name: a.Name, Self: !a.Certification(), Format: f, CSRF: csrfToken(c), Deadline: a.Deadline, Left: a.Deadline.Sub(now)}
	for i, it := range a.Items {
		q, ok := bank.Question(it.QuestionID)
		if !ok {
			return fmt.Errorf("attempt %s: question %s is no longer in the %s bank", a.ID, it.QuestionID, a.Format)
		}
		p.Questions = append(p.Questions, s.attemptQuestion(i+1, q, it, "", false))
	}
	return s.render(c, http.StatusOK, attemptView(p))
}

// formAnswers reads q<N> = <choice id> fields, N the question's position
// in the attempt (the form never names a bank's question), and returns
// them by question id. A question answered twice, or a position outside
// the attempt, is an error.
func formAnswers(c echo.Context, a *attempts.Attempt) (map[string]string, error) {
	form, err := c.FormParams()
	if err != nil {
		return nil, fmt.Errorf("%w: the form could not be read", ErrInvalid)
	}
	answers := map[string]string{}
	for k, vs := range form {
		pos, ok := strings.CutPrefix(k, "q")
		if !ok || k == "_csrf" {
			continue
		}
		n, err := strconv.Atoi(pos)
		if err != nil || n < 1 || n > len(a.Items) {
			return nil, fmt.Errorf("%w: the submission answers a question that is not part of this attempt (%q); nothing was recorded", ErrInvalid, truncate(k, 20))
		}
		if len(vs) != 1 {
			return nil, fmt.Errorf("%w: question %d is answered more than once", ErrInvalid, n)
		}
		answers[a.Items[n-1].QuestionID] = vs[0]
	}
	return answers, nil
}

func (s *Server) attemptSubmit(c echo.Context) error {
	a, err := s.loadAttempt(c)
	if err != nil {
		return err
	}
	id := a.ID
	answers, err := formAnswers(c, a)
	if err != nil {
		return err
	}
	_, err = s.d.Quiz.Store.Submit(c.Request().Context(), id, answers, s.d.Quiz.now())
	switch {
	case err == nil:
		return c.Redirect(http.StatusSeeOther, "/attempt/"+id+"/result")
	case errors.Is(err, attempts.ErrNotFound):
		return fmt.Errorf("%w: no such attempt", ErrNotFound)
	case errors.Is(err, attempts.ErrAlreadySubmitted):
		return conflict("This attempt was already submitted, and only the first submission counts.", "/attempt/"+id+"/result", "See your result")
	case errors.Is(err, attempts.ErrExpired):
		return conflict("The time limit for this attempt has passed, so these answers were not accepted.", "/attempt/"+id+"/result", "See the result")
	case errors.Is(err, quizzes.ErrUnknownQuestion):
		return fmt.Errorf("%w: the submission answers a question that is not part of this attempt; nothing was recorded", ErrInvalid)
	case errors.Is(err, quizzes.ErrUnknownChoice):
		return fmt.Errorf("%w: the submission picks a choice that the question does not offer; nothing was recorded", ErrInvalid)
	}
	return err
}

func (s *Server) attemptResult(c echo.Context) error {
	a, err := s.loadAttempt(c)
	if err != nil {
		return err
	}
	now := s.d.Quiz.now()
	if !a.Submitted() && !a.Expired(now) {
		return c.Redirect(http.StatusSeeOther, "/attempt/"+a.ID)
	}
	bank, f, err := s.quizBank(c, a.Format)
	if err != nil {
		return err
	}
	res := a.Result()
	verdict := "failed"
	if res.Passed {
		verdict = "passed"
	}
	kind := "judge test"
	if !a.Certification() {
		kind = "self-assessment"
	}
	b := s.base(c, f.Name+" "+kind+" result", fmt.Sprintf("%s %s the %s %s with %d of %d (%d%%).", a.Name, verdict, f.Name, kind, res.Correct, res.Total, res.Percent()))
	b.Nav = "quiz"
	p := ResultPage{Base: b, Attempt: a, Format: f, Result: res, Expired: !a.Submitted(), PassMark: quizzes.PassPercent, Self: !a.Certification()}
	if a.Code != "" {
		p.VerifyURL = s.cfg.BaseURL + "/verify/" + a.Code
	}
	for _, t := range res.Topics {
		row := TopicRow{Topic: t.Topic, Title: t.Topic, Correct: t.Correct, Total: t.Total}
		if topic, ok := s.d.Site.Topic(t.Topic); ok {
			row.Title = topic.Title
		}
		p.Topics = append(p.Topics, row)
	}
	// A certification's result names the sections to study for each
	// missed question, never its right choice, unless the organiser's
	// review window (set after the test window closes) is open and no
	// certification of the format is still running.
	review := !a.Certification()
	if !review {
		if review, err = s.reviewsOpen(c, a.Format); err != nil {
			return err
		}
	}
	var missed []Cite
	for i, it := range a.Items {
		q, ok := bank.Question(it.QuestionID)
		if !ok {
			return fmt.Errorf("attempt %s: question %s is no longer in the %s bank", a.ID, it.QuestionID, a.Format)
		}
		picked := a.Answers[it.QuestionID]
		if review {
			p.Questions = append(p.Questions, s.attemptQuestion(i+1, q, it, picked, true))
			continue
		}
		if picked != it.Correct {
			p.Missed++
			missed = append(missed, s.cites(q.Cites)...)
		}
	}
	p.Study = studyRows(missed)
	return s.render(c, http.StatusOK, resultView(p))
}

// studyRows counts the sections the missed questions cite, most missed
// first, then by link.
func studyRows(cites []Cite) []StudyRow {
	var rows []StudyRow
	at := map[string]int{}
	for _, ct := range cites {
		if i, ok := at[ct.URL]; ok {
			rows[i].Missed++
			continue
		}
		at[ct.URL] = len(rows)
		rows = append(rows, StudyRow{Cite: ct, Missed: 1})
	}
	slices.SortStableFunc(rows, func(a, b StudyRow) int {
		if a.Missed != b.Missed {
			return b.Missed - a.Missed
		}
		return strings.Compare(a.URL, b.URL)
	})
	return rows
}

func (s *Server) verifyLookup(c echo.Context) error {
	raw := c.QueryParam("code")
	code := attempts.NormalizeCode(raw)
	if code == "" {
		return fmt.Errorf("%w: %q is not a verification code (ten letters and digits, like 7KQ2M-9XD4B)", ErrInvalid, truncate(raw, 40))
	}
	return c.Redirect(http.StatusSeeOther, "/verify/"+code)
}

func (s *Server) verify(c echo.Context) error {
	raw := c.Param("code")
	code := attempts.NormalizeCode(raw)
	if code == "" {
		return fmt.Errorf("%w: no certificate with code %q", ErrNotFound, truncate(raw, 40))
	}
	if code != raw {
		return c.Redirect(http.StatusMovedPermanently, "/verify/"+code)
	}
	a, err := s.d.Quiz.Store.ByCode(c.Request().Context(), code)
	if errors.Is(err, attempts.ErrNotFound) || (err == nil && (!a.Passed || !a.Certification())) {
		return fmt.Errorf("%w: no certificate with code %s", ErrNotFound, code)
	}
	if err != nil {
		return err
	}
	f, _ := lookupFormat(a.Format)
	total := len(a.Items)
	pct := 0
	if total > 0 {
		pct = a.Correct * 100 / total
	}
	b := s.base(c, "Certificate "+code, fmt.Sprintf("%s passed the %s judge certification issued by %s on %s with %d of %d.", a.Name, f.Name, a.Issuer, a.SubmittedAt.Format("2 January 2006"), a.Correct, total))
	b.Nav = "quiz"
	return s.render(c, http.StatusOK, verifyView(VerifyPage{Base: b, Code: code, Name: a.Name, Issuer: a.Issuer, VerifyURL: s.cfg.BaseURL + "/verify/" + code,
		Format: f, Correct: a.Correct, Total: total, Percent: pct, Date: a.SubmittedAt, PassMark: quizzes.PassPercent}))
}

// practiceOrder shuffles a question's choices the same way every time, so
// the right one is not always where the file put it.
func practiceOrder(q *quizzes.Checked) []string {
	h := fnv.New64a()
	h.Write([]byte(q.ID))
	rng := rand.New(rand.NewPCG(h.Sum64(), 1))
	ids := make([]string, len(q.Choices))
	for i, ch := range q.Choices {
		ids[i] = ch.ID
	}
	rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	return ids
}

func (s *Server) practice(c echo.Context) error {
	full, f, err := s.quizBank(c, c.Param("format"))
	if err != nil {
		return err
	}
	// Practice never shows a certification question, nor its scenario.
	bank := full.Practice()
	if len(bank.Questions) == 0 {
		return fmt.Errorf("%w: the %s bank has no practice questions yet", ErrNotFound, f.Name)
	}
	n := 1
	if v := c.QueryParam("q"); v != "" {
		n, err = strconv.Atoi(v)
		if err != nil || n < 1 || n > len(bank.Questions) {
			return fmt.Errorf("%w: the %s bank has questions 1 to %d", ErrNotFound, f.Name, len(bank.Questions))
		}
	}
	q := bank.Questions[n-1]
	picked := c.QueryParam("choice")
	if _, ok := q.Choice(picked); picked != "" && !ok {
		return fmt.Errorf("%w: that is not one of this question's choices", ErrInvalid)
	}
	b := s.base(c, fmt.Sprintf("%s practice question %d", f.Name, n), truncate(q.Prompt, 200))
	b.Nav = "quiz"
	b.Canonical = fmt.Sprintf("%s/practice/%s?q=%d", s.cfg.BaseURL, bank.Format, n)
	p := PracticePage{Base: b, Format: f, Question: withSituation(s.question(n, q, practiceOrder(q), picked, picked != ""), q), N: n, Total: len(bank.Questions), Picked: picked, Right: picked == q.Correct}
	if n > 1 {
		p.Prev = fmt.Sprintf("/practice/%s?q=%d", bank.Format, n-1)
	}
	if n < len(bank.Questions) {
		p.Next = fmt.Sprintf("/practice/%s?q=%d", bank.Format, n+1)
	}
	return s.render(c, http.StatusOK, practiceView(p))
}

// csvSplitters are the characters a spreadsheet may split a CSV line on
// (whatever separator it guesses or is told), and the quote and line
// breaks that start a new field when it parses the line its own way.
const csvSplitters = ",;\t|\"\r\n"

// csvCell defuses a value a spreadsheet would run as a formula, whichever
// separator the file is opened with: wherever a field could begin (the
// start, or just after any csvSplitters character, spaces skipped) a
// formula character (= + - @ tab CR) gets a ' in front.
func csvCell(v string) string {
	var b strings.Builder
	fieldStart := true
	for _, r := range v {
		if fieldStart && strings.ContainsRune("=+-@\t\r", r) {
			b.WriteByte('\'')
		}
		b.WriteRune(r)
		fieldStart = strings.ContainsRune(csvSplitters, r) || (fieldStart && r == ' ')
	}
	return b.String()
}

// csvLine is one line of the export: every field quoted, so a separator
// inside a value never splits it in a reader that honours quotes.
func csvLine(fields ...string) string {
	var b strings.Builder
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		b.WriteString(strings.ReplaceAll(csvCell(f), `"`, `""`))
		b.WriteByte('"')
	}
	b.WriteString("\r\n")
	return b.String()
}

// exportToken is the token a request presents: the Authorization header
// ("Bearer T"), the X-Export-Token header, or, for links made before the
// header existed, ?token= (which browsers keep in their history, so the
// header is the way to use).
func exportToken(c echo.Context) string {
	h := c.Request().Header
	if t, ok := strings.CutPrefix(h.Get("Authorization"), "Bearer "); ok {
		return strings.TrimSpace(t)
	}
	if t := h.Get("X-Export-Token"); t != "" {
		return t
	}
	return c.QueryParam("token")
}

// organiserTokenOK checks a presented organiser token. Wrong tokens are
// limited per address (five, then one a minute), so guessing is hopeless:
// once an address is over, it gets 429 without the token being compared.
func (s *Server) organiserTokenOK(c echo.Context, got string) (bool, error) {
	key, now := ClientKey(c.RealIP()), time.Now()
	if ok, wait := s.exportBad.take(key, 0, now); !ok {
		return false, tooMany(c, wait)
	}
	if subtle.ConstantTimeCompare([]byte(got), []byte(s.d.Quiz.ExportToken)) != 1 {
		s.exportBad.take(key, 1, now)
		return false, nil
	}
	return true, nil
}

func (s *Server) exportAttempts(c echo.Context) error {
	want := s.d.Quiz.ExportToken
	if want == "" {
		return fmt.Errorf("%w: the attempts export is not enabled on this server", ErrNotFound)
	}
	ok, err := s.organiserTokenOK(c, exportToken(c))
	if err != nil {
		return err
	}
	if !ok {
		e := *errForbidden
		e.Message = "The export token is missing or wrong."
		return &e
	}
	list, err := s.d.Quiz.Store.List(c.Request().Context())
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, "text/csv; charset=utf-8")
	h.Set(echo.HeaderContentDisposition, `attachment; filename="attempts.csv"`)
	c.Response().WriteHeader(http.StatusOK)
	var out strings.Builder
	out.WriteString(csvLine("started_at", "submitted_at", "format", "name", "correct", "total", "percent", "passed", "code"))
	for _, a := range list {
		submitted, correct, pct, passed := "", "", "", ""
		if !a.SubmittedAt.IsZero() && a.Total > 0 {
			submitted = a.SubmittedAt.Format(time.RFC3339)
			correct, pct = strconv.Itoa(a.Correct), strconv.Itoa(a.Correct*100/a.Total)
			passed = strconv.FormatBool(a.Passed)
		}
		out.WriteString(csvLine(a.StartedAt.Format(time.RFC3339), submitted, a.Format, a.Name,
			correct, strconv.Itoa(a.Total), pct, passed, a.Code))
	}
	_, err = io.WriteString(c.Response(), out.String())
	return err
}
