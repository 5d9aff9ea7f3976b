package rulings

// Fusion Summons from the Graveyards ("Fossil Fusion"): the line names
// the Fusion Monster (`Special Summoning X`) and its materials (`fusing Y
// and B's Z`), monsters in any player's Graveyard, banished as the card
// resolves (fuseMaterials, fusionmats.go, finds them). If the materials
// came from every Graveyard, the Summoned monster cannot be targeted by
// monster effects (`inst.monShield`, read by untargetableBy in
// noresponse.go). With two players that is "both Graveyards"; with more,
// "each Graveyard" becomes every Graveyard, which a Fusion Monster of two
// materials cannot reach: it is Summoned without the protection
// (domain-general-errata#example-8).

import (
	"fmt"
	"strings"
)

// opFusionFromGraveyards Fusion Summons a Fusion Monster matching `filter` from the Extra Deck (or, in Domain, the Deck Master Zone), banishing the materials the line names from the Graveyards; with a material from every Graveyard it cannot be targeted by monster effects ("Fossil Fusion").
func opFusionFromGraveyards(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	var mats []*inst
	for _, m := range l.fuse {
		if m.loc == locGY && m.isMonster() {
			mats = append(mats, m)
		}
	}
	c := d.extraPick(l, p, true, func(c *inst) bool { return d.matches(c, o.Filter) && d.materialsFit(c.c, mats) })
	if c == nil {
		d.emit("rule", p, src.name(), fmt.Sprintf("%s finds no Fusion Monster that %s fit as materials", src.name(), d.describeAll(mats)), ruleRef{})
		return
	}
	if c.loc == locDMZ && !d.payDMCost(p, c) {
		return
	}
	from := map[int]bool{}
	for _, m := range mats {
		from[m.owner] = true
		d.moveTo(m, locBanished, "banished from the Graveyard as Fusion Material for "+c.name())
	}
	if !d.summonTo(c, p, src.name()+"; this is a Fusion Summon", true, false) {
		return
	}
	var left []string
	for _, q := range d.turnOrderFrom(p) {
		if !from[q] {
			left = append(left, d.pn(q)+"'s")
		}
	}
	r := ruleRef{}
	if len(d.pl) > 2 {
		r = plain("domain-general-errata#example-8")
	}
	if len(left) > 0 {
		d.emit("rule", p, c.name(), fmt.Sprintf("no material came from %s Graveyard, so %s gets no protection from %s", strings.Join(left, " or "), c.name(), src.name()), r)
		return
	}
	c.monShield = true
	d.emit("rule", p, c.name(), fmt.Sprintf("its materials came from every Graveyard: %s cannot be targeted by monster effects", c.name()), r)
}
