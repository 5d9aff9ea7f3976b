package rulings

// Special Summons from the hand chosen by their ATK total ("Skull
// Conductor": up to 2 Zombies from the hand whose ATK adds up to exactly
// 2000). `special-summon-atk-total` (`n` the total, `filter` the monsters)
// Special Summons the monsters the line names (`Special Summoning X and
// Y`), else the first single monster or pair of the hand that makes the
// total. Named monsters that do not make it, or more than 2, end the replay
// as an illegal choice; a hand with no such monster Summons nothing. Each
// needs a free Monster Zone (summonTo).

import (
	"fmt"
	"strings"
)

// opSpecialSummonAtkTotal Special Summons up to 2 monsters matching
// `filter` from its controller's hand whose ATK totals exactly `n`.
func opSpecialSummonAtkTotal(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	picked := l.choose
	if len(picked) > 0 {
		if why := d.atkTotalRefused(picked, p, o); why != "" {
			d.illegal(fmt.Sprintf("%s cannot Special Summon %s: %s", src.name(), strings.Join(names(picked), " and "), why), ruleRef{})
			return
		}
	} else {
		picked = d.firstAtkTotal(p, o)
	}
	if len(picked) == 0 {
		d.emit("move", p, src.name(), fmt.Sprintf("%s has no monster or pair of monsters in the hand whose ATK totals %d", d.pn(p), o.N), ruleRef{})
		return
	}
	for _, c := range picked {
		d.summonTo(c, p, src.name(), true, false)
	}
}

// atkTotalRefused says why the named monsters are not a choice the effect
// allows, or "".
func (d *duel) atkTotalRefused(picked []*inst, p int, o Op) string {
	if len(picked) > 2 {
		return "it Special Summons at most 2 monsters"
	}
	total := 0
	for _, c := range picked {
		if c.loc != locHand || c.owner != p {
			return c.name() + " is not in " + d.pn(p) + "'s hand"
		}
		if !c.isMonster() || !d.matches(c, o.Filter) {
			return c.name() + " is not " + filterText(o.Filter)
		}
		total += max(c.c.ATK, 0)
	}
	if total != o.N {
		return fmt.Sprintf("their ATK totals %d, not %d", total, o.N)
	}
	return ""
}

// firstAtkTotal is the first monster, else the first pair, of p's hand
// whose ATK totals `n`.
func (d *duel) firstAtkTotal(p int, o Op) []*inst {
	var fits []*inst
	for _, c := range d.pl[p].hand {
		if c.isMonster() && d.matches(c, o.Filter) {
			fits = append(fits, c)
		}
	}
	for _, c := range fits {
		if max(c.c.ATK, 0) == o.N {
			return []*inst{c}
		}
	}
	for i, a := range fits {
		for _, b := range fits[i+1:] {
			if max(a.c.ATK, 0)+max(b.c.ATK, 0) == o.N {
				return []*inst{a, b}
			}
		}
	}
	return nil
}
