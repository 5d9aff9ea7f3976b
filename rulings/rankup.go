package rulings

// Rank-Up-Magic: an Xyz Summon on top of an Xyz Monster its controller
// has ("Rank-Up-Magic Quick Chaos": target a "Number" Xyz Monster you
// control that is not a "Number C"; Special Summon from the Extra Deck a
// "Number C" monster with the same number and a Rank 1 higher, using the
// target as its material, the target's own materials going along). The
// Summon counts as an Xyz Summon, a proper Summon of its kind, so in
// Domain it may bring a Deck Master out of its zone
// (domain-summoning#proper-summon), paying the Deck Master's cost.

import (
	"fmt"
	"regexp"
)

// reNumber reads the number of a "Number" monster from its name:
// "Number 101: …" and "Number C101: …" are both 101.
var reNumber = regexp.MustCompile(`^Number [A-Za-z]*(\d+):`)

// numberOf is the number in a "Number" monster's name, or "".
func numberOf(name string) string {
	if m := reNumber.FindStringSubmatch(name); m != nil {
		return m[1]
	}
	return ""
}

// opRankUpNumber Xyz Summons from the Extra Deck (or, in Domain, the Deck Master Zone) a monster matching `filter` with its target's number and a Rank 1 higher, using the target and its materials as its materials ("Rank-Up-Magic Quick Chaos").
func opRankUpNumber(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	ts := d.validTargets(l)
	if len(ts) == 0 {
		return
	}
	t := ts[0]
	n := numberOf(t.c.Name)
	if !t.onField() || !t.faceUp || t.ctrl != p || !t.c.Has(SubXyz) || n == "" || d.matches(t, o.Filter) {
		d.emit("rule", p, src.name(), fmt.Sprintf("%s cannot rank up %s", src.name(), d.describe(t)), ruleRef{})
		return
	}
	pool := append([]*inst{}, d.pl[p].extra...)
	if dm := d.pl[p].dm; dm != nil {
		pool = append(pool, dm)
	}
	var c *inst
	for _, x := range pool {
		if x.c.Has(SubXyz) && d.matches(x, o.Filter) && x.c.Rank == t.c.Rank+1 && numberOf(x.c.Name) == n && (len(l.choose) == 0 || containsInst(l.choose, x)) {
			c = x
			break
		}
	}
	if c == nil {
		d.emit("rule", p, src.name(), fmt.Sprintf("%s finds no %s numbered %s with Rank %d for %s", src.name(), filterText(o.Filter), n, t.c.Rank+1, d.pn(p)), ruleRef{})
		return
	}
	fromDMZ := c.loc == locDMZ
	if fromDMZ && !d.payDMCost(p, c) {
		return
	}
	for _, m := range append([]*inst{}, t.mats...) {
		d.attach(c, m)
	}
	d.attach(c, t)
	from := d.specialPlace(c, p, true, false)
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Xyz Summons %s from %s on top of %s (%s)", d.pn(p), c.name(), from, t.name(), src.name()), ruleRef{})
	if fromDMZ {
		d.note(fmt.Sprintf("%s Xyz Summons the Deck Master %s from the Deck Master Zone: an effect that performs a proper Xyz Summon may", src.name(), c.name()), plain("domain-summoning#proper-summon"))
	}
	d.selfTrigger(c, WhenXyzSummoned, WhenSpecialSummoned, WhenSummoned)
	d.faceUpNow(c)
	d.afterSummon(c)
}
