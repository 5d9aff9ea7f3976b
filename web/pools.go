package web

import (
	"bytes"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"substep/pools"
	"substep/rulings/domain"
)

// PoolInfo is what a card page says about a card's place in the pools.
type PoolInfo struct {
	Name      string
	Passcodes []PasscodeInfo
	Formats   []FormatStatus
	Stats     string // type and stats from the card data, when it has them
}

// PasscodeInfo is one passcode of a card and what it is.
type PasscodeInfo struct {
	Passcode uint32
	What     string // "official", "EDOPro's simulator version of 82301904", ...
}

// FormatStatus is a card's status in one format.
type FormatStatus struct {
	ID, Name, Date string
	Status         string
	Slug           string // CSS class
	Listed         string // the passcodes the list names, joined
}

// PoolCardPage is the page of a card that only the pools know.
type PoolCardPage struct {
	Base
	Pool    PoolInfo
	Rulings []RulingGroup // card rulings that name it
	Engine  EngineInfo
}

func (s *Server) poolInfo(c *pools.Card) PoolInfo {
	info := PoolInfo{Name: c.Name}
	for i, pc := range c.Passcodes {
		what := "another passcode (an alternate print)"
		if o, ok := c.Variants[pc]; ok {
			what = fmt.Sprintf("EDOPro's simulator-only version of %d (an older text)", o)
		} else if i == 0 {
			what = "official passcode"
		}
		info.Passcodes = append(info.Passcodes, PasscodeInfo{pc, what})
	}
	for _, f := range s.d.Pools.Formats() {
		st := f.Status(c)
		var listed []string
		for _, pc := range f.Listed(c) {
			listed = append(listed, strconv.FormatUint(uint64(pc), 10))
		}
		info.Formats = append(info.Formats, FormatStatus{ID: f.ID, Name: f.Name, Date: f.Date, Status: st.String(), Slug: st.Slug(), Listed: strings.Join(listed, ", ")})
	}
	if s.d.Decks != nil {
		if dc, ok := s.d.Decks.ByPasscode(c.Official()); ok {
			info.Stats = cardStats(dc)
		}
	}
	return info
}

// cardStats is the type and stats of a card from card data, never its text.
func cardStats(c *domain.Card) string {
	if !c.IsMonster() {
		return c.Kind()
	}
	parts := append(domain.AttributeNames(c.Attribute), domain.RaceNames(c.Race)...)
	parts = append(parts, c.Kind())
	s := strings.Join(parts, " ")
	if c.Level > 0 {
		s += fmt.Sprintf(", Level %d", c.Level)
	}
	return s + fmt.Sprintf(", ATK %s / DEF %s", statNum(c.ATK), statNum(c.DEF))
}

func statNum(n int) string {
	if n < 0 {
		return "?"
	}
	return strconv.Itoa(n)
}

// poolCard serves /cards/{slug} for a card only the pools know.
func (s *Server) poolCard(c echo.Context, card *pools.Card) error {
	info := s.poolInfo(card)
	var in []string
	for _, f := range info.Formats {
		if f.Status != pools.NotInPool.String() {
			in = append(in, f.Name+" "+f.Status)
		}
	}
	b := s.base(c, card.Name, fmt.Sprintf("%s: passcode %d; %s.", card.Name, card.Official(), strings.Join(in, ", ")))
	b.Nav = "cards"
	return s.render(c, http.StatusOK, poolCardView(PoolCardPage{Base: b, Pool: info, Rulings: groupRulings(s.d.Site.CardRulings(card.Name)), Engine: s.engineInfo(nil)}))
}

// ListPage is one format's Forbidden, Limited and Semi-Limited cards.
type ListPage struct {
	Base
	Format    *pools.Format
	Sections  []ListSection
	Unlimited int
	Others    []*pools.Format
}

// ListSection is the cards of one status.
type ListSection struct {
	Status string
	Slug   string
	Cards  []*pools.Card
}

// DiffPage compares two formats' lists. Every change of status between
// the two lists is shown in full; the cards that only entered or left the
// pool as Unlimited are counted and browsed one initial at a time, so the
// page stays small (the Goat to HAT diff has over 4,000 such cards).
type DiffPage struct {
	Base
	From, To *pools.Format
	Changed  []DiffRow // in both pools, with another status
	Entered  DiffGroup // in To's pool only
	Left     DiffGroup // in From's pool only
}

// DiffRow is one card of a diff.
type DiffRow struct {
	Card     *pools.Card
	From, To string
}

// DiffGroup is the cards one pool holds and the other does not.
type DiffGroup struct {
	Param     string    // the query parameter that picks an initial: "entered", "left"
	Listed    []DiffRow // Forbidden, Limited or Semi-Limited where held: shown in full
	Unlimited []DiffRow // Unlimited where held: counted, browsed by initial
	Initials  []Initial
	Initial   string        // the initial picked, "" for none
	Shown     []*pools.Card // the Unlimited cards with that initial
}

// Initial is one initial of a group's Unlimited cards, with how many.
type Initial struct {
	Key, Label string // "a", "A"; "0", "0-9 and others"
	N          int
}

// validInitial reports whether key is an initial a diff page can pick.
func validInitial(key string) bool {
	return key == "0" || len(key) == 1 && key[0] >= 'a' && key[0] <= 'z'
}

