package rulings

import (
	"fmt"
	"strings"
)

// This file holds the activation rules added with the second set of
// switches: Continuous Traps with Ignition-like effects (goat-06), failure
// to find (goat-08), mandatory quick effects, and the card movements that
// other rules watch (discards, Tributes).

// ignitionLike returns the effect a face-up Continuous Trap uses at will,
// or nil.
func ignitionLike(c *Card) *Effect {
	if c.Kind != CardTrap || !c.Has(SubContinuous) {
		return nil
	}
	for i := range c.Effects {
		if e := &c.Effects[i]; e.Unsupported == "" && (e.Kind == EffectQuick || e.Kind == EffectIgnition) {
			return e
		}
	}
	return nil
}

// continuousTrapUse handles "B activates Royal Oppression and uses its
// effect": a Set Continuous Trap activated together with its Ignition-like
// effect. It returns the effect the link will carry.
func (d *duel) continuousTrapUse(c *inst, e *Effect, a *Action) (*Effect, bool) {
	il := ignitionLike(c.c)
	if il == nil || c.faceUp || c.loc != locSpell {
		return e, true
	}
	implied := e.Target == nil && len(e.Do) == 0 && (len(a.Targets) > 0 || a.N > 0)
	if !a.UseEffect && !implied {
		return e, true
	}
	r := ref("Continuous Traps with Ignition-like effects", d.p.ContinuousTrapFlipUse)
	if !d.continuousTrapFlipUse() {
		d.illegal(fmt.Sprintf("%s is only turned face-up by this activation; its effect cannot be used at the same time, so it must already be face-up to answer this", c.name()), r)
		return nil, false
	}
	d.note(fmt.Sprintf("%s is activated and its effect used at the same time", c.name()), r)
	return il, true
}

// faceUpTrapUse: in a format where flipping and using are separate steps,
// a Continuous Trap turned face-up in this chain cannot use its effect in
// it.
func (d *duel) faceUpTrapUse(c *inst, e *Effect) bool {
	if d.continuousTrapFlipUse() || ignitionLike(c.c) != e || c.flipChain == 0 || d.chainRec < 0 {
		return true
	}
	if c.flipChain != d.t.Chains[d.chainRec].N {
		return true
	}
	d.illegal(fmt.Sprintf("%s was turned face-up in this same chain; its effect could answer only what was activated after it was already face-up", c.name()),
		ref("Continuous Traps with Ignition-like effects", d.p.ContinuousTrapFlipUse))
	return false
}

// trapUseResolving: a face-up Continuous Trap's Ignition-like effect
// cannot be used again while a Chain Link of the same card (its activation,
// or an earlier use of the effect) waits to resolve: one use at a time
// ("Royal Oppression" flipped face-up cannot negate a "Call of the Haunted"
// chained to its own activation; edison-royal-oppression-own-chain, from
// the edisonformat.net rulings quoted by edisonrul.ing).
func (d *duel) trapUseResolving(c *inst, e *Effect) bool {
	if ignitionLike(c.c) != e {
		return true
	}
	for _, l := range d.chain {
		if l.src == c {
			d.illegal(fmt.Sprintf("%s is already Chain Link %d and has not resolved yet; its effect cannot be used again until it has", c.name(), l.rec.N), ruleRef{})
			return false
		}
	}
	return true
}

// activationAllowed applies the rules that forbid an activation outright:
// a negated Trap, a Trap Monster without a Monster Zone, a full Spell &
// Trap Zone, and the end-of-turn discard.
func (d *duel) activationAllowed(p int, c *inst, e *Effect, cardAct bool) bool {
	if c.c.Kind == CardTrap && (cardAct || c.onField()) {
		if j := d.trapNegator(); j != nil {
			d.illegal(fmt.Sprintf("%s is face-up: Trap Cards cannot be activated and their effects are negated", d.describe(j)), ruleRef{})
			return false
		}
	}
	if cardAct && hasOp(e, "summon-self-as-monster") && d.freeMZ(p) <= 0 {
		d.illegal(fmt.Sprintf("%s has no free Monster Zone, so the Trap Monster %s cannot be activated", d.pn(p), c.name()), plain("hat-04#point-1"))
		return false
	}
	if cardAct && !c.onField() && !c.c.Has(SubField) && d.freeST(p) <= 0 {
		d.illegal(fmt.Sprintf("%s has no free Spell & Trap Zone for %s", d.pn(p), c.name()), d.stZoneRef(p))
		return false
	}
	if c.isMonster() && !cardAct && !d.mineAllows(p, "activate monster effects") {
		return false
	}
	if summonsSpecial(e) {
		if k := d.noSpecialSummons(); k != nil {
			r := ruleRef{}
			if len(d.pl) > 2 {
				r = plain("domain-general-errata#neither")
			}
			d.illegal(fmt.Sprintf("%s is face-up: no player can Special Summon, so %s cannot be activated", d.describe(k), effectName(c.c, e)), r)
			return false
		}
	}
	for _, o := range e.Do {
		switch o.Op {
		case "summon-tokens":
			if o.To == "" && d.freeMZ(p) < max(o.N, 1) {
				d.illegal(fmt.Sprintf("%s needs %d free Monster Zones for %s", d.pn(p), max(o.N, 1), c.name()), ruleRef{})
				return false
			}
		case "take-control":
			if d.freeMZ(p) <= 0 && !costTributes(e) {
				// A monster whose control would change needs a zone to
				// move to, even "Spirit Reaper", which would be destroyed
				// first (edison-spirit-reaper-brain-control).
				d.illegal(fmt.Sprintf("%s has no free Monster Zone, so %s cannot be activated to take control of a monster", d.pn(p), c.name()), ruleRef{})
				return false
			}
		case "exchange-monsters":
			for _, q := range d.turnOrderFrom(d.tp) {
				if len(d.pl[q].mz) == 0 {
					r := ruleRef{}
					if len(d.pl) > 2 {
						r = ref("Exchanges between players", d.p.ExchangesPass)
					}
					d.illegal(fmt.Sprintf("%s controls no monster, so %s cannot be activated", d.pn(q), c.name()), r)
					return false
				}
			}
		}
	}
	return d.handSizeAllows(p, c, e)
}

