package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"substep/pools"
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
	if sealed, err := s.isSealedDeck(c, res.YDKE, res.Master); err != nil || sealed {
		if err != nil {
			return err
		}
		p.Error = sealedDeckText
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
	if sealed, err := s.isSealedDeck(c, res.YDKE, res.Master); err != nil || sealed {
		if err != nil {
			return err
		}
		return sealedJSON(c, sealedDeckText)
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
