package rulings

import (
	"fmt"
	"strings"
)

// Equip cards, monsters equipped as cards ("Thousand-Eyes Restrict"),
// Union monsters and control changes.

// moved is what a card was just before it moved.
type moved struct {
	from    location
	field   bool
	monster bool
	trapMon bool
	equipTo *inst
	ctrl    int
}

// afterMove runs the rules that watch a card leaving where it was: its
// equips fall off, control taken through it returns, the events some
// cards answer ("a monster you control is sent to the Graveyard"), and
// the trigger conditions about where it came from.
func (d *duel) afterMove(c *inst, mv moved, to location) {
	d.dmMoved(c)
	if mv.field && !c.onField() {
		for _, e := range d.equipsOf(c) {
			d.moveTo(e, locGY, "no longer equipped")
		}
		if m := mv.equipTo; m != nil && m.onField() && c.hasOp("", "take-control") != nil && m.ctrlBack >= 0 {
			d.giveBack(m, c.name()+" left the field")
		}
		if mv.trapMon {
			d.trapMonsterLeft(c, to)
			d.winEvents = append(d.winEvents, fmt.Sprintf("trap-monster-left:%d", mv.ctrl))
		}
		d.selfTrigger(c, WhenLeavesField)
		if to == locGY && mv.monster && !mv.trapMon && d.destroying == c {
			d.winEvents = append(d.winEvents, fmt.Sprintf("monster-to-gy:%d", mv.ctrl))
		}
	}
	d.lastWillWatch(c, mv, to) // lastwill.go
	if mv.from == locHand && to == locGY {
		d.selfTrigger(c, WhenSentFromHandToGY)
	}
	if to == locGY {
		c.gyTurn = d.turn
		if d.phase == phaseEnd {
			d.selfTrigger(c, WhenEndPhaseIfSentToGY)
			if !d.pl[c.owner].normalSummoned {
				d.selfTrigger(c, WhenEndPhaseInGY)
			}
		}
	}
}

// equipsOf lists the cards equipped to m.
func (d *duel) equipsOf(m *inst) []*inst {
	var out []*inst
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range d.pl[q].st {
			if c.equipTo == m {
				out = append(out, c)
			}
		}
	}
	return out
}

// equipBoost sums the ATK (or DEF) the cards equipped to m give it. A
// monster unaffected by Spell Cards ignores equip Spells.
func (d *duel) equipBoost(m *inst, def bool) int {
	op := OpName("equip-atk")
	if def {
		op = "equip-def"
	}
	n := 0
	for _, e := range d.equipsOf(m) {
		if !e.faceUp || e.c == nil || (m.immune && e.c.Kind == CardSpell) {
			continue
		}
		if !def && e.c.IsMonster() && d.live(m, "gain-half-equipped-atk") != nil {
			n += max(e.c.ATK, 0) / 2
		}
		for _, ef := range e.c.Effects {
			if ef.Kind != EffectContinuous {
				continue
			}
			for _, o := range ef.Do {
				if o.Op == op {
					n += o.N
				}
			}
		}
	}
	return n
}

// equipCard attaches the card e to the monster m, in e's controller's
// Spell & Trap Zone.
func (d *duel) equipCard(e, m *inst, by string) {
	if e.loc != locSpell {
		p := e.ctrl
		d.remove(e)
		d.place(e, p, locSpell)
		e.moves++
	}
	e.faceUp, e.def, e.equipTo = true, false, m
	d.emit("equip", e.ctrl, e.name(), fmt.Sprintf("%s is equipped to %s (%s)", e.name(), d.describe(m), by), ruleRef{})
}

// takeControl gives p control of m. until: control returns in the End
// Phase ("Mind Control"); otherwise it returns when the card granting it
// leaves the field ("Snatch Steal").
func (d *duel) takeControl(m *inst, p int, by string, until bool) bool {
	if m.ctrl == p {
		return true
	}
	if d.freeMZ(p) <= 0 {
		d.emit("rule", p, m.name(), fmt.Sprintf("%s has no free Monster Zone, so control of %s does not change", d.pn(p), m.name()), ruleRef{})
		return false
	}
	if m.trapMon && d.trapMonsterHoldsZone() && d.freeST(p) <= 0 {
		d.emit("rule", p, m.name(), fmt.Sprintf("%s is a Trap Monster: %s needs a free Monster Zone and a free Spell & Trap Zone to control it, and has no free Spell & Trap Zone", m.name(), d.pn(p)), plain("hat-04#point-2"))
		return false
	}
	from := m.ctrl
	d.remove(m)
	d.place(m, p, locMonster)
	if m.ctrlBack < 0 {
		m.ctrlBack = from
	}
	m.ctrlUntil, m.ctrlFree = until, false
	d.emit("control", p, m.name(), fmt.Sprintf("%s takes control of %s's %s (%s)", d.pn(p), d.pn(from), m.name(), by), ruleRef{})
	return true
}

// giveBack returns control of m to the player it was taken from.
func (d *duel) giveBack(m *inst, why string) {
	to := m.ctrlBack
	m.ctrlBack, m.ctrlUntil = -1, false
	if to < 0 || to == m.ctrl || !d.inGame(to) {
		return
	}
	if d.freeMZ(to) <= 0 {
		d.moveTo(m, locGY, "no free Monster Zone to return to")
		return
	}
	from := m.ctrl
	d.remove(m)
	d.place(m, to, locMonster)
	d.emit("control", to, m.name(), fmt.Sprintf("control of %s returns from %s to %s (%s)", m.name(), d.pn(from), d.pn(to), why), ruleRef{})
}

