package rulings

import (
	"fmt"
	"slices"
)

// The Deck Master (domain-deck-master, domain-summoning, domain-summon-cost,
// domain-returning). Each Domain player's Deck Master starts in the Deck
// Master Zone, a zone of its own where it cannot use effects, be targeted
// or be affected. It leaves only by being Normal or Tribute Summoned or Set
// (the Summon mechanics and procedures of other card types are not
// replayed); each time after the first costs 500 LP for every earlier
// return. Once it has changed zones other than by being Summoned, its owner
// may send it back, but only just before the game state opens again, in
// turn order from the turn player.

func (d *duel) dmRef() ruleRef { return ref("Deck Master Zone", d.p.DeckMasterZone) }

// dmFor finds p's Deck Master in its zone, if it is the card named.
func (d *duel) dmFor(r *CardRef, p int) *inst {
	if p < 0 || p >= len(d.pl) {
		return nil
	}
	if dm := d.pl[p].dm; dm != nil && dm.c == r.Card {
		return dm
	}
	return nil
}

// dmMayLeave: may the Deck Master leave its zone this way?
func (d *duel) dmMayLeave(c *inst, what string) bool {
	r := ref("Leaving the Deck Master Zone", d.p.DeckMasterLeave)
	for _, t := range extraDeckSubtypes {
		if c.c.Has(t) {
			d.illegal(fmt.Sprintf("%s is an Extra Deck monster and cannot %s from the Deck Master Zone", c.name(), what), r)
			return false
		}
	}
	return true
}

// dmCost is what the Deck Master costs to leave its zone now.
func (d *duel) dmCost(p int) int { return d.p.DeckMasterCost.Value * d.pl[p].dmReturns }

// payDMCost pays the cumulative cost of leaving the Deck Master Zone.
func (d *duel) payDMCost(p int, c *inst) bool {
	n := d.dmCost(p)
	r := ref("Deck Master cost", d.p.DeckMasterCost)
	if n == 0 {
		d.emit("rule", p, c.name(), fmt.Sprintf("%s leaves the Deck Master Zone for the first time: no cost", c.name()), r)
		return true
	}
	if !d.canPayLP(p, n, "the Deck Master "+c.name()) {
		return false
	}
	d.emit("cost", p, c.name(), fmt.Sprintf("%s pays %d LP to bring %s out of the Deck Master Zone (500 LP for each of its %d returns); the payment starts no chain", d.pn(p), n, c.name(), d.pl[p].dmReturns), ref("Deck Master cost as a Life Point cost", d.p.DeckMasterCostLP))
	d.changeLP(p, -n, "cost of the Deck Master "+c.name(), r)
	d.checkLoss()
	if d.over || d.pl[p].lost {
		return false
	}
	d.lpPaid(p, n)
	return true
}

// dmSummoned records that a Deck Master was Special Summoned; if an
// opponent's effect brought it back from the Graveyard, its owner loses the
// option to return it.
func (d *duel) dmSummoned(c *inst, p int) {
	o := c.owner
	if o < 0 || o >= len(d.pl) || d.pl[o].dmCard != c {
		return
	}
	if p != o && d.pl[o].dmChanged {
		d.pl[o].dmNoReturn = true
		d.emit("rule", o, c.name(), fmt.Sprintf("%s's Deck Master was Summoned by another player's effect: %s may not return it to the Deck Master Zone", d.pn(o), d.pn(o)), ref("Returning the Deck Master", d.p.DeckMasterReturn))
	}
}

// dmMoved notes that a Deck Master changed zones (not by being Summoned).
func (d *duel) dmMoved(c *inst) {
	o := c.owner
	if o < 0 || o >= len(d.pl) || d.pl[o].dmCard != c || c.loc == locDMZ || c.loc == locGone {
		return
	}
	d.pl[o].dmChanged = true
	d.pl[o].dmNoReturn = false
}

// offerReturns: just before the game state opens, every player whose Deck
// Master changed zones may send it back, in turn order from the turn player.
func (d *duel) offerReturns() {
	if !d.deckMasterInZone() || len(d.chain) > 0 || d.building || d.dueTriggers() || d.forked {
		return
	}
	for _, q := range d.turnOrderFrom(d.tp) {
		ps := d.pl[q]
		c := ps.dmCard
		if c == nil || !ps.dmChanged || ps.dmNoReturn || c.loc == locDMZ || c.loc == locGone || slices.Contains(d.dmOffers, q) {
			continue
		}
		d.dmOffers = append(d.dmOffers, q)
		d.emit("rule", q, c.name(), fmt.Sprintf("%s may return the Deck Master %s from %s to the Deck Master Zone now, or leave it there", d.pn(q), c.name(), d.locName(c)), ref("Returning the Deck Master", d.p.DeckMasterReturn))
	}
}

func (d *duel) dueTriggers() bool {
	for _, tr := range d.pending {
		if d.due(tr) {
			return true
		}
	}
	return false
}

// declineReturns: the game state has opened; Deck Masters not returned stay
// where they are until they change zones again.
func (d *duel) declineReturns(upTo int) {
	var keep []int
	for _, q := range d.dmOffers {
		if upTo >= 0 && q == upTo {
			keep = append(keep, q)
			continue
		}
		if upTo >= 0 && !slices.Contains(d.turnOrderBefore(upTo), q) {
			keep = append(keep, q)
			continue
		}
		ps := d.pl[q]
		ps.dmChanged = false
		d.emit("rule", q, ps.dmCard.name(), fmt.Sprintf("%s leaves the Deck Master %s in %s", d.pn(q), ps.dmCard.name(), d.locName(ps.dmCard)), ref("Returning the Deck Master", d.p.DeckMasterReturn))
	}
	d.dmOffers = keep
}

