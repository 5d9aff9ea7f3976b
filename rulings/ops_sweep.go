package rulings

// Ops that act on every card of a kind on the field, or on the cards a
// comparison picks: the monster with the highest DEF ("Smashing Ground"),
// every Spell and Trap Card ("Giant Trunade"); and returning banished
// cards to the Graveyard ("Burial from a Different Dimension"). Each is
// registered in effectOps (op.go).

import "fmt"

// opDestroyHighest destroys the face-up monster the target opponent
// controls (`to: opponent`; otherwise any player's) with the highest DEF
// (`what: def`) or ATK; on a tie, the line's `choosing` picks one, else the
// first listed.
func opDestroyHighest(d *duel, l *link, o Op) {
	sides := d.turnOrderFrom(d.tp)
	if o.To == "opponent" {
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
			if o.What == "def" {
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
