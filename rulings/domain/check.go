package domain

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// The deck-building rules a Problem can break (Problem.Rule).
const (
	RuleDeckMaster  = "deck-master"  // no Deck Master, or one that is not a monster card
	RuleUnknownCard = "unknown-card" // a passcode the card database does not have
	RuleMainCount   = "main-count"   // the Main Deck is not exactly 60 cards
	RuleExtraCount  = "extra-count"  // the Extra Deck is over 15 cards
	RuleDeckZone    = "deck-zone"    // an Extra Deck monster in the Main Deck, or the reverse
	RuleOneCopy     = "one-copy"     // more than one copy of a card
	RuleDomain      = "domain"       // a monster outside the Deck Master's Domain
)

// Deck sizes of the Domain format; the Deck Master counts in neither.
const (
	MainDeckSize  = 60
	ExtraDeckSize = 15
)

// Problem is one way a deck breaks the rules, in words a player can act on.
type Problem struct {
	Card     string `json:"card,omitempty"`
	Passcode uint32 `json:"passcode,omitempty"`
	Rule     string `json:"rule"` // one of the Rule* constants
	Message  string `json:"message"`
}

// CardRef names a card.
type CardRef struct {
	Name     string `json:"name"`
	Passcode uint32 `json:"passcode"`
}

// Result is the verdict on a deck.
type Result struct {
	Legal      bool     `json:"legal"`
	Format     string   `json:"format,omitempty"` // how the input was read: ydk, ydke or text (CheckFile)
	DeckMaster *CardRef `json:"deck_master,omitempty"`
	MainCount  int      `json:"main_count"`
	ExtraCount int      `json:"extra_count"`
	SideCount  int      `json:"side_count"`
	// Problems lists every broken rule; empty when Legal.
	Problems []Problem `json:"problems"`
	// Allowed says why each distinct Main and Extra Deck card inside the
	// Domain is allowed, in deck order.
	Allowed []Reason `json:"allowed"`
	// Domain is what the Deck Master's Domain contains (nil without a valid
	// Deck Master).
	Domain *DomainSummary `json:"domain,omitempty"`
	// YDKE is the checked deck as a ydke:// link; with the Deck Master's
	// passcode beside it, it makes a shareable link to this check.
	YDKE string `json:"ydke"`
}

// ShareQuery is the query string of a link to this check:
// "ydke=ydke%3A%2F%2F...&master=38033121" (master left out without a Deck
// Master). Reading it back: ParseYDKE on ydke, ResolveMaster on master.
func (r Result) ShareQuery() string {
	v := url.Values{"ydke": {r.YDKE}}
	if r.DeckMaster != nil {
		v.Set("master", strconv.FormatUint(uint64(r.DeckMaster.Passcode), 10))
	}
	return v.Encode()
}

