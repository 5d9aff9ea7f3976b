package pools

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"substep/rulings/domain"
)

// The rules a deck can break in a format with a card pool (Problem.Rule),
// besides rulings/domain's own rules for Domain.
const (
	RuleUnknownCard = domain.RuleUnknownCard // a name or passcode Substep does not know
	RuleNotInPool   = "not-in-pool"          // a card the format's list does not name
	RuleForbidden   = "forbidden"            // a Forbidden card
	RuleCopies      = "copies"               // more copies than the card's status allows
	RuleMainCount   = domain.RuleMainCount   // the Main Deck's size
	RuleExtraCount  = domain.RuleExtraCount  // the Extra (Fusion) Deck's size
	RuleSideCount   = "side-count"           // the Side Deck's size
	RuleDeckZone    = domain.RuleDeckZone    // an Extra Deck monster in the Main Deck, or the reverse
)

// SimulatorMainMax is the most Main Deck cards online dueling simulators
// accept, whatever the format allows (goat-02#online).
const SimulatorMainMax = 60

// DomainID is the format id of Domain, which has no card pool: its decks
// are checked by rulings/domain.
const DomainID = "domain"

// Problem is one way a deck breaks its format's rules.
type Problem struct {
	Rule     string `json:"rule"`
	Card     string `json:"card,omitempty"`
	Slug     string `json:"slug,omitempty"` // the card's page, /cards/{slug}
	Passcode uint32 `json:"passcode,omitempty"`
	Line     int    `json:"line,omitempty"` // the list's line, for an unknown name
	Message  string `json:"message"`
	// Suggestions are close card names, for an unknown name.
	Suggestions []string `json:"suggestions,omitempty"`
}

// DeckCard is one distinct card of a checked deck.
type DeckCard struct {
	Name      string   `json:"name"`
	Slug      string   `json:"slug,omitempty"`
	Passcodes []uint32 `json:"passcodes"` // as the deck gave them
	Main      int      `json:"main"`
	Extra     int      `json:"extra"`
	Side      int      `json:"side"`
	Status    string   `json:"status"` // "Limited", "Not in the pool", ...
	status    Status
}

// Copies is the card's copies across the Main, Extra and Side Deck.
func (d DeckCard) Copies() int { return d.Main + d.Extra + d.Side }

// StatusSlug is the status as a CSS class.
func (d DeckCard) StatusSlug() string { return d.status.Slug() }

// Result is the verdict on a deck in one format.
type Result struct {
	Format     string    `json:"format"`      // goat, edison, hat, domain, custom
	FormatName string    `json:"format_name"` // "Goat (April 2005 list)"
	Legal      bool      `json:"legal"`
	Input      string    `json:"input,omitempty"` // how the list was read: ydk, ydke or text
	MainCount  int       `json:"main_count"`
	ExtraCount int       `json:"extra_count"`
	SideCount  int       `json:"side_count"`
	Problems   []Problem `json:"problems"`
	// Notes are things to know that do not make the deck illegal.
	Notes []string `json:"notes,omitempty"`
	// OverSimulatorCap: the Main Deck has more than SimulatorMainMax
	// cards, which online dueling simulators refuse whatever the format
	// allows (goat-02#online).
	OverSimulatorCap bool       `json:"-"`
	Cards            []DeckCard `json:"cards,omitempty"` // pool formats: every distinct card, in deck order
	// Domain is rulings/domain's full verdict for a Domain deck.
	Domain *domain.Result `json:"domain,omitempty"`
	// YDKE is the deck of the cards that were recognised, as a ydke:// link.
	YDKE string `json:"ydke"`
	// Master is the Deck Master's passcode (Domain), for the share link.
	Master uint32 `json:"master,omitempty"`
}

// ShareQuery is the query string of a link that checks this deck again:
// "format=goat&ydke=ydke%3A%2F%2F..." (and master= for Domain).
func (r Result) ShareQuery() string {
	v := url.Values{"format": {r.Format}, "ydke": {r.YDKE}}
	if r.Master != 0 {
		v.Set("master", strconv.FormatUint(uint64(r.Master), 10))
	}
	return v.Encode()
}

