package quizzes

import (
	"fmt"
	"strings"
	"sync"

	"substep/rulings"
)

// shownPhases reads a State's phase back as a scenario's phase: line.
var shownPhases = map[string]string{"Draw Phase": "draw", "Standby Phase": "standby", "Main Phase 1": "main 1",
	"Battle Phase": "battle", "Main Phase 2": "main 2", "End Phase": "end"}

// headerKeys are the header lines ShownScenario keeps from the source (it
// writes phase: and turn number: from the board).
var headerKeys = []string{"title:", "formats:", "turn:", "players:", "teams:", "match:", "duel:", "limited:", "semi-limited:", "forbidden:"}

// defaultCatalogue is the embedded card catalogue, loaded once for the
// checks that need card names outside an engine (ShownScenario, knownCard).
var defaultCatalogue = sync.OnceValues(rulings.DefaultCatalogue)

// ShownScenario is sc as a script re-types the board an attempt shows (st,
// the state before the first step) and its steps, when that board is not
// sc's starting position: a duel that starts in the Draw or Standby Phase
// has drawn or paid before the first step. It is nil otherwise, or when
// the board does not read back as a scenario.
func ShownScenario(sc *rulings.Scenario, st *rulings.State) *rulings.Scenario {
	if st == nil || (sc.Phase != "draw" && sc.Phase != "standby") {
		return nil
	}
	var b strings.Builder
	for _, l := range sc.Source {
		t := strings.ToLower(strings.TrimSpace(l))
		for _, k := range headerKeys {
			if strings.HasPrefix(t, k) {
				b.WriteString(strings.TrimSpace(l) + "\n")
			}
		}
	}
	fmt.Fprintf(&b, "turn number: %d\nphase: %s\n", st.Turn, shownPhases[st.Phase])
	for _, p := range st.Players {
		writeShownSide(&b, p)
	}
	b.WriteString("\n")
	for _, a := range sc.Actions {
		if a.Line >= 1 && a.Line <= len(sc.Source) {
			b.WriteString(strings.TrimSpace(sc.Source[a.Line-1]) + "\n")
		}
	}
	cat, err := defaultCatalogue()
	if err != nil {
		return nil
	}
	shown, err := rulings.ParseScenario("shown", []byte(b.String()), cat)
	if err != nil {
		return nil
	}
	return shown
}

// writeShownSide writes one player's side of a shown board as position
// lines.
func writeShownSide(b *strings.Builder, p rulings.PlayerState) {
	who := p.Player
	fmt.Fprintf(b, "%s lp: %d\n", who, p.LP)
	list := func(zone string, names []string) {
		var parts []string
		unnamed := 0
		flush := func() {
			if unnamed > 0 {
				parts = append(parts, fmt.Sprintf("%d cards", unnamed))
				unnamed = 0
			}
		}
		for _, n := range names {
			if n == "(card)" || n == "" {
				unnamed++
				continue
			}
			flush()
			parts = append(parts, n)
		}
		flush()
		if len(parts) > 0 {
			fmt.Fprintf(b, "%s %s: %s\n", who, zone, strings.Join(parts, ", "))
		}
	}
	list("hand", p.Hand)
	list("deck", p.DeckCards())
	list("graveyard", p.Graveyard)
	list("banished", p.Banished)
	field := func(zone string, cards []rulings.FieldCard) {
		var parts []string
		for _, c := range cards {
			parts = append(parts, c.Card+shownOptions(c))
		}
		if len(parts) > 0 {
			fmt.Fprintf(b, "%s %s: %s\n", who, zone, strings.Join(parts, ", "))
		}
	}
	field("monsters", p.Monsters)
	field("spells/traps", p.SpellTraps)
	if p.FieldZone != nil {
		field("field", []rulings.FieldCard{*p.FieldZone})
	}
	if p.DeckMaster != nil {
		fmt.Fprintf(b, "%s deck master: %s\n", who, p.DeckMaster.Card)
	}
}

// shownOptions are a field card's options as a scenario writes them.
func shownOptions(c rulings.FieldCard) string {
	var opts []string
	switch {
	case strings.HasPrefix(c.Position, "face-down"):
		opts = append(opts, "set")
	case c.Position == "face-up Defense Position":
		opts = append(opts, "defense")
	}
	if c.TrapMonster {
		opts = append(opts, "trap monster")
	}
	if c.Counters > 0 {
		opts = append(opts, fmt.Sprintf("%d spell counter", c.Counters))
	}
	if c.Owner != "" {
		opts = append(opts, "owned by "+c.Owner)
	}
	if c.EquippedTo != "" {
		opts = append(opts, "equipped to "+c.EquippedTo)
	}
	if len(opts) == 0 {
		return ""
	}
	return " (" + strings.Join(opts, ", ") + ")"
}