// Check applies the Domain deck-building rules to deck: exactly 60 Main Deck
// cards, at most 15 Extra Deck cards, Extra Deck monsters only in the Extra
// Deck, one copy of each card across Deck Master, Main and Extra Deck (cards
// always treated as another card count as that card), and every monster
// inside the Deck Master's Domain. master, when not 0, is the Deck Master;
// otherwise the one marked in the list. The Side Deck is counted, not checked.
func Check(deck Decklist, master uint32, src CardSource) Result {
	if master == 0 {
		master = deck.Master
	}
	res := Result{
		MainCount:  len(deck.Main),
		ExtraCount: len(deck.Extra),
		SideCount:  len(deck.Side),
		Problems:   []Problem{},
		Allowed:    []Reason{},
		YDKE:       EncodeYDKE(deck),
	}
	add := func(p Problem) { res.Problems = append(res.Problems, p) }

	var dm *Card
	if master == 0 {
		add(Problem{Rule: RuleDeckMaster, Message: "No Deck Master: choose one (any monster card) on the form, or mark it in the list."})
	} else if c, ok := src.ByPasscode(master); !ok {
		add(Problem{Passcode: master, Rule: RuleUnknownCard, Message: fmt.Sprintf("The Deck Master's passcode %d is not in the card database.", master)})
	} else {
		res.DeckMaster = &CardRef{Name: c.Name, Passcode: c.Passcode}
		switch {
		case c.Type&TypeToken != 0:
			add(Problem{Card: c.Name, Passcode: c.Passcode, Rule: RuleDeckMaster, Message: fmt.Sprintf("%s is a Token, not a card: the Deck Master must be a monster card.", c.Name)})
		case !c.IsMonster():
			add(Problem{Card: c.Name, Passcode: c.Passcode, Rule: RuleDeckMaster, Message: fmt.Sprintf("%s is a %s: the Deck Master must be a monster (from the Main or the Extra Deck), never a Spell or Trap Card.", c.Name, c.Kind())})
		default:
			dm = c
		}
	}

	type entry struct {
		card  *Card
		where string
	}
	var entries []entry // Deck Master, then Main, then Extra; known cards only
	if res.DeckMaster != nil {
		if c, ok := src.ByPasscode(master); ok {
			entries = append(entries, entry{c, "Deck Master"})
		}
	}
	var main, extra []*Card // distinct known cards, in list order
	resolve := func(list []uint32, where string) []*Card {
		var distinct []*Card
		seen := map[uint32]bool{}
		unknown := map[uint32]int{}
		var unknownOrder []uint32
		for _, pc := range list {
			c, ok := src.ByPasscode(pc)
			if !ok {
				if unknown[pc] == 0 {
					unknownOrder = append(unknownOrder, pc)
				}
				unknown[pc]++
				continue
			}
			entries = append(entries, entry{c, where})
			if !seen[pc] {
				seen[pc] = true
				distinct = append(distinct, c)
			}
		}
		for _, pc := range unknownOrder {
			msg := fmt.Sprintf("Passcode %d in the %s is not in the card database.", pc, where)
			if n := unknown[pc]; n > 1 {
				msg = fmt.Sprintf("Passcode %d (%d copies in the %s) is not in the card database.", pc, n, where)
			}
			add(Problem{Passcode: pc, Rule: RuleUnknownCard, Message: msg})
		}
		return distinct
	}
	main = resolve(deck.Main, "Main Deck")
	extra = resolve(deck.Extra, "Extra Deck")

	if n := len(deck.Main); n != MainDeckSize {
		add(Problem{Rule: RuleMainCount, Message: fmt.Sprintf("The Main Deck has %d cards; it must have exactly %d (the Deck Master does not count).", n, MainDeckSize)})
	}
	if n := len(deck.Extra); n > ExtraDeckSize {
		add(Problem{Rule: RuleExtraCount, Message: fmt.Sprintf("The Extra Deck has %d cards; it may have at most %d (the Deck Master does not count).", n, ExtraDeckSize)})
	}

	for _, c := range main {
		if c.IsExtraDeck() {
			add(Problem{Card: c.Name, Passcode: c.Passcode, Rule: RuleDeckZone, Message: fmt.Sprintf("%s is a %s: it goes in the Extra Deck, not the Main Deck.", c.Name, c.Kind())})
		}
	}
	for _, c := range extra {
		if !c.IsExtraDeck() {
			add(Problem{Card: c.Name, Passcode: c.Passcode, Rule: RuleDeckZone, Message: fmt.Sprintf("%s is a %s: only Fusion, Synchro, Xyz and Link Monsters go in the Extra Deck.", c.Name, c.Kind())})
		}
	}

	// One copy of each card: group by the card each one counts as.
	groups := map[uint32][]entry{}
	var order []uint32
	for _, e := range entries {
		k := e.card.Canonical()
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], e)
	}
	for _, k := range order {
		if g := groups[k]; len(g) > 1 {
			cards := make([]*Card, len(g))
			places := make([]string, len(g))
			for i, e := range g {
				cards[i], places[i] = e.card, e.where
			}
			add(oneCopyProblem(k, cards, places, src))
		}
	}

	if dm != nil {
		d := NewDomain(dm, src)
		sum := d.Summary()
		res.Domain = &sum
		seen := map[uint32]bool{}
		for _, c := range append(append([]*Card{}, main...), extra...) {
			if seen[c.Passcode] {
				continue
			}
			seen[c.Passcode] = true
			if r, ok := d.Admits(c); ok {
				res.Allowed = append(res.Allowed, r)
			} else {
				add(Problem{Card: c.Name, Passcode: c.Passcode, Rule: RuleDomain, Message: d.whyNot(c)})
			}
		}
	}
	res.Legal = len(res.Problems) == 0
	return res
}

// oneCopyProblem words a breach of the one-copy rule for the copies that
// count as the card with passcode canonical.
func oneCopyProblem(canonical uint32, cards []*Card, places []string, src CardSource) Problem {
	first := cards[0]
	var names []string
	seenName := map[string]bool{}
	for _, c := range cards {
		if !seenName[c.Name] {
			seenName[c.Name] = true
			names = append(names, c.Name)
		}
	}
	where := countPlaces(places)
	const rule = "only one copy of each card is allowed across the Deck Master, Main Deck and Extra Deck"
	if len(names) == 1 {
		return Problem{Card: first.Name, Passcode: first.Passcode, Rule: RuleOneCopy,
			Message: fmt.Sprintf("%s appears %d times (%s): %s.", first.Name, len(cards), where, rule)}
	}
	original := fmt.Sprintf("passcode %d", canonical)
	if c, ok := src.ByPasscode(canonical); ok {
		original = fmt.Sprintf("%q", c.Name)
	}
	var why []string
	for _, c := range cards {
		if c.Passcode != canonical && c.Alias == canonical {
			s := fmt.Sprintf("%s is always treated as %s", c.Name, original)
			if !slices.Contains(why, s) {
				why = append(why, s)
			}
		}
	}
	return Problem{Card: first.Name, Passcode: first.Passcode, Rule: RuleOneCopy,
		Message: fmt.Sprintf("%s count as the same card (%s), and the deck has %d of them (%s): %s.",
			joinAnd(names), strings.Join(why, "; "), len(cards), where, rule)}
}

