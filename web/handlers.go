package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"

	"github.com/labstack/echo/v4"

	"substep/internal/render"
	"substep/internal/search"
	"substep/rulings"
)

func (s *Server) formats() []FormatInfo {
	out := make([]FormatInfo, 0, len(formatInfo))
	for _, f := range formatInfo {
		f.Count = len(s.d.Site.FormatPages(f.ID))
		out = append(out, f)
	}
	return out
}

func (s *Server) home(c echo.Context) error {
	b := s.base(c, "Substep", "How Goat, HAT, Edison and Domain differ from today's Yu-Gi-Oh! rules: every rule and example, searchable and linkable.")
	b.Nav = "home"
	return s.render(c, http.StatusOK, homeView(HomePage{Base: b, Formats: s.formats(), Topics: len(s.d.Site.Topics), Cards: len(s.d.Cards.Cards())}))
}

func (s *Server) format(c echo.Context) error {
	f, ok := lookupFormat(c.Param("format"))
	if !ok {
		return fmt.Errorf("%w: no format %q", ErrNotFound, c.Param("format"))
	}
	pages := s.d.Site.FormatPages(f.ID)
	f.Count = len(pages)
	b := s.base(c, f.Name, f.Era+". "+f.Blurb)
	b.Nav = f.ID
	return s.render(c, http.StatusOK, formatView(FormatPage{Base: b, Format: f, Pages: pages}))
}

func (s *Server) rule(c echo.Context) error {
	page, ok := s.rulePages[c.Param("id")]
	if !ok {
		return fmt.Errorf("%w: no rule page %q", ErrNotFound, c.Param("id"))
	}
	return s.sendPrerendered(c, http.StatusOK, page)
}

// pagePool holds the buffers rule pages are assembled in, so serving one
// allocates nothing for its body.
var pagePool = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// prerendered is a page rendered once, split where the request's nonce goes.
type prerendered [][]byte

func splitNonce(page []byte) prerendered {
	return bytes.Split(page, []byte(noncePlaceholder))
}

// with appends the page to dst with nonce in each of its places.
func (p prerendered) with(nonce string, dst []byte) []byte {
	for i, part := range p {
		if i > 0 {
			dst = append(dst, nonce...)
		}
		dst = append(dst, part...)
	}
	return dst
}

// noncePlaceholder stands for the request's CSP nonce in the pre-rendered
// rule pages; it is letters and digits only, so templ writes it unescaped.
const noncePlaceholder = "NONCEf7c1e2a9b8d34c5e6f"

// renderRulePages renders every rule page once: a page depends only on the
// content, BaseURL and the nonce, so a request only swaps in its nonce.
func (s *Server) renderRulePages() error {
	s.rulePages = map[string]prerendered{}
	ctx := templ.WithNonce(context.Background(), noncePlaceholder)
	for _, p := range s.d.Site.Pages {
		var buf bytes.Buffer
		if err := ruleView(s.rulePage(p)).Render(ctx, &buf); err != nil {
			return fmt.Errorf("render %s: %w", p.URL(), err)
		}
		s.rulePages[p.ID] = splitNonce(buf.Bytes())
	}
	return nil
}

func (s *Server) rulePage(p *render.Page) RulePage {
	f, _ := lookupFormat(p.Format)
	b := Base{Title: ruleLabel(p), Summary: p.Summary, Canonical: s.cfg.BaseURL + p.URL(), Image: s.ogImage(p.URL()), Assets: s.assets}
	b.Nav, b.OGType = p.Format, "article"
	rp := RulePage{Base: b, Page: p, Format: f}
	for _, t := range p.Topics {
		if topic, ok := s.d.Site.Topic(t); ok && topic.Today != "" {
			rp.Topics = append(rp.Topics, topic)
		}
	}
	for _, name := range p.Cards {
		if card, ok := s.d.Cards.Lookup(name); ok {
			rp.Cards = append(rp.Cards, card)
		}
	}
	same := s.d.Site.FormatPages(p.Format)
	for i, q := range same {
		if q == p {
			if i > 0 {
				rp.Prev = same[i-1]
			}
			if i+1 < len(same) {
				rp.Next = same[i+1]
			}
		}
	}
	return rp
}

// Search results come in pages: searchPageSize hits on each page of
// /search and /api/search, up to maxSearchPage pages (the index serves no
// hit past its 10,000th); the panel of results as you type under the
// header shows the first panelSize and links to the rest.
const (
	searchPageSize = 50
	maxSearchPage  = 200
	panelSize      = 10
)

