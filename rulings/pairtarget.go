package rulings

// Pairs of targets with different conditions: effects that target "1 card
// you control and 1 card your opponent controls" ("Scrap Dragon") or "1
// monster of a kind you control and 1 other card on the field" ("Diamond
// Dire Wolf"). The target kinds below pick from every card on the field;
// badTarget (chain.go) leaves their `filter` to badPair, which checks the
// pair the line names as a whole once each target is checked alone.
//
//	own-and-opponent-card  one card the activating player controls, one an opponent controls
//	own-and-other-card     one monster the player controls matching `filter`, and any other card
//	monster-on-each-field  one monster on the field of every player still in the game ("Sol and
//	                       Luna"; in Domain every field, so no player may be without a monster:
//	                       domain-general-errata#each-field)

import (
	"fmt"
	"slices"
	"strings"
)

// pairPool is the pool of a pair kind on one player's side: every card on
// that side of the field.
func pairPool(_ *duel, ps *pstate, _ bool) []*inst {
	pool := append(append([]*inst{}, ps.mz...), ps.st...)
	if ps.fz != nil {
		pool = append(pool, ps.fz)
	}
	return pool
}

// badPair says why targets is not a legal pair for t, or "" (also for a
// kind that is not a pair).
func (d *duel) badPair(t *Target, p int, targets []*inst, src *inst) string {
	if pair := t.What.kind().pair; pair != nil {
		return pair(d, t, p, targets, src)
	}
	return ""
}

// twoTargets says why targets are not exactly 2 different cards, or "".
func twoTargets(targets []*inst, src *inst) string {
	if len(targets) != 2 || targets[0] == targets[1] {
		return fmt.Sprintf("%s targets exactly 2 different cards", src.name())
	}
	return ""
}

// pairOwnAndOpponent: one card p controls and one an opponent controls.
func pairOwnAndOpponent(d *duel, _ *Target, p int, targets []*inst, src *inst) string {
	if why := twoTargets(targets, src); why != "" {
		return why
	}
	a, b := targets[0], targets[1]
	if !(a.ctrl == p && b.ctrl != p) && !(b.ctrl == p && a.ctrl != p) {
		return fmt.Sprintf("%s targets 1 card %s controls and 1 card an opponent controls", src.name(), d.pn(p))
	}
	return ""
}

// pairOwnAndOther: one monster p controls that matches the filter, and
// any other card.
func pairOwnAndOther(d *duel, t *Target, p int, targets []*inst, src *inst) string {
	if why := twoTargets(targets, src); why != "" {
		return why
	}
	a, b := targets[0], targets[1]
	own := func(c *inst) bool {
		return c.ctrl == p && c.loc == locMonster && (t.Filter == "" || d.matchesAny(c, t.Filter))
	}
	if !own(a) && !own(b) {
		return fmt.Sprintf("%s targets 1 %s %s controls and 1 other card", src.name(), strings.ReplaceAll(t.Filter, "type=", ""), d.pn(p))
	}
	return ""
}

// badEachField says why targets is not 1 monster on the field of every
// player still in the game, or "". With a field that has no monster the
// effect cannot be activated at all.
func badEachField(d *duel, t *Target, p int, targets []*inst, src *inst) string {
	r := ""
	if len(d.pl) > 2 {
		r = ": with several opponents, every field"
	}
	for _, q := range d.turnOrderFrom(p) {
		if !slices.ContainsFunc(d.pl[q].mz, func(m *inst) bool { return d.untargetable(m, src) == "" }) {
			return fmt.Sprintf("%s must target 1 monster on each field, and %s controls no monster%s", src.name(), d.pn(q), r)
		}
		n := 0
		for _, x := range targets {
			if x.loc == locMonster && x.ctrl == q {
				n++
			}
		}
		if n != 1 {
			return fmt.Sprintf("%s must target exactly 1 monster on each field, and %d were named on %s's%s", src.name(), n, d.pn(q), r)
		}
	}
	if len(targets) != len(d.turnOrderFrom(p)) {
		return fmt.Sprintf("%s targets only monsters, 1 on each field", src.name())
	}
	return ""
}

// pairRef is the rule a refused pair cites, its kind's pairRule: for 1
// monster on each field with several opponents, Domain's reading of "each
// field".
func (d *duel) pairRef(t *Target) ruleRef {
	if r := t.What.kind().pairRule; r != "" {
		return d.choiceRef(r)
	}
	return ruleRef{}
}

// eachFieldPick picks, for an activation whose line names no target, the
// first monster on the field of every player still in the game.
func eachFieldPick(d *duel, t *Target, p int, src *inst) []*inst {
	var out []*inst
	for _, q := range d.turnOrderFrom(p) {
		for _, m := range d.pl[q].mz {
			if d.untargetable(m, src) == "" {
				out = append(out, m)
				break
			}
		}
	}
	return out
}
