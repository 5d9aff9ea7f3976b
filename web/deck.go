package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"substep/rulings/domain"
)

// DeckPage is the Domain deck checker: the form, and the verdict once a
// deck has been checked.
type DeckPage struct {
	Base
	Deck      string // what the user pasted, to refill the form
	Master    string
	Error     string // a parse or Deck Master error, with its line
	Result    *domain.Result
	ShareURL  string
	ShowWhy   bool
	CardCount int // cards the checker's card database knows
}

const maxDeckBytes = 128 << 10 // a full .ydk is about 1 KB

func (s *Server) deckBase(c echo.Context) Base {
	b := s.base(c, "Domain deck checker", "Paste a .ydk file, a ydke:// link or a card list and a Deck Master: Substep checks the deck against every Domain deckbuilding rule.")
	b.Nav = "domain"
	return b
}

// deckForm shows the form, and with ?ydke=&master= the verdict for that
// deck, so a checked deck can be shared as a link.
func (s *Server) deckForm(c echo.Context) error {
	p := DeckPage{Base: s.deckBase(c), ShowWhy: c.QueryParam("why") == "1"}
	ydke, master := c.QueryParam("ydke"), c.QueryParam("master")
	if ydke == "" {
		return s.render(c, http.StatusOK, deckView(p))
	}
	p.Deck, p.Master = ydke, master
	res, err := domain.CheckFile("", []byte(ydke), master, s.d.Decks)
	if err != nil {
		p.Error = deckErrorText(err)
		return s.render(c, http.StatusBadRequest, deckView(p))
	}
	return s.showDeck(c, &p, res)
}

// deckCheck reads a pasted or uploaded deck and shows the verdict.
func (s *Server) deckCheck(c echo.Context) error {
	p := DeckPage{Base: s.deckBase(c), ShowWhy: c.FormValue("why") == "1"}
	p.Deck, p.Master = c.FormValue("deck"), c.FormValue("master")
	name, err := deckUpload(c, &p.Deck)
	if err != nil {
		return err
	}
	if strings.TrimSpace(p.Deck) == "" {
		p.Error = "Paste a deck or choose a file first."
		return s.render(c, http.StatusBadRequest, deckView(p))
	}
	res, err := domain.CheckFile(name, []byte(p.Deck), p.Master, s.d.Decks)
	if err != nil {
		p.Error = deckErrorText(err)
		return s.render(c, http.StatusBadRequest, deckView(p))
	}
	return s.showDeck(c, &p, res)
}

// showDeck shows the verdict on a checked deck, unless the deck is a
// certification question's (or near one): the same seal as the pools'
// checker (isSealedDeck), since Domain's deck questions are shown too.
func (s *Server) showDeck(c echo.Context, p *DeckPage, res domain.Result) error {
	if sealed, err := s.isSealedDeck(c, res.YDKE, masterCode(res)); err != nil || sealed {
		if err != nil {
			return err
		}
		p.Error = sealedDeckText
		return s.render(c, http.StatusForbidden, deckView(*p))
	}
	s.fillDeckResult(c, p, res)
	return s.render(c, http.StatusOK, deckView(*p))
}

// masterCode is the passcode of res's Deck Master, 0 for none.
func masterCode(res domain.Result) uint32 {
	if res.DeckMaster == nil {
		return 0
	}
	return res.DeckMaster.Passcode
}

func (s *Server) fillDeckResult(c echo.Context, p *DeckPage, res domain.Result) {
	p.Result = &res
	if res.YDKE != "" {
		p.ShareURL = s.cfg.BaseURL + "/domain/check?" + res.ShareQuery()
	}
	verdict := "Legal"
	if !res.Legal {
		verdict = fmt.Sprintf("Not legal (%d problem%s)", len(res.Problems), map[bool]string{true: "", false: "s"}[len(res.Problems) == 1])
	}
	if res.DeckMaster != nil {
		p.Title = verdict + ": Domain deck with " + res.DeckMaster.Name
		p.Summary = fmt.Sprintf("%s Domain deck around %s: %d Main and %s, checked by Substep.", verdict, res.DeckMaster.Name, res.MainCount, count(res.ExtraCount, "Extra Deck card", "Extra Deck cards"))
	}
	if p.ShareURL != "" {
		p.Canonical = p.ShareURL
	}
}

func deckErrorText(err error) string {
	var pe *domain.ParseError
	var me *domain.MasterError
	switch {
	case errors.As(err, &pe):
		return pe.Error()
	case errors.As(err, &me):
		return me.Error()
	}
	return err.Error()
}

// apiDeckCheck is POST /api/domain/check with {"deck", "master", "name"}.
// An illegal deck is a 200 with legal=false; unreadable input is a 400
// with the line.
func (s *Server) apiDeckCheck(c echo.Context) error {
	var req struct {
		Deck   string `json:"deck"`
		Master string `json:"master"`
		Name   string `json:"name"`
	}
	if err := json.NewDecoder(io.LimitReader(c.Request().Body, maxDeckBytes)).Decode(&req); err != nil {
		return c.JSON(http.StatusBadRequest, map[string]any{"error": "the body must be JSON: {\"deck\": \"...\", \"master\": \"...\"}", "status": 400})
	}
	res, err := domain.CheckFile(req.Name, []byte(req.Deck), req.Master, s.d.Decks)
	if err != nil {
		body := map[string]any{"error": deckErrorText(err), "status": 400}
		var pe *domain.ParseError
		if errors.As(err, &pe) {
			body["line"] = pe.Line
		}
		return c.JSON(http.StatusBadRequest, body)
	}
	if sealed, err := s.isSealedDeck(c, res.YDKE, masterCode(res)); err != nil || sealed {
		if err != nil {
			return err
		}
		return sealedJSON(c, sealedDeckText)
	}
	out := struct {
		domain.Result
		Share string `json:"share_url,omitempty"`
	}{Result: res}
	if res.YDKE != "" {
		out.Share = s.cfg.BaseURL + "/domain/check?" + res.ShareQuery()
	}
	return c.JSON(http.StatusOK, out)
}

func ruleName(rule string) string {
	switch rule {
	case "deck-master":
		return "Deck Master"
	case "unknown-card":
		return "Unknown card"
	case "main-count":
		return "Main Deck size"
	case "extra-count":
		return "Extra Deck size"
	case "deck-zone":
		return "Wrong deck"
	case "one-copy":
		return "One copy of each card"
	case "domain":
		return "Outside the Domain"
	}
	return rule
}

func whyURL(share string) string {
	if share == "" {
		return ""
	}
	u, err := url.Parse(share)
	if err != nil {
		return ""
	}
	q := u.Query()
	q.Set("why", "1")
	return u.Path + "?" + q.Encode()
}

// deckUpload reads the form's uploaded deck file, when there is one, into
// *deck (within maxDeckBytes) and returns its file name; without a file it
// leaves *deck as pasted and returns "".
func deckUpload(c echo.Context, deck *string) (string, error) {
	fh, err := c.FormFile("file")
	if err != nil || fh.Size == 0 {
		return "", nil
	}
	if fh.Size > maxDeckBytes {
		return "", fmt.Errorf("%w: that file is larger than %d KB", ErrInvalid, maxDeckBytes>>10)
	}
	f, err := fh.Open()
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxDeckBytes))
	if err != nil {
		return "", err
	}
	*deck = string(b)
	return fh.Filename, nil
}
