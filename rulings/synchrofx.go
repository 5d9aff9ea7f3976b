package rulings

// What the retro Synchro staples do once on the field, beyond their Synchro
// Summon (ops.go, extradeck.go):
//
//   - `card-destroying-activated`: the activation requirement "when a card
//     or effect is activated that would destroy a card on the field"
//     ("Stardust Dragon"), for monsters and Spells and Traps alike.
//   - `end-phase-if-self-tributed`: "during the End Phase of a turn this
//     card was Tributed for its own effect" ("Stardust Dragon": the
//     `tribute-self` cost records the turn in inst.selfTributeTurn).
//   - `zero-atk-this-turn`: the link's targets have 0 ATK until the end of
//     the turn ("Black Rose Dragon"; inst.zeroTurn, read by atkOverride).
//   - `destroyed-by-opponent-to-gy` ("Scrap Dragon"), below.
//   - `spell-trap-targets-one-psychic` and `gain-lp-battled-atk` ("Thought
//     Ruler Archfiend"), below.
//   - `gain-lp` (`n`, `what: if-destroyed`): its controller gains `n` LP,
//     only if a `destroy` before it destroyed a card when `what` says so
//     ("Ancient Fairy Dragon").
//   - `destroy` with `what: all-cards` destroys every card on the field,
//     this one too ("Black Rose Dragon"), with `what: field-spells` every
//     Field Spell ("Ancient Fairy Dragon"), and `special-summon-from-hand-or-deck`
//     with `what: hand` takes the monster from the hand only ("Ancient Fairy
//     Dragon").

import "fmt"

// Conditions of this file.
const (
	WhenCardDestroying       When = "card-destroying-activated"
	TrigEndPhaseSelfTributed When = "end-phase-if-self-tributed"
)

// whenCardDestroyingActivated: the newest link would destroy a card on the
// field.
func whenCardDestroyingActivated(d *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	return unmet(top != nil && d.destroysCards(top), "there is no activation that would destroy a card on the field")
}

// destroysCards: would the link destroy a card on the field (a monster, a
// Spell or Trap, or every card of a kind)?
func (d *duel) destroysCards(l *link) bool {
	if d.destroysMonsters(l) {
		return true
	}
	for _, o := range l.eff.Do {
		if o.Op != "destroy" {
			continue
		}
		switch o.What {
		case WhatAllCards, WhatAllOtherCards, WhatAllSpellTraps:
			return true
		}
		for _, t := range l.targets {
			if t.onField() {
				return true
			}
		}
	}
	return false
}

// selfTributedTriggers queues, in the End Phase, the Graveyard triggers of
// the cards Tributed this turn for their own effect (endPhaseTriggers).
func (d *duel) selfTributedTriggers(c *inst) {
	if c.selfTributeTurn == d.turn && d.turn > 0 {
		d.selfTrigger(c, TrigEndPhaseSelfTributed)
	}
}

// opZeroAtkThisTurn makes the link's face-up targets' ATK 0 until the end
// of the turn ("Black Rose Dragon").
func opZeroAtkThisTurn(d *duel, l *link, o Op) {
	for _, t := range d.validTargets(l) {
		if t.loc == locMonster && t.faceUp {
			t.zeroTurn = d.turn
			d.emit("rule", l.ctrl, t.name(), fmt.Sprintf("%s's ATK becomes 0 until the end of the turn (%s)", d.describe(t), l.src.name()), ruleRef{})
		}
	}
}

// atkOverride is c's ATK after effects that make it a value for a while.
func (d *duel) atkOverride(c *inst, v int) int {
	if c.zeroTurn == d.turn && d.turn > 0 && c.loc == locMonster {
		return 0
	}
	return v
}

// opGainLp gives the link's controller `n` LP (`what: if-destroyed`: only
// if a `destroy` before it destroyed a card).
func opGainLp(d *duel, l *link, o Op) {
	if o.What == WhatIfDestroyed && !l.destroyedOne {
		return
	}
	d.changeLP(l.ctrl, max(o.N, 0), "from "+l.src.name(), ruleRef{})
}

// WhenSpellTrapTargetsOnePsychic: "a Spell or Trap Card is activated that
// targets exactly 1 Psychic-Type monster" ("Thought Ruler Archfiend"): the
// card's activation, not a Spell or Trap effect activated later, and the
// Psychic may be anywhere (https://edisonrul.ing/cards/t/thought-ruler-archfiend.html).
const WhenSpellTrapTargetsOnePsychic When = "spell-trap-targets-one-psychic"

// whenSpellTrapTargetsOnePsychic checks WhenSpellTrapTargetsOnePsychic
// against the newest link.
func whenSpellTrapTargetsOnePsychic(d *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	ok := top != nil && top.cardAct && !top.src.isMonster() && len(top.targets) == 1 &&
		top.targets[0].isMonster() && d.matches(top.targets[0], "type=Psychic")
	return unmet(ok, "no Spell or Trap Card was just activated targeting exactly 1 Psychic-Type monster")
}

// opGainLpBattledAtk gives the link's controller LP equal to the printed
// ATK of the monster it destroyed by battle ("Thought Ruler Archfiend"),
// wherever that monster is now.
func opGainLpBattledAtk(d *duel, l *link, o Op) {
	if m := l.battled; m != nil && m.c != nil {
		d.changeLP(l.ctrl, max(m.c.ATK, 0), "from "+l.src.name()+": the original ATK of "+m.name(), ruleRef{})
	}
}

// TrigOppDestroyedToGY: "when this card is destroyed by your opponent's
// card (by battle or by card effect) and sent to the Graveyard" ("Scrap
// Dragon"). destroyTo records who destroyed the card (inst.oppDestroyed:
// by battle, or while an opponent's link resolves).
const TrigOppDestroyedToGY When = "destroyed-by-opponent-to-gy"

// oppDestroyedTriggers queues TrigOppDestroyedToGY for a card that left the
// field for the Graveyard after an opponent's card destroyed it (left,
// zones.go).
func (d *duel) oppDestroyedTriggers(c *inst, wasField bool, to location) {
	if !c.oppDestroyed {
		return
	}
	c.oppDestroyed = false
	if wasField && to == locGY {
		d.selfTrigger(c, TrigOppDestroyedToGY)
	}
}
