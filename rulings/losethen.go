package rulings

// Effects whose card must pay part of its own ATK and DEF as it resolves
// (not as a cost) before the rest applies: "Dark End Dragon" loses 500 ATK
// and DEF and only if it does sends its target to the Graveyard
// (`lose-atk-def-then-send`). Turned face-down or gone by then, or with
// less than the amount left, it loses nothing and sends nothing; a target
// gone by then does not stop the loss. It can be activated only while it
// has the amount to lose (`when: can-lose-atk-def`).

import "fmt"

// WhenCanLoseAtkDef is the activation requirement of such an effect.
const WhenCanLoseAtkDef When = "can-lose-atk-def"

// loseAmount is the n of the effect's `lose-atk-def-then-send` op.
func loseAmount(e *Effect) int {
	for _, o := range e.Do {
		if o.Op == "lose-atk-def-then-send" {
			return o.N
		}
	}
	return 0
}

// canLose reports whether face-up monster c still has n ATK and n DEF to lose.
func (d *duel) canLose(c *inst, n int) bool {
	return c.loc == locMonster && c.faceUp && d.atkOf(c) >= n && d.def(c) >= n
}

// whenCanLoseAtkDef: the card has at least the amount its effect makes it lose.
func whenCanLoseAtkDef(d *duel, _ int, c *inst, e *Effect, _ *link) (string, ruleRef) {
	return unmet(d.canLose(c, loseAmount(e)), fmt.Sprintf("%s has less than %d ATK or DEF to lose", c.name(), loseAmount(e)))
}

// opLoseAtkDefThenSend the card loses n ATK and DEF; if it did, its
// target, if still on the field, is sent to the Graveyard.
func opLoseAtkDefThenSend(d *duel, l *link, o Op) {
	src := l.src
	if !d.canLose(src, o.N) {
		d.emit("rule", l.ctrl, src.name(), fmt.Sprintf("%s cannot lose %d ATK and DEF now, so it sends nothing to the Graveyard", d.describe(src), o.N), ruleRef{})
		return
	}
	src.atkAdd -= o.N
	src.defAdd -= o.N
	d.emit("atk", l.ctrl, src.name(), fmt.Sprintf("%s loses %d ATK and DEF: %d/%d", d.describe(src), o.N, d.atkOf(src), d.def(src)), ruleRef{})
	for _, t := range d.validTargets(l) {
		if t.loc == locMonster {
			d.sendToGY(t, "sent to the Graveyard by "+src.name(), false)
		}
	}
}
