package rulings

// The Gladiator Beasts' tag-out: "at the end of the Battle Phase, if this
// card battled, you can return it to the Deck (a Fusion Monster: the Extra
// Deck) to Special Summon 'Gladiator Beast' monsters from your Deck", and
// what the monsters Summoned that way do ("when this card is Special
// Summoned by the effect of a 'Gladiator Beast' monster").
//
//   - A monster battled when it was in a damage calculation this turn
//     (inst.battledTurn, set by markBattled); an attack that never reached
//     damage calculation does not count
//     (https://www.mikamika.de/tengu/gladiator-beast-gyzarus).
//   - Leaving the Battle Phase first runs its End Step (battleEndStep): the
//     triggers `end-of-battle-phase-battled` of the monsters that battled
//     are met there. A line that activates one (`A activates Gladiator
//     Beast Bestiari`) reaches that point by itself (endStepFor, from
//     prepare); a line that moves on to another phase leaves the optional
//     ones unused.
//   - The cost `shuffle-self-into-deck` returns the card to its owner's
//     Deck (or Extra Deck).
//   - `tag-in` (`n`, `filter`) Special Summons `n` monsters matching
//     `filter` from the Deck (the line's `Special Summoning X`, else the
//     first) as Special Summoned by the effect of a "Gladiator Beast"
//     monster: their `tagged-in` triggers are met, and a Continuous
//     `atk-when-tagged-in` (`n`) makes their ATK `n` ("Gladiator Beast
//     Laquari"). "Test Tiger" uses it too, as its text treats the monster
//     it Summons that way.
//   - `shuffle-target-into-deck` returns the link's face-up target on the
//     field to the Deck ("Test Tiger"), and `special-summon-bound` Special
//     Summons the link's target from the Graveyard with its effects negated
//     by the card, shuffling it into the Deck when the card leaves the
//     field ("Gladiator Beast Darius"; inst.boundTo, read by boundLeft).

import (
	"fmt"
	"slices"
)

// Trigger conditions of this file.
const (
	TrigBattlePhaseEnd When = "end-of-battle-phase-battled"
	TrigTaggedIn       When = "tagged-in"
)

// markBattled records that the monsters of a damage calculation battled.
func (d *duel) markBattled(ms ...*inst) {
	for _, m := range ms {
		if m != nil {
			m.battledTurn = d.turn
		}
	}
}

// battleEndStep runs the End Step of the Battle Phase once: the triggers
// of the monsters that battled this turn are met. It reports whether it
// queued any.
func (d *duel) battleEndStep() bool {
	if d.phase != phaseBattle || d.bstep == stepEnd {
		return false
	}
	var met []*inst
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range d.pl[q].mz {
			if c.faceUp && c.battledTurn == d.turn && d.turn > 0 && c.c != nil && hasWhen(c.c, TrigBattlePhaseEnd) {
				met = append(met, c)
			}
		}
	}
	met = append(met, d.endOfBattleCards()...) // battleend.go
	if len(met) == 0 {
		return false
	}
	d.bstep = stepEnd
	d.emit("phase", d.tp, "", fmt.Sprintf("%s's Battle Phase reaches its End Step", d.pn(d.tp)), ruleRef{})
	for _, c := range met {
		d.selfTrigger(c, TrigBattlePhaseEnd, TrigEndOfBattlePhase)
	}
	return true
}

// leaveBattleEndStep is what changePhase asks before leaving the Battle
// Phase: the End Step's triggers are met; those no line activated are not
// used, and a mandatory one goes on a chain that must resolve first. It
// reports whether the phase change must wait.
func (d *duel) leaveBattleEndStep() bool {
	if !d.battleEndStep() {
		return false
	}
	d.startBuildIfDue()
	if d.building {
		d.finishBuild()
	}
	return len(d.chain) > 0 || d.stopped
}

// endStepFor plays out the Battle Phase up to its End Step when the line
// activates a trigger of a monster that battled this turn met there.
func (d *duel) endStepFor(a *Action) bool {
	if d.phase != phaseBattle || a.Card == nil || !hasWhen(a.Card.Card, TrigBattlePhaseEnd) || d.pendingFor(a.Card.Card, a.Player) != nil {
		return false
	}
	if d.atk != nil && !d.atk.replay {
		d.advanceUntil(func() bool { return d.atk == nil })
	}
	if d.atk == nil && d.battleEndStep() {
		d.startBuildIfDue()
	}
	return true
}

// hasWhen: a card has an effect with the condition.
func hasWhen(c *Card, when When) bool {
	return slices.ContainsFunc(c.Effects, func(e Effect) bool { return e.When == when })
}

