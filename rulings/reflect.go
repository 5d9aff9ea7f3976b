package rulings

// Damage reflection: "Barrel Behind the Door", a Counter Trap activated when
// an opponent's card or effect that would inflict damage to its controller
// is activated, makes the opponent take that damage instead
// (battle-phase-reference#activation-example-3). The activation requirement
// is `when: damage-to-you-activated` (whenDamageToYou); the op
// `reflect-damage` marks the Chain Link it answers (link.reflect); damage
// (effectloss.go), the one way damage is inflicted, reads the mark of the
// link resolving (duel.resolving, set by resolveLink in chain.go) through
// reflected.

import "fmt"

// inflictsDamageTo says whether link l would inflict effect damage to p.
func (d *duel) inflictsDamageTo(l *link, p int) bool {
	if l == nil || l.ctrl == p {
		return false
	}
	for _, o := range l.eff.Do {
		if o.Op.is(traitDamage) && (o.To == "" || o.To == ToOpponent || o.To == ToBoth) {
			return true
		}
	}
	return false
}

// whenDamageToYou: the newest Chain Link is an opponent's card or effect
// that would inflict damage to the player activating.
func whenDamageToYou(d *duel, p int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	return unmet(d.inflictsDamageTo(top, p), "no card or effect that would inflict damage to you has just been activated")
}

// opReflectDamage: the damage the answered link would inflict to this
// card's controller goes to the player who activated it instead.
func opReflectDamage(d *duel, l *link, o Op) {
	t := l.respTo
	if t == nil {
		return
	}
	t.reflect = append(t.reflect, l.ctrl)
	d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("the damage %s would inflict to %s goes to %s instead", t.src.name(), d.pn(l.ctrl), d.pn(t.ctrl)), ruleRef{})
}

// reflected is the player who takes damage meant for p: the controller of
// the resolving link when a reflection covers p, else p.
func (d *duel) reflected(p int) int {
	l := d.resolving
	if l == nil {
		return p
	}
	for _, q := range l.reflect {
		if q == p && l.ctrl != p {
			d.emit("rule", p, l.src.name(), fmt.Sprintf("%s's damage to %s is reflected to %s", l.src.name(), d.pn(p), d.pn(l.ctrl)), ruleRef{})
			return l.ctrl
		}
	}
	return p
}
