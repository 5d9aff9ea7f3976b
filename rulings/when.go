package rulings

import (
	"fmt"
	"slices"
)

// Activation requirements: what an effect's `when:` (cards/*.yaml) asks of
// the moment it is activated in. conditionMet (chain.go) asks the check of
// the condition's entry in conditions (conditions.go); a condition without
// one asks nothing.
//
// Add a requirement: write a whenCheck below, one small function, and name it
// as the check of its condition's entry in conditions.

// whenCheck answers whether a requirement is met now for player p activating
// c's effect e, with top the last Chain Link (nil on an empty chain): "" when
// it is met, else why not, and the rule to cite (zero when no page states it).
type whenCheck func(d *duel, p int, c *inst, e *Effect, top *link) (string, ruleRef)

// unmet is the answer of a requirement no page states: "" when ok, else why.
func unmet(ok bool, why string) (string, ruleRef) {
	if ok {
		return "", ruleRef{}
	}
	return why, ruleRef{}
}

func inMainPhase(d *duel) bool { return d.phase == phaseMain1 || d.phase == phaseMain2 }

// whenMonsterSummoned: a monster has just been Summoned.
func whenMonsterSummoned(d *duel, _ int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(slices.Contains(d.winEvents, "monster-summoned"), "no monster has just been Summoned")
}

// whenAttackDeclared: an opponent's attack (or, for
// "opponent-direct-attack", a direct attack) has just been declared. A
// replay's redirected attack is not a new declaration, and once the chain
// answering the declaration has resolved the window is closed.
func whenAttackDeclared(d *duel, p int, _ *inst, e *Effect, _ *link) (string, ruleRef) {
	a := d.atk
	if a != nil && a.redirected && p != d.tp {
		return "the replay did not declare a new attack; the attack was only redirected", ref("Replays", d.p.Replay)
	}
	if a != nil && a.declWindow && p != d.tp && (e.When != WhenOpponentDirectAttack || a.target == nil) {
		return "", ruleRef{}
	}
	if a != nil && !a.declWindow && a.declChains > 0 && p != d.tp {
		r := plain("battle-phase-reference#battle-step")
		if d.oneChainOnAttack() {
			r = ref("Responses to an attack", d.p.OneChainOnAttack)
		}
		return "the chain that answered the attack declaration has resolved", r
	}
	if a != nil && a.declPassed && p != d.tp {
		r := plain("battle-phase-reference#battle-step")
		if d.oneChainOnAttack() {
			r = ref("Responses to an attack", d.p.OneChainOnAttack)
		}
		return "neither player answered the attack declaration, so its window has closed", r
	}
	return "it answers an attack declaration, and no attack has just been declared", ruleRef{}
}

// whenAttackOnDefense: a Defense Position monster of yours is attacked.
func whenAttackOnDefense(d *duel, p int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	a := d.atk
	return unmet(a != nil && a.target != nil && a.target.ctrl == p && a.targetDefense,
		"its condition (an attack on a Defense Position monster you control) is not met")
}

// whenTrapActivated: the last Chain Link is a Trap Card's activation.
func whenTrapActivated(_ *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	return unmet(top != nil && top.cardAct && top.src.c.Kind == CardTrap, "there is no Trap Card activation to answer")
}

// whenSpellActivated: the last Chain Link is a Spell Card's activation.
func whenSpellActivated(_ *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	return unmet(top != nil && top.cardAct && top.src.c.Kind == CardSpell, "there is no Spell Card activation to answer")
}

// whenSpellTrapActivated: the last Chain Link is a Spell or Trap Card's
// activation.
func whenSpellTrapActivated(_ *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	return unmet(top != nil && top.cardAct, "there is no Spell or Trap Card activation to answer")
}

// whenOpponentActivated: an opponent's card or effect is the last Chain Link.
func whenOpponentActivated(_ *duel, p int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	return unmet(top != nil && top.ctrl != p, "no opponent's card or effect has just been activated")
}

// whenMonsterEffectActivated: the last Chain Link is a monster's effect.
func whenMonsterEffectActivated(_ *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	return unmet(top != nil && top.src.isMonster() && !top.cardAct, "there is no monster effect activation to answer")
}

// whenDestroyingActivated: the last Chain Link would destroy a monster. A
// Trap Monster hit as a Trap Card does not count (HAT #4 point 9).
func whenDestroyingActivated(d *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	if top != nil && d.destroysMonsters(top) {
		return "", ruleRef{}
	}
	if top != nil && d.hitsTrapMonster(top) {
		return fmt.Sprintf("%s destroys the Trap Monster as a Trap Card, not as a monster", top.src.name()), plain("hat-04#point-9")
	}
	return "there is no activation that would destroy a monster on the field", ruleRef{}
}

