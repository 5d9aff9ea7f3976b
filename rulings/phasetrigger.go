package rulings

// Phase-dependent mandatory Trigger Effects whose activation is negated
// (edison-04): in Edison such an effect, tied to a point of a Phase (a
// Spirit monster's return to the hand in the End Phase, "Judgment Dragon"'s
// End Phase mill), activates again after its activation is negated, and
// keeps doing so until it resolves. A negated effect (Skill Drain) is not
// activated again. Today it is activated once. Profile.PhaseTriggerRetry is
// read only in retryPhaseTrigger here; resolveLink (chain.go) asks it for a
// link whose activation was negated.

import "fmt"

// retryPhaseTrigger queues again the phase-dependent mandatory trigger (a
// condition whose entry says phase: conditions.go) of
// l, whose activation was negated, while its card is still face-up on the
// field (PhaseTriggerRetry): it goes on a new chain after this one.
func (d *duel) retryPhaseTrigger(l *link) {
	if !l.trigger || l.eff.Optional || !conditions[l.eff.When].phase || !d.p.PhaseTriggerRetry.Value {
		return
	}
	c := l.src
	if c.loc != locMonster || !c.faceUp {
		return
	}
	d.emit("rule", l.ctrl, c.name(), fmt.Sprintf("the activation of %s's effect was negated; it is tied to the Phase and mandatory, so it activates again", c.name()), ref("Phase-dependent triggers", d.p.PhaseTriggerRetry))
	d.queue(c, l.eff, -1, nil)
}