// Checker checks decks in every format: Goat, Edison and HAT against
// their pools, Domain with rulings/domain.
type Checker struct {
	Set *Set
	// Cards is card data beyond the pools' names (the catalogue, or an
	// operator's cards.cdb): Domain checks need it, and it names cards
	// that are in no pool. May be nil for pool formats.
	Cards domain.CardSource
}

// FormatError is a format id the checker does not know.
type FormatError struct{ ID string }

func (e *FormatError) Error() string {
	return fmt.Sprintf("no format %q: want goat, edison, hat or domain", clip(e.ID))
}

// Check reads a deck list (file name, for its extension, and contents)
// and checks it in format ("goat", "edison", "hat" or "domain"); master is
// the Deck Master for Domain. Errors are input that cannot be read (a
// *domain.ParseError with its line, a *domain.MasterError, a
// *FormatError); every rule the deck breaks is a Problem of the Result.
func (ch *Checker) Check(format, name string, data []byte, master string) (Result, error) {
	format = strings.ToLower(strings.TrimSpace(format))
	if format == DomainID {
		return ch.checkDomain(name, data, master)
	}
	f, ok := ch.Set.Format(format)
	if !ok {
		return Result{}, &FormatError{ID: format}
	}
	return ch.CheckIn(f, name, data)
}

// poolNames resolves a text list's names in a format: pool names and
// abbreviations first, then the card data.
type poolNames struct {
	ch     *Checker
	format *Format
}

func (r poolNames) ByName(name string) (*domain.Card, bool) {
	id := ""
	if r.format != nil {
		id = r.format.ID
	}
	if c, ok := r.ch.Set.Resolve(name, id); ok {
		return &domain.Card{Passcode: c.Official(), Name: c.Name}, true
	}
	if r.format != nil {
		for _, c := range r.format.extra {
			if Fold(c.Name) == Fold(name) {
				return &domain.Card{Passcode: c.Passcodes[0], Name: c.Name}, true
			}
		}
	}
	if r.ch.Cards != nil {
		return r.ch.Cards.ByName(name)
	}
	return nil, false
}

func (r poolNames) ByPasscode(pc uint32) (*domain.Card, bool) {
	if c, ok := r.ch.Set.ByPasscode(pc); ok {
		return &domain.Card{Passcode: pc, Name: c.Name}, true
	}
	if r.ch.Cards != nil {
		return r.ch.Cards.ByPasscode(pc)
	}
	return nil, false
}

// maxSuggested bounds how many unknown names get suggestions.
const maxSuggested = 40

func (ch *Checker) unknownProblems(unknown []domain.UnknownName, format string) []Problem {
	var out []Problem
	for i, u := range unknown {
		p := Problem{Rule: RuleUnknownCard, Line: u.Line, Card: u.Name}
		if i < maxSuggested {
			p.Suggestions = ch.Set.Suggest(u.Name, format, 3)
		}
		copies := ""
		if u.Count > 1 {
			copies = fmt.Sprintf(" (%d copies)", u.Count)
		}
		p.Message = fmt.Sprintf("Line %d: no card is named %q%s in the %s.", u.Line, clip(u.Name), copies, u.Section)
		if len(p.Suggestions) > 0 {
			p.Message += " Did you mean " + joinOr(quoteAll(p.Suggestions)) + "?"
		}
		out = append(out, p)
	}
	return out
}

// CheckIn checks a deck list against f's pool and deck sizes.
func (ch *Checker) CheckIn(f *Format, name string, data []byte) (Result, error) {
	d, input, unknown, err := domain.ParseAll(name, data, poolNames{ch, f})
	if err != nil {
		return Result{}, err
	}
	res := ch.checkDeck(f, d)
	res.Input = input
	res.Problems = append(ch.unknownProblems(unknown, f.ID), res.Problems...)
	res.Legal = len(res.Problems) == 0
	return res, nil
}