func countPlaces(places []string) string {
	n := map[string]int{}
	var order []string
	for _, p := range places {
		if n[p] == 0 {
			order = append(order, p)
		}
		n[p]++
	}
	var parts []string
	for _, p := range order {
		if p == "Deck Master" {
			parts = append(parts, "as the Deck Master")
		} else {
			parts = append(parts, fmt.Sprintf("%d in the %s", n[p], p))
		}
	}
	return joinAnd(parts)
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// Input kinds (Result.Format).
const (
	FormatYDK  = "ydk"
	FormatYDKE = "ydke"
	FormatText = "text"
)

// DetectFormat tells how to read a pasted or uploaded deck list: a ydke://
// URL, a .ydk file (by its name, its #main / #extra / !side lines, or lines
// that are all passcodes), or a plain text list.
func DetectFormat(name string, data []byte) string {
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))
	if len(trimmed) >= len(YDKEPrefix) && strings.EqualFold(string(trimmed[:len(YDKEPrefix)]), YDKEPrefix) {
		return FormatYDKE
	}
	if strings.HasSuffix(strings.ToLower(name), ".ydk") {
		return FormatYDK
	}
	numbers, other := 0, 0
	for _, line := range strings.Split(string(trimmed), "\n") {
		l := strings.ToLower(strings.TrimSpace(line))
		switch {
		case l == "#main" || l == "#extra" || l == "!side":
			return FormatYDK
		case l == "" || strings.HasPrefix(l, "#"):
		case isDigits(l):
			numbers++
		default:
			other++
		}
	}
	if numbers > 0 && other == 0 {
		return FormatYDK
	}
	return FormatText
}

// Parse reads a deck list in the format DetectFormat finds, resolving text
// lists' names with names. A list with no cards at all is an error.
func Parse(name string, data []byte, names NameResolver) (Decklist, string, error) {
	d, format, unknown, err := ParseAll(name, data, names)
	if err == nil && len(unknown) > 0 {
		u := unknown[0]
		err = &ParseError{Line: u.Line, Msg: fmt.Sprintf("no card named %q", clip(u.Name))}
	}
	if err != nil {
		return Decklist{}, format, err
	}
	return d, format, nil
}

// ParseAll is Parse that reads a text list past names no card has (see
// ParseTextAll), returning them all. A list whose every card is unknown
// is not an error: the unknown names are the answer.
func ParseAll(name string, data []byte, names NameResolver) (Decklist, string, []UnknownName, error) {
	format := DetectFormat(name, data)
	var d Decklist
	var unknown []UnknownName
	var err error
	switch format {
	case FormatYDKE:
		d, err = ParseYDKE(string(data))
	case FormatYDK:
		d, err = ParseYDK(bytes.NewReader(data))
	default:
		d, unknown, err = ParseTextAll(bytes.NewReader(data), names)
	}
	if err != nil {
		return Decklist{}, format, nil, err
	}
	if len(d.Main)+len(d.Extra)+len(d.Side) == 0 && d.Master == 0 && len(unknown) == 0 {
		return Decklist{}, format, nil, &ParseError{Msg: "the deck list holds no cards"}
	}
	return d, format, unknown, nil
}

// MasterError is a Deck Master, given by name or passcode, that the card
// database does not have.
type MasterError struct {
	Input string
}

func (e *MasterError) Error() string {
	return fmt.Sprintf("Deck Master %q: no card with that name or passcode in the card database", clip(e.Input))
}

// ResolveMaster finds the Deck Master given on a form or a command line, by
// passcode or by name; "" is no Deck Master (0).
func ResolveMaster(master string, src CardSource) (uint32, error) {
	master = strings.TrimSpace(master)
	if master == "" {
		return 0, nil
	}
	if isDigits(master) {
		if v, err := strconv.ParseUint(master, 10, 32); err == nil {
			if c, ok := src.ByPasscode(uint32(v)); ok {
				return c.Passcode, nil
			}
		}
	}
	if c, ok := src.ByName(master); ok {
		return c.Passcode, nil
	}
	return 0, &MasterError{Input: master}
}

// CheckFile reads a deck list (file name, for its extension, and contents),
// finds the Deck Master (master, by name or passcode, overrides the one the
// list marks) and checks the deck. Errors are for input that cannot be read:
// a *ParseError (with its line) or a *MasterError; a deck that breaks the
// rules is a Result with Problems.
func CheckFile(name string, data []byte, master string, src CardSource) (Result, error) {
	d, format, err := Parse(name, data, src)
	if err != nil {
		return Result{}, err
	}
	pc, err := ResolveMaster(master, src)
	if err != nil {
		return Result{}, err
	}
	res := Check(d, pc, src)
	res.Format = format
	return res, nil
}
