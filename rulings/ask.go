package rulings

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
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
//	verdict                      "none" or "line 5: goat-16#rule"
//	location Sangan              "B's Graveyard" (every copy, comma-separated)
//	lp A                         "7000"
//	hand size A / deck size A
//	hand A / graveyard A / banished A / monsters A / spells A
//	timing Limiter Removal       Damage Step timing (or phase) of its first activation
//	first response               who acts first after a Summon or a chain resolves, and with what
//	destroyed X                  "yes" / "no"; "how destroyed X": "battle", "effect", "no"
//	controller X / position X / atk X / counters X
//	attacks X                    attacks X declared
//	winner                       "A", "B", "draw" or "none"
//	damage step timings          number of timings in this format
//	switch <name>                a rule switch's value in this format ("switch SEGOC")
//	assumed                      "yes" when the replay relied on a rule the format's source does not state

var (
	reQChainLink  = regexp.MustCompile(`^chain(?: (\d+))? link (\d+)( controller| player)?$`)
	reQChain      = regexp.MustCompile(`^chain(?: (\d+))?( length)?$`)
	reQLegal      = regexp.MustCompile(`^legal line (\d+)$`)
	reQAfter      = regexp.MustCompile(`^(.*?) after line (\d+)$`)
	reQPlayer     = regexp.MustCompile(`^(lp|hand size|deck size|hand|graveyard|gy|banished|monsters|spells|field|free zones|revealed hand|revealed deck|team|removed|deck master returns) ([a-f][1-9]?)$`)
	reQCard       = regexp.MustCompile(`^(location|timing|destroyed|how destroyed|controller|position|atk|def|counters|attacks|activated|kind|owner) (.+)$`)
	reQSwitch     = regexp.MustCompile(`^switch (.+)$`)
	reQResponders = regexp.MustCompile(`^chain(?: (\d+))? link (\d+) responders$`)
)

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
	switch {
	case reQChainLink.MatchString(q), reQChain.MatchString(q), reQLegal.MatchString(q), reQPlayer.MatchString(q),
		reQCard.MatchString(q), reQSwitch.MatchString(q):
		return nil
	}
	switch q {
	case "chains", "verdict", "first response", "winner", "damage step timings", "assumed", "turn player", "phase", "timing now",
		"match winner", "turn order", "players", "response order", "duel result", "next turn player":
		return nil
	}
	if reQResponders.MatchString(q) {
		return nil
	}
	return fmt.Errorf("unknown query %q (see the query list in rulings/SCENARIOS.md)", q)
}

