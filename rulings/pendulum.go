package rulings

// Pendulum Monsters: activating one as a Pendulum Spell in a Pendulum Zone
// (`A activates Metalfoes Silverd as a Pendulum Spell`), and the Pendulum
// Summon (`A Pendulum Summons Gemini Elf and Battle Ox`): once per turn,
// with a card in each of the player's two Pendulum Zones, monsters whose
// Levels lie strictly between the two Scales, from the hand (or, in Domain,
// a Main Deck Deck Master from its zone), all at once, as a Special Summon
// that starts no chain. A monster that cannot be Special Summoned cannot be
// Pendulum Summoned (domain-summoning#example-8). A Pendulum Monster that
// would go from the field to the Graveyard goes face-up to the Extra Deck
// instead.
//
// The Pendulum Zones are the player's Spell & Trap Zones holding a card with
// inst.pzone; the engine counts them (two at most) rather than holding
// them to the end zones (link.go numbers the zones but keeps no
// Pendulum Zone apart). Activating a card as a Pendulum
// Spell is written as placing it: the engine builds no Chain Link for that
// activation.

import (
	"fmt"
	"strings"
)

// pendulumScales lists the cards in p's Pendulum Zones.
func (d *duel) pendulumScales(p int) []*inst {
	var out []*inst
	for _, c := range d.pl[p].st {
		if c.pzone {
			out = append(out, c)
		}
	}
	return out
}

// pendulumActivate plays "A activates Metalfoes Silverd as a Pendulum
// Spell": from the hand, or a Main Deck Pendulum Deck Master from its zone
// paying the Deck Master's cost (a Life Point cost for activating a Spell,
// which "Spell Economics" waives: domain-summon-cost#example-2).
func (d *duel) pendulumActivate(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "activate a Pendulum Spell") {
		return
	}
	c := d.find(a.Card, p, locHand)
	fromDMZ := false
	if c == nil {
		if c = d.dmFor(a.Card, p); c != nil {
			fromDMZ = true
		}
	}
	if c == nil {
		d.fail("%s", d.whereText(a.Card, p, "hand"))
		return
	}
	if !c.c.Has(SubPendulum) {
		d.illegal(fmt.Sprintf("%s is not a Pendulum Monster, so it cannot be activated as a Pendulum Spell", c.name()), ruleRef{})
		return
	}
	if fromDMZ && !d.dmMayLeave(c, "be activated as a Pendulum Spell") {
		return
	}
	if len(d.pendulumScales(p)) >= 2 || d.freeST(p) <= 0 {
		d.illegal(fmt.Sprintf("%s has no free Pendulum Zone for %s", d.pn(p), c.name()), ruleRef{})
		return
	}
	if fromDMZ && !d.payDMCostForSpell(p, c) {
		return
	}
	d.slowAction()
	d.tick()
	from := d.locName(c)
	d.remove(c)
	d.place(c, p, locSpell)
	c.moves++
	c.faceUp, c.pzone = true, true
	d.emit("activate", p, c.name(), fmt.Sprintf("%s activates %s from %s as a Pendulum Spell in a Pendulum Zone (Pendulum Scale %d)", d.pn(p), c.name(), from, c.c.PendulumScale()), ruleRef{})
	if fromDMZ {
		d.note(fmt.Sprintf("a Main Deck Pendulum Deck Master may be activated from the Deck Master Zone as a Pendulum Spell"), plain("domain-summoning#pendulum"))
	}
}

// payDMCostForSpell pays the Deck Master's cost for activating it as a
// Spell, unless a face-up card of p's lets p activate Spells without paying
// LP ("Spell Economics").
func (d *duel) payDMCostForSpell(p int, c *inst) bool {
	if n := d.dmCost(p); n > 0 {
		for _, x := range d.fieldOf(p) {
			if x.faceUp && !x.effNegated && x.hasOp(EffectContinuous, "no-lp-for-spells") != nil {
				d.emit("rule", p, x.name(), fmt.Sprintf("%s: %s activates the Spell %s without paying the Deck Master's %d LP", x.name(), d.pn(p), c.name(), n), plain("domain-summon-cost#point-1"))
				return true
			}
		}
	}
	return d.payDMCost(p, c)
}

