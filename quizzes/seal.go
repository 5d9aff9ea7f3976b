package quizzes

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"substep/rulings"
)

// The replay tools refuse a certification question's situation (web's
// sealed checks), and knowing it by its exact Key is not enough: a
// candidate's script re-types the board and the steps an attempt shows
// with one change that cannot matter to the question (a card moved within
// its zone, one more card in the Deck, another LP, one more pass, the
// players' letters swapped), and the tools answered that. So a Seal knows
// situations by their features (a multiset: the header that changes play,
// every starting card with its state, every step as a judge tells it, the
// players named by their seat from the turn player's) and refuses a
// scenario that
//
//   - lacks at most SealSlack of some certification situation's features,
//     and adds at most SealPadding (a big scenario of a visitor's own that
//     happens to hold a small certification situation is played), and
//   - is at least as near that situation as it is to every open one (a
//     practice question's, a bundled scenario's: what anyone may replay),
//
// so that a variant of a certification board is refused, and the public
// scenario it varies (or a variant of that) is still played.

// SealSlack is how many of a certification situation's features a scenario
// may lack and still be refused as that situation: a quarter of them, at
// least 1. SealCoreSlack is how many of those may be cards or steps: as
// many, but none for a situation of fewer than sealSmall features (a bare
// board and a step or two), which a visitor's own first scenario may come
// within one card of; another LP or turn number is still refused.
func SealSlack(n int) int { return max(1, n/4) }

// SealCoreSlack: see SealSlack.
func SealCoreSlack(n int) int {
	if n < sealSmall {
		return 0
	}
	return SealSlack(n)
}

const sealSmall = 8

// core reports whether a feature is a card or a step (not the header, an
// LP or a card's state); an Extra Deck card is not (an attempt does not
// show the Extra Deck, so a script guesses it from the steps).
func core(k string) bool {
	k = strings.TrimPrefix(k, inert)
	return strings.HasPrefix(k, "step ") || (strings.Contains(k, " zone ") && !strings.HasPrefix(k, "state ") && !strings.Contains(k, fmt.Sprintf(" zone %d ", extraZone)))
}

// extraZone is the Extra Deck's index among SituationFeatures' zones.
const extraZone = 7

// SealPadding is how many kinds of feature a scenario may add to a
// certification situation of n features and still be refused as that
// situation: twice as many, at least sealPaddingMin (cards no step names
// in a hand, Deck, Graveyard or banishment do not count, nor repeats). A
// script that pads a situation with more (twenty different actions) gets
// past the seal: the seal raises the cost of a lookup, and a visitor's big
// scenario must still play.
func SealPadding(n int) int { return max(sealPaddingMin, 2*n) }

const sealPaddingMin = 8

// sealExtraWeight is what each feature a scenario adds to a situation
// counts in its distance, against 1 for each it lacks: adding cards costs
// a candidate nothing, and only decides which of two situations is nearer.
const sealExtraWeight = 0.25

// Features is a situation as a multiset of feature lines.
type Features map[string]int

// Seal tells whether a scenario is (near) a certification situation.
type Seal struct {
	cert, open     []Features
	certIDs        []string
	slack, padding func(n int) int
	// coreSlack, when set, bounds the missing features that are cards or
	// steps (core).
	coreSlack func(n int) int
}

// possessiveRE and playerRE are the players as a narration names them.
var (
	possessiveRE = regexp.MustCompile(`\bPlayer ([A-Z][0-9]?)'s `)
	playerRE     = regexp.MustCompile(`\bPlayer ([A-Z][0-9]?)\b`)
)

