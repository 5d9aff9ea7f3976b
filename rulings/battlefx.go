package rulings

// Effects that battles set off beyond the basic triggers of battle.go:
// a monster that destroys an opponent's monster by battle and sends it to
// the Graveyard ("Goyo Guardian", which must still be face-up on the
// field, and "Blackwing - Shura the Blue Flame", which need not be), a
// monster attacked in Attack Position ("Reflect Bounder", which then
// destroys itself after damage calculation), a monster's ATK from the
// Graveyards ("Colossal Fighter"), and effects used while a monster of a
// kind battles ("Blackwing - Kalut the Moon Shadow", whose Effect names
// the battler with `battler:`).

import (
	"fmt"
	"strings"
)

// Trigger conditions of this file.
const (
	// TrigDestroysToGY: this card destroys an opponent's monster by battle
	// and sends it to the Graveyard, even if this card has left the field.
	TrigDestroysToGY When = "destroys-by-battle-to-gy"
	// TrigDestroysToGYFaceUp: the same, while this card is still face-up on
	// the field ("Goyo Guardian").
	TrigDestroysToGYFaceUp When = "destroys-by-battle-to-gy-face-up"
	// TrigDestroys: this card destroys an opponent's monster by battle,
	// wherever that monster goes and even if this card has left the field
	// ("Blue Thunder T-45": edison-battle-phase#timing-7).
	TrigDestroys When = "destroys-by-battle"
	// TrigAttackedInAttack: this Attack Position card is attacked by an
	// opponent's monster; the effect activates before damage calculation.
	TrigAttackedInAttack When = "attacked-in-attack-position"
)

// battleDestination is where a monster destroyed by battle goes: the
// banished cards when the monster that destroyed it is face-up with
// `banish-battle-destroyed` ("Dark Magician of Chaos": the printed text Goat
// plays removes it from play instead of sending it to the Graveyard, so no
// "sent to the Graveyard" effect of it triggers), else the Graveyard.
func (d *duel) battleDestination(at *attack, m *inst) location {
	if k := other(at, m); k != nil && k.ctrl != m.ctrl && d.live(k, "banish-battle-destroyed") != nil {
		return locBanished
	}
	return locGY
}

// destroyerTriggers queues the triggers of the monster that destroyed m by
// battle once m has been sent (the "and sends it to the Graveyard" ones only
// if m is in the Graveyard).
func (d *duel) destroyerTriggers(at *attack, m *inst) {
	k := other(at, m)
	if k == nil || k.c == nil || k.ctrl == m.owner {
		return
	}
	for i := range k.c.Effects {
		e := &k.c.Effects[i]
		if e.Kind != EffectTrigger {
			continue
		}
		toGY := m.loc == locGY
		if e.When == TrigDestroys || toGY && (e.When == TrigDestroysToGY || e.When == TrigDestroysToGYFaceUp && k.loc == locMonster && k.faceUp) {
			d.queueBattle(k, e, TrigDestroyedToGY, m)
		}
	}
}

// queueAttacked queues the triggers of an attacked Attack Position monster
// for the timing before damage calculation.
func (d *duel) queueAttacked(at *attack) {
	t := at.target
	if t == nil || t.c == nil || !t.faceUp || t.def {
		return
	}
	for e := range t.triggersOn(TrigAttackedInAttack) {
		d.queueBattle(t, e, TrigBeforeCalc, at.attacker)
	}
}

// opDestroySelfAfterCalc this card will be destroyed after damage
// calculation ("Reflect Bounder").
func opDestroySelfAfterCalc(d *duel, l *link, o Op) {
	if d.atk != nil && l.src.loc == locMonster {
		d.atk.selfAfterCalc = append(d.atk.selfAfterCalc, l.src)
	}
}

// destroySelvesAfterCalc destroys the monsters opDestroySelfAfterCalc marked.
func (d *duel) destroySelvesAfterCalc(at *attack) {
	for _, m := range at.selfAfterCalc {
		if m.loc == locMonster {
			d.destroy(m, "its own effect after damage calculation", false)
		}
	}
}

// opSpecialSummonBattled Special Summons the monster this card destroyed by
// battle from the Graveyard to its controller's field (`what: defense`: in
// Defense Position; "Goyo Guardian").
func opSpecialSummonBattled(d *duel, l *link, o Op) {
	b := l.battled
	if b == nil || b.loc != locGY {
		d.emit("move", l.ctrl, l.src.name(), "the monster it destroyed is no longer in the Graveyard", ruleRef{})
		return
	}
	if d.gyLocked(l.src) {
		return
	}
	d.summonTo(b, l.ctrl, l.src.name(), true, o.What == WhatDefense)
}

// opBanishGyGainAtk banishes every card of its controller's Graveyard that
// matches `filter`, and this card gains `n` ATK for each ("Iron Chain
// Dragon").
func opBanishGyGainAtk(d *duel, l *link, o Op) {
	k := 0
	for _, c := range append([]*inst{}, d.pl[l.ctrl].gy...) {
		if d.matches(c, o.Filter) {
			d.moveTo(c, locBanished, "banished by "+l.src.name())
			k++
		}
	}
	if m := l.src; k > 0 && m.loc == locMonster && m.faceUp {
		m.atkAdd += k * o.N
		d.emit("atk", l.ctrl, m.name(), fmt.Sprintf("%s gains %d ATK for %d banished card(s): %d", d.describe(m), k*o.N, k, d.atkOf(m)), ruleRef{})
	}
}

// gyBoost is the ATK c gains from the cards in both Graveyards
// (`atk-per-gy` with a filter, "Colossal Fighter").
func (d *duel) gyBoost(c *inst) int {
	if c.loc != locMonster || !c.faceUp || c.effNegated {
		return 0
	}
	v := 0
	for _, o := range continuousOps(c, "atk-per-gy") {
		for q := range d.pl {
			for _, g := range d.pl[q].gy {
				if d.matches(g, o.Filter) {
					v += o.N
				}
			}
		}
	}
	return v
}

// battler is the monster of player p in the current battle that matches
// filter, or nil.
func (d *duel) battler(p int, filter string) *inst {
	if d.atk == nil || d.ds < 0 {
		return nil
	}
	for _, m := range []*inst{d.atk.attacker, d.atk.target} {
		if m != nil && m.ctrl == p && m.loc == locMonster && d.matches(m, filter) {
			return m
		}
	}
	return nil
}

// opGainAtkBattler the link's controller's monster in battle that matches
// the effect's `battler:` gains `n` ATK until the end of the turn.
func opGainAtkBattler(d *duel, l *link, o Op) {
	m := d.battler(l.ctrl, l.eff.Battler)
	if m == nil {
		d.emit("atk", l.ctrl, l.src.name(), fmt.Sprintf("no monster matching %s is battling", strings.TrimSpace(l.eff.Battler)), ruleRef{})
		return
	}
	m.atkAdd += o.N
	d.emit("atk", l.ctrl, m.name(), fmt.Sprintf("%s gains %d ATK: %d", d.describe(m), o.N, d.atkOf(m)), ruleRef{})
}