// runSearch reads the search parameters shared by /search and /api/search:
// q, format, topic, page (from 1), and panel=1 for the short panel.
func (s *Server) runSearch(c echo.Context) (SearchPage, error) {
	q := c.QueryParam("q")
	f := search.Filter{Format: c.QueryParam("format"), Topic: c.QueryParam("topic"), Limit: searchPageSize}
	page := 1
	if n, err := strconv.Atoi(c.QueryParam("page")); err == nil && n > 1 {
		page = min(n, maxSearchPage)
	}
	panel := c.QueryParam("panel") == "1"
	if panel {
		page, f.Limit = 1, panelSize
	}
	f.Offset = (page - 1) * f.Limit
	if f.Format != "" {
		if _, ok := lookupFormat(f.Format); !ok {
			f.Format = ""
		}
	}
	if f.Topic != "" {
		if _, ok := s.d.Site.Topic(f.Topic); !ok {
			f.Topic = ""
		}
	}
	ctx := c.Request().Context()
	ix, err := s.d.Index.Wait(ctx)
	if err != nil {
		return SearchPage{}, err
	}
	res, err := ix.Search(ctx, q, f)
	if err != nil {
		return SearchPage{}, err
	}
	p := SearchPage{Results: res, Format: f.Format, Topic: f.Topic, Formats: formatInfo, Topics: s.d.Site.Topics,
		Page: page, Pages: min((res.Total+f.Limit-1)/f.Limit, maxSearchPage), Panel: panel, Offset: f.Offset}
	if f.Topic == "" {
		// A format filter sets the context: "CED" in Goat is Chaos
		// Emperor Dragon, and the format's own cards come first.
		if p.Cards, err = ix.CardsIn(ctx, q, f.Format, 8); err != nil {
			return SearchPage{}, err
		}
	}
	for _, fi := range formatInfo {
		var g ResultGroup
		for _, h := range res.Hits {
			if h.Format == fi.ID {
				g.Hits = append(g.Hits, h)
			}
		}
		if len(g.Hits) > 0 {
			g.Format = fi
			p.Groups = append(p.Groups, g)
		}
	}
	return p, nil
}

func (s *Server) search(c echo.Context) error {
	p, err := s.runSearch(c)
	if err != nil {
		return err
	}
	title := "Search"
	if p.Results.Query != "" {
		title = "Search: " + p.Results.Query
	}
	p.Base = s.base(c, title, "Search every Goat, HAT, Edison and Domain rule, example and card.")
	p.Base.Query, p.Base.Nav = p.Results.Query, "search"
	if c.QueryParam("partial") == "1" {
		return s.render(c, http.StatusOK, searchResults(p))
	}
	return s.render(c, http.StatusOK, searchView(p))
}

func (s *Server) apiSearch(c echo.Context) error {
	p, err := s.runSearch(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"query":  p.Results.Query,
		"total":  p.Results.Total,
		"page":   p.Page,
		"pages":  p.Pages,
		"notice": p.Results.Notice,
		"hits":   apiHits(p.Results.Hits),
		"cards":  apiCards(p.Cards),
	})
}

func (s *Server) apiRule(c echo.Context) error {
	p, ok := s.d.Site.Page(c.Param("id"))
	if !ok {
		return fmt.Errorf("%w: no rule page %q", ErrNotFound, c.Param("id"))
	}
	return c.JSON(http.StatusOK, struct {
		*render.Page
		URL string `json:"url"`
	}{p, s.cfg.BaseURL + p.URL()})
}

// apiRuling answers one card ruling as JSON, with its sources and era.
func (s *Server) apiRuling(c echo.Context) error {
	r, ok := s.d.Site.Ruling(c.Param("id"))
	if !ok {
		return fmt.Errorf("%w: no ruling %q", ErrNotFound, c.Param("id"))
	}
	return c.JSON(http.StatusOK, struct {
		*render.Ruling
		URL string `json:"url"`
	}{r, s.cfg.BaseURL + r.URL()})
}

func (s *Server) indexMentions() {
	s.mentions = map[string][]Mention{}
	for _, p := range s.d.Site.Pages {
		for _, name := range p.Cards {
			m := Mention{Page: p}
			for _, sec := range p.Sections {
				if slices.Contains(sec.Cards, name) {
					m.Sections = append(m.Sections, sec)
				}
			}
			s.mentions[name] = append(s.mentions[name], m)
		}
	}
}

// indexReplays maps each catalogue card to the bundled scenarios that put
// it in play, for the card page's engine section.
func (s *Server) indexReplays() {
	s.replays = map[string][]string{}
	if s.d.Replay == nil {
		return
	}
	for _, sc := range s.d.Replay.Scenarios {
		for _, c := range sc.Cards() {
			s.replays[c.Name] = append(s.replays[c.Name], sc.Name)
		}
	}
}

// engineInfo says whether the rules engine can replay a catalogue card
// (nil: a card only the pools know).
func (s *Server) engineInfo(card *rulings.Card) EngineInfo {
	if card == nil {
		return EngineInfo{Why: "it is not in the engine's card catalogue yet"}
	}
	e := EngineInfo{InCatalogue: true, Scenarios: s.replays[card.Name]}
	switch why := card.Unplayable(); why {
	case "":
		e.Playable = true
	case "no effects in the vocabulary":
		e.Why = "its effects are not written in the engine's vocabulary yet"
	default:
		e.Why = "one of its effects is beyond the engine so far (" + strings.TrimPrefix(why, "unsupported: ") + ")"
	}
	return e
}

