package rulings

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
