package rulings

// Moving cards between zones: the one way a card leaves a place and arrives in another (sent, destroyed, Special Summoned), with the triggers a move sets off; filters that pick cards.

import (
	"fmt"
	"strings"
)

// matches reads filters like "monster,atk<=1500", "monster,dark", "type=Machine":
// every comma-separated term must hold.
func (d *duel) matches(c *inst, filter string) bool {
	if c.c == nil {
		return false
	}
	for _, term := range strings.Split(filter, ",") {
		if !d.matchesTerm(c, strings.TrimSpace(strings.ToLower(term))) {
			return false
		}
	}
	return true
}

// graveyardLock is a face-up card whose effects apply that keeps cards in
// the Graveyards ("Necrovalley"), or nil.
func (d *duel) graveyardLock() *inst {
	for _, c := range d.allField() {
		if d.live(c, "graveyard-lock") != nil {
			return c
		}
	}
	return nil
}

// gyBanishLock is a face-up card of p's opponent that forbids p to banish
// cards from either Graveyard ("Kycoo the Ghost Destroyer"), or nil. The
// costs that banish from a Graveyard ask it (checkBanishOwnCost,
// checkBanishFromGyCost).
func (d *duel) gyBanishLock(p int) *inst {
	for _, c := range d.allField() {
		if c.ctrl != p && d.live(c, "opponent-cannot-banish-from-gy") != nil {
			return c
		}
	}
	return nil
}

// matchesAny reads a filter with alternatives separated by " or "
// ("light or dark"): c matches when it matches one of them.
func (d *duel) matchesAny(c *inst, filter string) bool {
	for _, f := range strings.Split(filter, " or ") {
		if d.matches(c, f) {
			return true
		}
	}
	return false
}

// gyLocked reports whether a Graveyard lock ("Necrovalley") negates an
// effect that would move a card out of a Graveyard.
func (d *duel) gyLocked(src *inst) bool {
	if c := d.graveyardLock(); c != nil {
		d.emit("negate", c.ctrl, c.name(), fmt.Sprintf("%s negates %s: cards cannot leave the Graveyard", c.name(), src.name()), ruleRef{})
		return true
	}
	return false
}

func (d *duel) moveTo(c *inst, to location, why string) {
	if to == locGY && d.live(c, "to-deck-instead-of-gy") != nil {
		to, why = locDeck, why+"; it goes to the top of the Deck instead of the Graveyard"
	}
	if b := d.gyBanisher(c); to == locGY && b != nil { // banishinstead.go
		to, why = locBanished, why+"; "+b.name()+" banishes it instead of the Graveyard"
	}
	if b := d.handBanisher(c); to == locHand && b != nil { // banishinstead.go
		to, why = locBanished, why+"; "+b.name()+" banishes it instead of returning it to the hand"
	}
	to, why = d.leaveRedirect(c, to, why) // selfsummon.go
	to = extraDeckBound(c, pendulumBound(c, to))
	from := d.locName(c)
	mv := moved{from: c.loc, field: c.onField(), monster: c.isMonster(), trapMon: c.trapMon, equipTo: c.equipTo, ctrl: c.ctrl}
	p := c.owner
	d.move(c, to, p)
	if c.c != nil && c.c.Has(SubToken) && !c.onField() {
		d.remove(c)
		c.loc = locGone
		d.emit("move", p, c.name(), fmt.Sprintf("%s leaves the field (%s) and ceases to exist", c.name(), why), ruleRef{})
		d.afterMove(c, mv, to)
		return
	}
	d.emit("move", p, c.name(), fmt.Sprintf("%s: %s → %s (%s)", c.name(), from, d.locName(c), why), ruleRef{})
	d.left(c, mv.field, to)
	d.afterMove(c, mv, to)
}

// left runs what follows a card leaving the field or reaching the Graveyard.
func (d *duel) left(c *inst, wasField bool, to location) {
	d.relayLeft(c, wasField)
	d.boundLeft(c, wasField)                // tagout.go
	d.oppDestroyedTriggers(c, wasField, to) // synchrofx.go
	d.tiedLeft(c, wasField)                 // gemini.go
	if wasField && c.linked != nil {
		other := c.linked
		c.linked, other.linked = nil, nil
		if other.onField() {
			d.destroy(other, c.name()+" left the field", false)
		}
	}
	if !c.onField() {
		c.linked = nil
	}
	if wasField && !c.onField() && len(c.mats) > 0 {
		d.materialsLeave(c)
	}
	if to == locGY {
		if wasField {
			d.selfTrigger(c, WhenSentToGYFromField, WhenSentToGY)
		} else {
			d.selfTrigger(c, WhenSentToGY)
		}
		if c.gyGrant {
			c.gyGrant = false
			d.queueGranted(c)
		}
	}
}

// queueGranted queues "Spear Cretin"'s granted effect.
func (d *duel) queueGranted(c *inst) {
	e := &Effect{Kind: EffectTrigger, When: WhenSentToGY, Do: []Op{{Op: "special-summon-from-gy-each"}}, Label: "granted"}
	d.queue(c, e, -1, nil)
}

func (d *duel) sendToGY(c *inst, why string, battle bool) { d.moveTo(c, locGY, why) }

// destroy destroys a card on the field and reports whether it was
// destroyed (a Union may be destroyed in its place).
func (d *duel) destroy(c *inst, by string, battle bool) bool {
	return d.destroyTo(c, by, battle, locGY)
}

