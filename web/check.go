package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"substep/pools"
	"substep/quizzes"
	"substep/rulings/domain"
)

// CheckPage is the deck checker for every format: the form, and the
// verdict once a deck has been checked.
type CheckPage struct {
	Base
	Formats  []CheckFormat
	Format   string // the selected format id
	Deck     string // what the user pasted, to refill the form
	Master   string
	Error    string // a parse, Deck Master or format error, with its line
	Result   *pools.Result
	ShareURL string
}

// CheckFormat is one choice of the format selector.
type CheckFormat struct {
	ID, Label string
}

func (s *Server) checkFormats() []CheckFormat {
	var out []CheckFormat
	for _, f := range s.d.Pools.Formats() {
		out = append(out, CheckFormat{f.ID, fmt.Sprintf("%s (%s list, %d cards)", f.Name, f.Date, f.Len())})
	}
	return append(out, CheckFormat{pools.DomainID, "Domain (Deck Master rules)"})
}

func (s *Server) checkBase(c echo.Context) Base {
	b := s.base(c, "Deck checker", "Check a Goat, Edison, HAT or Domain deck (.ydk, ydke:// or a card list): every card outside the pool, Forbidden or over its limit, and the deck sizes, all at once.")
	b.Nav = "deck"
	return b
}

// checkFormat reads the format parameter; "" is Goat.
func checkFormat(v string) string {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "" {
		return "goat"
	}
	return v
}

// checkForm is GET /deck/check: the form, and with ?format=&ydke=(&master=)
// the verdict for that deck, so a checked deck can be shared as a link.
func (s *Server) checkForm(c echo.Context) error {
	p := CheckPage{Base: s.checkBase(c), Formats: s.checkFormats(), Format: checkFormat(c.QueryParam("format"))}
	ydke := c.QueryParam("ydke")
	if ydke == "" {
		return s.render(c, http.StatusOK, checkView(p))
	}
	p.Deck, p.Master = ydke, c.QueryParam("master")
	return s.runCheck(c, &p, "")
}

// checkPost is POST /deck/check with a pasted or uploaded deck.
func (s *Server) checkPost(c echo.Context) error {
	p := CheckPage{Base: s.checkBase(c), Formats: s.checkFormats(), Format: checkFormat(c.FormValue("format"))}
	p.Deck, p.Master = c.FormValue("deck"), c.FormValue("master")
	name, err := deckUpload(c, &p.Deck)
	if err != nil {
		return err
	}
	if strings.TrimSpace(p.Deck) == "" {
		p.Error = "Paste a deck or choose a file first."
		return s.render(c, http.StatusBadRequest, checkView(p))
	}
	return s.runCheck(c, &p, name)
}

func (s *Server) runCheck(c echo.Context, p *CheckPage, name string) error {
	res, err := s.d.Checker.Check(p.Format, name, []byte(p.Deck), p.Master)
	if err != nil {
		p.Error = checkErrorText(err)
		return s.render(c, http.StatusBadRequest, checkView(*p))
	}
	if sealed, err := s.isSealed(c, res); err != nil || sealed {
		if err != nil {
			return err
		}
		p.Error = sealedText
		return s.render(c, http.StatusForbidden, checkView(*p))
	}
	p.Result = &res
	p.ShareURL = s.cfg.BaseURL + "/deck/check?" + res.ShareQuery()
	verdict := "Legal"
	if !res.Legal {
		verdict = fmt.Sprintf("Not legal (%d problem%s)", len(res.Problems), map[bool]string{true: "", false: "s"}[len(res.Problems) == 1])
	}
	p.Title = fmt.Sprintf("%s: %s deck", verdict, res.FormatName)
	p.Summary = fmt.Sprintf("%s in %s: %d Main, %d Extra, %d Side Deck cards, checked by Substep.", verdict, res.FormatName, res.MainCount, res.ExtraCount, res.SideCount)
	p.Canonical = p.ShareURL
	return s.render(c, http.StatusOK, checkView(*p))
}

// sealedText is the checker's answer to a certification question's deck.
const sealedText = "This deck is one of the judge certification's questions, so the checker keeps its verdict to itself. Change the list, or practise on the practice quizzes."

// sealedDecks is the set of the certification questions' decks (by
// pools.Result.DeckKey), made once from the checked banks: the checker
// does not judge them, or a candidate could paste a test's deck into it.
type sealedDecks struct {
	once sync.Once
	keys map[string]bool
}

// isSealed reports whether res checked a certification question's deck.
// It waits for the banks at start-up; a server without quizzes seals none.
func (s *Server) isSealed(c echo.Context, res pools.Result) (bool, error) {
	if s.d.Quiz == nil || s.d.Quiz.Banks == nil {
		return false, nil
	}
	set, err := s.banks(c)
	if err != nil {
		return false, err
	}
	s.sealed.once.Do(func() {
		s.sealed.keys = map[string]bool{}
		for _, b := range set.Banks() {
			format := b.Format
			for _, q := range b.InPool(quizzes.PoolCertification).Questions {
				if q.Deck == "" {
					continue
				}
				r, err := s.d.Checker.Check(format, "", []byte(q.Deck), q.DeckMaster)
				if k := r.DeckKey(); err == nil && k != "" {
					s.sealed.keys[k] = true
				}
			}
		}
	})
	k := res.DeckKey()
	return k != "" && s.sealed.keys[k], nil
}

func checkErrorText(err error) string {
	var fe *pools.FormatError
	if errors.As(err, &fe) {
		return fe.Error()
	}
	return deckErrorText(err)
}

// apiCheck is POST /api/deck/check with {"format", "deck", "master",
// "name"}. An illegal deck is a 200 with legal=false; unreadable input is
// a 400 naming the line.
func (s *Server) apiCheck(c echo.Context) error {
	var req struct {
		Format string `json:"format"`
		Deck   string `json:"deck"`
		Master string `json:"master"`
		Name   string `json:"name"`
	}
	if err := json.NewDecoder(io.LimitReader(c.Request().Body, maxDeckBytes)).Decode(&req); err != nil {
		return c.JSON(http.StatusBadRequest, map[string]any{"error": "the body must be JSON: {\"format\": \"goat\", \"deck\": \"...\"}", "status": 400})
	}
	res, err := s.d.Checker.Check(checkFormat(req.Format), req.Name, []byte(req.Deck), req.Master)
	if err != nil {
		body := map[string]any{"error": checkErrorText(err), "status": 400}
		var pe *domain.ParseError
		if errors.As(err, &pe) && pe.Line > 0 {
			body["line"] = pe.Line
		}
		return c.JSON(http.StatusBadRequest, body)
	}
	if sealed, err := s.isSealed(c, res); err != nil || sealed {
		if err != nil {
			return err
		}
		return c.JSON(http.StatusForbidden, map[string]any{"error": sealedText, "status": http.StatusForbidden})
	}
	return c.JSON(http.StatusOK, struct {
		pools.Result
		Share string `json:"share_url"`
	}{res, s.cfg.BaseURL + "/deck/check?" + res.ShareQuery()})
}

func checkRuleName(rule string) string {
	switch rule {
	case pools.RuleNotInPool:
		return "Not in this format's pool"
	case pools.RuleForbidden:
		return "Forbidden"
	case pools.RuleCopies:
		return "Too many copies"
	case pools.RuleSideCount:
		return "Side Deck size"
	}
	return ruleName(rule)
}

// shareLink is the path and query of an absolute share URL.
func shareLink(share string) string {
	if i := strings.Index(share, "/deck/check?"); i >= 0 {
		return share[i:]
	}
	return share
}