// FullName is "Goat (the April 2005 list)", or a custom list's title.
func (f *Format) FullName() string {
	if f.custom {
		return fmt.Sprintf("the list %q", f.Name)
	}
	return fmt.Sprintf("%s (the %s list)", f.Name, f.Date)
}

func (ch *Checker) checkDeck(f *Format, d domain.Decklist) Result {
	res := Result{Format: f.ID, FormatName: f.FullName(), MainCount: len(d.Main), ExtraCount: len(d.Extra), SideCount: len(d.Side),
		Problems: []Problem{}, YDKE: domain.EncodeYDKE(d)}
	add := func(p Problem) { res.Problems = append(res.Problems, p) }
	lines := map[*Card]*DeckCard{}
	var order []*Card
	type unknownPC struct{ n [3]int }
	unknown := map[uint32]*unknownPC{}
	var unknownOrder []uint32
	for zone, list := range [][]uint32{d.Main, d.Extra, d.Side} {
		for _, pc := range list {
			c, ok := f.Card(pc)
			if !ok {
				u := unknown[pc]
				if u == nil {
					u = &unknownPC{}
					unknown[pc] = u
					unknownOrder = append(unknownOrder, pc)
				}
				u.n[zone]++
				continue
			}
			l := lines[c]
			if l == nil {
				st := f.Status(c)
				l = &DeckCard{Name: c.Name, Slug: c.Slug, Status: st.String(), status: st}
				lines[c] = l
				order = append(order, c)
			}
			if !slices.Contains(l.Passcodes, pc) {
				l.Passcodes = append(l.Passcodes, pc)
			}
			switch zone {
			case 0:
				l.Main++
			case 1:
				l.Extra++
			default:
				l.Side++
			}
		}
	}
	for _, pc := range unknownOrder {
		u := unknown[pc]
		n := u.n[0] + u.n[1] + u.n[2]
		if ch.Cards != nil {
			if c, ok := ch.Cards.ByPasscode(pc); ok {
				add(Problem{Rule: RuleNotInPool, Card: c.Name, Passcode: pc,
					Message: fmt.Sprintf("%s (passcode %d, %s) is not in this format's pool: %s does not name it.", c.Name, pc, copiesWord(n), f.FullName())})
				continue
			}
		}
		add(Problem{Rule: RuleUnknownCard, Passcode: pc,
			Message: fmt.Sprintf("Passcode %d (%s) is no card Substep knows: it is in no format's pool and not in the card database.", pc, copiesWord(n))})
	}
	for _, c := range order {
		l := lines[c]
		res.Cards = append(res.Cards, *l)
		n := l.Copies()
		st := l.status
		as := ch.passcodeNote(f, c, l.Passcodes)
		switch {
		case st == NotInPool:
			add(Problem{Rule: RuleNotInPool, Card: c.Name, Slug: c.Slug, Passcode: l.Passcodes[0],
				Message: fmt.Sprintf("%s (%s) is not in this format's pool: %s does not name it.", c.Name, copiesWord(n), f.FullName())})
		case st == Forbidden:
			add(Problem{Rule: RuleForbidden, Card: c.Name, Slug: c.Slug, Passcode: l.Passcodes[0],
				Message: fmt.Sprintf("%s is Forbidden in %s: no copy may be in the Main, Extra or Side Deck, and the deck has %s%s.", c.Name, f.Name, copiesWord(n), as)})
		case n > st.Copies():
			add(Problem{Rule: RuleCopies, Card: c.Name, Slug: c.Slug, Passcode: l.Passcodes[0],
				Message: fmt.Sprintf("%s is %s in %s (%d): at most %s across the Main, Extra and Side Deck, and the deck has %d%s.", c.Name, st, f.Name, st.Copies(), copiesWord(st.Copies()), n, as)})
		}
	}

	for _, p := range ch.placement(order, lines, &res) {
		add(p)
	}

	if n := len(d.Main); n < f.MainMin {
		add(Problem{Rule: RuleMainCount, Message: fmt.Sprintf("The Main Deck has %d cards; %s needs at least %d%s.", n, f.Name, f.MainMin, maxWords(f.MainMax))})
	} else if f.MainMax > 0 && n > f.MainMax {
		add(Problem{Rule: RuleMainCount, Message: fmt.Sprintf("The Main Deck has %d cards; %s allows at most %d.", n, f.Name, f.MainMax)})
	}
	if n := len(d.Extra); f.ExtraMax > 0 && n > f.ExtraMax {
		add(Problem{Rule: RuleExtraCount, Message: fmt.Sprintf("The Extra Deck has %d cards; %s allows at most %d.", n, f.Name, f.ExtraMax)})
	}
	if n := len(d.Side); f.SideMax > 0 && n > f.SideMax {
		add(Problem{Rule: RuleSideCount, Message: fmt.Sprintf("The Side Deck has %d cards; %s allows at most %d.", n, f.Name, f.SideMax)})
	} else if f.SideAllOrNone && n > 0 && n < f.SideMax {
		res.Notes = append(res.Notes, fmt.Sprintf("The Side Deck has %d cards: in 2005 a Side Deck was empty or exactly %d cards (rule page %s); events today rarely enforce it, so it is not counted as a problem.", n, f.SideMax, f.SizeRule))
	}
	res.OverSimulatorCap = len(d.Main) > SimulatorMainMax
	if f.MainMax == 0 && res.OverSimulatorCap {
		res.Notes = append(res.Notes, fmt.Sprintf("%s has no Main Deck maximum, but simulators refuse more than %d cards (rule page %s).", f.Name, SimulatorMainMax, f.SizeRule))
	}
	res.Legal = len(res.Problems) == 0
	return res
}

