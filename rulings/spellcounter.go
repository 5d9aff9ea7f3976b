package rulings

// Spell Counters gained on Spell activations: a face-up monster with the
// continuous op `spell-counter-on-spells` (`n`: the most it can hold) gets
// 1 Spell Counter each time the activation of a Spell Card resolves
// ("Skilled Dark Magician"; Goat plays its 2005 text, which EDOPro's GOAT
// variant scripts as a counter placed when the Spell Card resolves, so a
// Spell whose activation is negated places none). The hook into the shared
// rooms is resolveLink (chain.go), which calls spellResolved after the
// link's effect has been applied. Counters are removed as costs by
// `remove-counter` (costs.go) and read by the `counters X` query.

import "fmt"

// spellResolved places a Spell Counter on every face-up monster that
// gains one when a Spell Card is activated, up to its limit.
func (d *duel) spellResolved(l *link) {
	if !l.cardAct || l.src.c == nil || l.src.c.Kind != "spell" {
		return
	}
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range d.pl[q].mz {
			if d.live(m, "spell-counter-on-spells") == nil {
				continue
			}
			limit := m.opN("continuous", "spell-counter-on-spells")
			if limit > 0 && m.counters >= limit {
				continue
			}
			m.counters++
			d.emit("counter", m.ctrl, m.name(), fmt.Sprintf("%s gets a Spell Counter as %s resolves (%d)", m.name(), l.src.name(), m.counters), ruleRef{})
		}
	}
}
