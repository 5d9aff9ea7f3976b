package rulings

// Effects that watch Special Summons for the rest of a turn: a player who
// used "Maxx \"C\"" draws 1 card each time an opponent Special Summons, and
// a player who activated "Pot of Duality" cannot Special Summon this turn.
// summonTo (zones.go) asks specialBarred before and calls summonWatchers
// after every Special Summon.

import "fmt"

// opDrawOnOpponentSummons for the rest of the turn, its controller draws 1
// card each time an opponent Special Summons a monster ("Maxx \"C\"").
func opDrawOnOpponentSummons(d *duel, l *link, o Op) {
	d.pl[l.ctrl].maxx++
	d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("this turn, %s draws 1 card each time an opponent Special Summons", d.pn(l.ctrl)), ruleRef{})
}

// opNoSpecialSummonsThisTurn its controller cannot Special Summon for the
// rest of the turn ("Pot of Duality").
func opNoSpecialSummonsThisTurn(d *duel, l *link, o Op) {
	d.pl[l.ctrl].noSpecial = true
	d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("%s cannot Special Summon for the rest of this turn", d.pn(l.ctrl)), ruleRef{})
}

// specialBarred says why player p cannot Special Summon now, or "".
func (d *duel) specialBarred(p int) string {
	if d.pl[p].noSpecial {
		return fmt.Sprintf("%s cannot Special Summon this turn", d.pn(p))
	}
	return ""
}

// summonWatchers runs what a Special Summon by player p sets off: each
// opponent with "Maxx \"C\"" applied draws.
func (d *duel) summonWatchers(p int) {
	for _, q := range d.opponents(p) {
		if n := d.pl[q].maxx; n > 0 {
			d.draw(q, n, "by Maxx \"C\" (an opponent Special Summoned)")
		}
	}
}
