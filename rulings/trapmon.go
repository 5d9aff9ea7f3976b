package rulings

import "fmt"

// Trap Monsters (goat-20, hat-04): a Trap Card that Special Summons itself
// as a monster. Where TrapMonsterZones is set it keeps its Spell & Trap
// Zone while it is a monster. Whenever it stops being a monster it is a
// Trap Card again: negated, turned face-down, or leaving the field.

// freeMZ counts the Monster Zones p can still use.
func (d *duel) freeMZ(p int) int {
	return maxFieldZone - d.mainMonsters(p) - d.pl[p].mzBlocked - d.blockedMZ(p)
}

// freeST counts the Spell & Trap Zones p can still use; a Trap Monster
// that holds its zone uses one.
func (d *duel) freeST(p int) int {
	n := len(d.pl[p].st)
	for _, m := range d.pl[p].mz {
		if m.holdsST {
			n++
		}
	}
	return maxFieldZone - n
}

// stZoneRef cites the Trap Monster switch when a Trap Monster is what
// fills p's Spell & Trap Zones.
func (d *duel) stZoneRef(p int) ruleRef {
	for _, m := range d.pl[p].mz {
		if m.holdsST {
			return ref("Trap Monster zones", d.p.TrapMonsterZones)
		}
	}
	return ruleRef{}
}

// trapNegator is a face-up card that negates Traps ("Jinzo"), or nil.
func (d *duel) trapNegator() *inst {
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range d.pl[q].mz {
			if d.live(m, "negate-traps") != nil {
				return m
			}
		}
	}
	return nil
}

// trapNegated reports whether c is a Trap whose effects are negated.
func (d *duel) trapNegated(c *inst) bool {
	return c.c != nil && c.c.Kind == CardTrap && c.onField() && (d.trapNegator() != nil || d.trapNegatedBySpellTrap(c))
}

// trapMonsterSummon resolves "Embodiment of Apophis": the card becomes a
// monster in a Monster Zone.
func (d *duel) trapMonsterSummon(l *link, def bool) {
	c, p := l.src, l.ctrl
	if c.loc != locSpell || !c.faceUp {
		return
	}
	if d.freeMZ(p) <= 0 {
		d.emit("summon", p, c.name(), fmt.Sprintf("%s has no free Monster Zone: %s stays a Trap Card", d.pn(p), c.name()), plain("hat-04#point-1"))
		return
	}
	d.remove(c)
	d.place(c, p, locMonster)
	c.moves++
	c.trapMon, c.faceUp, c.def = true, true, def
	c.atkBase, c.defBase = max(c.c.ATK, 0), max(c.c.DEF, 0)
	c.summonTurn, c.summonedBy = d.turn, p
	d.countSummon(p, d.turn)
	r := ref("Trap Monster zones", d.p.TrapMonsterZones)
	if d.trapMonsterHoldsZone() {
		c.holdsST = true
		d.emit("summon", p, c.name(), fmt.Sprintf("%s Special Summons %s as a monster (a Trap Monster); it keeps its Spell & Trap Zone, so it holds two zones", d.pn(p), c.name()), r)
	} else {
		d.emit("summon", p, c.name(), fmt.Sprintf("%s Special Summons %s as a monster (a Trap Monster); its Spell & Trap Zone is free again", d.pn(p), c.name()), r)
	}
	d.selfTrigger(c, WhenSpecialSummoned, WhenSummoned)
	if d.ds < 0 {
		d.winEvents = append(d.winEvents, "monster-summoned")
	}
}

// revertTrapMonster turns a Trap Monster back into a Trap Card in player
// to's Spell & Trap Zone, face-up or Set.
func (d *duel) revertTrapMonster(c *inst, faceUp bool, to int, why string, r ruleRef) {
	c.ctrlBack, c.ctrlUntil = -1, false
	equips := d.equipsOf(c)
	d.remove(c)
	c.trapMon, c.holdsST, c.def, c.immune = false, false, false, false
	defer func() {
		for _, e := range equips {
			if e.onField() {
				d.moveTo(e, locGY, "no longer equipped")
			}
		}
	}()
	if d.freeST(to) <= 0 {
		d.place(c, to, locSpell)
		d.moveTo(c, locGY, "no Spell & Trap Zone to go back to")
		return
	}
	d.place(c, to, locSpell)
	c.faceUp = faceUp
	how := "face-up"
	if !faceUp {
		how = "Set"
		c.setTurn = d.turn
	}
	d.emit("move", to, c.name(), fmt.Sprintf("%s stops being a monster (%s): it is a Trap Card again, %s in %s's Spell & Trap Zone", c.name(), why, how, d.pn(to)), r)
}

