package rulings

// Triggers on being destroyed by an opponent's card while in its owner's
// possession ("Fire Hand", "Ice Hand": `when: destroyed-in-possession-to-gy`).
// "In your possession" is wider than "you control": a monster whose Summon
// is negated was never on the field, yet it was in its owner's possession,
// so these triggers still activate then
// (https://ygorganization.com/?p=10918, "Summon Negation Window"); the
// Konami blog says the same of the Hands and "Solemn Warning"
// (https://yugiohblog.konami.com/articles/?p=6070). The destroying card is
// the monster it battled, or the card whose effect is resolving
// (duel.execLink, set by exec in op.go). destroyTo (zones.go) calls
// destroyedByOpponent after the card has moved.

// trigDestroyedByOpponent is the condition of this file.
const trigDestroyedByOpponent When = "destroyed-in-possession-to-gy"

// trigDestroyedByOppEffect is the same by an opponent's card effect only,
// not by battle ("Grandmaster of the Six Samurai"; specialnegate.go).
const trigDestroyedByOppEffect When = "destroyed-by-opponent-effect-to-gy"

// destroyedByOpponent queues c's `destroyed-by-opponent-to-gy` triggers if
// it was destroyed while its owner had it (held is whether its owner
// controlled it) by battle or by an opponent's card effect, and went to the
// Graveyard.
func (d *duel) destroyedByOpponent(c *inst, held, battle bool) {
	if !held || c.loc != locGY || c.c == nil {
		return
	}
	if !battle && (d.execLink == nil || d.execLink.ctrl == c.owner) {
		return
	}
	for i := range c.c.Effects {
		e := &c.c.Effects[i]
		if e.Kind != EffectTrigger || e.When != trigDestroyedByOpponent && (battle || e.When != trigDestroyedByOppEffect) {
			continue
		}
		if battle {
			d.queueBattle(c, e, TrigDestroyedToGY, nil)
		} else {
			d.queue(c, e, -1, nil)
		}
	}
}

// keptWhenSummonNegated: the trigger still activates when its card's
// Summon is negated (negateSummon, summonnegate.go).
func keptWhenSummonNegated(tr *trig) bool {
	return tr.eff.When == trigDestroyedByOpponent || tr.eff.When == trigDestroyedByOppEffect
}