// group fills the initials of g's Unlimited cards and the cards of the
// picked initial.
func (g *DiffGroup) group(pick string) {
	n := map[string]int{}
	for _, r := range g.Unlimited {
		k := pools.Initial(r.Card.Name)
		n[k]++
		if k == pick {
			g.Shown = append(g.Shown, r.Card)
		}
	}
	for _, k := range append([]string{"0"}, strings.Split("abcdefghijklmnopqrstuvwxyz", "")...) {
		if n[k] == 0 {
			continue
		}
		label := strings.ToUpper(k)
		if k == "0" {
			label = "0-9 and others"
		}
		g.Initials = append(g.Initials, Initial{Key: k, Label: label, N: n[k]})
	}
	g.Initial = pick
}

// ListsPage is the index of the format lists.
type ListsPage struct {
	Base
	Formats []*pools.Format
}

func (s *Server) listsIndex(c echo.Context) error {
	b := s.base(c, "Forbidden and Limited lists", "The card pools and Forbidden/Limited lists (banlists) of Goat, Edison and HAT, and what changed between them.")
	b.Nav = "cards"
	return s.render(c, http.StatusOK, listsView(ListsPage{Base: b, Formats: s.d.Pools.Formats()}))
}

// list serves /lists/{format}, /lists/{format}.lflist.conf and
// /lists/{a}...{b}.
func (s *Server) list(c echo.Context) error {
	name := c.Param("name")
	if id, ok := strings.CutSuffix(name, ".lflist.conf"); ok {
		return s.exportList(c, id)
	}
	if a, b, ok := strings.Cut(name, "..."); ok {
		return s.listDiff(c, a, b)
	}
	f, ok := s.d.Pools.Format(name)
	if !ok {
		return fmt.Errorf("%w: no format list %q (Goat, Edison and HAT have lists; Domain has none)", ErrNotFound, name)
	}
	p := ListPage{Format: f}
	byStatus := map[pools.Status][]*pools.Card{}
	for _, card := range f.Cards() {
		byStatus[f.Status(card)] = append(byStatus[f.Status(card)], card)
	}
	for _, st := range []pools.Status{pools.Forbidden, pools.Limited, pools.SemiLimited} {
		cards := byStatus[st]
		sort.Slice(cards, func(i, j int) bool { return cards[i].Name < cards[j].Name })
		p.Sections = append(p.Sections, ListSection{Status: st.String(), Slug: st.Slug(), Cards: cards})
	}
	p.Unlimited = len(byStatus[pools.Unlimited])
	for _, o := range s.d.Pools.Formats() {
		if o != f {
			p.Others = append(p.Others, o)
		}
	}
	p.Base = s.base(c, f.Name+" Forbidden and Limited list", fmt.Sprintf("The %s banlist (%s): %d Forbidden, %d Limited, %d Semi-Limited and %d Unlimited cards in a pool of %d.",
		f.Name, f.Date, len(byStatus[pools.Forbidden]), len(byStatus[pools.Limited]), len(byStatus[pools.SemiLimited]), p.Unlimited, f.Len()))
	p.Base.Nav = f.ID
	return s.render(c, http.StatusOK, listView(p))
}

func (s *Server) listDiff(c echo.Context, a, b string) error {
	from, ok1 := s.d.Pools.Format(a)
	to, ok2 := s.d.Pools.Format(b)
	if !ok1 || !ok2 || from == to {
		return fmt.Errorf("%w: compare two of goat, edison and hat: /lists/goat...edison", ErrNotFound)
	}
	p := DiffPage{From: from, To: to, Entered: DiffGroup{Param: "entered"}, Left: DiffGroup{Param: "left"}}
	pick := map[string]string{}
	for _, g := range []string{"entered", "left"} {
		if v := c.QueryParam(g); v != "" {
			if !validInitial(v) {
				return fmt.Errorf("%w: the initial in %s=%q must be one letter from a to z, or 0 for the others", ErrInvalid, g, v)
			}
			pick[g] = v
		}
	}
	for _, card := range s.d.Pools.Cards() {
		sa, sb := from.Status(card), to.Status(card)
		row := DiffRow{Card: card, From: sa.String(), To: sb.String()}
		switch {
		case sa == sb:
		case sa == pools.NotInPool && sb == pools.Unlimited:
			p.Entered.Unlimited = append(p.Entered.Unlimited, row)
		case sa == pools.NotInPool:
			p.Entered.Listed = append(p.Entered.Listed, row)
		case sb == pools.NotInPool && sa == pools.Unlimited:
			p.Left.Unlimited = append(p.Left.Unlimited, row)
		case sb == pools.NotInPool:
			p.Left.Listed = append(p.Left.Listed, row)
		default:
			p.Changed = append(p.Changed, row)
		}
	}
	p.Entered.group(pick["entered"])
	p.Left.group(pick["left"])
	entered, left := len(p.Entered.Listed)+len(p.Entered.Unlimited), len(p.Left.Listed)+len(p.Left.Unlimited)
	p.Base = s.base(c, fmt.Sprintf("%s to %s: what changed", from.Name, to.Name), fmt.Sprintf("From the %s list (%s) to the %s list (%s): %d cards changed status, %d entered the pool, %d left it.",
		from.Name, from.Date, to.Name, to.Date, len(p.Changed), entered, left))
	p.Base.Nav = "cards"
	return s.render(c, http.StatusOK, diffView(p))
}

// exportList serves a format's list as an EDOPro .lflist.conf.
func (s *Server) exportList(c echo.Context, id string) error {
	f, ok := s.d.Pools.Format(id)
	if !ok {
		return fmt.Errorf("%w: no format list %q", ErrNotFound, id)
	}
	var b bytes.Buffer
	if err := pools.WriteLFList(&b, f.List(), pools.ExportComments(f)); err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.lflist.conf"`, f.ID))
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", b.Bytes())
}
