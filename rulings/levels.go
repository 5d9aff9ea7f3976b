package rulings

// Level changes by effects, and what reads a Level that a cost paid:
// "Spore" (its Level rises by the Level of the Plant it banished),
// "Tragoedia" (its Level becomes a Graveyard monster's; it takes control of
// an opponent's monster whose Level equals the monster it sent from the
// hand), "Hieratic Dragon of Eset" (every "Hieratic" monster's Level
// becomes a Dragon Normal Monster's until the End Phase). A change lives on
// the monster (inst.lvSet, inst.lvAdd, inst.lvUntil) and ends when it
// leaves the field (duel.move) or, for lvUntil, once that turn is over
// (levelChanged). The one reader is duel.level (duel.go).

import "fmt"

// levelChanged applies the monster's own Level changes to lv.
func (d *duel) levelChanged(c *inst, lv int) int {
	if c.lvUntil != 0 && c.lvUntil != d.turn {
		c.lvSet, c.lvUntil = 0, 0
	}
	if c.lvSet > 0 {
		lv = c.lvSet
	}
	return lv + c.lvAdd
}

// costPaidWith is the card src last paid a cost with (discarded, sent or
// banished for it) that is now in loc, or nil.
func (d *duel) costPaidWith(src *inst, loc location) *inst {
	var out *inst
	for q := range d.pl {
		for _, x := range *d.cardList(q, loc) {
			if x.costFor == src.id {
				out = x
			}
		}
	}
	return out
}

// opLevelUpByCost raises this card's Level by the Level of the monster it
// banished as the cost ("Spore"), if it is face-up on the field.
func opLevelUpByCost(d *duel, l *link, o Op) {
	x, m := d.costPaidWith(l.src, locBanished), l.src
	if x == nil || m.loc != locMonster || !m.faceUp {
		return
	}
	m.lvAdd += x.c.Level
	d.emit("stats", m.ctrl, m.name(), fmt.Sprintf("%s's Level rises by %d, the Level of %s: it is Level %d", d.describe(m), x.c.Level, x.name(), d.level(m)), ruleRef{})
}

// opLevelOfTarget makes this card's Level equal to its target's until the
// end of the turn ("Tragoedia": a monster in the Graveyard).
func opLevelOfTarget(d *duel, l *link, o Op) {
	ts, m := d.validTargets(l), l.src
	if len(ts) == 0 || m.loc != locMonster || !m.faceUp {
		return
	}
	m.lvSet, m.lvAdd, m.lvUntil = ts[0].c.Level, 0, d.turn
	d.emit("stats", m.ctrl, m.name(), fmt.Sprintf("%s's Level becomes %d, the Level of %s, until the end of the turn", d.describe(m), d.level(m), ts[0].name()), ruleRef{})
}

// opLevelsBecomeTarget makes the Level of every face-up monster its
// controller controls that matches `filter` equal to its target's, until
// the end of the turn ("Hieratic Dragon of Eset").
func opLevelsBecomeTarget(d *duel, l *link, o Op) {
	ts := d.validTargets(l)
	if len(ts) == 0 || ts[0].loc != locMonster || !ts[0].faceUp {
		return
	}
	lv := d.level(ts[0])
	for _, m := range d.pl[l.ctrl].mz {
		if m.faceUp && d.matches(m, o.Filter) {
			m.lvSet, m.lvAdd, m.lvUntil = lv, 0, d.turn
			d.emit("stats", m.ctrl, m.name(), fmt.Sprintf("%s's Level becomes %d until the end of the turn (%s)", d.describe(m), lv, l.src.name()), ruleRef{})
		}
	}
}

// opTakeControlSameLevel takes control of its target, a face-up monster of
// the opponent, if its Level equals the Level of the monster sent from the
// hand as the cost ("Tragoedia"); otherwise nothing happens.
func opTakeControlSameLevel(d *duel, l *link, o Op) {
	ts, x := d.validTargets(l), d.costPaidWith(l.src, locGY)
	if len(ts) == 0 || x == nil || ts[0].loc != locMonster || !ts[0].faceUp {
		return
	}
	if lv := d.level(ts[0]); lv != x.c.Level {
		d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("%s is Level %d, not Level %d like %s: %s takes no control", d.describe(ts[0]), lv, x.c.Level, x.name(), l.src.name()), ruleRef{})
		return
	}
	d.takeControl(ts[0], l.ctrl, l.src.name(), false)
}
