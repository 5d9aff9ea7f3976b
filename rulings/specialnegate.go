package rulings

// Negating any player's Special Summon ("Royal Oppression": either player
// may pay to negate the Special Summon of a monster, or the activation of a
// card or effect that would Special Summon one): the condition
// `special-summon-or-activated` answers a Special Summon that starts no
// chain (a Summon procedure, while the monster "would be Summoned",
// summonnegate.go) as well as such an activation, and `negate-summon` with
// `what: any-special` negates the Special Summon whoever made it. A monster
// whose Summon is negated this way is destroyed by the card that negated
// it, so its "destroyed by your opponent's card effect" trigger activates
// only if that card is its opponent's ("Grandmaster of the Six Samurai":
// `destroyed-by-opponent-effect-to-gy`, destroyedby.go).
//
// Also here: a monster of which its controller may control only one face-up
// copy (`unique-face-up`, "Grandmaster of the Six Samurai"), asked by
// summonBanned (players.go) for every Summon.

import "fmt"

// WhenSpecialSummonOrActivated is Royal Oppression's condition.
const WhenSpecialSummonOrActivated When = "special-summon-or-activated"

// whenSpecialSummonOrActivated: a monster would be Special Summoned by a
// Summon that starts no chain, or a card or effect that would Special
// Summon has just been activated.
func whenSpecialSummonOrActivated(d *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	if top != nil && summonsSpecial(top.eff) {
		return "", ruleRef{}
	}
	for _, m := range d.summonNegatable(top) {
		if m.special {
			return "", ruleRef{}
		}
	}
	if top != nil {
		return "no card or effect that would Special Summon a monster has just been activated", ruleRef{}
	}
	return "no monster would be Special Summoned and no card or effect that would Special Summon has just been activated", ruleRef{}
}

// uniqueBarred says why c cannot be Summoned: its controller already
// controls a face-up card of its name and the card allows only one.
func (d *duel) uniqueBarred(c *inst) string {
	if c.c == nil || c.hasOp(EffectContinuous, "unique-face-up") == nil {
		return ""
	}
	for _, m := range d.pl[c.ctrl].mz {
		if m != c && m.faceUp && m.c == c.c {
			return fmt.Sprintf("%s may control only 1 face-up %s", d.pn(c.ctrl), c.name())
		}
	}
	return ""
}

// untriggered says, for a card whose only way to be activated where it is
// now would be a Trigger Effect that has not been triggered, that it
// cannot be activated (an illegal action, not a mistake in the scenario):
// "Grandmaster of the Six Samurai" destroyed by its own player's card has
// nothing to activate. Pending triggers are found before this is asked.
func untriggered(c *inst) string {
	if why := gyLeftUntriggered(c); why != "" { // gyleft.go
		return why
	}
	if c.loc != locGY || c.c == nil {
		return ""
	}
	for i := range c.c.Effects {
		if e := &c.c.Effects[i]; e.Kind == EffectTrigger && e.Optional && e.When == trigDestroyedByOppEffect {
			return fmt.Sprintf("%s's effect was not triggered (it needs an opponent's card effect to destroy it), so it cannot be activated", c.name())
		}
		if e := &c.c.Effects[i]; e.Kind == EffectTrigger && e.When == TrigLastWill { // lastwill.go
			return fmt.Sprintf("%s's Special Summon is not available now: it comes only the first time a monster its player controlled goes to the Graveyard after it resolved, and that chance is spent", c.name())
		}
	}
	return ""
}
