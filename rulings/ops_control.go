package rulings

// Ops that equip cards and change control. Each is registered under its name in opTable (optable.go).

import (
	"fmt"
)

// opEquipTargetToSelf equips its target monster to itself (see equip.go).
func opEquipTargetToSelf(d *duel, l *link, o Op) {
	d.equipMonster(l, o.What == WhatKeepStats)
}

// opEquip equips the card to its face-up target monster.
func opEquip(d *duel, l *link, o Op) {
	src := l.src
	ts := d.validTargets(l)
	if len(ts) == 0 || ts[0].loc != locMonster || !ts[0].faceUp || !src.onField() {
		return
	}
	d.equipCard(src, ts[0], src.name())
}

// opTakeControl takes control of its target (or the monster it equips, `what: equipped`); `what: until-end-phase` gives it back in the End Phase ("Mind Control": it cannot attack or be Tributed), `until-end-phase-free` too without those limits ("Brain Control").
func opTakeControl(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	var m *inst
	if o.What == WhatEquipped {
		m = src.equipTo
	} else if ts := d.validTargets(l); len(ts) > 0 {
		m = ts[0]
	}
	if m == nil || m.loc != locMonster {
		return
	}
	until := o.What == WhatUntilEnd || o.What == WhatUntilEndFree
	if d.takeControl(m, p, src.name(), until) && o.What == WhatUntilEndFree {
		m.ctrlFree = true
	}
}

// opUnionEquip equips itself as a Union to its face-up target, within the format's Unions-per-monster limit.
func opUnionEquip(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	ts := d.validTargets(l)
	if len(ts) == 0 || ts[0].loc != locMonster || !ts[0].faceUp || src.loc != locMonster || !src.faceUp {
		return
	}
	if lim := d.unionLimit(); lim > 0 && d.unionCount(ts[0]) >= lim {
		d.emit("rule", p, src.name(), fmt.Sprintf("%s already carries a Union monster: %s is not equipped", ts[0].name(), src.name()), ref("Unions per monster", d.p.UnionLimit))
		return
	}
	d.equipCard(src, ts[0], "its Union effect")
}

// opUnionUnequip unequips itself and Special Summons itself in Attack Position.
func opUnionUnequip(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if src.loc == locSpell && src.equipTo != nil {
		src.equipTo = nil
		d.summonTo(src, p, "its Union effect", true, false)
	}
}

// opExchangeMonsters each player gives a monster to the other (see multifx.go).
func opExchangeMonsters(d *duel, l *link, o Op) {
	d.exchangeMonsters(l)
}

// opChangePosition changes the battle position of its face-up target
// monsters ("Enemy Controller").
func opChangePosition(d *duel, l *link, o Op) {
	for _, t := range d.validTargets(l) {
		if t.loc != locMonster || !t.faceUp {
			continue
		}
		t.def = !t.def
		pos := "Attack"
		if t.def {
			pos = "Defense"
		}
		d.emit("position", l.ctrl, t.name(), fmt.Sprintf("%s changes %s to %s Position", l.src.name(), d.describe(t), pos), ruleRef{})
	}
}
