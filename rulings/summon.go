package rulings

// Summoning, Setting and battle positions: Normal, Tribute, Flip Summons and Sets by a player's action (Special Summons by effects are in ops_summon.go and their helpers).

import (
	"fmt"
)

// fromHand finds the card a names in p's hand or, in Domain, as p's Deck
// Master (fromDMZ). When it is in neither, the action fails saying where
// the card is, and c is nil.
func (d *duel) fromHand(a *Action, p int) (c *inst, fromDMZ bool) {
	if c = d.find(a.Card, p, locHand); c != nil {
		return c, false
	}
	if c = d.dmFor(a.Card, p); c != nil {
		return c, true
	}
	d.fail("%s", d.whereText(a.Card, p, "hand"))
	return nil, false
}

// summon plays a Normal or Tribute Summon: the checks on the monster, its
// Tributes (or what replaces them), the costs of placing it, then the
// Summon itself.
func (d *duel) summon(a *Action) {
	p := a.Player
	c, fromDMZ, ok := d.summonChecks(a, p)
	if !ok {
		return
	}
	tributes, ok := d.namedTributes(a, p)
	if !ok {
		return
	}
	if why := d.typeLockBarred(p, c, tributes); why != "" { // rivalry.go
		d.illegal(why, ruleRef{})
		return
	}
	banished, lowATK, ok := d.tributesNeeded(a, p, c, tributes)
	if !ok {
		return
	}
	if !d.zoneForSummon(p, c, len(tributes)) {
		return
	}
	if fromDMZ && !d.payDMCost(p, c) {
		return
	}
	if !d.payToPlace(p, c) {
		return
	}
	d.slowAction()
	d.pl[p].normalSummoned = true
	if len(banished) > 0 {
		d.tick()
		d.burialBanish(p, c, banished)
	}
	if len(tributes) > 0 {
		d.tick()
		since := d.trigSeq
		for _, t := range tributes {
			d.tribute(t, fmt.Sprintf("Tributed for %s", c.name()))
			t.costFor = c.id
		}
		d.overtake(since, fmt.Sprintf("it was Tributed, and the Tribute Summon of %s happened after it", c.name()))
	}
	d.summoned(p, c, len(tributes) > 0 || len(banished) > 0, lowATK)
}

// summonChecks finds the monster the line Normal or Tribute Summons (in
// the hand or the Deck Master Zone) and checks, in order, the rules that
// may forbid the Summon before its Tributes.
func (d *duel) summonChecks(a *Action, p int) (c *inst, fromDMZ, ok bool) {
	if !d.mainPhaseAction(p, "Summon") {
		return nil, false, false
	}
	if c, fromDMZ = d.fromHand(a, p); c == nil {
		return nil, false, false
	}
	if !d.normalSummonFree(p) || d.refuseNomi(c) {
		return nil, false, false
	}
	if fromDMZ && !d.dmMayLeave(c, "be Normal or Tribute Summoned") {
		return nil, false, false
	}
	if !d.normalSummonAllowed(p, c) {
		return nil, false, false
	}
	if d.pl[p].noSummon {
		d.illegal(fmt.Sprintf("%s cannot Summon monsters for the rest of this turn", d.pn(p)), ruleRef{})
		return nil, false, false
	}
	if why := d.summonBanned(c); why != "" {
		d.illegal(why, d.summonBanRef())
		return nil, false, false
	}
	return c, fromDMZ, true
}

// namedTributes are the monsters the line Tributes, each checked: on the
// field, controlled (or allowed), not refused as a Tribute, not borrowed
// until the End Phase.
func (d *duel) namedTributes(a *Action, p int) ([]*inst, bool) {
	var tributes []*inst
	for _, r := range a.Tribute {
		t := d.find(r, p, locMonster)
		if t == nil {
			d.fail("%s", d.whereText(r, -1, "Monster Zone"))
			return nil, false
		}
		if t.ctrl != p && t.tributable != p {
			d.illegal(fmt.Sprintf("%s cannot Tribute %s, which it does not control", d.pn(p), d.describe(t)), ruleRef{})
			return nil, false
		}
		if why := d.tributeRefused(t); why != "" { // selfsummon.go
			d.illegal(why, ruleRef{})
			return nil, false
		}
		if t.ctrlUntil && !t.ctrlFree {
			d.illegal(fmt.Sprintf("%s is controlled only until the End Phase and cannot be Tributed", t.name()), ruleRef{})
			return nil, false
		}
		tributes = append(tributes, t)
	}
	return tributes, true
}

