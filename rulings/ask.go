package rulings

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The query language shared by scenario expectations and quiz banks. Every
// query is evaluated on a finished replay; state queries take an optional
// "after line N" to look at the duel right after that action.
//
//	chain link 1                 card of Chain Link 1 of the first chain
//	chain 2 link 1               … of the second chain
//	chain link 1 controller      "A" or "B"
//	chain 2                      every link: "Sangan (A), Thestalos the Firestorm Monarch (A)"
//	chain length / chain 2 length
//	chains                       number of chains
//	legal line 5                 "legal", "illegal: goat-16#rule", "not reached"
//	legality line 5              the same without the citation: "legal", "illegal", "not reached"
//	verdict                      "none" or "line 5: goat-16#rule"
//	location Sangan              "B's Graveyard" (every copy, comma-separated)
//	lp A                         "7000"
//	hand size A / deck size A
//	hand A / graveyard A / banished A / monsters A / spells A
//	timing Limiter Removal       Damage Step timing (or phase) of its first activation
//	first response               who acts first after a Summon or a chain resolves, and with what
//	destroyed X                  "yes" / "no"; "how destroyed X": "battle", "effect", "no"
//	triggered X                  "yes" / "no": a Trigger Effect of X met its condition (activated or not)
//	controller X / position X / atk X / counters X
//	attacks X                    attacks X declared
//	winner                       "A", "B", "draw" or "none"
//	damage step timings          number of timings in this format
//	switch <name>                a rule switch's value in this format ("switch SEGOC")
//	assumed                      "yes" when the replay relied on a rule the format's source does not state

// A query is answered by the first entry of queryForms whose pattern
// matches it (after "after line N" is taken off), or by plainQueries by
// its whole text. Each answer is a small function of the finished replay
// (ask.t) and of the state the query looks at (ask.st).
type ask struct {
	t  *Timeline
	st *State
}

// queryForm is a family of queries: its pattern and its answer, given the
// pattern's groups.
type queryForm struct {
	re  *regexp.Regexp
	run func(a ask, m []string) (string, error)
}

var (
	reQAfter  = regexp.MustCompile(`^(.*?) after line (\d+)$`)
	reQLegal  = regexp.MustCompile(`^legal line (\d+)$`)
	reQPlayer = regexp.MustCompile(`^(` + alternation(playerQueries) + `) ([a-f][1-9]?)$`)
	reQCard   = regexp.MustCompile(`^(` + alternation(cardQueries) + `|` + alternation(fieldQueries) + `) (.+)$`)

	queryForms = []queryForm{
		{regexp.MustCompile(`^chain(?: (\d+))? link (\d+) responders$`), askResponders},
		{regexp.MustCompile(`^chain(?: (\d+))? link (\d+)( controller| player)?$`), askChainLink},
		{regexp.MustCompile(`^chain(?: (\d+))?( length)?$`), askChain},
		{reQLegal, askLegal},
		{regexp.MustCompile(`^legality line (\d+)$`), askLegality},
		{reQPlayer, askPlayer},
		{reQCard, askCard},
		{regexp.MustCompile(`^switch (.+)$`), askSwitch},
	}
)

// alternation is a regexp alternation of a registry's names, longest
// first so that "hand size" wins over "hand".
func alternation[T any](m map[string]T) string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, regexp.QuoteMeta(k))
	}
	sort.Slice(names, func(i, j int) bool {
		if len(names[i]) != len(names[j]) {
			return len(names[i]) > len(names[j])
		}
		return names[i] < names[j]
	})
	return strings.Join(names, "|")
}

func normQuery(q string) string {
	q = strings.ToLower(strings.TrimSpace(q))
	q = strings.Join(strings.Fields(q), " ")
	return strings.TrimSuffix(q, "?")
}

// checkQuery reports whether q is a query Ask understands.
func checkQuery(q string) error {
	q = normQuery(q)
	if m := reQAfter.FindStringSubmatch(q); m != nil {
		q = m[1]
	}
	if _, ok := plainQueries[q]; ok {
		return nil
	}
	for _, f := range queryForms {
		if f.re.MatchString(q) {
			return nil
		}
	}
	return fmt.Errorf("unknown query %q (the scenario guide at /replay/help lists the queries)", q)
}

