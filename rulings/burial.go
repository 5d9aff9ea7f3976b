package rulings

// Tributes replaced by banishing from the Graveyards ("Tribute Burial":
// once this turn, a monster that needs 2 Tributes may be Tribute Summoned
// by banishing 1 monster from your Graveyard and 1 from your opponent's
// instead; you cannot Special Summon for the rest of the turn). The op
// `tribute-burial` grants it (`duelPlayer.burialTurn`); the line `A Tribute
// Summons X, banishing Y and Z` uses it (Action.Banish), checked and paid
// by burialTributes from summon (summon.go). With several players,
// "each Graveyard" is every Graveyard: one monster from each player's
// still in the game (domain-general-errata#example-7).

import (
	"fmt"
	"slices"
)

// opTributeBurial lets its controller, once this turn, banish monsters
// from the Graveyards instead of Tributing 2 for a Tribute Summon.
func opTributeBurial(d *duel, l *link, o Op) {
	p := l.ctrl
	d.pl[p].burialTurn = d.turn
	d.emit("rule", p, l.src.name(), fmt.Sprintf("%s may, once this turn, Tribute Summon a monster that needs 2 Tributes by banishing 1 monster from each Graveyard instead", d.pn(p)), ruleRef{})
}

// burialTributes checks a Tribute Summon that banishes the monsters refs
// names from the Graveyards instead of Tributing (c needs `need`
// Tributes): allowed this turn, exactly 2 Tributes replaced, and one
// monster from each Graveyard of a player still in the game. It returns
// the monsters to banish, or nil when the line is illegal.
func (d *duel) burialTributes(p int, c *inst, need int, refs []*CardRef) []*inst {
	if d.pl[p].burialTurn != d.turn || d.pl[p].burialUsed == d.turn {
		d.illegal(fmt.Sprintf("nothing lets %s banish from the Graveyards instead of Tributing for %s this turn", d.pn(p), c.name()), ruleRef{})
		return nil
	}
	if need != 2 {
		d.illegal(fmt.Sprintf("%s needs %d Tribute(s): banishing from the Graveyards replaces exactly 2", c.name(), need), ruleRef{})
		return nil
	}
	var out []*inst
	for _, r := range refs {
		m := d.find(r, p, locGY)
		if m == nil || !m.isMonster() || slices.Contains(out, m) {
			d.fail("%s", d.whereText(r, -1, "Graveyard"))
			return nil
		}
		out = append(out, m)
	}
	gys := d.turnOrderFrom(p)
	per := map[int]int{}
	for _, m := range out {
		per[m.owner]++
	}
	for _, q := range gys {
		if per[q] == 1 {
			continue
		}
		r := ruleRef{}
		if len(d.pl) > 2 {
			r = plain("domain-general-errata#example-7")
		}
		d.illegal(fmt.Sprintf("banishing instead of Tributing for %s takes exactly 1 monster from each of the %d Graveyards, and %d were named from %s's", c.name(), len(gys), per[q], d.pn(q)), r)
		return nil
	}
	return out
}

// burialBanish banishes the monsters burialTributes found and uses up the
// turn's replacement.
func (d *duel) burialBanish(p int, c *inst, ms []*inst) {
	d.pl[p].burialUsed = d.turn
	for _, m := range ms {
		d.moveTo(m, locBanished, "banished instead of being Tributed for "+c.name())
	}
}