func (s *Server) card(c echo.Context) error {
	card, ok := s.d.Cards.BySlug(c.Param("slug"))
	if !ok {
		if s.d.Pools != nil {
			if pc, ok := s.d.Pools.BySlug(c.Param("slug")); ok {
				return s.poolCard(c, pc)
			}
		}
		return fmt.Errorf("%w: no card %q", ErrNotFound, c.Param("slug"))
	}
	ms := s.mentions[card.Name]
	summary := fmt.Sprintf("%s: %s. Named in %s of Substep.", card.Name, cardFacts(card), count(len(ms), "rule page", "rule pages"))
	b := s.base(c, card.Name, summary)
	b.Nav = "cards"
	p := CardPage{Base: b, Card: card, Mentions: ms, Rulings: groupRulings(s.d.Site.CardRulings(card.Name)), Engine: s.engineInfo(card)}
	if s.d.Pools != nil {
		pc, ok := s.d.Pools.ByPasscode(uint32(card.Passcode))
		if !ok || card.Passcode == 0 {
			pc, ok = s.d.Pools.ByName(card.Name)
		}
		if ok {
			info := s.poolInfo(pc)
			p.Pool = &info
		}
	}
	return s.render(c, http.StatusOK, cardView(p))
}

// groupRulings splits rulings (already in format order) by format.
func groupRulings(rs []*render.Ruling) []RulingGroup {
	var out []RulingGroup
	for _, r := range rs {
		if n := len(out); n == 0 || out[n-1].Format.ID != r.Format {
			f, _ := lookupFormat(r.Format)
			out = append(out, RulingGroup{Format: f})
		}
		out[len(out)-1].Rulings = append(out[len(out)-1].Rulings, r)
	}
	return out
}

func (s *Server) ruling(c echo.Context) error {
	r, ok := s.d.Site.Ruling(c.Param("id"))
	if !ok {
		return fmt.Errorf("%w: no ruling %q", ErrNotFound, c.Param("id"))
	}
	f, _ := lookupFormat(r.Format)
	b := s.base(c, r.Title()+" ("+f.Name+")", r.Statement)
	b.Nav = "cards"
	p := RulingPage{Base: b, Ruling: r, Format: f}
	if id, _, _ := strings.Cut(r.Rule, "#"); id != "" {
		p.Rule, _ = s.d.Site.Page(id)
	}
	return s.render(c, http.StatusOK, rulingView(p))
}

func (s *Server) rulingsIndex(c echo.Context) error {
	b := s.base(c, "Card rulings", "Short rulings on single cards and interactions in each format, each with its source and the date it was read.")
	b.Nav = "cards"
	return s.render(c, http.StatusOK, rulingsView(RulingsPage{Base: b, Groups: groupRulings(s.d.Site.Rulings)}))
}

func (s *Server) cards(c echo.Context) error {
	b := s.base(c, "Cards", "Every card named by Substep's rule pages and scenarios, with the rulings that mention it.")
	b.Nav = "cards"
	return s.render(c, http.StatusOK, cardsView(CardsPage{Base: b, Cards: s.d.Cards.Cards()}))
}

// retroFormats are the compare matrix's columns after "Today".
func retroFormats() []FormatInfo {
	var out []FormatInfo
	for _, f := range formatInfo {
		if f.ID != "general" {
			out = append(out, f)
		}
	}
	return out
}

func (s *Server) compareRow(t render.Topic) CompareRow {
	row := CompareRow{Topic: t}
	for _, f := range retroFormats() {
		var cell CompareCell
		for _, p := range s.d.Site.FormatPages(f.ID) {
			for _, cl := range p.Compare {
				if cl.Topic == t.ID && cell.Line == "" {
					cell.Line, cell.URL = cl.Line, p.URL()
					if cl.Anchor != "" {
						cell.URL += "#" + cl.Anchor
					}
				}
			}
		}
		row.Cells = append(row.Cells, cell)
	}
	for _, p := range s.d.Site.Pages {
		if slices.Contains(p.Topics, t.ID) {
			row.Pages = append(row.Pages, p)
		}
	}
	return row
}

func (s *Server) compare(c echo.Context) error {
	b := s.base(c, "Compare the formats", "Every rule topic across Goat, HAT, Edison, Domain and today's rules, one line per format.")
	b.Nav = "compare"
	p := ComparePage{Base: b, Formats: retroFormats()}
	for _, t := range s.d.Site.Topics {
		p.Rows = append(p.Rows, s.compareRow(t))
	}
	return s.render(c, http.StatusOK, compareView(p))
}

func (s *Server) compareTopic(c echo.Context) error {
	t, ok := s.d.Site.Topic(c.Param("topic"))
	if !ok {
		return fmt.Errorf("%w: no topic %q", ErrNotFound, c.Param("topic"))
	}
	row := s.compareRow(t)
	summary := "Today: " + t.Today
	for i, f := range retroFormats() {
		if row.Cells[i].Line != "" {
			summary += " " + formatName(f.ID) + ": " + row.Cells[i].Line
		}
	}
	b := s.base(c, t.Title+" across formats", truncate(summary, 300))
	b.Nav = "compare"
	return s.render(c, http.StatusOK, compareView(ComparePage{Base: b, Formats: retroFormats(), Rows: []CompareRow{row}, Single: true}))
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