// whenOpponentHand4: the opponent holds 4 or more cards.
func whenOpponentHand4(d *duel, p int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(len(d.pl[d.opp(p)].hand) >= 4, "the opponent has fewer than 4 cards in their hand")
}

// whenOwnMonsterBattles: a monster of yours that the effect names battles.
func whenOwnMonsterBattles(d *duel, p int, _ *inst, e *Effect, _ *link) (string, ruleRef) {
	return unmet(d.battler(p, e.Battler) != nil, "no monster of yours that it names is battling")
}

// whenLightMonsterBattles: a LIGHT monster of yours battles, in the Damage
// Step.
func whenLightMonsterBattles(d *duel, p int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(d.atk != nil && d.ds >= 0 && d.lightBattler(p) != nil, "no LIGHT monster of yours is battling")
}

// whenOwnBattleTiming: an effect used at a Damage Step timing while its own
// monster battles (or a Spell/Trap's, in any battle).
func whenOwnBattleTiming(d *duel, _ int, c *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(d.ds >= 0 && d.atk != nil && (d.atk.attacker == c || d.atk.target == c || !c.isMonster()),
		"it is used only while its monster battles")
}

// whenStandby: the Standby Phase.
func whenStandby(d *duel, _ int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(d.phase == phaseStandby, "it is used in the Standby Phase")
}

// whenEndPhase: the End Phase.
func whenEndPhase(d *duel, _ int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(d.phase == phaseEnd, "it is used in the End Phase")
}

// whenSpecialSummonActivated: the last Chain Link would Special Summon.
func whenSpecialSummonActivated(_ *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	return unmet(top != nil && summonsSpecial(top.eff),
		"no card or effect that would Special Summon a monster has just been activated")
}

// whenMainPhase: either Main Phase.
func whenMainPhase(d *duel, _ int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(inMainPhase(d), "it is activated only in a Main Phase")
}

// whenTookBattleDamage: you have just taken battle damage from an
// opponent's monster.
func whenTookBattleDamage(d *duel, p int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(d.tookBattleDamage(p), "you have not just taken battle damage from an opponent's monster")
}

// whenOpponentMainPhase: a Main Phase of the opponent's turn.
func whenOpponentMainPhase(d *duel, p int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(p != d.tp && inMainPhase(d), "it is activated only in the opponent's Main Phase")
}

// whenOwnTurnNotSentThisTurn: your turn, and not the turn the card went to
// the Graveyard.
func whenOwnTurnNotSentThisTurn(d *duel, p int, c *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(p == d.tp && c.gyTurn != d.turn,
		"it is activated only in your turn, and not in the turn the card was sent to the Graveyard")
}

// whenOwnMonsterDestroyedToGY: a monster you control has just been
// destroyed and sent to the Graveyard; a Trap Monster goes there as a Trap
// Card (HAT #4 point 13).
func whenOwnMonsterDestroyedToGY(d *duel, p int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	if slices.Contains(d.winEvents, fmt.Sprintf("monster-to-gy:%d", p)) {
		return "", ruleRef{}
	}
	if d.trapMonsterJustLeft(p) {
		return "the Trap Monster went to the Graveyard as a Trap Card, not as a monster", plain("hat-04#point-13")
	}
	return "no monster you control has just been destroyed and sent to the Graveyard", ruleRef{}
}

// whenOwnMonsterBounced: a monster you control has just been returned to
// your hand by an opponent's effect; a Trap Monster goes back as a Trap Card
// (HAT #4 point 15).
func whenOwnMonsterBounced(d *duel, p int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	if slices.Contains(d.winEvents, fmt.Sprintf("monster-bounced:%d", p)) {
		return "", ruleRef{}
	}
	if d.trapMonsterJustLeft(p) {
		return "the Trap Monster went back to the hand as a Trap Card, not as a monster", plain("hat-04#point-15")
	}
	return "no monster you control has just been returned to your hand by an opponent's card effect", ruleRef{}
}

// whenTrapDestroyingActivated: an opponent's activation would destroy a
// Trap Card you control; a Trap Monster is hit as a monster (HAT #4 point 10).
func whenTrapDestroyingActivated(d *duel, p int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	if top != nil && top.ctrl != p && d.destroysTraps(top, p) {
		return "", ruleRef{}
	}
	if top != nil && top.ctrl != p && d.hitsTrapMonster(top) {
		return fmt.Sprintf("%s destroys the Trap Monster as a monster, not as a Trap Card", top.src.name()), plain("hat-04#point-10")
	}
	return "no opponent's card or effect that would destroy a Trap Card you control has just been activated", ruleRef{}
}

// whenOpponentSpellActivated: the last Chain Link is an opponent's Spell
// Card activation ("Magic Drain").
func whenOpponentSpellActivated(_ *duel, p int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	return unmet(top != nil && top.cardAct && top.src.c.Kind == CardSpell && top.ctrl != p, "there is no opponent's Spell Card activation to answer")
}
