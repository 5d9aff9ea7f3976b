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

import (
	"fmt"
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
	pair := t.What.kind().pair
	if pair == nil {
		return ""
	}
	if len(targets) != 2 || targets[0] == targets[1] {
		return fmt.Sprintf("%s targets exactly 2 different cards", src.name())
	}
	return pair(d, t, p, targets[0], targets[1], src)
}

// pairOwnAndOpponent: one card p controls and one an opponent controls.
func pairOwnAndOpponent(d *duel, _ *Target, p int, a, b, src *inst) string {
	if !(a.ctrl == p && b.ctrl != p) && !(b.ctrl == p && a.ctrl != p) {
		return fmt.Sprintf("%s targets 1 card %s controls and 1 card an opponent controls", src.name(), d.pn(p))
	}
	return ""
}

// pairOwnAndOther: one monster p controls that matches the filter, and
// any other card.
func pairOwnAndOther(d *duel, t *Target, p int, a, b, src *inst) string {
	own := func(c *inst) bool {
		return c.ctrl == p && c.loc == locMonster && (t.Filter == "" || d.matchesAny(c, t.Filter))
	}
	if !own(a) && !own(b) {
		return fmt.Sprintf("%s targets 1 %s %s controls and 1 other card", src.name(), strings.ReplaceAll(t.Filter, "type=", ""), d.pn(p))
	}
	return ""
}