// Ask evaluates one query on the finished replay.
func (t *Timeline) Ask(query string) (string, error) {
	q := normQuery(query)
	a := ask{t: t, st: &t.Final}
	if m := reQAfter.FindStringSubmatch(q); m != nil {
		q = m[1]
		line, _ := strconv.Atoi(m[2])
		at, found := t.stateAt(line)
		if !found {
			return "not reached", nil
		}
		a.st = &at
	}
	// A plain query is an exact phrase, so it comes first: "timing now"
	// would otherwise be read as "timing <card>" of a card named "now".
	if run, ok := plainQueries[q]; ok {
		return run(a)
	}
	for _, f := range queryForms {
		if m := f.re.FindStringSubmatch(q); m != nil {
			return f.run(a, m)
		}
	}
	return "", fmt.Errorf("unknown query %q", query)
}

// link finds Chain Link li of chain ci ("" is chain 1), or says which is missing.
func (a ask) link(ci, li string) (*Link, string) {
	c, n := 1, 0
	if ci != "" {
		c, _ = strconv.Atoi(ci)
	}
	n, _ = strconv.Atoi(li)
	if c < 1 || c > len(a.t.Chains) {
		return nil, "no such chain"
	}
	if ch := a.t.Chains[c-1]; n >= 1 && n <= len(ch.Links) {
		return &ch.Links[n-1], ""
	}
	return nil, "no such link"
}

// askResponders: "chain link 1 responders", who may respond to the link.
func askResponders(a ask, m []string) (string, error) {
	l, _ := a.link(m[1], m[2])
	if l == nil {
		return "no such link", nil // whichever is missing, as the query language has always said
	}
	return listOrNone(l.Responders), nil
}

// askChainLink: "chain 2 link 1" (its card), "... controller", "... player"
// (the player it targets).
func askChainLink(a ask, m []string) (string, error) {
	l, why := a.link(m[1], m[2])
	switch {
	case l == nil:
		return why, nil
	case m[3] == " player" && l.Player == "":
		return "none", nil
	case m[3] == " player":
		return l.Player, nil
	case m[3] != "":
		return l.Controller, nil
	}
	return l.Card, nil
}

// askChain: "chain 2" (every link with its controller) or "chain 2 length".
func askChain(a ask, m []string) (string, error) {
	ci := 1
	if m[1] != "" {
		ci, _ = strconv.Atoi(m[1])
	}
	if ci < 1 || ci > len(a.t.Chains) {
		if m[2] != "" {
			return "0", nil
		}
		return "no such chain", nil
	}
	ch := a.t.Chains[ci-1]
	if m[2] != "" {
		return strconv.Itoa(len(ch.Links)), nil
	}
	var out []string
	for _, l := range ch.Links {
		out = append(out, fmt.Sprintf("%s (%s)", l.Card, l.Controller))
	}
	return strings.Join(out, ", "), nil
}

// askLegal: "legal line 5", "legal", "illegal: <rule>", "error" or "not reached".
func askLegal(a ask, m []string) (string, error) {
	n, _ := strconv.Atoi(m[1])
	return a.t.legal(n)
}

// askLegality: "legality line 5", the ruling without its citation, so
// that an expectation can test the ruling and the citation apart.
func askLegality(a ask, m []string) (string, error) {
	got, err := askLegal(a, m)
	ruling, _, _ := strings.Cut(got, ":")
	return ruling, err
}

// askSwitch: "switch SEGOC", a rule switch's value in this format.
func askSwitch(a ask, m []string) (string, error) {
	if a.t.profile == nil {
		return "", errors.New("no profile")
	}
	for _, s := range a.t.profile.Switches() {
		if normQuery(s.Name) == m[1] {
			return s.Value, nil
		}
	}
	return "", fmt.Errorf("no switch named %q", m[1])
}

// askPlayer: "<field> <player>", one player's side of the duel.
func askPlayer(a ask, m []string) (string, error) {
	for _, ps := range a.st.Players {
		if strings.EqualFold(ps.Player, m[2]) {
			return playerQueries[m[1]](a, ps), nil
		}
	}
	return "no such player", nil
}