// maxUntyped bounds the cards a placement note names.
const maxUntyped = 8

// placement checks that each card of the Main and Extra Deck is in the
// right one: Fusion, Synchro and Xyz Monsters in the Extra Deck, every other
// card in the Main Deck. The pools carry no card types, so the type comes
// from the card data (the catalogue, or an operator's cards.cdb); a card it
// lacks gets no verdict, and a note on res says which cards those are.
func (ch *Checker) placement(order []*Card, lines map[*Card]*DeckCard, res *Result) []Problem {
	var out []Problem
	var untyped []string
	placed := 0
	for _, c := range order {
		l := lines[c]
		if l.Main == 0 && l.Extra == 0 {
			continue // the Side Deck may hold either kind
		}
		placed++
		var dc *domain.Card
		if ch.Cards != nil {
			for _, pc := range c.Passcodes {
				if x, ok := ch.Cards.ByPasscode(pc); ok && x.Type != 0 {
					dc = x
					break
				}
			}
		}
		switch {
		case dc == nil:
			untyped = append(untyped, c.Name)
		case l.Main > 0 && dc.IsExtraDeck():
			out = append(out, Problem{Rule: RuleDeckZone, Card: c.Name, Slug: c.Slug, Passcode: l.Passcodes[0],
				Message: fmt.Sprintf("%s is a %s: it goes in the Extra Deck, not the Main Deck (%s in the Main Deck).", c.Name, dc.Kind(), copiesWord(l.Main))})
		case l.Extra > 0 && !dc.IsExtraDeck():
			out = append(out, Problem{Rule: RuleDeckZone, Card: c.Name, Slug: c.Slug, Passcode: l.Passcodes[0],
				Message: fmt.Sprintf("%s is a %s: only Fusion, Synchro and Xyz Monsters go in the Extra Deck (%s there).", c.Name, dc.Kind(), copiesWord(l.Extra))})
		}
	}
	if len(untyped) > 0 {
		names := untyped
		more := ""
		if len(names) > maxUntyped {
			names, more = names[:maxUntyped], fmt.Sprintf(" and %d more", len(untyped)-maxUntyped)
		}
		res.Notes = append(res.Notes, fmt.Sprintf("Main or Extra Deck: %d of the %d cards were not checked, because the card data Substep reads (its own catalogue, or a simulator's cards.cdb given with -cards) has no card type for them: %s%s.",
			len(untyped), placed, strings.Join(names, ", "), more))
	}
	return out
}

