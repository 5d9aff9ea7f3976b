package rulings

import (
	"fmt"
	"slices"
)

// The end-of-turn discard for hand size (goat-19, hat-08).

// handDiscard plays "A discards X for hand size".
func (d *duel) handDiscard(a *Action) {
	p := a.Player
	if p != d.tp {
		d.fail("only the turn player (%s) discards for hand size", d.pn(d.tp))
		return
	}
	if len(d.chain) > 0 {
		d.fail("a chain is still open; resolve it first (both pass)")
		return
	}
	if d.phase != phaseEnd {
		d.changePhase(p, phaseEnd)
		if d.stopped || d.over {
			return
		}
	}
	hand := len(d.pl[p].hand)
	if hand-len(a.Discard) != 6 {
		d.illegal(fmt.Sprintf("%s holds %d cards and discards down to 6: that is %d card(s), not %d", d.pn(p), hand, max(hand-6, 0), len(a.Discard)), ruleRef{})
		return
	}
	var cards []*inst
	for _, r := range a.Discard {
		x := d.find(r, p, locHand)
		if x == nil || slices.Contains(cards, x) {
			d.fail("%s", d.whereText(r, p, "hand"))
			return
		}
		cards = append(cards, x)
	}
	d.tick()
	before := len(d.pending)
	for _, x := range cards {
		d.discard(x, "discarded for hand size")
	}
	for _, tr := range d.pending[before:] {
		tr.eot = true
	}
	r := ref("End-of-turn discard", d.p.HandSizeDiscard)
	switch d.handSizeDiscard() {
	case DiscardRespond:
		d.emit("rule", p, "", "the discard for hand size is an ordinary action: players may respond to it", r)
		d.winEvents, d.fresh = []string{"hand-size-discard"}, true
		d.clearPasses()
	case DiscardLocked:
		d.emit("rule", p, "", "nobody may respond to the discard for hand size; only a mandatory Trigger Effect it sets off forms a chain", r)
		d.eotLock = true
	default:
		d.emit("rule", p, "", "nobody may respond to the discard for hand size; the effects it sets off activate on a new chain", r)
		d.eotLock = true
	}
	d.startBuildIfDue()
}

// handSizeAllows applies the end-of-turn discard's limits to an
// activation made after it.
func (d *duel) handSizeAllows(p int, c *inst, e *Effect) bool {
	if !d.eotLock {
		return true
	}
	r := ref("End-of-turn discard", d.p.HandSizeDiscard)
	if len(d.chain) == 0 {
		d.illegal(fmt.Sprintf("%s cannot be activated: the discard for hand size is the last thing in the turn, and nobody may respond to it", effectName(c.c, e)), r)
		return false
	}
	if d.handSizeDiscard() != DiscardLocked {
		return true
	}
	sp := e.speed(c.c)
	if sp >= 3 || (sp == 2 && (e.Negates == NegatesActivation || e.Negates == NegatesEffect)) {
		return true
	}
	d.illegal(fmt.Sprintf("%s cannot join this chain: after the discard for hand size only Spell Speed 2 effects that negate, or Spell Speed 3 effects, may be chained", effectName(c.c, e)), r)
	return false
}

// optionalBlocked: an optional trigger set off by the discard for hand
// size cannot be activated where the discard is locked.
func (d *duel) optionalBlocked(tr *trig) bool {
	return tr.eot && !tr.mandatory && d.handSizeDiscard() == DiscardLocked
}

// handSizeDiscard is what the discard for hand size allows: DiscardRespond, DiscardLocked or DiscardToday (HandSizeDiscard): the one place that reads the switch.
func (d *duel) handSizeDiscard() string { return d.p.HandSizeDiscard.Value }