// pendulumSummon plays "A Pendulum Summons Gemini Elf and Battle Ox".
func (d *duel) pendulumSummon(a *Action) {
	p := a.Player
	lo, hi, ok := d.pendulumStart(p)
	if !ok {
		return
	}
	ms, dmz, ok := d.pendulumMonsters(a, p, lo, hi)
	if !ok {
		return
	}
	for _, c := range ms {
		if c.loc == locDMZ && !d.payDMCost(p, c) {
			return
		}
	}
	d.slowAction()
	d.tick()
	d.pl[p].pendulumSummoned = true
	var names []string
	for _, c := range ms {
		names = append(names, c.name())
		from := d.specialPlace(c, p, true, false)
		c.pendSummoned = true
		d.emit("summon", p, c.name(), fmt.Sprintf("%s Pendulum Summons %s from %s (Scales %d and %d)", d.pn(p), c.name(), from, lo, hi), ruleRef{})
	}
	if dmz {
		d.note("a Main Deck Deck Master may be Pendulum Summoned from the Deck Master Zone", plain("domain-summoning#pendulum"))
	}
	for _, c := range ms {
		d.selfTrigger(c, WhenPendulumSummoned, WhenSpecialSummoned, WhenSummoned)
		d.faceUpNow(c)
	}
	d.emit("rule", p, "", fmt.Sprintf("%s's Pendulum Summon of %s starts no chain", d.pn(p), strings.Join(names, ", ")), ruleRef{})
	d.afterSummon(ms[len(ms)-1])
}

// pendulumStart checks that player p may Pendulum Summon now (a Main
// Phase, not yet this turn, a card in each Pendulum Zone) and returns the
// Scales' low and high.
func (d *duel) pendulumStart(p int) (lo, hi int, ok bool) {
	if !d.mainPhaseAction(p, "Pendulum Summon") {
		return 0, 0, false
	}
	if d.pl[p].pendulumSummoned {
		d.illegal(fmt.Sprintf("%s has already Pendulum Summoned this turn", d.pn(p)), ruleRef{})
		return 0, 0, false
	}
	sc := d.pendulumScales(p)
	if len(sc) < 2 {
		d.illegal(fmt.Sprintf("%s needs a card in each Pendulum Zone to Pendulum Summon", d.pn(p)), ruleRef{})
		return 0, 0, false
	}
	a, b := sc[0].c.PendulumScale(), sc[1].c.PendulumScale()
	return min(a, b), max(a, b), true
}

// pendulumMonsters finds the monsters the line Pendulum Summons, in the
// hand or the Deck Master Zone (dmz: one is the Deck Master), checks each,
// and that they fit in the free Monster Zones.
func (d *duel) pendulumMonsters(a *Action, p, lo, hi int) (ms []*inst, dmz, ok bool) {
	for _, r := range a.Tribute {
		c := d.find(r, p, locHand)
		fromDMZ := false
		if c == nil {
			if c = d.dmFor(r, p); c != nil {
				fromDMZ = true
			}
		}
		if c == nil || containsInst(ms, c) {
			d.fail("%s", d.whereText(r, p, "hand"))
			return nil, false, false
		}
		if !d.pendulumSummonable(c, fromDMZ, lo, hi) {
			return nil, false, false
		}
		dmz = dmz || fromDMZ
		ms = append(ms, c)
	}
	if len(ms) == 0 || len(ms) > d.freeMZ(p) {
		d.illegal(fmt.Sprintf("%s has %d free Monster Zones for %d monsters", d.pn(p), d.freeMZ(p), len(ms)), ruleRef{})
		return nil, false, false
	}
	return ms, dmz, true
}

// pendulumSummonable checks one monster of a Pendulum Summon.
func (d *duel) pendulumSummonable(c *inst, fromDMZ bool, lo, hi int) bool {
	r := ruleRef{}
	if fromDMZ {
		r = plain("domain-summoning#pendulum")
	}
	if c.hasOp(EffectContinuous, "cannot-special-summon") != nil {
		d.illegal(fmt.Sprintf("%s cannot be Special Summoned, so it cannot be Pendulum Summoned", c.name()), r)
		return false
	}
	if fromDMZ && !d.dmMayLeave(c, "be Pendulum Summoned") {
		return false
	}
	if lv := d.level(c); c.c.Has(SubXyz) || c.c.Has(SubLink) || lv <= lo || lv >= hi {
		d.illegal(fmt.Sprintf("%s (%s) is not between the Pendulum Scales %d and %d", c.name(), levelText(d, c), lo, hi), ruleRef{})
		return false
	}
	if !d.specialSummonFree(c) {
		return false
	}
	return true
}

// pendulumBound sends a Pendulum Monster that would go from the field to
// the Graveyard face-up to the Extra Deck instead.
func pendulumBound(c *inst, to location) location {
	if to == locGY && c.onField() && c.c != nil && c.c.Has(SubPendulum) {
		return locExtra
	}
	return to
}
