package rulings

// Ritual Summons. A Ritual Spell's op `ritual-summon` Ritual Summons a
// Ritual Monster that matches `filter` from the hand (`what: hand-or-gy`:
// or the Graveyard), Tributing monsters from the hand or field whose Levels
// total at least the Ritual Monster's Level. The line names the monster
// (`Special Summoning X`) and the Tributes (`tributing Y and Z`); without
// them the engine takes the first that fit. A Ritual Summon is a proper
// Summon of its kind, so in Domain it may take a Deck Master out of its
// zone (domain-summoning#proper-summon), paying the Deck Master's cost.
// `tribute-filter` on the op's `to` field limits the Tributes (Odd-Eyes
// Advent: Pendulum Monsters).

import (
	"fmt"
	"strings"
)

// ritualTributes resolves the monsters a Ritual Spell's line names to
// Tribute when it resolves (none for other effects).
func (d *duel) ritualTributes(e *Effect, a *Action, p int) []*inst {
	if !hasOp(e, "ritual-summon") {
		return nil
	}
	where := []location{locHand, locMonster}
	if hasOp(e, "ritual-extra-deck-materials") {
		where = append(where, locExtra)
	}
	var out []*inst
	for _, r := range a.Tribute {
		if t := d.find(r, p, where...); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// opRitualSummon Ritual Summons a Ritual Monster matching `filter` from the hand (`what: hand-or-gy`: or the Graveyard; in Domain also the Deck Master Zone), Tributing monsters from the hand or field (matching `to`, if given) whose Levels total at least its Level.
func opRitualSummon(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	c := d.ritualPick(l, p, o)
	if c == nil {
		d.emit("move", p, src.name(), fmt.Sprintf("%s has no Ritual Monster that %s can Ritual Summon", d.pn(p), src.name()), ruleRef{})
		return
	}
	tribs, sum := d.ritualMaterials(l, p, c, string(o.To))
	if sum < c.c.Level {
		d.emit("rule", p, src.name(), fmt.Sprintf("%s cannot Ritual Summon %s: the Tributes' Levels total %d, less than its Level %d", src.name(), c.name(), sum, c.c.Level), ruleRef{})
		return
	}
	if c.loc == locDMZ && !d.payDMCost(p, c) {
		return
	}
	var names []string
	for _, x := range tribs {
		names = append(names, x.name())
		if x.loc == locExtra {
			d.moveTo(x, locGY, "sent from the Extra Deck as material for the Ritual Summon of "+c.name())
			continue
		}
		d.tribute(x, "Tributed for the Ritual Summon of "+c.name())
	}
	fromDMZ := c.loc == locDMZ
	if !d.summonTo(c, p, fmt.Sprintf("%s, Tributing %s; this is a Ritual Summon", src.name(), strings.Join(names, ", ")), true, false) {
		return
	}
	if fromDMZ {
		d.note(fmt.Sprintf("%s Ritual Summons the Deck Master %s from the Deck Master Zone: a proper Ritual Summon may", src.name(), c.name()), plain("domain-summoning#proper-summon"))
	}
	d.selfTrigger(c, WhenRitualSummoned)
}

// ritualPick is the Ritual Monster to Summon: the one the line chooses,
// else the first that fits, from the hand, the Graveyard (hand-or-gy) or
// the Deck Master Zone.
func (d *duel) ritualPick(l *link, p int, o Op) *inst {
	pool := append([]*inst{}, d.pl[p].hand...)
	if o.What == WhatHandOrGY {
		pool = append(pool, d.pl[p].gy...)
	}
	if dm := d.pl[p].dm; dm != nil {
		pool = append(pool, dm)
	}
	for _, c := range pool {
		if !c.c.Has(SubRitual) || !c.c.IsMonster() || !d.matches(c, o.Filter) {
			continue
		}
		if len(l.choose) == 0 || containsInst(l.choose, c) {
			return c
		}
	}
	return nil
}

// ritualMaterials is what the Ritual Summon Tributes: the monsters the line
// named that are still in the hand or on the field, else the player's
// monsters in the hand then on the field until their Levels reach c's.
func (d *duel) ritualMaterials(l *link, p int, c *inst, filter string) ([]*inst, int) {
	extra := d.ritualExtraFilter(l, p)
	ok := func(x *inst) bool {
		if x.loc == locExtra {
			return extra != "" && x.owner == p && x.isMonster() && d.matches(x, extra)
		}
		return x != c && x.isMonster() && (x.loc == locHand || x.loc == locMonster && x.ctrl == p) && (filter == "" || d.matches(x, filter))
	}
	var out []*inst
	sum := 0
	if len(l.tributes) > 0 {
		for _, x := range l.tributes {
			if ok(x) {
				out = append(out, x)
				sum += d.level(x)
			}
		}
		return out, sum
	}
	for _, x := range append(append([]*inst{}, d.pl[p].hand...), d.pl[p].mz...) {
		if sum >= c.c.Level {
			break
		}
		if ok(x) {
			out = append(out, x)
			sum += d.level(x)
		}
	}
	return out, sum
}

// ritualExtraFilter is the filter of the monsters p may also send from the
// Extra Deck as material for the resolving Ritual Summon ("Odd-Eyes
// Advent": `ritual-extra-deck-materials`, while p controls no monsters and
// an opponent controls 2 or more; with several opponents, one of them is
// enough: domain-opponent-conditions#example-2), or "".
func (d *duel) ritualExtraFilter(l *link, p int) string {
	if l.eff == nil {
		return ""
	}
	for _, o := range l.eff.Do {
		if o.Op == "ritual-extra-deck-materials" && len(d.pl[p].mz) == 0 && d.anOpponent(p, func(q int) bool { return len(d.pl[q].mz) >= 2 }) {
			return o.Filter
		}
	}
	return ""
}

// opRitualExtraDeckMaterials says, as the Ritual Spell resolves, whether its controller may also use monsters matching `filter` from the Extra Deck as material (read by ritualMaterials through ritualExtraFilter; "Odd-Eyes Advent").
func opRitualExtraDeckMaterials(d *duel, l *link, o Op) {
	p := l.ctrl
	r := ruleRef{}
	if len(d.pl) > 2 {
		r = plain("domain-opponent-conditions#example-2")
	}
	if d.ritualExtraFilter(l, p) == "" {
		d.emit("rule", p, l.src.name(), fmt.Sprintf("%s controls a monster, or no opponent controls 2 or more: no material may come from the Extra Deck", d.pn(p)), r)
		return
	}
	d.emit("rule", p, l.src.name(), fmt.Sprintf("%s controls no monsters and an opponent controls 2 or more: %s monsters in the Extra Deck may be sent to the Graveyard as material", d.pn(p), filterText(o.Filter)), r)
}