// destroyTo destroys c and puts it in `to`: the Graveyard, or the banished
// cards for "destroy and banish" ("Bottomless Trap Hole").
func (d *duel) destroyTo(c *inst, by string, battle bool, to location) bool {
	if !c.onField() {
		return false
	}
	if u := d.unionShield(c, battle); u != nil {
		d.emit("rule", c.ctrl, u.name(), fmt.Sprintf("%s is destroyed instead of %s", d.describe(u), d.describe(c)), ref("Union protection", d.p.UnionProtection))
		d.destroy(u, "its Union effect", false)
		return false
	}
	if d.replacedBy(c) {
		return false
	}
	c.destroyed, c.destroyTurn = true, d.turn
	c.oppDestroyed = battle || (d.resolving != nil && d.resolving.ctrl != c.ctrl) // synchrofx.go
	if battle {
		c.battleKilled = true
		d.t.destroy[c.name()] = "battle"
	} else if _, ok := d.t.destroy[c.name()]; !ok {
		d.t.destroy[c.name()] = "effect"
	}
	how := "destroyed by " + by
	if battle {
		how = "destroyed by battle"
	}
	bound := c.negBy
	if to == locBanished {
		how += " and banished"
	}
	held := c.ctrl == c.owner
	d.destroying = c
	wasEquipped := c.equipTo != nil && c.equipTo.onField() && !c.isMonster()
	d.moveTo(c, to, how)
	d.destroying = nil
	if c.loc == locGY {
		d.selfTrigger(c, TrigDestroyedAnyToGY) // geartown.go
	}
	d.equipDestroyed(c, wasEquipped, battle) // equip.go
	d.boundDestroyed(bound)
	d.destroyedByOpponent(c, held, battle) // destroyedby.go
	return true
}

func (d *duel) specialSummon(c *inst, p int, by string) {
	d.summonTo(c, p, by, true, false)
}

// specialSummonSet Special Summons c in face-down Defense Position.
func (d *duel) specialSummonSet(c *inst, p int, by string) {
	d.summonTo(c, p, by, false, true)
}

func (d *duel) summonTo(c *inst, p int, by string, faceUp, def bool) bool {
	if d.freeMZ(p) <= 0 {
		d.emit("move", p, c.name(), fmt.Sprintf("%s has no free Monster Zone for %s", d.pn(p), c.name()), ruleRef{})
		return false
	}
	if why := d.summonBanned(c); why != "" {
		d.emit("rule", p, c.name(), why+": "+c.name()+" stays where it is", ruleRef{})
		return false
	}
	if why := improperSummon(c); why != "" {
		d.emit("rule", p, c.name(), why+": it stays where it is", ruleRef{})
		return false
	}
	if why := d.specialBarred(p); why != "" { // summonwatch.go
		d.emit("rule", p, c.name(), why+": "+c.name()+" stays where it is", ruleRef{})
		return false
	}
	if k := d.noSpecialSummons(); k != nil {
		d.emit("rule", p, k.name(), fmt.Sprintf("%s: no player can Special Summon, so %s stays where it is", d.describe(k), c.name()), ref("\"Each\", \"both\" and \"neither\"", d.p.EachMeansAll))
		return false
	}
	from := " from " + d.specialPlace(c, p, faceUp, def)
	if c.c != nil && c.c.Has(SubToken) {
		from = ""
	}
	how := ""
	if !faceUp {
		how = " in face-down Defense Position"
	} else if def {
		how = " in Defense Position"
	}
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Special Summons %s%s%s (%s)", d.pn(p), c.name(), from, how, by), ruleRef{})
	d.dmSummoned(c, p)
	d.summonWatchers(p)            // summonwatch.go
	d.summonTriggerWatchers(c, by) // tokens.go
	if faceUp {
		d.selfTrigger(c, WhenSpecialSummoned, WhenSummoned)
		d.faceUpNow(c)
	}
	if d.ds < 0 {
		d.winEvents = append(d.winEvents, "monster-summoned", summonedEvent(c))
	}
	return true
}

// keepMoveEvents keeps, after a chain resolves, the events the open game
// state may answer: monsters sent to the Graveyard or returned to the hand
// while the chain resolved.
func keepMoveEvents(ev []string) []string {
	var out []string
	for _, e := range ev {
		if strings.HasPrefix(e, "monster-to-gy:") || strings.HasPrefix(e, "monster-bounced:") || strings.HasPrefix(e, "trap-monster-left:") {
			out = append(out, e)
		}
	}
	return out
}

// hasLevel reports whether a monster card has a Level: Xyz Monsters have a
// Rank and Link Monsters a Link Rating instead, so no "Level N or lower"
// filter matches them.
func hasLevel(c *Card) bool { return !c.Has(SubXyz) && !c.Has(SubLink) }

// specialPlace moves c from where it is to p's Monster Zone as a Special
// Summon in the given position, and names the place it came from. Every
// Special Summon (by an effect, Xyz, Synchro, Pendulum) places its monster
// through it.
func (d *duel) specialPlace(c *inst, p int, faceUp, def bool) string {
	from := d.locName(c)
	c.fromExtra = c.loc == locExtra
	d.remove(c)
	d.place(c, p, locMonster)
	c.moves++
	c.faceUp, c.def, c.summonTurn, c.summonedBy = faceUp, def, d.turn, p
	c.special = true
	d.countSummon(p, d.turn) // summoncount.go
	return from
}
