package rulings

// Effects used once per Chain that answer any activation: "Light and
// Darkness Dragon" must, once per Chain, answer the activation of a Spell
// Card, Trap Card or monster effect by losing 500 ATK and DEF and negating
// that activation (battle-phase-reference#damage-step-example-4). The card
// writes it as a mandatory quick effect `when: activation-once-per-chain`,
// which forcedResponses (rules.go) chains at once through condHolds; a
// monster already destroyed by battle is still on the field until the end of
// the Damage Step, so it still does (battle-phase-reference#substep-5).

import "fmt"

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

// opLoseAtkDef: the card itself loses `n` ATK and DEF ("Light and Darkness
// Dragon"): a lasting change of its ATK and of its DEF.
func opLoseAtkDef(d *duel, l *link, o Op) {
	m := l.src
	if m.loc != locMonster || !m.faceUp {
		return
	}
	m.atkAdd -= o.N
	m.defBase -= o.N
	d.emit("atk", l.ctrl, m.name(), fmt.Sprintf("%s loses %d ATK and DEF: %d/%d", d.describe(m), o.N, d.atkOf(m), d.def(m)), ruleRef{})
}
