package rulings

// Field Spells that lower the Tributes a Normal Summon needs ("Geartown":
// `fewer-tributes`, n fewer for each monster matching its filter, from
// either player's hand), asked by tributesNeeded (summon.go), and
// Geartown's trigger on being destroyed by any means and sent to the
// Graveyard (`destroyed-to-gy`, queued by destroyTo in zones.go). Whether
// it can still be activated after a new Field Spell replaced it depends on
// how that Spell was placed (replaceOwnField, summon.go, and the missed
// timing of timingmiss.go).

import "fmt"

// TrigDestroyedAnyToGY: this card is destroyed, by battle, a card effect
// or game mechanics, and sent to the Graveyard.
const TrigDestroyedAnyToGY When = "destroyed-to-gy"

// fewerTributes is how many fewer Tributes the face-up cards on the field
// let c's Normal Summon need.
func (d *duel) fewerTributes(c *inst) int {
	n := 0
	for _, f := range d.allField() {
		for _, o := range continuousOps(f, "fewer-tributes") {
			if d.live(f, "fewer-tributes") != nil && d.matches(c, o.Filter) {
				n += o.N
			}
		}
	}
	return n
}

// replaceOwnFieldForActivation replaces p's own Field Spell as a new one is
// activated: the old one is destroyed as part of starting the chain, so an
// optional "when ... you can" trigger it sets off misses its timing, the
// activation having happened after it (edison-02#own-field).
func (d *duel) replaceOwnFieldForActivation(p int, c *inst) {
	since := d.trigSeq
	d.replaceOwnField(p)
	d.overtake(since, fmt.Sprintf("it was destroyed as %s was activated, and the activation happened after it", c.name()))
}

// fieldSetTriggers opens the game state after a Field Spell Set over its
// player's own one: the old card was destroyed without a chain, so the
// triggers it set off go on a chain at once (edison-02#own-field).
func (d *duel) fieldSetTriggers() {
	if len(d.pending) == 0 {
		return
	}
	d.fresh = true
	d.startBuildIfDue()
}

// missedOutsideBuild refuses the line that activates a trigger waiting
// while no chain is being built for it, when the trigger has missed its
// timing ("Geartown" destroyed as a new Field Spell was activated: the
// chain that activation started is open). It reports whether it refused.
func (d *duel) missedOutsideBuild(a *Action) bool {
	tr := d.pendingFor(a.Card.Card, a.Player)
	if tr == nil || d.building {
		return false
	}
	why, r := d.missedTiming(tr)
	if why == "" {
		return false
	}
	d.illegal(why+", so it cannot be activated", r)
	return true
}
