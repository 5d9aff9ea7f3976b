package rulings

import (
	"fmt"
	"slices"
)

// Summons from the Extra Deck by their own procedure (Xyz in xyz.go,
// Synchro in ops.go, Link in link.go): they start, find their materials
// and pay the same way, here. A Summon from the Extra Deck happens in the
// player's Main Phase, of a card of its kind in the Extra Deck (or, in
// Domain, the Deck Master Zone), when no lock stops it; a Deck Master
// leaving its zone pays its cost once the materials are found legal.

// extraSummonStart checks the start of a Summon from the Extra Deck named
// by the line: the Main Phase, the card (in the Extra Deck or the Deck
// Master Zone), its kind (`kind` is the card property, `noun` "an Xyz
// Monster") and extraSummonAllowed. It returns the card, or nil when the
// line failed or was illegal.
func (d *duel) extraSummonStart(a *Action, summon string, kind Subtype, noun string) *inst {
	p := a.Player
	if !d.mainPhaseAction(p, summon) {
		return nil
	}
	c := d.extraDeckCard(a, p)
	if c == nil {
		return nil
	}
	if !c.c.Has(kind) {
		d.illegal(fmt.Sprintf("%s is not %s", c.name(), noun), ruleRef{})
		return nil
	}
	if !d.extraSummonAllowed(p, c) {
		return nil
	}
	return c
}

// extraSummonPay pays what a Summon from the Extra Deck costs before the
// monster is placed: a Deck Master's cost for leaving its zone. It
// reports whether the Summon goes on.
func (d *duel) extraSummonPay(p int, c *inst) bool {
	return c.loc != locDMZ || d.payDMCost(p, c)
}

// extraDeckCard finds the Extra Deck monster a Summon from the Extra Deck
// names (or the player's Deck Master), failing the line when it is not there.
func (d *duel) extraDeckCard(a *Action, p int) *inst {
	for _, x := range d.pl[p].extra {
		if x.c == a.Card.Card {
			return x
		}
	}
	if dm := d.dmFor(a.Card, p); dm != nil {
		return dm
	}
	d.fail("%s", d.whereText(a.Card, p, "Extra Deck"))
	return nil
}

// extraSummonAllowed checks what stops a Special Summon from the Extra
// Deck: the player's own locks, a face-up card that stops every Special
// Summon, and bans on the card.
func (d *duel) extraSummonAllowed(p int, c *inst) bool {
	if d.pl[p].noSummon || d.pl[p].noExtra {
		d.illegal(fmt.Sprintf("%s cannot Special Summon from the Extra Deck this turn", d.pn(p)), ruleRef{})
		return false
	}
	if k := d.noSpecialSummons(); k != nil {
		r := ruleRef{}
		if len(d.pl) > 2 {
			r = plain("domain-general-errata#neither")
		}
		d.illegal(fmt.Sprintf("%s is face-up: no player can Special Summon", d.describe(k)), r)
		return false
	}
	if why := d.summonBanned(c); why != "" {
		d.illegal(why, ruleRef{})
		return false
	}
	return true
}

// sendMaterials pays an Extra Deck Summon's cost (extraSummonPay), then
// sends its materials to the Graveyard as a Synchro or Link Summon does
// ("used as Synchro Material for X"); it reports whether the Summon goes on.
func (d *duel) sendMaterials(p int, c *inst, mats []*inst, kind string) bool {
	if !d.extraSummonPay(p, c) {
		return false
	}
	d.slowAction()
	d.tick()
	for _, m := range mats {
		d.moveTo(m, locGY, "used as "+kind+" Material for "+c.name())
	}
	return true
}

// fieldMaterial is the monster r names as material for an Xyz, Synchro or
// Link Summon: one p controls face-up on the field and has not named
// already (mats). Otherwise the replay fails, saying where it looked, and
// fieldMaterial returns nil.
func (d *duel) fieldMaterial(r *CardRef, p int, mats []*inst) *inst {
	m := d.find(r, p, locMonster)
	if m == nil || m.ctrl != p || !m.faceUp || slices.Contains(mats, m) {
		d.fail("%s", d.whereText(r, p, "Monster Zone"))
		return nil
	}
	return m
}