// Ask evaluates one query on the finished replay.
func (t *Timeline) Ask(query string) (string, error) {
	q := normQuery(query)
	st := &t.Final
	line := 0
	if m := reQAfter.FindStringSubmatch(q); m != nil {
		q = m[1]
		line, _ = strconv.Atoi(m[2])
		at, found := t.stateAt(line)
		if !found {
			return "not reached", nil
		}
		st = &at
	}
	if m := reQResponders.FindStringSubmatch(q); m != nil {
		ci, li := 1, 0
		if m[1] != "" {
			ci, _ = strconv.Atoi(m[1])
		}
		li, _ = strconv.Atoi(m[2])
		if ci < 1 || ci > len(t.Chains) || li < 1 || li > len(t.Chains[ci-1].Links) {
			return "no such link", nil
		}
		return listOrNone(t.Chains[ci-1].Links[li-1].Responders), nil
	}
	if m := reQChainLink.FindStringSubmatch(q); m != nil {
		ci, li := 1, 0
		if m[1] != "" {
			ci, _ = strconv.Atoi(m[1])
		}
		li, _ = strconv.Atoi(m[2])
		if ci < 1 || ci > len(t.Chains) {
			return "no such chain", nil
		}
		ch := t.Chains[ci-1]
		if li < 1 || li > len(ch.Links) {
			return "no such link", nil
		}
		if m[3] == " player" {
			if ch.Links[li-1].Player == "" {
				return "none", nil
			}
			return ch.Links[li-1].Player, nil
		}
		if m[3] != "" {
			return ch.Links[li-1].Controller, nil
		}
		return ch.Links[li-1].Card, nil
	}
	if m := reQChain.FindStringSubmatch(q); m != nil {
		ci := 1
		if m[1] != "" {
			ci, _ = strconv.Atoi(m[1])
		}
		if ci < 1 || ci > len(t.Chains) {
			if m[2] != "" {
				return "0", nil
			}
			return "no such chain", nil
		}
		ch := t.Chains[ci-1]
		if m[2] != "" {
			return strconv.Itoa(len(ch.Links)), nil
		}
		var out []string
		for _, l := range ch.Links {
			out = append(out, fmt.Sprintf("%s (%s)", l.Card, l.Controller))
		}
		return strings.Join(out, ", "), nil
	}
	if m := reQLegal.FindStringSubmatch(q); m != nil {
		n, _ := strconv.Atoi(m[1])
		return t.legal(n)
	}
	if m := reQPlayer.FindStringSubmatch(q); m != nil {
		pi := -1
		for i := range st.Players {
			if strings.EqualFold(st.Players[i].Player, m[2]) {
				pi = i
			}
		}
		if pi < 0 {
			return "no such player", nil
		}
		ps := st.Players[pi]
		switch m[1] {
		case "free zones":
			return fmt.Sprintf("%d Monster Zones, %d Spell & Trap Zones", ps.FreeMonsterZones, ps.FreeSpellTrapZones), nil
		case "revealed hand":
			return yesNo(t.reveals[ps.Player+" hand"], "yes", "no"), nil
		case "revealed deck":
			return yesNo(t.reveals[ps.Player+" Deck"], "yes", "no"), nil
		case "team":
			if ps.Team == "" {
				return "none", nil
			}
			return ps.Team, nil
		case "removed":
			return yesNo(ps.Removed, "yes", "no"), nil
		case "deck master returns":
			return strconv.Itoa(ps.DeckMasterReturns), nil
		}
		switch m[1] {
		case "lp":
			return strconv.Itoa(ps.LP), nil
		case "hand size":
			return strconv.Itoa(len(ps.Hand)), nil
		case "deck size":
			return strconv.Itoa(ps.DeckSize), nil
		case "hand":
			return listOrNone(ps.Hand), nil
		case "graveyard", "gy":
			return listOrNone(ps.Graveyard), nil
		case "banished":
			return listOrNone(ps.Banished), nil
		case "monsters":
			var out []string
			for _, f := range ps.Monsters {
				out = append(out, f.Card)
			}
			return listOrNone(out), nil
		case "spells":
			var out []string
			for _, f := range ps.SpellTraps {
				out = append(out, f.Card)
			}
			return listOrNone(out), nil
		case "field":
			if ps.FieldZone == nil {
				return "none", nil
			}
			return ps.FieldZone.Card + " (" + ps.FieldZone.Position + ")", nil
		}
	}
	if m := reQCard.FindStringSubmatch(q); m != nil {
		name := t.canon(m[2])
		switch m[1] {
		case "location":
			locs := st.locations(name)
			if len(locs) == 0 {
				return "not in the duel", nil
			}
			return strings.Join(locs, ", "), nil
		case "timing":
			if v, ok := t.timings[name]; ok {
				return strings.ToLower(v[:1]) + v[1:], nil
			}
			return "not activated", nil
		case "activated":
			_, ok := t.timings[name]
			return yesNo(ok, "yes", "no"), nil
		case "destroyed":
			_, ok := t.destroy[name]
			return yesNo(ok, "yes", "no"), nil
		case "how destroyed":
			if v, ok := t.destroy[name]; ok {
				return v, nil
			}
			return "no", nil
		case "attacks":
			return strconv.Itoa(t.attacks[name]), nil
		}
		if m[1] == "kind" {
			if f, _ := st.onField(name); f != nil && f.TrapMonster {
				return "Trap Monster", nil
			}
			if t.cat != nil {
				if c, ok := t.cat.Lookup(name); ok {
					return map[string]string{"monster": "monster", "spell": "Spell Card", "trap": "Trap Card"}[c.Kind], nil
				}
			}
			return "unknown card", nil
		}
		f, owner := st.onField(name)
		if f == nil {
			return "not on the field", nil
		}
		switch m[1] {
		case "owner":
			if f.Owner != "" {
				return f.Owner, nil
			}
			return owner, nil
		case "def":
			return strconv.Itoa(f.DEF), nil
		case "controller":
			return owner, nil
		case "position":
			return f.Position, nil
		case "atk":
			return strconv.Itoa(f.ATK), nil
		case "counters":
			return strconv.Itoa(f.Counters), nil
		}
	}
	if m := reQSwitch.FindStringSubmatch(q); m != nil {
		if t.profile == nil {
			return "", errors.New("no profile")
		}
		for _, s := range t.profile.Switches() {
			if normQuery(s.Name) == m[1] {
				return s.Value, nil
			}
		}
		return "", fmt.Errorf("no switch named %q", m[1])
	}
	switch q {
	case "chains":
		return strconv.Itoa(len(t.Chains)), nil
	case "verdict":
		if t.Verdict == nil {
			return "none", nil
		}
		return fmt.Sprintf("line %d: %s", t.Verdict.Line, ruleOr(t.Verdict.Rule)), nil
	case "winner":
		if st.Winner == "" {
			return "none", nil
		}
		return st.Winner, nil
	case "first response":
		tp := st.TurnPlayer
		if t.profile != nil && t.profile.IgnitionPriority.Value {
			return tp + " (fast effects or Ignition Effects)", nil
		}
		return tp + " (fast effects only)", nil
	case "damage step timings":
		if t.profile == nil {
			return "", errors.New("no profile")
		}
		return strconv.Itoa(len(t.profile.DamageStep)), nil
	case "assumed":
		return yesNo(len(t.Assumed) > 0, "yes", "no"), nil
	case "turn player":
		return st.TurnPlayer, nil
	case "match winner":
		if t.Match == nil {
			return "none", nil
		}
		return t.Match.Winner, nil
	case "duel result":
		if t.Match == nil || t.Match.Duel == "" {
			return "none", nil
		}
		return t.Match.Duel, nil
	case "turn order":
		if len(st.Order) == 0 {
			return "", errors.New("no turn order")
		}
		return strings.Join(st.Order, ", "), nil
	case "players":
		var out []string
		for _, ps := range st.Players {
			if !ps.Removed {
				out = append(out, ps.Player)
			}
		}
		return strings.Join(out, ", "), nil
	case "next turn player":
		if st.Next == "" {
			return "none", nil
		}
		return st.Next, nil
	case "response order":
		for i := len(t.Chains) - 1; i >= 0; i-- {
			if n := len(t.Chains[i].Links); n > 0 {
				return listOrNone(t.Chains[i].Links[n-1].Responders), nil
			}
		}
		return "no chain", nil
	case "phase":
		return st.Phase, nil
	case "timing now":
		if st.Timing == "" {
			return "none", nil
		}
		return st.Timing, nil
	}
	return "", fmt.Errorf("unknown query %q", query)
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
