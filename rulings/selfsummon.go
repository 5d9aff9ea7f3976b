package rulings

// Monsters that Special Summon themselves by their own activated effect,
// from the hand or the Graveyard ("Battle Fader", "Plaguespreader Zombie"),
// and what such a Summon leaves on them: Defense Position, and "banish it
// when it leaves the field" (inst.banishOnLeave). Also the Standby Phase
// effects of cards in the Graveyard ("Sinister Serpent"), the cost of
// putting a card from the hand on top of the Deck, and Tokens that cannot
// be Tributed for a Tribute Summon. The hooks into the shared rooms are:
// opSpecialSummonSelf (summonSelfOptions), moveTo (leaveRedirect), move
// (the mark is lost when the card leaves), standbyTriggers
// (gyStandbyTriggers) and summon (tributeRefused).

import (
	"fmt"
)

// summonSelfOptions applies the `what:` of `special-summon-self` to the
// monster it has just Summoned: `defense` (handled by the caller's
// position), `banish-on-leave` (it is banished when it leaves the field).
func (d *duel) summonSelfOptions(c *inst, what What) {
	if what.has(WhatBanishOnLeave) && c.onField() {
		c.banishOnLeave = true
		d.emit("rule", c.ctrl, c.name(), fmt.Sprintf("%s will be banished when it leaves the field", c.name()), ruleRef{})
	}
}

// summonSelfDefense says whether `special-summon-self` Summons in Defense
// Position.
func summonSelfDefense(what What) bool {
	return what.has(WhatDefense)
}

// leaveRedirect sends a monster that must be banished when it leaves the
// field to the banished cards instead of wherever it was going.
func (d *duel) leaveRedirect(c *inst, to location, why string) (location, string) {
	if c.banishOnLeave && c.onField() && to != locBanished {
		return locBanished, why + "; it is banished instead, as it leaves the field"
	}
	// "Dark Magician of Chaos" as Goat plays it: while its effect applies,
	// it is removed from play whenever it would leave the field.
	if c.onField() && to != locBanished && d.live(c, "banished-when-leaves") != nil {
		return locBanished, why + "; by its own effect it is banished instead, as it leaves the field"
	}
	return to, why
}

// directAttackHandTriggers queues, when an opponent's monster declares a
// direct attack on p, the triggers of the cards in p's hand that answer it
// ("Battle Fader": `kind: trigger, from: hand, when:
// opponent-direct-attack`). They are Spell Speed 1 Trigger Effects: they
// start a chain after the declaration and cannot be chained to another
// Chain Link.
func (d *duel) directAttackHandTriggers(p int, target *inst) {
	if target != nil {
		return
	}
	for _, c := range d.pl[p].hand {
		if c.c == nil { // an unnamed card
			continue
		}
		for i := range c.c.Effects {
			if e := &c.c.Effects[i]; e.Kind == EffectTrigger && e.From == FromHand && e.When == WhenOpponentDirectAttack {
				d.queue(c, e, -1, nil)
			}
		}
	}
	d.startBuildIfDue()
}

// handTriggerChained refuses a line that chains a card whose only effect
// is a Trigger Effect from the hand ("Battle Fader") to a Chain Link: a
// Spell Speed 1 effect starts a chain and is never chained to one.
func (d *duel) handTriggerChained(a *Action) bool {
	if !a.Chain || len(d.chain) == 0 {
		return false
	}
	for _, e := range a.Card.Card.Effects {
		if e.Kind == EffectTrigger && e.From == FromHand {
			top := d.chain[len(d.chain)-1]
			d.illegal(fmt.Sprintf("%s's effect is a Trigger Effect (Spell Speed 1) activated from the hand when its condition is met; it cannot be chained to %s", a.Card.Card.Name, effectName(top.src.c, top.eff)), ruleRef{})
			return true
		}
	}
	return false
}

// gyStandbyTriggers queues the "standby-in-gy" triggers of the turn
// player's Graveyard ("Sinister Serpent").
func (d *duel) gyStandbyTriggers() {
	for _, c := range d.pl[d.tp].gy {
		d.selfTrigger(c, WhenStandbyInGY)
	}
}

// opReturnSelfToHand adds itself from the Graveyard to its owner's hand.
func opReturnSelfToHand(d *duel, l *link, o Op) {
	if l.src.loc == locGY && !d.gyLocked(l.src) {
		d.moveTo(l.src, locHand, "returned to the hand by its own effect")
	}
}

// handToDeckTopPick is the card of the hand a `hand-to-deck-top` cost
// puts back: the one the line names ("discarding X" or "returning X"),
// else the first other card.
func (d *duel) handToDeckTopPick(cc costCall) *inst {
	for _, r := range cc.a.Discard {
		if x := d.find(r, cc.p, locHand); x != nil && x != cc.c {
			return x
		}
	}
	for _, x := range d.pl[cc.p].hand {
		if x != cc.c && len(cc.a.Discard) == 0 {
			return x
		}
	}
	return nil
}

// checkHandToDeckTopCost: `hand-to-deck-top` needs a card in the hand.
func checkHandToDeckTopCost(cc costCall) bool {
	if cc.d.handToDeckTopPick(cc) == nil {
		return cc.illegal("%s has no card in hand to put on top of the Deck for %s", cc.d.pn(cc.p), cc.c.name())
	}
	return true
}

// payHandToDeckTopCost puts that card on top of the Deck.
func payHandToDeckTopCost(cc costCall) ([]string, bool) {
	x := cc.d.handToDeckTopPick(cc)
	cc.d.moveTo(x, locDeck, "put on top of the Deck as the cost of "+cc.c.name())
	return []string{"put " + x.name() + " on top of the Deck"}, true
}

// tributeRefused says why t cannot be Tributed for a Tribute Summon: a
// card with the continuous op `no-tribute-summon` ("Fluff Token"; with
// `what: summon-turn` only in the turn it was Summoned).
func (d *duel) tributeRefused(t *inst) string {
	e := t.hasOp(EffectContinuous, "no-tribute-summon")
	if e == nil {
		return ""
	}
	for _, o := range e.Do {
		if o.Op == "no-tribute-summon" && (o.What != WhatSummonTurn || t.summonTurn == d.turn) {
			return fmt.Sprintf("%s cannot be Tributed for a Tribute Summon", d.describe(t))
		}
	}
	return ""
}