// endPhaseControl returns the monsters taken until the End Phase.
func (d *duel) endPhaseControl() {
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range append([]*inst{}, d.pl[q].mz...) {
			if m.ctrlUntil {
				d.giveBack(m, "the End Phase")
			}
		}
	}
}

// unionShield finds the Union monster that is destroyed in place of m, if
// any protects it from this destruction.
func (d *duel) unionShield(m *inst, battle bool) *inst {
	if m.loc != locMonster {
		return nil
	}
	if battle && d.live(m, "equipped-shields") != nil {
		for _, e := range d.equipsOf(m) {
			if e.c != nil && e.c.IsMonster() {
				return e
			}
		}
	}
	for _, u := range d.equipsOf(m) {
		if u.c == nil || !u.c.Has(SubUnion) || !u.faceUp {
			continue
		}
		e := u.hasOp(EffectContinuous, "union-protect")
		if e == nil {
			continue
		}
		var what What
		for _, o := range e.Do {
			if o.Op == "union-protect" {
				what = o.What
			}
		}
		if battle || d.p.UnionProtection.Value == UnionAny || what == WhatAny {
			return u
		}
		d.emit("rule", m.ctrl, u.name(), fmt.Sprintf("%s protects %s from destruction by battle only, not from a card effect", u.name(), m.name()), ref("Union protection", d.p.UnionProtection))
	}
	return nil
}

// unionCount counts the Union monsters equipped to m.
func (d *duel) unionCount(m *inst) int {
	n := 0
	for _, u := range d.equipsOf(m) {
		if u.c != nil && u.c.Has(SubUnion) {
			n++
		}
	}
	return n
}

// targetRules checks what depends on the chosen targets: the one-Union
// limit.
func (d *duel) targetRules(p int, c *inst, e *Effect, targets []*inst) bool {
	if hasOp(e, "union-equip") && len(targets) > 0 {
		m := targets[0]
		for _, o := range e.Do {
			if o.Op == "union-equip" && !d.matches(m, o.Filter) {
				d.illegal(fmt.Sprintf("%s cannot be equipped to %s", c.name(), m.name()), ruleRef{})
				return false
			}
		}
		if lim := d.unionLimit(); lim > 0 && d.unionCount(m) >= lim {
			d.illegal(fmt.Sprintf("%s already carries a Union monster, and a monster may carry only %d", m.name(), lim), ref("Unions per monster", d.p.UnionLimit))
			return false
		}
	}
	return true
}

// setupEquips attaches the starting equip cards ("Axe of Despair
// (equipped to Opticlops)") to their monsters.
func (d *duel) setupEquips() {
	for pi, su := range d.s.Players {
		for i, sp := range su.Spells {
			if sp.EquipTo == "" || i >= len(d.pl[pi].st) {
				continue
			}
			e := d.pl[pi].st[i]
			ref := sp.EquipTo
			want := -1
			if who, name, ok := strings.Cut(ref, "'s "); ok {
				for q := range d.pl {
					if strings.EqualFold(d.pn(q), strings.TrimSpace(who)) {
						want, ref = q, name
					}
				}
			}
			var m *inst
			for _, q := range append([]int{pi}, d.opponents(pi)...) {
				for _, x := range d.pl[q].mz {
					if m == nil && (want < 0 || want == q) && x.c != nil && nameKey(x.c.Name) == nameKey(ref) {
						m = x
					}
				}
			}
			if m == nil {
				d.fail("%s is equipped to %s, which is not on the field", e.name(), sp.EquipTo)
				return
			}
			e.equipTo = m
			if e.c.Has(SubUnion) || e.c.IsMonster() {
				e.faceUp = true
			}
		}
	}
}

// endPhaseTriggers queues, as the End Phase begins, the effects of cards in
// the Graveyard that activate during it.
func (d *duel) endPhaseTriggers() {
	d.spiritReturns()                 // spirit.go
	d.levelUpTriggers()               // levelup.go
	d.lastTurnCheck()                 // lastturn.go
	for _, c := range d.pl[d.tp].mz { // "during your End Phase" (Judgment Dragon)
		if c.faceUp && !c.effNegated {
			d.selfTrigger(c, WhenEndPhase)
		}
	}
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range d.pl[q].gy {
			if c.gyTurn == d.turn {
				d.selfTrigger(c, WhenEndPhaseIfSentToGY)
				d.selfTributedTriggers(c) // synchrofx.go
			}
			if !d.pl[q].normalSummoned {
				d.selfTrigger(c, WhenEndPhaseInGY)
			}
		}
	}
	d.startBuildIfDue()
}

// unionLimit is how many Union monsters one monster may carry, 0 for no limit (UnionLimit): the one place that reads the switch.
func (d *duel) unionLimit() int { return d.p.UnionLimit.Value }

// equippedItself says whether l is a Normal Trap's activation that equipped
// the card to a monster ("Blast with Chain"): the card then stays on the
// field as an equip card instead of going to the Graveyard
// (battle-phase-reference#activation-example-1). A negated activation
// equipped nothing.
func equippedItself(l *link) bool {
	c := l.src
	return !l.negated && c.c.Kind == CardTrap && c.equipTo != nil && c.equipTo.loc == locMonster && c.loc == locSpell
}

// equipDestroyed runs the trigger of an equip card destroyed by a card
// effect while it was equipped ("Blast with Chain": `when:
// destroyed-while-equipped`); destroyTo (zones.go) calls it.
func (d *duel) equipDestroyed(c *inst, wasEquipped, battle bool) {
	if wasEquipped && !battle {
		d.selfTrigger(c, WhenDestroyedWhileEquipped)
	}
}