// playerQueries answer "<name> A" from player A's state.
var playerQueries = map[string]func(a ask, ps PlayerState) string{
	"free zones": func(_ ask, ps PlayerState) string {
		return fmt.Sprintf("%d Monster Zones, %d Spell & Trap Zones", ps.FreeMonsterZones, ps.FreeSpellTrapZones)
	},
	"revealed hand": func(a ask, ps PlayerState) string { return yesNo(a.t.reveals[ps.Player+" hand"], "yes", "no") },
	"revealed deck": func(a ask, ps PlayerState) string { return yesNo(a.t.reveals[ps.Player+" Deck"], "yes", "no") },
	"team": func(_ ask, ps PlayerState) string {
		if ps.Team == "" {
			return "none"
		}
		return ps.Team
	},
	"removed":             func(_ ask, ps PlayerState) string { return yesNo(ps.Removed, "yes", "no") },
	"deck master returns": func(_ ask, ps PlayerState) string { return strconv.Itoa(ps.DeckMasterReturns) },
	"lp":                  func(_ ask, ps PlayerState) string { return strconv.Itoa(ps.LP) },
	"hand size":           func(_ ask, ps PlayerState) string { return strconv.Itoa(len(ps.Hand)) },
	"deck size":           func(_ ask, ps PlayerState) string { return strconv.Itoa(ps.DeckSize) },
	"hand":                func(_ ask, ps PlayerState) string { return listOrNone(ps.Hand) },
	"graveyard":           func(_ ask, ps PlayerState) string { return listOrNone(ps.Graveyard) },
	"gy":                  func(_ ask, ps PlayerState) string { return listOrNone(ps.Graveyard) },
	"banished":            func(_ ask, ps PlayerState) string { return listOrNone(ps.Banished) },
	"monsters":            func(_ ask, ps PlayerState) string { return listOrNone(cardNames(ps.Monsters)) },
	"spells":              func(_ ask, ps PlayerState) string { return listOrNone(cardNames(ps.SpellTraps)) },
	"field": func(_ ask, ps PlayerState) string {
		if ps.FieldZone == nil {
			return "none"
		}
		return ps.FieldZone.Card + " (" + ps.FieldZone.Position + ")"
	},
}

func cardNames(fs []FieldCard) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Card)
	}
	return out
}

// askCard: "<field> <card name>", from the replay's records of the card
// (cardQueries) or from the card on the field (fieldQueries).
func askCard(a ask, m []string) (string, error) {
	name := a.t.canon(m[2])
	if run, ok := cardQueries[m[1]]; ok {
		return run(a, name), nil
	}
	f, owner := a.st.onField(name)
	if f == nil {
		return "not on the field", nil
	}
	return fieldQueries[m[1]](f, owner), nil
}

// cardQueries answer "<name> <card>" from the whole replay.
var cardQueries = map[string]func(a ask, name string) string{
	"location": func(a ask, name string) string {
		if locs := a.st.locations(name); len(locs) > 0 {
			return strings.Join(locs, ", ")
		}
		return "not in the duel"
	},
	"timing": func(a ask, name string) string {
		if v, ok := a.t.timings[name]; ok {
			return strings.ToLower(v[:1]) + v[1:]
		}
		return "not activated"
	},
	"activated": func(a ask, name string) string {
		_, ok := a.t.timings[name]
		return yesNo(ok, "yes", "no")
	},
	// "triggered X": whether a Trigger Effect of X met its condition, so
	// that it went on a chain by itself (mandatory) or could have been
	// activated (optional), whether or not anyone did.
	"triggered": func(a ask, name string) string { return yesNo(a.t.triggered[name], "yes", "no") },
	"destroyed": func(a ask, name string) string {
		_, ok := a.t.destroy[name]
		return yesNo(ok, "yes", "no")
	},
	"how destroyed": func(a ask, name string) string {
		if v, ok := a.t.destroy[name]; ok {
			return v
		}
		return "no"
	},
	"attacks": func(a ask, name string) string { return strconv.Itoa(a.t.attacks[name]) },
	"kind":    askKind,
}

