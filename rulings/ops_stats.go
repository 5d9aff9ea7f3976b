package rulings

// Ops that change ATK and counters. Each is registered under its name in opTable (optable.go).

import (
	"fmt"
	"strconv"
	"strings"
)

// opAddCounter puts `n` Spell Counters on itself while it is face-up on the field.
func opAddCounter(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if src.onField() && src.faceUp {
		src.counters += max(o.N, 1)
		d.emit("counter", p, src.name(), fmt.Sprintf("%s gets a Spell Counter (%d)", src.name(), src.counters), ruleRef{})
	}
}

// opDoubleAtk doubles the ATK of its controller's face-up monsters that match `filter`; they are destroyed in the End Phase.
func opDoubleAtk(d *duel, l *link, o Op) {
	p := l.ctrl
	for _, m := range d.pl[p].mz {
		if m.faceUp && d.matches(m, o.Filter) {
			v := d.atkOf(m)
			m.atkAdd += v
			m.endDestroy = true
			d.emit("atk", p, m.name(), fmt.Sprintf("%s's ATK doubles to %d", d.describe(m), d.atkOf(m)), ruleRef{})
		}
	}
}

// opGainAtk the card itself (or its target, `what: target`) gains `n` ATK; during damage calculation the gain lasts only for it.
func opGainAtk(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	m := src
	if o.What == WhatTarget && len(l.targets) > 0 {
		m = l.targets[0]
	}
	if !m.onField() {
		return
	}
	if d.ds >= 0 && l.eff.Timing == TrigDamageCalc {
		m.calcAdd += o.N
		d.inCalc = true
		d.emit("atk", p, m.name(), fmt.Sprintf("%s gains %d ATK during damage calculation: %d", d.describe(m), o.N, d.atkOf(m)), ruleRef{})
		d.inCalc = false
		return
	}
	m.atkAdd += o.N
	d.emit("atk", p, m.name(), fmt.Sprintf("%s gains %d ATK: %d", d.describe(m), o.N, d.atkOf(m)), ruleRef{})
}

// opGainBattleOpponentAtk its controller's LIGHT monster in battle gains the ATK of the monster it battles.
func opGainBattleOpponentAtk(d *duel, l *link, o Op) {
	p := l.ctrl
	m := d.lightBattler(p)
	if m == nil || !m.onField() || d.atk == nil {
		return
	}
	other := d.atk.attacker
	if other == m {
		other = d.atk.target
	}
	if other == nil {
		return
	}
	m.atkAdd += d.atkOf(other)
	d.emit("atk", p, m.name(), fmt.Sprintf("%s gains %d ATK: %d", d.describe(m), d.atkOf(other), d.atkOf(m)), ruleRef{})
}

// opHalveOriginalAtk halves the original ATK of its face-up target monsters.
func opHalveOriginalAtk(d *duel, l *link, o Op) {
	p := l.ctrl
	for _, t := range d.validTargets(l) {
		if t.loc == locMonster && t.faceUp {
			t.atkAdd -= t.atkBase / 2
			d.emit("atk", p, t.name(), fmt.Sprintf("%s's original ATK is halved: %d", d.describe(t), d.atkOf(t)), ruleRef{})
		}
	}
}

// opDestroyAtEndPhase its controller's face-up monsters that match `filter` are destroyed in the End Phase.
func opDestroyAtEndPhase(d *duel, l *link, o Op) {
	p := l.ctrl
	for _, m := range d.pl[p].mz {
		if m.faceUp && d.matches(m, o.Filter) {
			m.endDestroy = true
		}
	}
}

// opStatsBecome makes this card's ATK and DEF `n`, if it is face-up on the field ("Twin-Headed Behemoth").
func opStatsBecome(d *duel, l *link, o Op) {
	m := l.src
	if m.loc != locMonster || !m.faceUp {
		return
	}
	m.atkBase, m.defBase, m.atkAdd = o.N, o.N, 0
	d.emit("stats", m.ctrl, m.name(), fmt.Sprintf("%s's ATK and DEF become %d", d.describe(m), o.N), ruleRef{})
}

// opHalveTargetAtkDef halves the ATK and DEF of its face-up target ("Blackwing - Gale the Whirlwind").
func opHalveTargetAtkDef(d *duel, l *link, o Op) {
	for _, t := range d.validTargets(l) {
		if t.loc != locMonster || !t.faceUp {
			continue
		}
		t.atkAdd -= d.atkOf(t) / 2
		t.defBase -= d.def(t) / 2
		d.emit("stats", t.ctrl, t.name(), fmt.Sprintf("%s's ATK and DEF are halved by %s: %d/%d", d.describe(t), l.src.name(), d.atkOf(t), d.def(t)), ruleRef{})
	}
}

// opLoseAtkShielded makes its face-up target lose `n` ATK; for the rest of the turn it is unaffected by the effects of other Spell and Trap Cards ("Forbidden Lance"; lanceShielded).
func opLoseAtkShielded(d *duel, l *link, o Op) {
	for _, t := range d.validTargets(l) {
		if t.loc != locMonster || !t.faceUp {
			continue
		}
		t.atkAdd -= o.N
		t.stShield, t.stShieldBy = d.turn, l.src
		d.emit("stats", t.ctrl, t.name(), fmt.Sprintf("%s loses %d ATK (%s): %d; this turn it is unaffected by other Spell and Trap effects", d.describe(t), o.N, l.src.name(), d.atkOf(t)), ruleRef{})
	}
}

// lanceShielded: c is unaffected this turn by the effects of Spell and
// Trap Cards other than the one that shielded it (opLoseAtkShielded), so
// link l's effect does not reach it. Read by unaffectedBy (opponents.go).
func (d *duel) lanceShielded(c *inst, l *link) bool {
	if l == nil || c.stShield != d.turn || l.src == c.stShieldBy || l.src.c == nil || (l.src.c.Kind != CardSpell && l.src.c.Kind != CardTrap) || l.src.isMonster() {
		return false
	}
	d.emit("rule", c.ctrl, c.name(), fmt.Sprintf("%s is unaffected by %s this turn (%s)", d.describe(c), effectName(l.src.c, l.eff), c.stShieldBy.name()), ruleRef{})
	return true
}

// opMillGainAtk sends up to `what` (a number, default 3) cards from the
// top of its controller's Deck to the Graveyard, as many as the line
// declares (`declaring 2`, else the most), and the card gains `n` ATK for
// each until the End Phase ("Card Trooper").
func opMillGainAtk(d *duel, l *link, o Op) {
	most := o.What.number()
	if most <= 0 {
		most = 3
	}
	k := most
	if v, err := strconv.Atoi(strings.TrimSpace(l.declare)); err == nil && v >= 1 && v <= most {
		k = v
	}
	p, m := l.ctrl, l.src
	k = min(k, len(d.pl[p].deck))
	for range k {
		d.moveTo(d.pl[p].deck[0], locGY, "sent from the Deck by "+m.name())
	}
	if m.loc != locMonster || !m.faceUp || k == 0 {
		return
	}
	d.gainAtkUntilEnd(p, m, k*o.N)
}

// gainAtkUntilEnd: monster m gains n ATK until the End Phase of this turn
// (inst.turnAtk), by its controller p's effect.
func (d *duel) gainAtkUntilEnd(p int, m *inst, n int) {
	if m.turnAtkTurn != d.turn {
		m.turnAtk, m.turnAtkTurn = 0, d.turn
	}
	m.turnAtk += n
	d.emit("atk", p, m.name(), fmt.Sprintf("%s gains %d ATK until the End Phase: %d", d.describe(m), n, d.atkOf(m)), ruleRef{})
}