// turnOrderBefore lists the players who decide before p (turn order from
// the turn player).
func (d *duel) turnOrderBefore(p int) []int {
	var out []int
	for _, q := range d.turnOrderFrom(d.tp) {
		if q == p {
			break
		}
		out = append(out, q)
	}
	return out
}

// returnDM plays "A returns Sangan to the Deck Master Zone".
func (d *duel) returnDM(a *Action) {
	p := a.Player
	r := ref("Returning the Deck Master", d.p.DeckMasterReturn)
	ps := d.pl[p]
	c := ps.dmCard
	if !d.deckMasterInZone() || c == nil {
		d.fail("%s has no Deck Master", d.pn(p))
		return
	}
	if a.Card != nil && a.Card.Card != c.c {
		d.fail("%s is not %s's Deck Master (%s is)", a.Card.Card.Name, d.pn(p), c.name())
		return
	}
	switch {
	case c.loc == locDMZ:
		d.fail("%s is already in the Deck Master Zone", c.name())
		return
	case len(d.chain) > 0 || d.building || d.dueTriggers():
		d.illegal(fmt.Sprintf("%s cannot return %s yet: every chain must resolve, with no new chain started, before a Deck Master goes back", d.pn(p), c.name()), r)
		return
	case ps.dmNoReturn:
		d.illegal(fmt.Sprintf("%s was Summoned or Set by another player's effect, so %s may not return it", c.name(), d.pn(p)), plain("domain-returning#condition"))
		return
	case !slices.Contains(d.dmOffers, p):
		why := "it has not changed zones since the game state was last open"
		if !ps.dmChanged && c.loc != locMonster {
			why = "the moment to return it has passed; it must change zones again first"
		}
		d.illegal(fmt.Sprintf("%s cannot return %s now: %s", d.pn(p), c.name(), why), r)
		return
	}
	d.declineReturns(p)
	from := d.locName(c)
	fromGY := c.loc == locGY
	d.remove(c)
	c.loc, c.faceUp, c.def = locDMZ, true, false
	c.moves++
	c.equipTo, c.trapMon, c.holdsST = nil, false, false
	ps.dm = c
	ps.dmReturns++
	ps.dmChanged = false
	var keep []int
	for _, q := range d.dmOffers {
		if q != p {
			keep = append(keep, q)
		}
	}
	d.dmOffers = keep
	d.emit("move", p, c.name(), fmt.Sprintf("%s returns the Deck Master %s from %s to the Deck Master Zone (return %d; this starts no chain)", d.pn(p), c.name(), from, ps.dmReturns), r)
	if fromGY {
		d.gyLeft(c, p) // gyleft.go
		d.startBuildIfDue()
	}
}

// keepDM plays "A leaves Sangan in the Graveyard".
func (d *duel) keepDM(a *Action) {
	if !slices.Contains(d.dmOffers, a.Player) {
		d.fail("%s has no Deck Master to decide about now", d.pn(a.Player))
		return
	}
	d.declineReturns(a.Player)
	ps := d.pl[a.Player]
	ps.dmChanged = false
	var keep []int
	for _, q := range d.dmOffers {
		if q != a.Player {
			keep = append(keep, q)
		}
	}
	d.dmOffers = keep
	d.emit("rule", a.Player, ps.dmCard.name(), fmt.Sprintf("%s leaves the Deck Master %s in %s", d.pn(a.Player), ps.dmCard.name(), d.locName(ps.dmCard)), ref("Returning the Deck Master", d.p.DeckMasterReturn))
}

// dmTargeted: a card in the Deck Master Zone cannot be targeted or
// affected.
func (d *duel) dmTargeted(r *CardRef) bool {
	for q := range d.pl {
		if dm := d.pl[q].dm; dm != nil && dm.c == r.Card && (r.Player < 0 || r.Player == q) {
			d.illegal(fmt.Sprintf("%s is in the Deck Master Zone, where it cannot be targeted or affected by other cards", dm.name()), d.dmRef())
			return true
		}
	}
	return false
}

// deckMasterInZone is whether Deck Masters start in their own zone, inert (DeckMasterZone): the one place that reads the switch.
func (d *duel) deckMasterInZone() bool { return d.p.DeckMasterZone.Value }

// dmActivated refuses a line that activates the effect of a card in its
// owner's Deck Master Zone: it uses no effects there, and its own activated
// effect cannot Summon it out of the zone (domain-summoning#not-valid).
func (d *duel) dmActivated(a *Action) bool {
	dm := d.dmFor(a.Card, a.Player)
	if dm == nil {
		return false
	}
	d.illegal(fmt.Sprintf("%s is in the Deck Master Zone: its effects cannot be activated there, and its own activated effect cannot Special Summon it from there", dm.name()), plain("domain-summoning#not-valid"))
	return true
}

// dmChoiceAllowed refuses an effect that would Special Summon a Deck
// Master from its zone when the effect names another place (the hand, the
// Deck, the Graveyard or the Extra Deck): the Deck Master Zone is none of
// them (domain-summoning#not-valid).
func (d *duel) dmChoiceAllowed(p int, c *inst, e *Effect, a *Action) bool {
	if !d.deckMasterInZone() {
		return true
	}
	for _, o := range e.Do {
		if o.Op.is(traitProperSummon) {
			return true
		}
	}
	for _, r := range a.Choose {
		dm := d.dmFor(r, p)
		if dm == nil || d.find(r, p, locHand, locDeck, locGY, locExtra, locBanished) != nil {
			continue
		}
		d.illegal(fmt.Sprintf("%s cannot take %s out of the Deck Master Zone: it Special Summons from a place it names, and the Deck Master Zone is not that place", effectName(c.c, e), dm.name()), plain("domain-summoning#not-valid"))
		return false
	}
	return true
}