// askKind: "kind X", "Trap Monster", "monster", "Spell Card" or "Trap Card".
func askKind(a ask, name string) string {
	if f, _ := a.st.onField(name); f != nil && f.TrapMonster {
		return "Trap Monster"
	}
	if a.t.cat != nil {
		if c, ok := a.t.cat.Lookup(name); ok {
			return map[CardKind]string{CardMonster: "monster", CardSpell: "Spell Card", CardTrap: "Trap Card"}[c.Kind]
		}
	}
	return "unknown card"
}

// fieldQueries answer "<name> <card>" from the card on the field and its
// controller.
var fieldQueries = map[string]func(f *FieldCard, ctrl string) string{
	"owner": func(f *FieldCard, ctrl string) string {
		if f.Owner != "" {
			return f.Owner
		}
		return ctrl
	},
	"controller": func(_ *FieldCard, ctrl string) string { return ctrl },
	"position":   func(f *FieldCard, _ string) string { return f.Position },
	"atk":        func(f *FieldCard, _ string) string { return strconv.Itoa(f.ATK) },
	"def":        func(f *FieldCard, _ string) string { return strconv.Itoa(f.DEF) },
	"counters":   func(f *FieldCard, _ string) string { return strconv.Itoa(f.Counters) },
	"materials":  func(f *FieldCard, _ string) string { return orNone(f.Materials) },
	"zone":       func(f *FieldCard, _ string) string { return orNone(f.Zone) },
}