// SituationFeatures lists what sc shows: its header, every starting card
// with its state (in no order within its zone), and every narrated step,
// each player named by seat from the turn player ("P0" the turn player,
// "P1" next). Whose card a step names ("Player B's") is left out (the
// board says it, and a script may or may not write it).
func SituationFeatures(sc *rulings.Scenario) Features {
	f := Features{}
	seat := map[string]string{}
	n := max(len(sc.Names), 1)
	canon := func(i int) string { return fmt.Sprintf("P%d", ((i-sc.Turn)%n+n)%n) }
	for i, name := range sc.Names {
		seat[name] = canon(i)
	}
	f[fmt.Sprintf("turn %d phase %s players %d teams %d", sc.TurnNumber, sc.Phase, len(sc.Names), len(sc.Teams))]++
	if len(sc.Match) > 0 || sc.ExtraDuel {
		m := map[string]int{}
		for k, v := range sc.Match {
			m[seat[k]] = v
		}
		f[fmt.Sprintf("match %v extra %v", m, sc.ExtraDuel)]++
	}
	for _, k := range slices.Sorted(maps.Keys(sc.Limits)) {
		f[fmt.Sprintf("limit %s %d", strings.ToLower(k), sc.Limits[k])]++
	}
	steps := rulings.Narrate(sc)
	var told strings.Builder
	for _, s := range steps {
		told.WriteString(strings.ToLower(s.Text) + "\n")
	}
	for i, p := range sc.Players {
		who := canon(i)
		f[fmt.Sprintf("%s lp %d", who, p.LP)]++
		zones := [][]rulings.CardSpec{p.Hand, p.Deck, p.GY, p.Banished, p.Monsters, p.Spells, p.Field, p.Extra, p.DeckMaster}
		for z, cards := range zones {
			for _, c := range cards {
				id, state := cardFeature(who, z, c, canon)
				if inertZones[z] && (c.Card == nil || !strings.Contains(told.String(), `"`+strings.ToLower(c.Card.Name)+`"`)) {
					id, state = inert+id, inert+state
				}
				f[id]++
				f[state]++
			}
		}
	}
	for _, s := range steps {
		t := possessiveRE.ReplaceAllString(s.Text, "")
		t = playerRE.ReplaceAllStringFunc(t, func(m string) string {
			if c, ok := seat[strings.TrimPrefix(m, "Player ")]; ok {
				return c
			}
			return m
		})
		f["step "+strings.ToLower(t)]++
	}
	return f
}

// inertZones are the zones (in SituationFeatures' order: hand, Deck,
// Graveyard, banished, …, Extra Deck) where a card no step names is
// inert: SealPadding does not count it, so padding a situation with
// unrelated cards does not get it past the seal.
var inertZones = map[int]bool{0: true, 1: true, 2: true, 3: true, 7: true}

// inert marks an inert card's feature.
const inert = "~ "

// cardFeature is one starting card as two features: who has it, in which
// zone, its name ("?" for an unnamed card) and its owner; and that with its
// state (position, counters, a Deck Master's returns: what a prompt may
// tell in words rather than the board), which is not core.
func cardFeature(who string, zone int, c rulings.CardSpec, canon func(int) string) (id, state string) {
	name := "?"
	if c.Card != nil {
		name = strings.ToLower(c.Card.Name)
	}
	owner := ""
	if c.Owner >= 0 {
		owner = canon(c.Owner)
	}
	// The column is left out: a board written without columns places its
	// cards by itself, and an attempt shows them in their columns, which
	// a script writes down.
	c.Card, c.Line, c.Owner, c.Zone = nil, 0, 0, 0
	c.EquipTo = strings.ToLower(c.EquipTo)
	id = fmt.Sprintf("%s zone %d %s owner %s", who, zone, name, owner)
	return id, fmt.Sprintf("state %s %+v", id, c)
}

// distance is how far s (of size n) is from situation c: each feature of
// c that s lacks counts 1, each one s adds sealExtraWeight; miss counts
// the first; extra counts the kinds of feature s adds but for inert cards
// (forty more passes are one kind: repeating a step costs a script
// nothing).
func distance(c, s Features, n int) (d float64, miss, extra int) {
	d, miss, extra, _ = distanceCore(c, s, n, s.activeKinds())
	return d, miss, extra
}

// distanceCore is distance, given s's activeKinds, with the missing
// features that are core.
func distanceCore(c, s Features, n, kinds int) (d float64, miss, extra, missCore int) {
	common, shared := 0, 0
	for k, want := range c {
		have := s[k]
		miss += max(0, want-have)
		if core(k) {
			missCore += max(0, want-have)
		}
		common += min(want, have)
		if have > 0 && !strings.HasPrefix(k, inert) {
			shared++
		}
	}
	return float64(miss) + sealExtraWeight*float64(n-common), miss, kinds - shared, missCore
}