// tributesNeeded checks that the Tributes match the monster's Level (1 for
// Level 5 and 6, 2 for 7 or more), unless monsters banished instead
// (burial.go), LP paid instead, or the card's own Summon without Tributes
// (lowATK ≥ 0, summonalt.go) replace them.
func (d *duel) tributesNeeded(a *Action, p int, c *inst, tributes []*inst) (banished []*inst, lowATK int, ok bool) {
	need := 0
	switch lv := d.level(c); {
	case lv >= 7:
		need = 2
	case lv >= 5:
		need = 1
	}
	need = max(0, need-d.fewerTributes(c)) // geartown.go
	if len(a.Banish) > 0 {
		if banished = d.burialTributes(p, c, need, a.Banish); banished == nil { // burial.go
			return nil, -1, false
		}
		need = 0
	}
	if a.N > 0 && len(tributes) == 0 {
		if !d.tributesPaidInLP(p, c, need, a.N) {
			return nil, -1, false
		}
		need = 0
	}
	lowATK = -1
	if len(tributes) == 0 && need > 0 && a.N == 0 {
		if lowATK = summonsWithoutTributes(c); lowATK >= 0 { // summonalt.go
			need = 0
		}
	}
	if len(tributes) != need {
		d.illegal(fmt.Sprintf("%s (Level %d) needs %d Tribute(s), not %d", c.name(), d.level(c), need, len(tributes)), ruleRef{})
		return nil, -1, false
	}
	return banished, lowATK, true
}

// summoned places the Normal or Tribute Summoned monster face-up in Attack
// Position and sets off what its Summon triggers.
func (d *duel) summoned(p int, c *inst, tribute bool, lowATK int) {
	d.tick()
	d.remove(c)
	d.place(c, p, locMonster)
	c.moves++
	c.faceUp, c.def, c.summonTurn, c.summonedBy = true, false, d.turn, p
	d.countSummon(p, d.turn)
	d.faceUpNow(c)
	kind := "Normal Summons"
	cond := WhenNormalSummoned
	if tribute {
		kind, cond = "Tribute Summons", WhenTributeSummoned
	}
	d.emit("summon", p, c.name(), fmt.Sprintf("%s %s %s", d.pn(p), kind, c.name()), ruleRef{})
	if lowATK >= 0 {
		d.summonedWithoutTributes(c, lowATK)
	}
	d.selfTrigger(c, cond, WhenNormalSummoned, WhenSummoned)
	d.summonTriggerWatchers(c, "") // tokens.go
	d.afterSummon(c)
}

func (d *duel) afterSummon(c *inst) {
	d.winEvents = []string{"monster-summoned", summonedEvent(c)}
	d.fresh = true
	d.clearPasses()
	d.startBuildIfDue()
}

func (d *duel) flipSummon(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "Flip Summon") {
		return
	}
	c := d.find(a.Card, p, locMonster)
	if c == nil || c.faceUp {
		d.fail("%s", d.whereText(a.Card, p, "face-down monsters"))
		return
	}
	if d.pl[p].noSummon {
		d.illegal(fmt.Sprintf("%s cannot Summon monsters for the rest of this turn", d.pn(p)), ruleRef{})
		return
	}
	if !d.positionFree(c, "be Flip Summoned") {
		return
	}
	if why := d.typeLockBarred(p, c, nil); why != "" { // rivalry.go
		d.illegal(why, ruleRef{})
		return
	}
	d.slowAction()
	d.tick()
	c.faceUp, c.def, c.posTurn = true, false, d.turn
	d.faceUpNow(c)
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Flip Summons %s", d.pn(p), c.name()), ruleRef{})
	d.selfTrigger(c, TrigFlip, WhenSummoned)
	d.afterSummon(c)
}

func (d *duel) set(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "Set a card") {
		return
	}
	c, fromDMZ := d.fromHand(a, p)
	if c == nil {
		return
	}
	if fromDMZ && (!d.dmMayLeave(c, "be Set") || !d.payDMCost(p, c)) {
		return
	}
	if !d.payToPlace(p, c) {
		return
	}
	d.slowAction()
	switch {
	case c.isMonster():
		if d.refuseNomi(c) {
			return
		}
		if !d.normalSummonFree(p) {
			return
		}
		if d.freeMZ(p) <= 0 {
			d.illegal(fmt.Sprintf("%s has no free Monster Zone", d.pn(p)), ruleRef{})
			return
		}
		d.pl[p].normalSummoned = true
		d.remove(c)
		d.place(c, p, locMonster)
		c.moves++
		c.faceUp, c.def, c.setTurn = false, true, d.turn
		d.emit("set", p, c.name(), fmt.Sprintf("%s Sets a monster (%s)", d.pn(p), c.name()), ruleRef{})
	case c.c.Has(SubField):
		d.replaceOwnField(p)
		d.remove(c)
		d.place(c, p, locField)
		c.faceUp, c.setTurn = false, d.turn
		r := ref("Field Spells", d.p.SharedFieldSpell)
		opp := d.pl[d.opp(p)].fz
		txt := fmt.Sprintf("%s Sets %s face-down in the Field Zone", d.pn(p), c.name())
		if opp != nil && opp.faceUp {
			txt += fmt.Sprintf("; a Set Field Spell destroys nothing, so %s stays", d.describe(opp))
		}
		d.emit("set", p, c.name(), txt, r)
		d.fieldSetTriggers() // geartown.go
	default:
		if d.freeST(p) <= 0 {
			d.illegal(fmt.Sprintf("%s has no free Spell & Trap Zone to Set %s", d.pn(p), c.name()), d.stZoneRef(p))
			return
		}
		d.remove(c)
		d.place(c, p, locSpell)
		c.moves++
		c.faceUp, c.setTurn = false, d.turn
		d.emit("set", p, c.name(), fmt.Sprintf("%s Sets %s", d.pn(p), c.name()), ruleRef{})
	}
}

