package rulings

// Spell Counters gained on Spell activations: a face-up monster with the
// continuous op `spell-counter-on-spells` (`n`: the most it can hold) gets
// 1 Spell Counter each time the activation of a Spell Card resolves
// ("Skilled Dark Magician"; Goat plays its 2005 text, which EDOPro's GOAT
// variant scripts as a counter placed when the Spell Card resolves, so a
// Spell whose activation is negated places none). Only a monster that was
// face-up on the field when the Spell Card was activated, and has stayed
// there, gets one: ProjectIgnis/CardScripts official/c73752131.lua marks
// the card as the Spell is activated (aux.chainreg on EVENT_CHAINING) and
// places the counter on resolution only if it is marked, so a "Skilled Dark
// Magician" that "Monster Reborn" brings back gets none from it. The hooks
// into the shared rooms are activate (chain.go), which records the monsters
// watching the activation (spellWatchers, link.spellSeen), and resolveLink
// (chain.go), which calls spellResolved after the link's effect has been
// applied. Counters are removed as costs by
// `remove-counter` (costs.go) and read by the `counters X` query.

import "fmt"

// spellWatchers are the face-up monsters on the field, with their moves,
// that gain a Spell Counter when the Spell Card l activates resolves.
func (d *duel) spellWatchers(l *link) map[*inst]int {
	if !l.cardAct || l.src.c == nil || l.src.c.Kind != CardSpell {
		return nil
	}
	var seen map[*inst]int
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range d.pl[q].mz {
			if m.faceUp && m.hasOp(EffectContinuous, "spell-counter-on-spells") != nil {
				if seen == nil {
					seen = map[*inst]int{}
				}
				seen[m] = m.moves
			}
		}
	}
	return seen
}

// spellResolved places a Spell Counter on every face-up monster that
// gains one when a Spell Card is activated, up to its limit, if it watched
// the activation (spellWatchers).
func (d *duel) spellResolved(l *link) {
	if !l.cardAct || l.src.c == nil || l.src.c.Kind != CardSpell {
		return
	}
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range d.pl[q].mz {
			if d.live(m, "spell-counter-on-spells") == nil {
				continue
			}
			if moves, ok := l.spellSeen[m]; !ok || moves != m.moves {
				d.emit("counter", m.ctrl, m.name(), fmt.Sprintf("%s gets no Spell Counter from %s: it was not face-up on the field when %s was activated", m.name(), l.src.name(), l.src.name()), ruleRef{})
				continue
			}
			limit := m.opN(EffectContinuous, "spell-counter-on-spells")
			if limit > 0 && m.counters >= limit {
				continue
			}
			m.counters++
			d.emit("counter", m.ctrl, m.name(), fmt.Sprintf("%s gets a Spell Counter as %s resolves (%d)", m.name(), l.src.name(), m.counters), ruleRef{})
		}
	}
}
