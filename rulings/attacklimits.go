package rulings

// Limits on declaring an attack that come from card effects on the
// attacking monster or the field: a monster that "cannot attack" ("Instant
// Fusion"), "Mystic Mine"'s lock, a monster that may attack every opposing
// monster once each ("Ultimate Conductor Tyranno"), and piercing damage
// that depends on Life Points ("Aromage Bergamot"). With several
// opponents, each continuous effect on "your opponent" is applied opponent
// by opponent (opponents.go).

import "fmt"

// attackAllowed checks the effects that stop m from attacking target (nil:
// directly) or player def.
func (d *duel) attackAllowed(m, target *inst, def int) bool {
	if m.noAttack {
		d.illegal(fmt.Sprintf("%s cannot attack: the effect that Summoned it says so", m.name()), ruleRef{})
		return false
	}
	if why := d.directAttackBarred(m); target == nil && why != "" { // directlimit.go
		d.illegal(why, ruleRef{})
		return false
	}
	return d.mineAllows(m.ctrl, "declare an attack")
}

// attackAgain reports whether m, which has already attacked this turn,
// may declare another attack on target: a monster that "can attack every
// monster your opponent controls, once each" ("Ultimate Conductor
// Tyranno") may attack each opponent's monster once, and in Domain every
// opponent's monsters (domain-continuous-effects#example-3).
func (d *duel) attackAgain(m, target *inst) bool {
	if m.hasOp(EffectContinuous, "attack-all-monsters") == nil || m.effNegated || target == nil {
		return false
	}
	if !d.reaches(m.ctrl, target.ctrl, nil) {
		return false
	}
	for _, id := range m.hit {
		if id == target.id {
			d.illegal(fmt.Sprintf("%s may attack each of its opponents' monsters once, and has attacked %s already", m.name(), d.describe(target)), d.continuousRef())
			return false
		}
	}
	return true
}

// noteAttack records the monster m attacked.
func (m *inst) noteAttack(target *inst) {
	if target != nil {
		m.hit = append(append([]int{}, m.hit...), target.id)
	}
}

// mineLock is the face-up "Mystic Mine" that stops p from activating
// monster effects and declaring attacks, or nil. Its controller o locks
// every opponent who controls more monsters than o (each opponent on its
// own: domain-additional-examples#example-5), and locks o itself if an
// opponent controls fewer monsters than o (one such opponent is enough).
func (d *duel) mineLock(p int) *inst {
	for _, x := range d.allField() {
		if !x.faceUp || x.effNegated || x.hasOp(EffectContinuous, "mystic-mine") == nil {
			continue
		}
		o := x.ctrl
		if p != o && d.reaches(o, p, func(q int) bool { return d.monsterCount(q) > d.monsterCount(o) }) {
			return x
		}
		if p == o && d.anOpponent(o, func(q int) bool { return d.monsterCount(q) < d.monsterCount(o) }) {
			return x
		}
	}
	return nil
}

// mineAllows refuses what a "Mystic Mine" forbids p (what: "declare an
// attack", "activate monster effects").
func (d *duel) mineAllows(p int, what string) bool {
	x := d.mineLock(p)
	if x == nil {
		return true
	}
	why := fmt.Sprintf("an opponent of %s controls fewer monsters than %s", d.pn(x.ctrl), d.pn(x.ctrl))
	if p != x.ctrl {
		why = fmt.Sprintf("%s controls more monsters than %s, its controller", d.pn(p), d.pn(x.ctrl))
	}
	r := plain("domain-additional-examples#example-5")
	if len(d.pl) <= 2 {
		r = ruleRef{}
	}
	d.illegal(fmt.Sprintf("%s cannot %s: %s is face-up and %s", d.pn(p), what, d.describe(x), why), r)
	return false
}

// pierces reports whether attacker a inflicts piercing battle damage to
// player q: its own effect, or a face-up card of its controller's that
// gives piercing to monsters matching its filter while that player's LP
// are higher than the damaged opponent's ("Aromage Bergamot"; in Domain
// compared with each opponent on its own: domain-continuous-effects#example-6).
func (d *duel) pierces(a *inst, q int) bool {
	if d.live(a, "piercing") != nil {
		return true
	}
	p := a.ctrl
	for _, x := range d.fieldOf(p) {
		if !x.faceUp || x.effNegated {
			continue
		}
		for _, o := range x.c.Effects {
			if o.Kind != EffectContinuous {
				continue
			}
			for _, op := range o.Do {
				if op.Op == "piercing-if-lp-higher" && d.matches(a, op.Filter) &&
					d.reaches(p, q, func(q int) bool { return d.pl[q].lp < d.pl[p].lp }) {
					d.emit("rule", p, x.name(), fmt.Sprintf("%s: %s has more LP than %s, so %s inflicts piercing damage", x.name(), d.pn(p), d.pn(q), a.name()), d.continuousRef())
					return true
				}
			}
		}
	}
	return false
}
