package web

import (
	"encoding/json"
	"slices"
	"strings"

	"substep/rulings"
)

// Where the formats part ways: a script line differs when what happens at
// it differs (its events, compared by kind, player, card, step and timing,
// not by wording), when it stops one replay and not another, or when the
// position it leaves differs in something the line itself changed (a
// difference carried over from an earlier line is not marked again). Each
// differing line gets a sentence saying what differs.

// playerFields name a player's fields for the sentence, in its order.
var playerFields = []struct{ key, name string }{
	{"lp", "LP"}, {"hand", "hand"}, {"deck_size", "Deck"}, {"monsters", "monsters"}, {"spell_traps", "Spells and Traps"},
	{"field_zone", "Field Zone"}, {"graveyard", "Graveyard"}, {"banished", "banished cards"}, {"lost", "result"},
	{"deck_master", "Deck Master"},
}

// duelFields are the fields of the whole duel, likewise.
var duelFields = []struct{ key, name string }{
	{"pending", "the chain waiting to resolve"}, {"phase", "the phase"}, {"step", "the step"}, {"timing", "the Damage Step timing"},
	{"winner", "the winner"}, {"turn_player", "whose turn it is"},
}

// flatState is a state as field → JSON value: "lp B" → "7600".
func flatState(st rulings.State) map[string]string {
	out := map[string]string{}
	put := func(prefix string, v any) {
		b, _ := json.Marshal(v)
		var m map[string]json.RawMessage
		_ = json.Unmarshal(b, &m)
		for k, raw := range m {
			out[k+prefix] = string(raw)
		}
	}
	put("", st)
	delete(out, "players")
	for _, p := range st.Players {
		put(" "+p.Player, p)
	}
	return out
}

// lineDiffs finds the differing lines and says what differs at each.
func lineDiffs(cols []ReplayColumn) ([]int, map[int]string) {
	why := map[int]string{}
	if len(cols) < 2 {
		return nil, why
	}
	lines := map[int]bool{}
	events := make([]map[int][]string, len(cols))
	after := make([]map[int]map[string]string, len(cols))  // line → state after it
	before := make([]map[int]map[string]string, len(cols)) // line → state before it
	stops := make([]int, len(cols))
	var names []string
	for i, c := range cols {
		names = append(names, c.Name)
		events[i] = map[int][]string{}
		for _, e := range c.T.Events {
			events[i][e.Line] = append(events[i][e.Line], strings.Join([]string{e.Kind, e.Player, e.Card, e.Step, e.Timing}, "|"))
			lines[e.Line] = true
		}
		after[i], before[i] = map[int]map[string]string{}, map[int]map[string]string{}
		var prev map[string]string
		for j, st := range rulings.StepStates(c.Steps) {
			ln := c.Steps[j].Line
			cur := flatState(st)
			after[i][ln], before[i][ln] = cur, prev
			prev = cur
			lines[ln] = true
		}
		stops[i] = -1
		if v := c.T.Verdict; v != nil {
			stops[i] = v.Line
			lines[v.Line] = true
		}
	}
	var differs []int
	for ln := range lines {
		if ln == 0 {
			continue
		}
		var parts []string
		// A replay that stops here.
		var stopped []string
		for i := range cols {
			if stops[i] == ln {
				stopped = append(stopped, names[i])
			}
		}
		if len(stopped) > 0 && len(stopped) < len(cols) {
			parts = append(parts, joinAnd(stopped)+" finds it illegal")
		}
		// What happens.
		same, sameSet := true, true
		for i := 1; i < len(cols); i++ {
			a, b := events[0][ln], events[i][ln]
			if !slices.Equal(a, b) {
				same = false
				if !slices.Equal(sortedCopy(a), sortedCopy(b)) {
					sameSet = false
				}
			}
		}
		switch {
		case !same && sameSet:
			parts = append(parts, orderDiff(names, events, ln))
		case !same:
			parts = append(parts, "what happens differs")
		}
		// What the line changed.
		var changed []string
		for _, f := range duelFields {
			if fieldDiffers(after, before, ln, f.key) {
				changed = append(changed, f.name)
			}
		}
		players := []string{}
		for _, c := range cols {
			for _, ps := range c.T.Final.Players {
				if !slices.Contains(players, ps.Player) {
					players = append(players, ps.Player)
				}
			}
		}
		for _, p := range players {
			var fs []string
			for _, f := range playerFields {
				if fieldDiffers(after, before, ln, f.key+" "+p) {
					fs = append(fs, f.name)
				}
			}
			if len(fs) > 0 {
				changed = append(changed, p+"'s "+joinAnd(fs))
			}
		}
		if len(changed) > 0 {
			parts = append(parts, "the position after it differs in "+joinAnd(changed))
		}
		if len(parts) > 0 {
			differs = append(differs, ln)
			s := strings.Join(parts, "; ")
			why[ln] = strings.ToUpper(s[:1]) + s[1:] + "."
		}
	}
	slices.Sort(differs)
	return differs, why
}

// fieldDiffers: some column changed key at line ln, and the columns that
// reached ln do not agree on its value after it.
func fieldDiffers(after, before []map[int]map[string]string, ln int, key string) bool {
	changed := false
	var vals []string
	for i := range after {
		a, ok := after[i][ln]
		if !ok {
			continue
		}
		vals = append(vals, a[key])
		if b := before[i][ln]; b == nil || b[key] != a[key] {
			changed = true
		}
	}
	if !changed || len(vals) < 2 {
		return false
	}
	for _, v := range vals[1:] {
		if v != vals[0] {
			return true
		}
	}
	return false
}

func sortedCopy(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// joinAnd is "a", "a and b", "a, b and c".
func joinAnd(list []string) string {
	switch len(list) {
	case 0:
		return ""
	case 1:
		return list[0]
	}
	return strings.Join(list[:len(list)-1], ", ") + " and " + list[len(list)-1]
}

// orderDiff says which kind of event comes in a different order at line
// ln, and the order in each format: "the chain links come in a different
// order (Goat: Sangan, then Thestalos; HAT: Thestalos, then Sangan)".
func orderDiff(names []string, events []map[int][]string, ln int) string {
	var kinds []string
	for _, e := range events[0][ln] {
		if k := strings.Split(e, "|")[0]; !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	for _, k := range kinds {
		seqs := make([][]string, len(events))
		for i := range events {
			for _, e := range events[i][ln] {
				if f := strings.Split(e, "|"); f[0] == k && f[2] != "" {
					seqs[i] = append(seqs[i], f[2])
				}
			}
		}
		for i := 1; i < len(seqs); i++ {
			if !slices.Equal(seqs[0], seqs[i]) {
				var orders []string
				for j := range seqs {
					orders = append(orders, names[j]+": "+strings.Join(seqs[j], ", then "))
				}
				return kindName(k) + " come in a different order (" + strings.Join(orders, "; ") + ")"
			}
		}
	}
	return "the same things happen in a different order"
}

// kindName names a kind of event, in the plural.
func kindName(k string) string {
	switch k {
	case "activate":
		return "the chain links"
	case "resolve":
		return "the resolutions"
	case "trigger":
		return "the triggers"
	case "move":
		return "the cards' moves"
	case "summon":
		return "the Summons"
	}
	return "the " + k + " events"
}
