package rulings

// Ops that change Life Points. Each is registered under its name in opTable (optable.go).

import (
	"fmt"
)

// opDamage inflicts `n` damage to its target opponent (`to: opponent`, the default) or its controller (`to: you`); with `what: if-destroyed`, only if a `destroy` before it in the effect destroyed a card.
func opDamage(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if o.What == WhatIfDestroyed && !l.destroyedOne { // "and if you do" after a destroy ("Number 50: Blackship of Corn")
		return
	}
	to := p
	switch o.To {
	case ToOpponent, "":
		to = l.oppTarget(d, p)
	case ToYou:
		to = p
	}
	d.effectDamage(l, to, o.N, "damage from "+src.name(), ruleRef{})
}

// opDamageTargetAtk inflicts damage equal to the ATK of the monster the effect destroyed, to the players `to` names.
func opDamageTargetAtk(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if !l.destroyedOne || l.lastATK == 0 {
		return
	}
	for _, q := range d.turnOrderFrom(d.tp) {
		if o.To == ToBoth || (o.To == ToOpponent && q == l.oppTarget(d, p)) || (o.To == ToYou && q == p) {
			d.effectDamage(l, q, l.lastATK, "damage from "+src.name(), ruleRef{})
		}
	}
}

// opDamageLevelX100 inflicts 100 damage per Level of the monster discarded at random by the op before it.
func opDamageLevelX100(d *duel, l *link, o Op) {
	src := l.src
	if x := l.random; x != nil && x.isMonster() {
		d.effectDamage(l, x.owner, 100*x.c.Level, fmt.Sprintf("%s discarded a Level %d monster", src.name(), x.c.Level), ruleRef{})
	}
}

// opDamageIfDark inflicts `n` damage to the controller of each target that is a DARK monster.
func opDamageIfDark(d *duel, l *link, o Op) {
	src := l.src
	for _, t := range l.targets {
		if t.isMonster() && t.c.Attribute == "DARK" {
			d.effectDamage(l, t.ctrl, o.N, src.name()+" banished a DARK monster", ruleRef{})
		}
	}
}

// opDamageAttackerAtk inflicts damage equal to the attacking monster's ATK to its controller.
func opDamageAttackerAtk(d *duel, l *link, o Op) {
	src := l.src
	if d.atk != nil && d.atk.attacker.loc == locMonster {
		a := d.atk.attacker
		d.effectDamage(l, a.ctrl, d.atkOf(a), "damage from "+src.name(), ruleRef{})
	}
}

// opDamageBattleDestroyer inflicts damage equal to the ATK of the monster that destroyed it in battle, to that monster's controller.
func opDamageBattleDestroyer(d *duel, l *link, o Op) {
	src := l.src
	if b := l.battled; b != nil {
		d.effectDamage(l, b.ctrl, d.atkOf(b), "damage from "+src.name(), ruleRef{})
	}
}

// opDamagePerCard inflicts `n` damage per card in the target opponent's hand and field (`what: hand`: in the hand only, "Des Koala").
func opDamagePerCard(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	q := l.oppTarget(d, p)
	if o.What == WhatHand { // "Des Koala": the cards in the hand only
		n := len(d.pl[q].hand)
		d.damage(q, n*o.N, fmt.Sprintf("damage from %s: %d cards in hand", src.name(), n), ruleRef{})
		return
	}
	n := len(d.pl[q].hand) + len(d.fieldOf(q))
	d.effectDamage(l, q, n*o.N, fmt.Sprintf("damage from %s: %d cards in hand and on the field", src.name(), n), ruleRef{})
}

// opOpponentGainsLp the opponent (the player who gave control of the equipped monster, if any) gains `n` LP.
func opOpponentGainsLp(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if m := src.equipTo; m != nil && m.ctrlBack >= 0 {
		d.changeLP(m.ctrlBack, max(o.N, 0), "from "+src.name(), ruleRef{})
	} else {
		d.changeLP(d.opp(p), max(o.N, 0), "from "+src.name(), ruleRef{})
	}
}

// opBothLPZero makes every player's Life Points 0 ("Self-Destruct
// Button"): with both at 0 the duel is a draw.
func opBothLPZero(d *duel, l *link, o Op) {
	for _, q := range d.turnOrderFrom(d.tp) {
		if d.pl[q].lp > 0 {
			d.changeLP(q, -d.pl[q].lp, l.src.name()+"'s effect", ruleRef{})
		}
	}
}
