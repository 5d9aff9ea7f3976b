package rulings

// Fusion Summons, and Special Summons of Fusion Monsters from the Extra
// Deck by card effects. `fusion-summon` Special Summons a Fusion Monster
// that matches `filter` from the Extra Deck as a Fusion Summon ("Instant
// Fusion" without materials): a proper Summon of its kind, so in Domain it
// may take a Deck Master out of its zone (domain-summoning#proper-summon),
// paying the Deck Master's cost. `special-summon-extra-same-level` is
// "Metamorphosis": a Fusion Monster with the Level of the monster Tributed
// for the cost, Special Summoned but not Fusion Summoned, so it reaches only
// the Extra Deck, never the Deck Master Zone (domain-summoning#not-valid).
// The line chooses the monster (`Special Summoning X`); otherwise the first
// that fits. `what: instant` adds Instant Fusion's limits: the monster
// cannot attack and is destroyed in the End Phase.

import "fmt"

// extraPick is the Fusion Monster an effect Special Summons: the one the
// line chooses, else the first of the Extra Deck (or, when dmz, the Deck
// Master) that matches ok.
func (d *duel) extraPick(l *link, p int, dmz bool, ok func(c *inst) bool) *inst {
	pool := append([]*inst{}, d.pl[p].extra...)
	if dm := d.pl[p].dm; dmz && dm != nil {
		pool = append(pool, dm)
	}
	for _, c := range pool {
		if !c.c.Has(SubFusion) || !ok(c) {
			continue
		}
		if len(l.choose) == 0 || containsInst(l.choose, c) {
			return c
		}
	}
	return nil
}

func containsInst(list []*inst, c *inst) bool {
	for _, x := range list {
		if x == c {
			return true
		}
	}
	return false
}

// opFusionSummon Fusion Summons a Fusion Monster matching `filter` from the Extra Deck (or, in Domain, the Deck Master Zone); `what: instant`: it cannot attack and is destroyed in the End Phase ("Instant Fusion").
func opFusionSummon(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	c := d.extraPick(l, p, true, func(c *inst) bool { return d.matches(c, o.Filter) })
	if c == nil {
		d.emit("move", p, src.name(), fmt.Sprintf("%s has no Fusion Monster that %s can Fusion Summon", d.pn(p), src.name()), ruleRef{})
		return
	}
	fromDMZ := c.loc == locDMZ
	if fromDMZ && !d.payDMCost(p, c) {
		return
	}
	if !d.summonTo(c, p, src.name()+"; this is a Fusion Summon", true, false) {
		return
	}
	if fromDMZ {
		d.note(fmt.Sprintf("%s Fusion Summons the Deck Master %s from the Deck Master Zone: a proper Fusion Summon may", src.name(), c.name()), plain("domain-summoning#proper-summon"))
	}
	d.selfTrigger(c, WhenFusionSummoned)
	if o.What == WhatInstant {
		c.noAttack, c.endDestroy = true, true
		d.emit("rule", p, c.name(), fmt.Sprintf("%s cannot attack, and it is destroyed during the End Phase", c.name()), ruleRef{})
	}
}

// opSpecialSummonExtraSameLevel Special Summons a Fusion Monster from the Extra Deck with the Level of the monster Tributed for the cost ("Metamorphosis"); it is not a Fusion Summon.
func opSpecialSummonExtraSameLevel(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	lv := d.tributedLevel(src)
	if l.choose != nil {
		for _, c := range l.choose {
			if c.loc == locDMZ {
				d.illegal(fmt.Sprintf("%s Special Summons from the Extra Deck, and the Deck Master Zone is not the Extra Deck: %s stays there", src.name(), c.name()), plain("domain-summoning#not-valid"))
				return
			}
		}
	}
	c := d.extraPick(l, p, false, func(c *inst) bool { return c.c.Level == lv })
	if c == nil {
		d.emit("move", p, src.name(), fmt.Sprintf("%s has no Level %d Fusion Monster in the Extra Deck", d.pn(p), lv), ruleRef{})
		return
	}
	d.specialSummon(c, p, src.name())
}

// tributedLevel is the Level of the monster Tributed for src's cost, as it
// was when it left the field (its printed Level).
func (d *duel) tributedLevel(src *inst) int {
	for q := range d.pl {
		for _, x := range d.pl[q].gy {
			if x.costFor == src.id && x.costFor != 0 {
				return x.c.Level
			}
		}
	}
	return -1
}