// trapMonstersNegated: while Traps are negated, Trap Monsters revert to
// Trap Cards in their owner's Spell & Trap Zone.
func (d *duel) trapMonstersNegated() {
	j := d.trapNegator()
	if j == nil {
		return
	}
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range append([]*inst{}, d.pl[q].mz...) {
			if !m.trapMon {
				continue
			}
			r := plain("hat-04#point-3")
			to := m.ctrl
			if m.owner != m.ctrl && d.inGame(m.owner) {
				r, to = plain("hat-04#point-5"), m.owner
			}
			d.revertTrapMonster(m, true, to, d.describe(j)+" negates Trap effects", r)
		}
	}
}

// trapMonsterLeft notes that a Trap Monster left the field as a Trap Card.
func (d *duel) trapMonsterLeft(c *inst, to location) {
	r := plain("hat-04#point-13")
	switch to {
	case locBanished:
		r = plain("hat-04#point-12")
	case locHand:
		r = plain("hat-04#point-15")
	}
	d.emit("rule", c.owner, c.name(), fmt.Sprintf("%s left the field as a Trap Card, not as a monster", c.name()), r)
}

// tempBanish is a card banished for a while ("Dimensionhole").
type tempBanish struct {
	c       *inst
	p       int   // the player whose zone waits for it
	until   phase // phaseStandby: p's next Standby Phase; phaseEnd: this End Phase
	turn    int   // the turn it left
	blockMZ bool
}

// banishUntil banishes m until a later point, holding its Monster Zone.
func (d *duel) banishUntil(m *inst, p int, until phase, by string) {
	if !m.onField() || m.loc != locMonster {
		return
	}
	d.moveTo(m, locBanished, "banished for a while by "+by)
	tb := &tempBanish{c: m, p: p, until: until, turn: d.turn, blockMZ: until == phaseStandby}
	if tb.blockMZ {
		d.pl[p].mzBlocked++
		d.emit("rule", p, m.name(), fmt.Sprintf("%s's Monster Zone stays in use while %s is away", d.pn(p), m.name()), plain("hat-04#point-16"))
	}
	d.away = append(d.away, tb)
}

// returnBanished brings back the cards due at this point: a monster to
// its Monster Zone; a Trap Card comes back as a Trap Card and is destroyed
// at once.
func (d *duel) returnBanished(until phase) {
	var keep []*tempBanish
	for _, tb := range d.away {
		due := tb.until == until && (until == phaseEnd || (tb.p == d.tp && d.turn > tb.turn))
		if !due {
			keep = append(keep, tb)
			continue
		}
		if tb.blockMZ {
			d.pl[tb.p].mzBlocked--
		}
		c := tb.c
		if c.loc != locBanished {
			continue
		}
		if c.c.Kind == CardTrap {
			d.emit("rule", tb.p, c.name(), fmt.Sprintf("%s comes back to the field as a Trap Card and is destroyed at once by game mechanics", c.name()), plain("hat-04#point-16"))
			d.moveTo(c, locGY, "destroyed by game mechanics")
			continue
		}
		if d.freeMZ(tb.p) <= 0 {
			continue
		}
		d.remove(c)
		d.place(c, tb.p, locMonster)
		c.moves++
		c.faceUp, c.def = true, false
		d.emit("move", tb.p, c.name(), fmt.Sprintf("%s returns to %s's Monster Zone", c.name(), d.pn(tb.p)), ruleRef{})
	}
	d.away = keep
}

// trapMonsterHoldsZone is whether a Trap Monster keeps its Spell & Trap Zone while it is a monster (TrapMonsterZones): the one place that reads the switch.
func (d *duel) trapMonsterHoldsZone() bool { return d.p.TrapMonsterZones.Value }
