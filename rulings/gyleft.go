package rulings

// Triggers on a card leaving a Graveyard because of another player, and
// the Xyz Summon on top of the triggering card ("Exosister Elis": when a
// card in any Graveyard leaves it by an opponent's action, Xyz Summon an
// "Exosister" Xyz Monster using this card as the material). A Deck Master
// returned from the Graveyard to its zone leaves a Graveyard by its
// owner's action (domain-returning#example-8): returnDM (deckmaster.go)
// calls gyLeft. Other ways of leaving a Graveyard do not call it yet.

import "fmt"

// gyLeft queues, after c left a Graveyard by player by's action, the
// `card-left-gy-by-opponent` triggers of the face-up cards of by's
// opponents whose effects are not negated.
func (d *duel) gyLeft(c *inst, by int) {
	for _, w := range d.allField() {
		if !w.faceUp || w.c == nil || w.ctrl == by || by < 0 || d.negatedNow(w) {
			continue
		}
		for e := range w.triggersOn(WhenCardLeftGYByOpponent) {
			d.queue(w, e, -1, c)
		}
	}
}

// opXyzOnSelf Xyz Summons from the Extra Deck an Xyz Monster matching `filter`, using this card, still face-up on its controller's field, as its material ("Exosister Elis").
func opXyzOnSelf(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if !src.onField() || !src.faceUp || src.ctrl != p {
		d.emit("rule", p, src.name(), fmt.Sprintf("%s is no longer face-up on %s's field, so nothing is Xyz Summoned", src.name(), d.pn(p)), ruleRef{})
		return
	}
	var c *inst
	for _, x := range d.pl[p].extra {
		if x.c.Has(SubXyz) && d.matches(x, o.Filter) && (len(l.choose) == 0 || containsInst(l.choose, x)) {
			c = x
			break
		}
	}
	if c == nil {
		d.emit("rule", p, src.name(), fmt.Sprintf("%s has no %s Xyz Monster in the Extra Deck", d.pn(p), filterText(o.Filter)), ruleRef{})
		return
	}
	d.attach(c, src)
	from := d.specialPlace(c, p, true, false)
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Xyz Summons %s from %s using %s (%s's effect)", d.pn(p), c.name(), from, src.name(), src.name()), ruleRef{})
	d.selfTrigger(c, WhenXyzSummoned, WhenSpecialSummoned, WhenSummoned)
	d.faceUpNow(c)
	d.afterSummon(c)
}

// gyLeftUntriggered says why a face-up card whose only way to act on the
// field is a `card-left-gy-by-opponent` trigger cannot be activated: no
// card left a Graveyard by an opponent's action (its trigger is not
// waiting), or "".
func gyLeftUntriggered(c *inst) string {
	if !c.onField() || !c.faceUp || c.c == nil {
		return ""
	}
	for range c.triggersOn(WhenCardLeftGYByOpponent) {
		return fmt.Sprintf("%s's effect was not triggered (no card left a Graveyard by an opponent's action), so it cannot be activated", c.name())
	}
	return ""
}