// passcodeNote says how the deck's passcodes of c count, when the deck
// used a passcode the list does not name (Goat's official passcode for a
// listed simulator version) or several passcodes.
func (ch *Checker) passcodeNote(f *Format, c *Card, used []uint32) string {
	listed := f.Listed(c)
	var parts []string
	for _, pc := range used {
		if !slices.Contains(listed, pc) && len(listed) > 0 {
			parts = append(parts, fmt.Sprintf("passcode %d counts as the listed %d", pc, listed[0]))
		}
	}
	if len(used) > 1 {
		parts = append([]string{fmt.Sprintf("counting every passcode of the card (%s)", joinAnd(pcStrings(used)))}, parts...)
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, "; ")
}

func maxWords(max int) string {
	if max == 0 {
		return " (there is no maximum)"
	}
	return fmt.Sprintf(" and at most %d", max)
}

func copiesWord(n int) string {
	if n == 1 {
		return "1 copy"
	}
	return fmt.Sprintf("%d copies", n)
}

func pcStrings(pcs []uint32) []string {
	out := make([]string, len(pcs))
	for i, pc := range pcs {
		out[i] = strconv.FormatUint(uint64(pc), 10)
	}
	return out
}

func quoteAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Quote(x)
	}
	return out
}

func joinAnd(xs []string) string { return joinWith(xs, "and") }
func joinOr(xs []string) string  { return joinWith(xs, "or") }

func joinWith(xs []string, word string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + word + " " + xs[len(xs)-1]
}

// domainNames resolves a Domain list's names: the card data first, then
// the pools (whose cards the card data may not have: Check then says so).
type domainNames struct{ ch *Checker }

func (r domainNames) ByName(name string) (*domain.Card, bool) {
	if c, ok := r.ch.Cards.ByName(name); ok {
		return c, true
	}
	if c, ok := r.ch.Set.Resolve(name, ""); ok {
		if dc, ok := r.ch.Cards.ByPasscode(c.Official()); ok {
			return dc, true
		}
		return &domain.Card{Passcode: c.Official(), Name: c.Name}, true
	}
	return nil, false
}

func (r domainNames) ByPasscode(pc uint32) (*domain.Card, bool) { return r.ch.Cards.ByPasscode(pc) }

func (ch *Checker) checkDomain(name string, data []byte, master string) (Result, error) {
	if ch.Cards == nil {
		return Result{}, fmt.Errorf("no card data for Domain checks")
	}
	names := domainNames{ch}
	d, input, unknown, err := domain.ParseAll(name, data, names)
	if err != nil {
		return Result{}, err
	}
	pc, err := domain.ResolveMaster(master, ch.Cards)
	if err != nil {
		return Result{}, err
	}
	dr := domain.Check(d, pc, ch.Cards)
	dr.Format = input
	res := Result{Format: DomainID, FormatName: "Domain", Input: input, MainCount: dr.MainCount, ExtraCount: dr.ExtraCount,
		SideCount: dr.SideCount, Problems: ch.unknownProblems(unknown, ""), YDKE: dr.YDKE, Domain: &dr}
	if dr.DeckMaster != nil {
		res.Master = dr.DeckMaster.Passcode
	}
	for _, p := range dr.Problems {
		q := Problem{Rule: p.Rule, Card: p.Card, Passcode: p.Passcode, Message: p.Message}
		if p.Rule == domain.RuleUnknownCard && p.Passcode != 0 {
			if c, ok := ch.Set.ByPasscode(p.Passcode); ok {
				q.Card, q.Slug = c.Name, c.Slug
				q.Message = fmt.Sprintf("%s (passcode %d) is a real card, but the card database this checker reads has no type or stats for it, so its place in the Domain cannot be checked (start the site or `site deck-check` with -cards and a simulator's cards.cdb).", c.Name, p.Passcode)
			}
		}
		res.Problems = append(res.Problems, q)
	}
	res.Legal = len(res.Problems) == 0
	return res, nil
}
