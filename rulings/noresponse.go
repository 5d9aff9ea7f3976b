package rulings

// Effects that cannot be responded to: an effect marked `no-response: true`
// ("your opponent cannot activate cards or effects in response to this
// effect's activation": "Borreload Dragon") may be chained to by its own
// controller only. With several players, no opponent may respond
// (domain-continuous-effects#example-5). The responders its Chain Link
// records are none.
//
// "Flashbang" in Edison (edison-battle-phase#timing-5) is not such an
// effect: its rule is about it being activated on its own, before the
// waiting triggers (battlecut.go), and Counter Traps may still answer it.

import "fmt"

// responseBarred reports, and makes illegal, an activation by p in response
// to a Chain Link whose effect its opponents cannot respond to.
func (d *duel) responseBarred(p int, c *inst, e *Effect) bool {
	if len(d.chain) == 0 {
		return false
	}
	top := d.chain[len(d.chain)-1]
	if !top.eff.NoResponse || top.ctrl == p {
		return false
	}
	r := ruleRef{}
	if len(d.pl) > 2 {
		r = plain("domain-continuous-effects#example-5")
	}
	d.illegal(fmt.Sprintf("%s cannot be activated in response to %s: its controller's opponents cannot respond to its activation", effectName(c.c, e), effectName(top.src.c, top.eff)), r)
	return true
}

// untargetableBy reports why c cannot be targeted by src's effect: a
// face-up monster "cannot be targeted by monster effects"
// (`untargetable-by-monster-effects`, "Borreload Dragon"), or "".
func (d *duel) untargetableBy(c, src *inst) string {
	if c.monShield && c.loc == locMonster && c.faceUp && src.isMonster() { // fossil.go
		return fmt.Sprintf("%s cannot be targeted by monster effects (its Fusion Materials came from every Graveyard)", d.describe(c))
	}
	if c.loc != locMonster || !c.faceUp || !src.isMonster() || c.hasOp(EffectContinuous, "untargetable-by-monster-effects") == nil || d.live(c, "untargetable-by-monster-effects") == nil {
		return ""
	}
	return fmt.Sprintf("%s cannot be targeted by monster effects", d.describe(c))
}

// opLoseAtkDef its target loses `n` ATK and DEF ("Borreload Dragon"), or
// with `what: self` the card itself ("Light and Darkness Dragon",
// oncechain.go).
func opLoseAtkDef(d *duel, l *link, o Op) {
	ts := d.validTargets(l)
	if o.What == WhatSelf {
		ts = []*inst{l.src}
	}
	for _, t := range ts {
		if t.loc != locMonster || !t.faceUp {
			continue
		}
		t.atkAdd -= o.N
		t.defAdd -= o.N
		d.emit("atk", l.ctrl, t.name(), fmt.Sprintf("%s loses %d ATK and DEF: %d/%d", d.describe(t), o.N, d.atkOf(t), d.def(t)), ruleRef{})
	}
}