// plainQueries are the queries without arguments.
var plainQueries = map[string]func(a ask) (string, error){
	"chains": func(a ask) (string, error) { return strconv.Itoa(len(a.t.Chains)), nil },
	"verdict": func(a ask) (string, error) {
		if v := a.t.Verdict; v != nil {
			return fmt.Sprintf("line %d: %s", v.Line, ruleOr(v.Rule)), nil
		}
		return "none", nil
	},
	"winner":         func(a ask) (string, error) { return orNone(a.st.Winner), nil },
	"first response": askFirstResponse,
	"damage step timings": func(a ask) (string, error) {
		if a.t.profile == nil {
			return "", errors.New("no profile")
		}
		return strconv.Itoa(len(a.t.profile.DamageStep)), nil
	},
	"assumed":     func(a ask) (string, error) { return yesNo(len(a.t.Assumed) > 0, "yes", "no"), nil },
	"turn player": func(a ask) (string, error) { return a.st.TurnPlayer, nil },
	"match winner": func(a ask) (string, error) {
		if a.t.Match == nil {
			return "none", nil
		}
		return a.t.Match.Winner, nil
	},
	"duel result": func(a ask) (string, error) {
		if a.t.Match == nil {
			return "none", nil
		}
		return orNone(a.t.Match.Duel), nil
	},
	"turn order": func(a ask) (string, error) {
		if len(a.st.Order) == 0 {
			return "", errors.New("no turn order")
		}
		return strings.Join(a.st.Order, ", "), nil
	},
	"players":          askPlayers,
	"next turn player": func(a ask) (string, error) { return orNone(a.st.Next), nil },
	"response order":   askResponseOrder,
	"phase":            func(a ask) (string, error) { return a.st.Phase, nil },
	"timing now":       func(a ask) (string, error) { return orNone(a.st.Timing), nil },
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// askFirstResponse: who acts first after a Summon or a resolved chain, and
// with what (the format's Ignition priority switch).
func askFirstResponse(a ask) (string, error) {
	tp := a.st.TurnPlayer
	if a.t.profile != nil && ignitionFirst(a.t.profile) {
		return tp + " (fast effects or Ignition Effects)", nil
	}
	return tp + " (fast effects only)", nil
}

// askPlayers: the players still in the game.
func askPlayers(a ask) (string, error) {
	var out []string
	for _, ps := range a.st.Players {
		if !ps.Removed {
			out = append(out, ps.Player)
		}
	}
	return strings.Join(out, ", "), nil
}

// askResponseOrder: who may respond to the last link of the last chain.
func askResponseOrder(a ask) (string, error) {
	for i := len(a.t.Chains) - 1; i >= 0; i-- {
		if n := len(a.t.Chains[i].Links); n > 0 {
			return listOrNone(a.t.Chains[i].Links[n-1].Responders), nil
		}
	}
	return "no chain", nil
}

func ruleOr(r string) string {
	if r == "" {
		return "a basic game rule"
	}
	return r
}

func (t *Timeline) legal(n int) (string, error) {
	isAction := false
	for _, a := range t.acts {
		if a.Line == n {
			isAction = true
		}
	}
	if !isAction {
		return "", fmt.Errorf("line %d is not an action", n)
	}
	if t.Verdict != nil && t.Verdict.Line == n {
		if t.Verdict.Rule == "" {
			return "illegal", nil
		}
		return "illegal: " + t.Verdict.Rule, nil
	}
	if c := t.correction(n); c != nil {
		if c.Rule == "" {
			return "illegal", nil
		}
		return "illegal: " + c.Rule, nil
	}
	if t.Error != nil && t.Error.Line == n {
		return "error", nil
	}
	if t.reached(n) {
		return "legal", nil
	}
	return "not reached", nil
}

// canon resolves aliases to the catalogue name.
func (t *Timeline) canon(name string) string {
	if t.cat != nil {
		if c, ok := t.cat.Lookup(name); ok {
			return c.Name
		}
		if c, ok := t.cat.Lookup(stripQuals(name)); ok {
			return c.Name
		}
	}
	return name
}

func sameName(a, b string) bool { return nameKey(a) == nameKey(b) }

// locations lists where every copy of a card is.
func (st *State) locations(name string) []string {
	var out []string
	for _, ps := range st.Players {
		p := ps.Player
		for _, f := range ps.Monsters {
			if sameName(f.Card, name) {
				out = append(out, p+"'s Monster Zone")
			}
		}
		for _, f := range ps.SpellTraps {
			if sameName(f.Card, name) {
				out = append(out, p+"'s Spell & Trap Zone")
			}
		}
		if ps.FieldZone != nil && sameName(ps.FieldZone.Card, name) {
			out = append(out, p+"'s Field Zone")
		}
		if ps.DeckMaster != nil && sameName(ps.DeckMaster.Card, name) {
			out = append(out, p+"'s Deck Master Zone")
		}
		for _, c := range ps.Hand {
			if sameName(c, name) {
				out = append(out, p+"'s hand")
			}
		}
		for _, c := range ps.deck {
			if sameName(c, name) {
				out = append(out, p+"'s Deck")
			}
		}
		for _, c := range ps.extra {
			if sameName(c, name) {
				out = append(out, p+"'s Extra Deck")
			}
		}
		for _, c := range ps.Graveyard {
			if sameName(c, name) {
				out = append(out, p+"'s Graveyard")
			}
		}
		for _, c := range ps.Banished {
			if sameName(c, name) {
				out = append(out, p+"'s banished cards")
			}
		}
	}
	return out
}

func (st *State) onField(name string) (*FieldCard, string) {
	for _, ps := range st.Players {
		for i := range ps.Monsters {
			if sameName(ps.Monsters[i].Card, name) {
				return &ps.Monsters[i], ps.Player
			}
		}
		for i := range ps.SpellTraps {
			if sameName(ps.SpellTraps[i].Card, name) {
				return &ps.SpellTraps[i], ps.Player
			}
		}
		if ps.FieldZone != nil && sameName(ps.FieldZone.Card, name) {
			return ps.FieldZone, ps.Player
		}
	}
	return nil, ""
}

func normAnswer(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("’", "'", "“", `"`, "”", `"`).Replace(s)
	s = strings.Join(strings.Fields(s), " ")
	return strings.TrimSuffix(s, ".")
}

// checkExpectations evaluates the scenario's expectations that apply to
// this format.
func (d *duel) checkExpectations() {
	t := d.t
	for _, e := range d.s.Expects {
		applies := slices.Contains(e.Formats, d.p.ID) || (len(e.Formats) == 0 && slices.Contains(d.s.Formats, d.p.ID))
		if !applies {
			continue
		}
		got, err := t.Ask(e.Query)
		if err != nil {
			got = "error: " + err.Error()
		}
		t.Expectations = append(t.Expectations, ExpectResult{Line: e.Line, Format: d.p.ID, Query: e.Query, Want: e.Want, Got: got,
			OK: err == nil && normAnswer(got) == normAnswer(e.Want)})
	}
}
