package rulings

// Ops that change a battle or the Battle Phase, and ops that negate. Each is registered under its name in opTable (optable.go).

import (
	"fmt"
)

// opNegateActivation negates the activation of the link it responds to; negate-and-destroy also destroys that card.
func opNegateActivation(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if t := l.respTo; t != nil {
		t.negated = true
		t.rec.Negated = true
		d.emit("negate", p, t.src.name(), fmt.Sprintf("%s negates the activation of %s", src.name(), effectName(t.src.c, t.eff)), ruleRef{})
		if o.Op == "negate-and-destroy" && t.src.onField() {
			d.destroy(t.src, src.name(), false)
		}
	}
}

// opNoBattleDamage its controller takes no battle damage this turn.
func opNoBattleDamage(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	d.pl[p].noBattleDamage = true
	d.emit("rule", p, src.name(), fmt.Sprintf("%s takes no battle damage this turn", d.pn(p)), ruleRef{})
}

// opNoBattleDestruction its controller's monsters cannot be destroyed by battle this turn.
func opNoBattleDestruction(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	d.pl[p].noBattleDestroy = true
	d.emit("rule", p, src.name(), fmt.Sprintf("%s's monsters cannot be destroyed by battle this turn", d.pn(p)), ruleRef{})
}

// opDoubleBattleDamageIfLower this battle, the player with the weaker monster deals double damage (Cross Counter).
func opDoubleBattleDamageIfLower(d *duel, l *link, o Op) {
	p := l.ctrl
	if d.atk != nil {
		d.atk.crossCounter = p
	}
}

// opDestroyAttackerAfterCalc the attacking monster is destroyed after damage calculation.
func opDestroyAttackerAfterCalc(d *duel, l *link, o Op) {
	if d.atk != nil {
		d.atk.destroyAfterCalc = true
	}
}

// opHalveAttackerAtk halves the attacking monster's ATK.
func opHalveAttackerAtk(d *duel, l *link, o Op) {
	src := l.src
	if d.atk != nil && d.atk.attacker.loc == locMonster {
		d.halveAttacker(d.atk.attacker, src)
	}
}

// opNegateAttack negates the attack.
func opNegateAttack(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if d.atk != nil {
		d.emit("attack", p, src.name(), fmt.Sprintf("%s negates the attack of %s", src.name(), d.atk.attacker.name()), ruleRef{})
		d.atk = nil
	}
}

// opNoBattlePhase its controller cannot conduct a Battle Phase this turn.
func opNoBattlePhase(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	d.pl[p].noBattlePhase = true
	d.emit("rule", p, src.name(), fmt.Sprintf("%s cannot conduct a Battle Phase this turn", d.pn(p)), ruleRef{})
}
