package rulings

import "fmt"

// Effect negation that is not activation negation. Negating an activation
// (Solemn Judgment, opNegateActivation) cancels one Chain Link; negating
// effects stops what a card does while it stays where it is:
//
//   - for a while, on one card: "Effect Veiler" and "Breakthrough Skill"
//     until the end of the turn (inst.negTurn), "Fiendish Chain" while it
//     stays face-up (inst.negBy), "Dark Balter the Terrible" on what it
//     destroys by battle (inst.effNegated);
//   - continuously, on a class of cards: "Skill Drain" (every face-up
//     monster on the field), "Destiny HERO - Plasma" (the opponent's face-up
//     monsters), "Jinzo" and "Royal Decree" (Trap Cards on the field), and
//     "Trap Stun" (Trap Cards on the field, for the rest of the turn).
//
// negatedNow is the one question the engine asks: a resolving link whose
// card is negated does nothing (resolveLink), and a continuous effect
// applies only through live. A monster effect that negates an effect but
// not its activation cannot be activated in the Damage Step (hat-06#point-3):
// the Damage Step rules see it through Effect.Negates ("effect").

// negatedNow reports whether the effects of c are negated right now. Only a
// face-up card on the field is negated: a card that leaves it is a new card.
func (d *duel) negatedNow(c *inst) bool {
	if c == nil || c.c == nil || !c.onField() || !c.faceUp {
		return false
	}
	if d.marked(c) {
		return true
	}
	if c.isMonster() && c.loc == locMonster && d.monsterNegator(c) != nil {
		return true
	}
	return !c.isMonster() && d.trapNegated(c)
}

// marked: negated by an effect that named this card (Veiler, Fiendish
// Chain, Dark Balter).
func (d *duel) marked(c *inst) bool {
	if c.effNegated || (c.negTurn != 0 && c.negTurn == d.turn) {
		return true
	}
	b := c.negBy
	return b != nil && b.onField() && b.faceUp && !d.marked(b) && !d.trapNegatedBySpellTrap(b)
}

// live returns c's continuous effect with op, if c is face-up on the field
// and its effects are not negated: the way to read a monster's Continuous
// Effect ("piercing", "negate-traps") so that negation reaches it.
func (d *duel) live(c *inst, op OpName) *Effect {
	if c == nil || !c.onField() || !c.faceUp || d.negatedNow(c) {
		return nil
	}
	return c.hasOp(EffectContinuous, op)
}

// monsterNegator is the face-up card that negates monster m's effects:
// "Skill Drain" for every face-up monster, "Destiny HERO - Plasma" for its
// opponent's. A Trap that negates monsters is not itself negated by the
// monsters it negates ("Skill Drain" keeps "Jinzo" negated), so only
// Spells and Traps that negate Traps can stop it.
func (d *duel) monsterNegator(m *inst) *inst {
	for _, f := range d.allField() {
		if f == m || !f.faceUp || f.c == nil {
			continue
		}
		if f.hasOp(EffectContinuous, "negate-monster-effects") != nil && !d.marked(f) && !d.trapNegatedBySpellTrap(f) {
			return f
		}
		if f.loc == locMonster && f.ctrl != m.ctrl && d.reaches(f.ctrl, m.ctrl, nil) && f.hasOp(EffectContinuous, "negate-opponent-monster-effects") != nil && !d.marked(f) && d.monsterNegatorOf(f) == nil {
			return f
		}
	}
	return nil
}

// monsterNegatorOf is a face-up Spell or Trap that negates every monster
// ("Skill Drain") and applies to m: the check that keeps monster negators
// from asking each other forever.
func (d *duel) monsterNegatorOf(m *inst) *inst {
	for _, f := range d.allField() {
		if f != m && f.faceUp && !f.isMonster() && f.hasOp(EffectContinuous, "negate-monster-effects") != nil && !d.marked(f) && !d.trapNegatedBySpellTrap(f) {
			return f
		}
	}
	return nil
}