// costTributes is whether paying e's cost Tributes a monster, freeing a
// Monster Zone before the effect resolves ("Enemy Controller").
func costTributes(e *Effect) bool {
	for _, o := range e.Cost {
		if o.Op == "tribute" {
			return true
		}
	}
	return false
}

func hasOp(e *Effect, op OpName) bool {
	for _, o := range e.Do {
		if o.Op == op {
			return true
		}
	}
	return false
}

// findCheck: may a card that gets a card from the Deck be activated when
// the Deck holds none it can get? Triggers are not checked: they activate
// by themselves.
func (d *duel) findCheck(p int, c *inst, e *Effect) bool {
	if e.Kind == EffectTrigger || e.Kind == EffectFlip {
		return true
	}
	for _, o := range e.Do {
		if !o.Op.is(traitFromDeck | traitFromDeckOrHand) {
			continue
		}
		hand := o.Op.is(traitFromDeckOrHand)
		found := false
		pool := d.pl[p].deck
		if hand {
			pool = append(append([]*inst{}, pool...), d.pl[p].hand...)
		}
		for _, x := range pool {
			if x != c && d.matches(x, o.Filter) {
				found = true
				break
			}
		}
		if found {
			continue
		}
		r := ref("Failure to find", d.p.FailToFind)
		switch {
		case e.MustFind:
			d.illegal(fmt.Sprintf("%s needs a card it can get, and %s's Deck has none (this card is the exception to failing to find)", effectName(c.c, e), d.pn(p)), r)
			return false
		case !d.failToFindAllowed():
			d.illegal(fmt.Sprintf("%s's Deck holds no card %s can get, so it cannot be activated", d.pn(p), effectName(c.c, e)), r)
			return false
		}
		d.note(fmt.Sprintf("%s may be activated although %s's Deck holds no card it can get", effectName(c.c, e), d.pn(p)), r)
	}
	return true
}

// forcedResponses chains the mandatory quick effects whose condition the
// newest link meets ("Doomcaliber Knight"), turn player first.
func (d *duel) forcedResponses() {
	for guard := 0; guard < 20 && !d.stopped && len(d.chain) > 0; guard++ {
		top := d.chain[len(d.chain)-1]
		var c *inst
		var e *Effect
		for _, q := range d.turnOrderFrom(d.tp) {
			for _, x := range d.fieldOf(q) {
				if !x.faceUp || x.c == nil || x.effNegated {
					continue
				}
				for i := range x.c.Effects {
					ef := &x.c.Effects[i]
					if ef.Kind == EffectQuick && ef.Mandatory && ef.speed(x.c) >= top.eff.speed(top.src.c) && d.condHolds(x.ctrl, x, ef, top) {
						c, e = x, ef
						break
					}
				}
				if c != nil {
					break
				}
			}
			if c != nil {
				break
			}
		}
		if c == nil {
			return
		}
		p := c.ctrl
		d.emit("trigger", p, c.name(), fmt.Sprintf("%s's effect is mandatory: it is activated at once", d.describe(c)), ruleRef{})
		costs, ok := d.payCosts(p, c, e, &Action{Player: p}, nil)
		if !ok {
			return
		}
		l := &link{src: c, eff: e, ctrl: p}
		d.pushLink(l, costs)
	}
}