// replaceOwnField clears p's Field Zone before a new Field Spell goes there.
func (d *duel) replaceOwnField(p int) {
	old := d.pl[p].fz
	if old == nil {
		return
	}
	r := ref("Replacing your own Field Spell", d.p.ReplaceOwnField)
	if d.p.ReplaceOwnField.Value == "destroy" {
		d.emit("rule", p, old.name(), fmt.Sprintf("%s's %s is destroyed at once, without a chain, as a new Field Spell takes its place", d.pn(p), old.name()), r)
		d.destroy(old, "game mechanics", false)
		return
	}
	d.emit("rule", p, old.name(), fmt.Sprintf("%s's %s is sent to the Graveyard as a new Field Spell takes its place", d.pn(p), old.name()), r)
	d.sendToGY(old, "replaced", false)
}

// payToPlace charges "Chain Energy" for placing c from the hand.
func (d *duel) payToPlace(p int, c *inst) bool {
	for _, ce := range d.allField() {
		if !ce.faceUp || ce.hasOp(EffectContinuous, "pay-to-place") == nil {
			continue
		}
		n := ce.opN(EffectContinuous, "pay-to-place")
		lp := d.pl[p].lp
		r := ref("Chain Energy", d.p.ChainEnergyToZero)
		if lp < n {
			d.illegal(fmt.Sprintf("%s must pay %d LP to %s to place %s, and has only %d", d.pn(p), n, ce.name(), c.name(), lp), ruleRef{})
			return false
		}
		if lp == n && !d.p.ChainEnergyToZero.Value && !d.costMayReachZero() {
			d.illegal(fmt.Sprintf("paying %d LP to %s would bring %s to 0 LP", n, ce.name(), d.pn(p)), ref("Life Point costs", d.p.LPCostToZero))
			return false
		}
		if lp == n && d.p.ChainEnergyToZero.Value && !d.costMayReachZero() {
			d.emit("rule", p, ce.name(), fmt.Sprintf("%s may pay %s's %d LP even though it brings them to 0", d.pn(p), ce.name(), n), r)
		}
		d.changeLP(p, -n, fmt.Sprintf("paid to %s to place %s", ce.name(), c.name()), ruleRef{})
		d.checkLoss()
		if d.over {
			return false
		}
	}
	return true
}

func (d *duel) changePosition(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "change a battle position") {
		return
	}
	c := d.find(a.Card, p, locMonster)
	if c == nil || c.ctrl != p {
		d.fail("%s", d.whereText(a.Card, p, "Monster Zone"))
		return
	}
	if c.attacks > 0 || c.attackedOnce {
		d.illegal(fmt.Sprintf("%s cannot change its battle position this turn", c.name()), ruleRef{})
		return
	}
	if !d.positionFree(c, "change its battle position") {
		return
	}
	d.slowAction()
	c.def = a.Declare == "defense"
	c.faceUp = true
	c.posTurn = d.turn
	d.emit("position", p, c.name(), fmt.Sprintf("%s changes %s to %s", d.pn(p), c.name(), d.positionText(c)), ruleRef{})
}

// specialSummonFree checks what stops c being Special Summoned by its own
// procedure or a Pendulum Summon: a ban on the card, and a face-up card
// that stops every Special Summon.
func (d *duel) specialSummonFree(c *inst) bool {
	if why := d.summonBanned(c); why != "" {
		d.illegal(why, d.summonBanRef())
		return false
	}
	if k := d.noSpecialSummons(); k != nil {
		d.illegal(fmt.Sprintf("%s: no player can Special Summon", d.describe(k)), ref("\"Each\", \"both\" and \"neither\"", d.p.EachMeansAll))
		return false
	}
	return true
}