// trapNegatedBySpellTrap reports whether a Trap c on the field is negated
// by a Spell or Trap ("Royal Decree" other than c, "Trap Stun" this turn).
func (d *duel) trapNegatedBySpellTrap(c *inst) bool {
	if c.c == nil || c.c.Kind != CardTrap || c.isMonster() || !c.onField() {
		return false
	}
	if d.trapStunTurn != 0 && d.trapStunTurn == d.turn && c != d.trapStunSrc {
		return true
	}
	for _, f := range d.allField() {
		if f != c && f.faceUp && f.hasOp(EffectContinuous, "negate-other-traps") != nil && !d.marked(f) {
			return true
		}
	}
	return false
}

// negatedAtResolution reports why a resolving link does nothing although
// its activation stands: its card's effects are negated. A monster's
// effect is negated while the monster is face-up on the field; a Trap
// Card's while it is on the field.
func (d *duel) negatedAtResolution(l *link) string {
	c := l.src
	if k := d.flipNegator(l); k != nil {
		return fmt.Sprintf("%s destroyed it by battle while its controller controls no other monster, so its Flip Effect is negated", k.name())
	}
	if !d.negatedNow(c) {
		return ""
	}
	if c.isMonster() {
		return "its effect is negated"
	}
	if c.c.Kind == CardTrap {
		return "Trap effects on the field are negated"
	}
	return ""
}

// opNegateEffects negates the effects of its face-up target monsters:
// `what: turn` until the end of the turn ("Effect Veiler", "Breakthrough
// Skill"), `what: while-source` while this card stays face-up on the field
// ("Fiendish Chain").
func opNegateEffects(d *duel, l *link, o Op) {
	for _, t := range d.validTargets(l) {
		if t.loc != locMonster || !t.faceUp {
			continue
		}
		how := "until the end of the turn"
		if o.What == WhatWhileSource {
			if !l.src.onField() || !l.src.faceUp {
				continue
			}
			t.negBy = l.src
			how = "while " + l.src.name() + " stays face-up"
		} else {
			t.negTurn = d.turn
		}
		d.emit("negate", l.ctrl, t.name(), fmt.Sprintf("%s negates the effects of %s %s", l.src.name(), d.describe(t), how), ruleRef{})
	}
}

// opNegateTrapsThisTurn negates every other Trap effect on the field for
// the rest of the turn ("Trap Stun").
func opNegateTrapsThisTurn(d *duel, l *link, o Op) {
	d.trapStunTurn, d.trapStunSrc = d.turn, l.src
	d.emit("negate", l.ctrl, l.src.name(), fmt.Sprintf("%s negates the effects of every other Trap Card on the field this turn", l.src.name()), ruleRef{})
}

// boundCannotAttack reports the face-up card that keeps m from attacking
// while it negates m ("Fiendish Chain": `bound-cannot-attack`).
func (d *duel) boundCannotAttack(m *inst) *inst {
	b := m.negBy
	if b != nil && b.onField() && b.faceUp && d.live(b, "bound-cannot-attack") != nil {
		return b
	}
	return nil
}

// boundDestroyed destroys the card that negated a monster when that monster
// is destroyed, if its text says so ("Fiendish Chain":
// `destroyed-with-bound`).
func (d *duel) boundDestroyed(b *inst) {
	if b != nil && b.onField() && b.faceUp && b.hasOp(EffectContinuous, "destroyed-with-bound") != nil {
		d.destroy(b, "its own effect, as the monster it negated was destroyed", false)
	}
}

// flipNegator is the monster that negates the Flip Effect of l: the
// monster that destroyed l's card by battle, face-up with
// `negate-flips-it-destroys`, while its controller controls no other
// monster ("Blade Knight"), or nil.
func (d *duel) flipNegator(l *link) *inst {
	k, c := l.battled, l.src
	if k == nil || !(c.markedBattle || c.battleKilled) || l.eff.Kind != EffectFlip && l.eff.When != TrigFlip {
		return nil
	}
	if k.ctrl == c.ctrl || d.live(k, "negate-flips-it-destroys") == nil || len(d.pl[k.ctrl].mz) != 1 {
		return nil
	}
	return k
}
