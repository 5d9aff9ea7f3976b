package rulings

// Monsters destroyed by their own effect once a card that targets them has
// resolved ("Spirit Reaper": continuous `destroyed-when-targeted`). The
// Edison rulings (edisonrul.ing's Spirit Reaper page, quoting
// edisonformat.net and edisonformat.com) read the text as "after resolving
// an effect that targets this face-up card": the monster must still be a
// face-up monster when the targeting Chain Link has resolved; if that
// link's activation is negated it survives, if only its effect is negated
// it is still destroyed; a card that keeps targeting it counts (an Equip
// Spell, "Call of the Haunted" that Special Summoned it). Targeted by an
// Equip Spell, it is destroyed after the whole chain resolves; targeted
// in the Damage Step before damage calculation, after damage calculation.
// EDOPro's Goat script of the card (ProjectIgnis/CardScripts
// goat/c504700038.lua) destroys it at the same moment, so every format
// reads it this way. resolveLink asks targetedResolved, resolveChain
// reapAfterChain, and the Damage Step reapAfterCalc.

import "fmt"

// reapWhen is when a monster already due to destroy itself will do so.
type reapWhen int8

const (
	reapNo        reapWhen = iota
	reapChainEnd           // after the chain that holds the Equip Spell
	reapAfterCalc          // after damage calculation
)

// reaps is whether m destroys itself after a card that targets it
// resolves: a face-up monster whose own effect says so and is not negated.
func reaps(m *inst) bool {
	return m.loc == locMonster && m.faceUp && !m.effNegated && len(continuousOps(m, "destroyed-when-targeted")) > 0
}

// targetedResolved applies the self-destruction to the monsters link l
// targeted, now that l has resolved (its effect applied or negated).
func (d *duel) targetedResolved(l *link) {
	for _, t := range l.targets {
		if !reaps(t) {
			continue
		}
		if i := d.p.timingIndex("after"); d.ds >= 0 && i >= 0 && d.ds < i {
			t.reap, t.reapBy = reapAfterCalc, l.src.name()
			d.emit("rule", t.ctrl, t.name(), fmt.Sprintf("%s was targeted by %s before damage calculation: it destroys itself after damage calculation", d.describe(t), l.src.name()), ruleRef{})
			continue
		}
		if l.src.c.Has(SubEquip) {
			t.reap, t.reapBy = reapChainEnd, l.src.name()
			d.emit("rule", t.ctrl, t.name(), fmt.Sprintf("%s was targeted by the Equip Spell %s: it destroys itself once the chain has resolved", d.describe(t), l.src.name()), ruleRef{})
			continue
		}
		d.reap(t, l.src.name())
	}
}

// reap destroys m by its own effect.
func (d *duel) reap(m *inst, by string) {
	m.reap = reapNo
	d.emit("rule", m.ctrl, m.name(), fmt.Sprintf("%s was targeted by %s, which has resolved: it is destroyed by its own effect", d.describe(m), by), ruleRef{})
	d.destroy(m, "its own effect (it was targeted)", false)
}

// reapDue destroys the monsters waiting for the moment w that still
// qualify; the others forget it.
func (d *duel) reapDue(w reapWhen) {
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range append([]*inst{}, d.pl[q].mz...) {
			if m.reap != w {
				continue
			}
			if !reaps(m) {
				m.reap = reapNo
				continue
			}
			d.reap(m, m.reapBy)
		}
	}
}
