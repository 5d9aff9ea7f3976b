package rulings

// Ops that act on every card of a kind on the field, or on the cards a
// comparison picks: the monster with the highest DEF ("Smashing Ground"),
// every Spell and Trap Card ("Giant Trunade"); and returning banished
// cards to the Graveyard ("Burial from a Different Dimension"). Each is
// registered in opTable (optable.go).

import (
	"fmt"
	"slices"
)

// opDestroyHighest destroys the face-up monster the target opponent
// controls (`to: opponent`; otherwise any player's) with the highest DEF
// (`what: def`) or ATK; on a tie, the line's `choosing` picks one, else the
// first listed.
func opDestroyHighest(d *duel, l *link, o Op) {
	sides := d.turnOrderFrom(d.tp)
	if o.To == ToOpponent {
		sides = []int{l.oppTarget(d, l.ctrl)}
	}
	var best []*inst
	top := -1
	for _, q := range sides {
		for _, m := range d.pl[q].mz {
			if !m.faceUp {
				continue
			}
			v := d.atkOf(m)
			if o.What == WhatDEF {
				v = d.def(m)
			}
			switch {
			case v > top:
				best, top = []*inst{m}, v
			case v == top:
				best = append(best, m)
			}
		}
	}
	if len(best) == 0 {
		d.emit("move", l.ctrl, l.src.name(), "there is no face-up monster to destroy", ruleRef{})
		return
	}
	pick := best[0]
	for _, c := range l.choose {
		for _, b := range best {
			if b == c {
				pick = c
			}
		}
	}
	d.destroy(pick, l.src.name(), false)
}

// opBounceAll returns every Spell and Trap Card on the field other than
// itself (`what: spell-traps`) to its owner's hand.
func opBounceAll(d *duel, l *link, o Op) {
	var cards []*inst
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range d.fieldOf(q) {
			if c != l.src && c.c != nil && !c.isMonster() {
				cards = append(cards, c)
			}
		}
	}
	for _, c := range cards {
		if c.onField() {
			d.moveTo(c, locHand, "returned to the hand by "+l.src.name())
		}
	}
}

// opReturnToGy returns its banished targets to their owners' Graveyards.
func opReturnToGy(d *duel, l *link, o Op) {
	n := 0
	for _, t := range d.validTargets(l) {
		if t.loc == locBanished {
			d.moveTo(t, locGY, "returned to the Graveyard by "+l.src.name())
			n++
		}
	}
	if n == 0 {
		d.emit("move", l.ctrl, l.src.name(), fmt.Sprintf("%s has no banished target left to return", l.src.name()), ruleRef{})
	}
}

// opLoseLpPerSummoned its controller loses `n` LP for each of the link's
// targets it Special Summoned ("Soul Charge").
func opLoseLpPerSummoned(d *duel, l *link, o Op) {
	k := 0
	for _, t := range l.targets {
		if t.loc == locMonster && t.ctrl == l.ctrl {
			k++
		}
	}
	if k > 0 {
		d.changeLP(l.ctrl, -k*o.N, fmt.Sprintf("%s: %d monster(s) Special Summoned", l.src.name(), k), ruleRef{})
	}
}

// opDestroySpellTrapsPerCard destroys Spell and Trap Cards on the field, up
// to the number of other face-up monsters its controller controls that
// match `filter` ("Elemental HERO Stratos": other "HERO" monsters). It
// does not target: the cards the line chooses go first, then the
// opponent's, then the controller's own, in zone order.
func opDestroySpellTrapsPerCard(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	n := 0
	for _, m := range d.pl[p].mz {
		if m != src && m.faceUp && d.matches(m, o.Filter) {
			n++
		}
	}
	isST := func(c *inst) bool {
		return c.onField() && c.loc != locMonster && c.c != nil && (c.c.Kind == CardSpell || c.c.Kind == CardTrap)
	}
	var picks []*inst
	pool := append([]*inst{}, l.choose...)
	for _, q := range append([]int{l.oppTarget(d, p)}, p) {
		pool = append(pool, d.fieldOf(q)...)
	}
	for _, c := range pool {
		if len(picks) < n && isST(c) && !slices.Contains(picks, c) {
			picks = append(picks, c)
		}
	}
	d.emit("rule", p, src.name(), fmt.Sprintf("%s controls %d other matching monster(s): %s destroys up to %d Spell or Trap Card(s)", d.pn(p), n, src.name(), n), ruleRef{})
	for _, c := range picks {
		d.destroy(c, src.name(), false)
	}
}