// activeKinds is how many distinct features f holds that are not inert
// cards.
func (f Features) activeKinds() int {
	n := 0
	for k := range f {
		if !strings.HasPrefix(k, inert) {
			n++
		}
	}
	return n
}

// size is how many features f holds.
func (f Features) size() int {
	n := 0
	for _, v := range f {
		n += v
	}
	return n
}

// NewSeal is an empty seal whose certification entries tolerate
// slack(n) missing features and padding(n) added ones (n: the entry's
// size): Set.Seal fills one with situations, web with deck lists.
func NewSeal(slack, padding func(n int) int) *Seal {
	return &Seal{slack: slack, padding: padding}
}

// AddCert adds a certification question's features (id names it).
func (s *Seal) AddCert(id string, f Features) {
	s.cert = append(s.cert, f)
	s.certIDs = append(s.certIDs, id)
}

// AddOpen adds features anyone may see answered (practice, bundled).
func (s *Seal) AddOpen(f Features) { s.open = append(s.open, f) }

// Seal makes the seal of the set's certification situations; open are
// scenarios anyone may replay beside what practice shows (Practice) and
// the bundled question files (the site's bundled scenarios). A situation
// whose board an attempt shows after the first step's draw or maintenance
// (a duel starting in the Draw or Standby Phase) is known by that board
// too (ShownScenario), as a script re-types what it sees.
func (s *Set) Seal(open ...*rulings.Scenario) *Seal {
	seal := NewSeal(SealSlack, SealPadding)
	seal.coreSlack = SealCoreSlack
	seen := map[string]bool{} // cert or not and the Key; or a shown board's features
	for _, b := range s.Banks() {
		shown := b.Practice()
		for _, q := range b.Questions {
			cert := q.Pool == PoolCertification && q.ScenarioFile == ""
			_, onPage := shown.Question(q.ID)
			k := fmt.Sprint(cert, q.Replay.Key)
			if q.Replay.Scenario == nil || (!cert && !onPage && q.ScenarioFile == "") {
				continue
			}
			f := SituationFeatures(q.Replay.Scenario)
			switch {
			case seen[k]:
			case cert:
				seal.AddCert(q.ID, f)
			default:
				seal.AddOpen(f)
			}
			seen[k] = true
			// The board shown differs by format (each replays the first
			// step its own way): known per question.
			if sh := ShownScenario(q.Replay.Scenario, q.Replay.Start); cert && sh != nil {
				g := SituationFeatures(sh)
				gk := fmt.Sprint(g)
				if !maps.Equal(f, g) && !seen[gk] {
					seal.AddCert(q.ID, g)
				}
				seen[gk] = true
			}
		}
	}
	for _, sc := range open {
		seal.AddOpen(SituationFeatures(sc))
	}
	return seal
}

// Refuses reports whether sc is a certification situation, or near one
// (see SealSlack and SealPadding), and no nearer an open one; id is the
// question whose situation it is nearest.
func (s *Seal) Refuses(sc *rulings.Scenario) (id string, refused bool) {
	return s.RefusesFeatures(SituationFeatures(sc))
}

// RefusesFeatures is Refuses for features of any kind (a deck list's).
func (s *Seal) RefusesFeatures(f Features) (id string, refused bool) {
	n, kinds := f.size(), f.activeKinds()
	best := -1.0
	for i, c := range s.cert {
		d, miss, extra, missCore := distanceCore(c, f, n, kinds)
		size := c.size()
		if s.coreSlack != nil && missCore > s.coreSlack(size) {
			continue
		}
		if miss <= s.slack(size) && extra <= s.padding(size) && (best < 0 || d < best) {
			best, id = d, s.certIDs[i]
		}
	}
	if best < 0 {
		return "", false
	}
	for _, o := range s.open {
		if d, _, _, _ := distanceCore(o, f, n, kinds); d < best {
			return "", false
		}
	}
	return id, true
}
