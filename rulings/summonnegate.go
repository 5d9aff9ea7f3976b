package rulings

// Negating a Summon ("Solemn Warning", "Thunder King Rai-Oh"), and the
// continuous "no card can be added from the Deck to the hand except by
// drawing" of "Thunder King Rai-Oh".
//
// A Summon that does not start a chain (a Normal, Tribute or Flip Summon, a
// Summon procedure, a Synchro or Xyz Summon) can be negated while the
// monster "would be Summoned": right after the line that Summons it, before
// any chain is built. The engine places the monster first and records the
// Summon in the window (summonedEvent, summonreact.go); negating it undoes
// what the Summon set off: the monster goes to the Graveyard without ever
// having been Summoned, so its own "when Summoned" triggers and the
// triggers of its move are dropped (negateSummon). A Special Summon made by
// an effect cannot be negated this way (it happens as the chain resolves);
// "Solemn Warning" instead negates the activation of the effect that would
// Special Summon.
//
// The Summon Negation Window comes before the Summon succeeds, so it comes
// before the Summoned monster's triggers go on a chain: a line that
// activates a Summon negator there is played first (summonWindowFirst,
// asked by prepare), and a negated Summon drops the monster's mandatory
// "when Summoned" trigger with the rest.

import (
	"fmt"
	"slices"
)

// summonNegatable lists the monsters whose Summon may still be negated:
// those the open window answers while no chain has been built since.
func (d *duel) summonNegatable(top *link) []*inst {
	if top != nil || len(d.chain) > 0 {
		return nil
	}
	return d.summonedNow()
}

// summonWindowFirst reports whether line a activates a card that negates
// Summons while a Summon's triggers wait to go on a chain and the Summon
// may still be negated. The Summon has not succeeded yet, so the negator is
// activated first and the triggers keep waiting: they go on a chain after
// its chain, unless the negated Summon dropped them.
func (d *duel) summonWindowFirst(a *Action) bool {
	if !d.building || a.Verb != vActivate || a.Card == nil || a.Resp != nil || len(d.summonNegatable(nil)) == 0 {
		return false
	}
	negator := false
	for _, e := range a.Card.Card.Effects {
		negator = negator || e.Negates == NegatesSummon
	}
	if !negator || d.pendingFor(a.Card.Card, a.Player) != nil {
		return false
	}
	d.building = false
	d.emit("rule", a.Player, a.Card.Card.Name, fmt.Sprintf("%s answers the Summon in its negation window, before the Summoned monster's triggers go on a chain: the Summon has not succeeded yet", a.Card.Card.Name), ruleRef{})
	return true
}

// whenSummonOrSpecialActivated: a monster would be Summoned, or a card or
// effect that would Special Summon has just been activated ("Solemn
// Warning").
func whenSummonOrSpecialActivated(d *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	if top != nil && summonsSpecial(top.eff) {
		return "", ruleRef{}
	}
	return unmet(len(d.summonNegatable(top)) > 0,
		"no monster would be Summoned and no card or effect that would Special Summon has just been activated")
}

// whenOpponentWouldSpecialSummon: an opponent would Special Summon a
// monster by a Summon that starts no chain ("Thunder King Rai-Oh").
func whenOpponentWouldSpecialSummon(d *duel, p int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	for _, m := range d.summonNegatable(top) {
		if m.special && m.summonedBy != p {
			return "", ruleRef{}
		}
	}
	return "no opponent's monster would be Special Summoned by a Summon that starts no chain", ruleRef{}
}

// opNegateSummon negates the Summon the link answers and destroys the
// monsters; answering an activation that would Special Summon, it negates
// that activation and destroys the card instead. `what: special` negates
// only Special Summons by an opponent ("Thunder King Rai-Oh").
func opNegateSummon(d *duel, l *link, o Op) {
	if l.respTo != nil {
		opNegateActivation(d, l, Op{Op: "negate-and-destroy"})
		return
	}
	for _, m := range l.summoned {
		if o.What == WhatSpecial && (!m.special || m.summonedBy == l.ctrl) || o.What == WhatAnySpecial && !m.special {
			continue
		}
		d.negateSummon(m, l.src.name())
	}
}

// negateSummon sends m, whose Summon is negated, to the Graveyard as
// destroyed. It was never Summoned: the triggers its Summon and this move
// set off for m itself are dropped, and so are watchers answering its Summon.
func (d *duel) negateSummon(m *inst, by string) {
	if m.loc != locMonster {
		return
	}
	d.pending = slices.DeleteFunc(d.pending, func(tr *trig) bool { return tr.src == m || tr.battled == m })
	d.emit("negate", m.ctrl, m.name(), fmt.Sprintf("%s negates the Summon of %s: it was never Summoned", by, m.name()), ruleRef{})
	n := len(d.pending)
	d.destroy(m, by, false)
	d.pending = append(d.pending[:n], slices.DeleteFunc(d.pending[n:], func(tr *trig) bool { return tr.src == m && !keptWhenSummonNegated(tr) })...)
	if m.loc == locGY {
		d.emit("rule", m.ctrl, m.name(), fmt.Sprintf("%s was not on the field, so effects of its leaving the field do not activate", m.name()), ruleRef{})
	}
}

// searchBlocker is a face-up card whose effects apply that stops every
// player from adding cards from the Deck to the hand except by drawing
// (`no-deck-to-hand`, "Thunder King Rai-Oh"), or nil.
func (d *duel) searchBlocker() *inst {
	for _, c := range d.allField() {
		if d.live(c, "no-deck-to-hand") != nil {
			return c
		}
	}
	return nil
}

// deckToHandBlocked reports, with an event, whether a search by src finds
// its way blocked.
func (d *duel) deckToHandBlocked(p int, src *inst) bool {
	k := d.searchBlocker()
	if k == nil {
		return false
	}
	d.emit("rule", p, k.name(), fmt.Sprintf("%s is face-up: %s cannot add a card from the Deck to the hand (%s)", d.describe(k), d.pn(p), src.name()), ruleRef{})
	return true
}

// searchAllowed: while a `no-deck-to-hand` card applies ("Thunder King
// Rai-Oh"), a card or effect that would add a card from the Deck to the
// hand cannot be activated ("Pot of Duality", an optional search trigger);
// a mandatory Trigger Effect still activates and finds nothing
// (hat-rai-oh-pot-of-duality, hat-rai-oh-sangan).
func (d *duel) searchAllowed(p int, c *inst, e *Effect) bool {
	if (e.Kind == EffectTrigger || e.Kind == EffectFlip) && !e.Optional {
		return true
	}
	adds := false
	for _, o := range e.Do {
		adds = adds || o.Op.is(traitDeckToHand)
	}
	if !adds {
		return true
	}
	k := d.searchBlocker()
	if k == nil {
		return true
	}
	d.illegal(fmt.Sprintf("%s cannot be activated while %s is face-up: no card may be added from the Deck to the hand except by drawing", effectName(c.c, e), d.describe(k)), ruleRef{})
	return false
}

// searchAllowedAt is searchAllowed for an optional trigger that line a
// activates: a refusal names that line, not the one the trigger was met on.
func (d *duel) searchAllowedAt(a *Action, p int, c *inst, e *Effect) bool {
	line, act := d.line, d.act
	d.line, d.act = a.Line, a
	ok := d.searchAllowed(p, c, e)
	d.line, d.act = line, act
	return ok
}