// shuffleIn returns c to its owner's Deck (a Fusion, Synchro, Xyz or Link
// Monster to the Extra Deck); the engine keeps a card shuffled in at the
// bottom of the Deck.
func (d *duel) shuffleIn(c *inst, why string) {
	q := c.owner
	d.moveTo(c, locDeck, why)
	if c.loc != locDeck {
		return
	}
	deck := d.pl[q].deck
	if i := slices.Index(deck, c); i >= 0 {
		deck = append(append(deck[:i:i], deck[i+1:]...), c)
	}
	d.pl[q].deck = deck
}

// payShuffleSelf pays `shuffle-self-into-deck`: the card goes back to its
// owner's Deck or Extra Deck.
func payShuffleSelf(cc costCall) ([]string, bool) {
	if !cc.c.onField() {
		return nil, cc.illegal("%s is no longer on the field", cc.c.name())
	}
	cc.d.shuffleIn(cc.c, "shuffled into the Deck as the cost of its effect")
	return []string{"return " + cc.c.name() + " to the Deck"}, true
}

// opTagIn Special Summons `n` monsters matching `filter` from the Deck as
// Special Summoned by a "Gladiator Beast" monster's effect.
func opTagIn(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	var picks []*inst
	for _, c := range l.choose {
		if c.loc == locDeck && c.owner == p && d.matches(c, o.Filter) && !slices.Contains(picks, c) {
			picks = append(picks, c)
		}
	}
	for _, c := range d.pl[p].deck {
		if len(picks) < max(o.N, 1) && c.isMonster() && d.matches(c, o.Filter) && !slices.Contains(picks, c) {
			picks = append(picks, c)
		}
	}
	picks = picks[:min(len(picks), max(o.N, 1))]
	if len(picks) < max(o.N, 1) || d.freeMZ(p) < len(picks) {
		d.emit("move", p, src.name(), fmt.Sprintf("%s cannot Special Summon %d monster(s) from the Deck with %s, so none is Summoned", d.pn(p), max(o.N, 1), src.name()), ruleRef{})
		return
	}
	for _, c := range picks {
		if d.summonTo(c, p, src.name()+", as by a \"Gladiator Beast\" monster's effect", true, false) {
			c.taggedMoves = c.moves + 1
			if n := c.opN(EffectContinuous, "atk-when-tagged-in"); n > 0 {
				d.emit("rule", p, c.name(), fmt.Sprintf("%s was Special Summoned by a \"Gladiator Beast\" monster's effect: its ATK is %d", c.name(), n), ruleRef{})
			}
			d.selfTrigger(c, TrigTaggedIn)
		}
	}
}

// tagBoost is the ATK a monster's `atk-when-tagged-in` adds to make its ATK
// the stated value while it stays on the field after a tag-in.
func (d *duel) tagBoost(c *inst) int {
	if c.loc != locMonster || c.taggedMoves != c.moves+1 {
		return 0
	}
	if n := c.opN(EffectContinuous, "atk-when-tagged-in"); n > 0 && d.live(c, "atk-when-tagged-in") != nil {
		return n - c.atkBase
	}
	return 0
}

// opShuffleTargetIntoDeck returns the link's targets still face-up on the
// field to their owners' Decks ("Test Tiger").
func opShuffleTargetIntoDeck(d *duel, l *link, o Op) {
	for _, t := range d.validTargets(l) {
		if t.loc == locMonster && t.faceUp {
			d.shuffleIn(t, "shuffled into the Deck by "+l.src.name())
		}
	}
}

// opSpecialSummonBound Special Summons the link's target from the
// Graveyard with its effects negated while the card stays face-up; when
// the card leaves the field the monster is shuffled into the Deck
// ("Gladiator Beast Darius").
func opSpecialSummonBound(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if d.gyLocked(src) {
		return
	}
	for _, t := range d.validTargets(l) {
		if t.loc != locGY || !d.summonTo(t, p, src.name(), true, false) {
			continue
		}
		t.negBy = src
		d.emit("rule", p, t.name(), fmt.Sprintf("%s's effects are negated by %s", t.name(), src.name()), ruleRef{})
		if src.onField() {
			src.boundTo = t
		}
	}
}

// boundLeft shuffles into the Deck the monster a card Summoned bound to it
// when the card leaves the field (left, zones.go).
func (d *duel) boundLeft(c *inst, wasField bool) {
	t := c.boundTo
	if !wasField || t == nil || c.onField() {
		return
	}
	c.boundTo = nil
	if t.loc == locMonster {
		d.shuffleIn(t, c.name()+" left the field")
	}
}
