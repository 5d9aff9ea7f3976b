package rulings

// Fusion Summons with materials ("Polymerization"): the line names the
// Fusion Monster (`Special Summoning X`) and its materials (`fusing Y and
// Z`), monsters from the hand or the field sent to the Graveyard as the
// card resolves. The Fusion Monster's `materials.filter` lists one filter
// per material, separated by `;` ("name=Odd-Eyes Pendulum Dragon;
// type=Spellcaster"); each named material must match a different one.
// A Fusion Monster with `unaffected-if-pendulum-material` ("Rune-Eyes
// Pendulum Dragon") that used a Pendulum Summoned monster is unaffected by
// its opponents' card effects for the rest of the turn: with several
// opponents, by every one of them (domain-continuous-effects#example-4),
// checked by unaffectedBy (opponents.go).

import (
	"fmt"
	"strings"
)

// fuseMaterials finds the monsters a Fusion line names, in its player's
// hand or on the field.
func (d *duel) fuseMaterials(e *Effect, a *Action, p int) []*inst {
	where := []location{locHand, locMonster}
	switch {
	case hasOp(e, "fusion-from-graveyards"): // fossil.go
		where = []location{locGY}
	case !hasOp(e, "fusion-with-materials"):
		return nil
	}
	var out []*inst
	for _, r := range a.Fuse {
		if t := d.find(r, p, where...); t != nil && !containsInst(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// materialsFit reports whether mats match the Fusion Monster's filters,
// one each.
func (d *duel) materialsFit(c *Card, mats []*inst) bool {
	if c.Materials == nil || c.Materials.Filter == "" {
		return len(mats) >= 2
	}
	filters := strings.Split(c.Materials.Filter, ";")
	if len(filters) != len(mats) {
		return false
	}
	used := make([]bool, len(mats))
	for _, f := range filters {
		found := false
		for i, m := range mats {
			if !used[i] && d.matches(m, strings.TrimSpace(f)) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// opFusionWithMaterials Fusion Summons the Fusion Monster the line chooses from the Extra Deck (or, in Domain, the Deck Master Zone), sending the materials the line names from the hand or field to the Graveyard ("Polymerization").
func opFusionWithMaterials(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	var mats []*inst
	for _, m := range l.fuse {
		if (m.loc == locHand || m.loc == locMonster) && m.ctrl == p {
			mats = append(mats, m)
		}
	}
	c := d.extraPick(l, p, true, func(c *inst) bool { return d.materialsFit(c.c, mats) })
	if c == nil {
		d.emit("rule", p, src.name(), fmt.Sprintf("%s finds no Fusion Monster that %s fit as materials", src.name(), d.describeAll(mats)), ruleRef{})
		return
	}
	if c.loc == locDMZ && !d.payDMCost(p, c) {
		return
	}
	pend := false
	for _, m := range mats {
		pend = pend || (m.loc == locMonster && m.pendSummoned)
		d.moveTo(m, locGY, "used as Fusion Material for "+c.name())
	}
	if !d.summonTo(c, p, src.name()+"; this is a Fusion Summon", true, false) {
		return
	}
	if pend && c.hasOp(EffectContinuous, "unaffected-if-pendulum-material") != nil {
		c.oppImmune = d.turn
		r := ruleRef{}
		if len(d.pl) > 2 {
			r = plain("domain-continuous-effects#example-4")
		}
		d.emit("rule", p, c.name(), fmt.Sprintf("%s was Fusion Summoned using a Pendulum Summoned monster: it is unaffected by every opponent's card effects this turn", c.name()), r)
	}
}

// oppImmuneNow reports, and narrates, that c is unaffected by the
// resolving link l of one of its controller's opponents this turn.
func (d *duel) oppImmuneNow(c *inst, l *link) bool {
	if l == nil || c.ctrl == l.ctrl || c.oppImmune != d.turn || !c.onField() {
		return false
	}
	r := ruleRef{}
	if len(d.pl) > 2 {
		r = plain("domain-continuous-effects#example-4")
	}
	d.emit("rule", c.ctrl, c.name(), fmt.Sprintf("%s is unaffected by %s: it is %s's opponent's card effect", d.describe(c), effectName(l.src.c, l.eff), d.pn(c.ctrl)), r)
	return true
}
