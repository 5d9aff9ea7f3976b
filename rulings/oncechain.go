package rulings

import "fmt"

// Effects used once per Chain that answer any activation: "Light and
// Darkness Dragon" must, once per Chain, answer the activation of a Spell
// Card, Trap Card or monster effect by losing 500 ATK and DEF and negating
// that activation (battle-phase-reference#damage-step-example-4). The card
// writes it as a mandatory quick effect `when: activation-once-per-chain`,
// which forcedResponses (rules.go) chains at once through condHolds; a
// monster already destroyed by battle is still on the field until the end of
// the Damage Step, so it still does (battle-phase-reference#substep-5).

// whenActivationOncePerChain: the newest Chain Link is a Spell or Trap
// Card's activation or a monster effect, not this card's, and this card has
// no Chain Link in the chain yet.
func whenActivationOncePerChain(d *duel, _ int, c *inst, _ *Effect, top *link) (string, ruleRef) {
	if !d.oncePerChainMet(c, top) {
		return "there is no activation to answer, or it already answered one in this chain", ruleRef{}
	}
	return "", ruleRef{}
}

// oncePerChainMet says whether c may answer top: an activation of a card or
// of a monster's effect, while c has no link of its own in the chain.
func (d *duel) oncePerChainMet(c *inst, top *link) bool {
	if top == nil || top.src == c || !(top.cardAct || top.src.isMonster()) {
		return false
	}
	for _, l := range d.chain {
		if l.src == c {
			return false
		}
	}
	return true
}

// opNegateLosingAtkDef resolves "Light and Darkness Dragon"'s negation: it
// loses n ATK and DEF and negates the activation only while it is still
// face-up on the field with at least n ATK and n DEF; otherwise nothing
// happens. Sources: the card's rulings as ygorulings.blogspot.com explained
// them in May 2010 ("if it succeeds in reducing both its ATK and DEF by
// 500") and as huntlist.eu lists them (less than 500 ATK or DEF, or no
// longer face-up in the Monster Zone: nothing happens).
func opNegateLosingAtkDef(d *duel, l *link, o Op) {
	c := l.src
	if c.loc != locMonster || !c.faceUp || d.atkOf(c) < o.N || d.def(c) < o.N {
		d.emit("resolve", l.ctrl, c.name(), fmt.Sprintf("%s has less than %d ATK or DEF, or is no longer face-up on the field, so nothing happens", c.name(), o.N), ruleRef{})
		return
	}
	opLoseAtkDef(d, l, Op{Op: "lose-atk-def", N: o.N, What: WhatSelf})
	opNegateActivation(d, l, Op{Op: "negate-activation"})
}
