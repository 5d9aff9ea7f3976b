package rulings

// Card text about "your opponent" read with several opponents
// (domain-opponent-conditions, domain-continuous-effects): a condition on
// "your opponent" is met when at least one opponent meets it, and a
// continuous effect on "your opponent" reaches every opponent (a
// conditional one, each opponent who meets its condition). With two
// players both readings are the card's own.

import "fmt"

// anOpponent reports whether p's opponent meets cond: with several
// opponents, whether at least one does (OpponentConditions: the one place
// that reads the switch); without the switch, the next opponent only.
func (d *duel) anOpponent(p int, cond func(q int) bool) bool {
	if !d.p.OpponentConditions.Value {
		return cond(d.opp(p))
	}
	for _, q := range d.opponents(p) {
		if cond(q) {
			return true
		}
	}
	return false
}

// opponentsReached lists the opponents of p that a continuous effect on
// "your opponent" reaches, each one meeting cond (nil: no condition):
// every opponent who does (ContinuousAllOpps: the one place that reads the
// switch), or without the switch the next opponent if it does.
func (d *duel) opponentsReached(p int, cond func(q int) bool) []int {
	cands := d.opponents(p)
	if !d.p.ContinuousAllOpps.Value && len(cands) > 1 {
		cands = cands[:1]
	}
	var out []int
	for _, q := range cands {
		if cond == nil || cond(q) {
			out = append(out, q)
		}
	}
	return out
}

// reaches reports whether p's continuous effect on "your opponent" reaches q.
func (d *duel) reaches(p, q int, cond func(q int) bool) bool {
	for _, x := range d.opponentsReached(p, cond) {
		if x == q {
			return true
		}
	}
	return false
}

// oppConditionRef cites the rule on conditions about "your opponent" when
// more than one opponent is in the game.
func (d *duel) oppConditionRef() ruleRef {
	if len(d.opponents(d.tp)) > 1 || len(d.pl) > 2 {
		return ref("Conditions on \"your opponent\"", d.p.OpponentConditions)
	}
	return ruleRef{}
}

// continuousRef cites the rule on continuous effects with several opponents.
func (d *duel) continuousRef() ruleRef {
	if len(d.pl) > 2 {
		return ref("Continuous effects with several opponents", d.p.ContinuousAllOpps)
	}
	return ruleRef{}
}

// monsterCount is how many monsters p controls.
func (d *duel) monsterCount(p int) int { return len(d.pl[p].mz) }

// unaffectedBy reports whether card c is unaffected by the resolving link
// l: a face-up monster "unaffected by your opponent's activated effects
// while their LP are higher than yours" ("Psychic End Punisher"), checked
// against the player whose effect it is (with several opponents, each one
// on its own: domain-continuous-effects#example-7).
func (d *duel) unaffectedBy(c *inst, l *link) bool {
	if d.oppImmuneNow(c, l) { // fusionmats.go
		return true
	}
	if d.lanceShielded(c, l) { // ops_stats.go
		return true
	}
	if l == nil || c.ctrl == l.ctrl || c.hasOp(EffectContinuous, "unaffected-by-higher-lp-opponents") == nil || d.live(c, "unaffected-by-higher-lp-opponents") == nil {
		return false
	}
	p, q := c.ctrl, l.ctrl
	if !d.reaches(p, q, func(q int) bool { return d.pl[q].lp > d.pl[p].lp }) {
		return false
	}
	d.emit("rule", p, c.name(), fmt.Sprintf("%s is unaffected by %s: %s has more LP than %s", d.describe(c), effectName(l.src.c, l.eff), d.pn(q), d.pn(p)), d.continuousRef())
	return true
}

// opponentTargetFits checks an effect's condition on the opponent it
// targets: "Evilswarm Exciton Knight" needs an opponent with more cards in
// hand and on the field than its controller, and in an opponent's Battle
// Phase that opponent must be the turn player. With several opponents the
// targeted one must meet the condition (domain-opponent-conditions#rule,
// domain-additional-examples#example-1).
func (d *duel) opponentTargetFits(p, q int, c *inst, e *Effect) bool {
	if hasOp(e, "primal-being") {
		return d.primalFits(p, q, c, e) // summoncount.go
	}
	if !hasOp(e, "exciton") {
		return true
	}
	r := d.oppConditionRef()
	if d.phase == phaseBattle && d.tp != p && q != d.tp {
		d.illegal(fmt.Sprintf("%s is activated in %s's Battle Phase, so it must target %s", effectName(c.c, e), d.pn(d.tp), d.pn(d.tp)), r)
		return false
	}
	if d.cardsHeld(q) <= d.cardsHeld(p) {
		d.illegal(fmt.Sprintf("%s must target an opponent with more cards in hand and on the field than %s (%s has %d, %s %d)", effectName(c.c, e), d.pn(p), d.pn(q), d.cardsHeld(q), d.pn(p), d.cardsHeld(p)), r)
		return false
	}
	return true
}