// condHolds checks an activation condition against the newest link
// without reporting anything (for mandatory quick effects).
func (d *duel) condHolds(p int, c *inst, e *Effect, top *link) bool {
	switch e.When {
	case WhenMonsterEffectActivated:
		return top.src != c && top.src.isMonster() && !top.cardAct
	case WhenSpellTrapActivated:
		return top.cardAct
	case WhenTrapActivated:
		return top.cardAct && top.src.c.Kind == CardTrap
	case WhenSpellActivated:
		return top.cardAct && top.src.c.Kind == CardSpell
	case WhenActivationOncePerChain:
		return d.oncePerChainMet(c, top) // oncechain.go
	}
	return false
}

// fieldOf lists the cards a player controls on the field.
func (d *duel) fieldOf(p int) []*inst { return d.pl[p].field() }

// field lists the player's cards on the field: monsters, Spells and Traps,
// and the Field Spell.
func (ps *pstate) field() []*inst {
	out := append(append([]*inst{}, ps.mz...), ps.st...)
	if ps.fz != nil {
		out = append(out, ps.fz)
	}
	return out
}

// discard sends a card from the hand to the Graveyard as a discard.
func (d *duel) discard(x *inst, why string) {
	if x.isMonster() && strings.EqualFold(x.c.Type, "Dragon") {
		d.pl[x.owner].dragonsGone++
	}
	d.moveTo(x, locGY, why)
	d.mirrorDiscard(x.owner, 1)
}

// tribute sends a monster to the Graveyard as a Tribute.
func (d *duel) tribute(x *inst, why string) {
	if x.isMonster() && strings.EqualFold(x.c.Type, "Dragon") {
		d.pl[x.ctrl].dragonsGone++
	}
	d.sendToGY(x, why, false)
	d.selfTrigger(x, WhenTributed)
}

// costMonster finds the monster a "send-monster" cost would send: one the
// script names, else the first matching in the hand, then on the field.
func (d *duel) costMonster(p int, c *inst, filter string, a *Action) *inst {
	for _, r := range append(append([]*CardRef{}, a.Tribute...), a.Discard...) {
		if x := d.find(r, p, locHand, locMonster); x != nil && x != c && d.matches(x, filter) {
			return x
		}
	}
	for _, x := range append(append([]*inst{}, d.pl[p].hand...), d.pl[p].mz...) {
		if x != c && x.isMonster() && d.matches(x, filter) {
			return x
		}
	}
	return nil
}

// mirrorDiscard applies "Forced Requisition": when its controller
// discards, each opponent discards as many cards.
func (d *duel) mirrorDiscard(p, n int) {
	if d.mirroring {
		return
	}
	for _, f := range d.fieldOf(p) {
		if !f.faceUp || f.hasOp(EffectContinuous, "discard-mirror") == nil || d.trapNegated(f) {
			continue
		}
		d.mirroring = true
		for _, q := range d.opponents(p) {
			for i := 0; i < n && len(d.pl[q].hand) > 0; i++ {
				x := d.pl[q].hand[0]
				d.emit("rule", q, f.name(), fmt.Sprintf("%s applies: %s discards a card too (the engine takes the first card listed)", f.name(), d.pn(q)), ruleRef{})
				d.discard(x, "discarded by "+f.name())
			}
		}
		d.mirroring = false
	}
}

// positionFree: may c's battle position be changed by hand now (also a
// Flip Summon)? Once per turn, not the turn it was Set, and not the turn it
// was Summoned, except that in some formats only a monster the turn player
// Summoned is locked (goat-14).
func (d *duel) positionFree(c *inst, what string) bool {
	if c.posTurn == d.turn {
		d.illegal(fmt.Sprintf("%s has already changed its battle position this turn", c.name()), ruleRef{})
		return false
	}
	if l := d.locker(c); l != nil {
		d.illegal(fmt.Sprintf("%s stops other monsters from changing their battle positions", d.describe(l)), ruleRef{})
		return false
	}
	if c.setTurn == d.turn && c.summonTurn != d.turn {
		d.illegal(fmt.Sprintf("%s was Set this turn and cannot %s until the next turn", c.name(), what), ruleRef{})
		return false
	}
	if c.summonTurn != d.turn {
		return true
	}
	r := ruleRef{}
	if c.summonedBy >= 0 && c.summonedBy != d.tp {
		r = ref("Changing battle positions", d.p.OpponentSummonPosition)
		if d.p.OpponentSummonPosition.Value {
			d.note(fmt.Sprintf("%s was Summoned this turn by %s, not by the turn player, so it may %s", c.name(), d.pn(c.summonedBy), what), r)
			return true
		}
	}
	d.illegal(fmt.Sprintf("%s was Summoned this turn and cannot %s", c.name(), what), r)
	return false
}

// continuousTrapFlipUse is whether a Set Continuous Trap may be activated and its Ignition-like effect used at once (ContinuousTrapFlipUse): the one place that reads the switch.
func (d *duel) continuousTrapFlipUse() bool { return d.p.ContinuousTrapFlipUse.Value }

// failToFindAllowed is whether a Deck search may be activated with nothing to find (FailToFind): the one place that reads the switch.
func (d *duel) failToFindAllowed() bool { return d.p.FailToFind.Value }
