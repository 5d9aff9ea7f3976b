package rulings

// Cards that answer an effect that draws and turn its draws into cards sent
// from the Deck to the Graveyard ("Null and Void", a Normal Trap), and the
// special ruling that lets such a card answer one named card's effect in the
// Damage Step, where its kind would not otherwise be allowed.
//
//   - `when: draw-effect-activated`: the last Chain Link is an effect that
//     does nothing but draw (every op of its `do:` is `draw`). An effect
//     that draws and then does more ("Graceful Charity") does not meet it
//     (ProjectIgnis official/c80863132.lua asks for an effect whose only
//     operation is a draw).
//   - `draw-to-gy-instead`: as it resolves, the link it answers is marked
//     (`link.drawToGY`); when that link resolves, each draw of its `draw` ops
//     sends the top card of the drawing player's Deck to the Graveyard instead
//     (`drawnToGY`, asked by opDraw).
//   - `damage-step-against: NAME` on an effect: by a special ruling it may be
//     activated in the Damage Step in answer to NAME's effect
//     (battle-phase-reference#activation-example-5: "Null and Void" against
//     "Airknight Parshath"), read by `dsSpecialRuling`, which damageStepAllows
//     asks before it refuses an activation the timing does not allow. Every
//     other Damage Step rule (one manual chain at damage calculation) still
//     applies.

import "fmt"

// WhenDrawEffectActivated is the activation requirement "when an effect
// that draws is activated".
const WhenDrawEffectActivated When = "draw-effect-activated"

// dsSpecialRulingRef is the rule a special Damage Step ruling cites.
const dsSpecialRulingRef = "battle-phase-reference#activation-example-5"

// onlyDraws reports whether every op of e draws cards (and it has one).
func onlyDraws(e *Effect) bool {
	if e == nil || len(e.Do) == 0 {
		return false
	}
	for _, o := range e.Do {
		if o.Op != "draw" {
			return false
		}
	}
	return true
}

// whenDrawEffectActivated: the last Chain Link is an effect that only draws.
func whenDrawEffectActivated(_ *duel, _ int, _ *inst, _ *Effect, top *link) (string, ruleRef) {
	return unmet(top != nil && onlyDraws(top.eff), "there is no activated effect that only draws cards to answer")
}

// opDrawToGYInstead marks the link this one answers: its draws send the
// drawn cards from the Deck to the Graveyard instead.
func opDrawToGYInstead(d *duel, l *link, _ Op) {
	t := l.respTo
	if t == nil || !onlyDraws(t.eff) {
		return
	}
	t.drawToGY = true
	d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("the cards %s would draw will be sent to the Graveyard instead", effectName(t.src.c, t.eff)), ruleRef{})
}

// drawnToGY plays a draw of n cards by player p of a link that a
// `draw-to-gy-instead` answered: the top n cards of p's Deck go to the
// Graveyard, revealed, instead of to the hand. It reports whether it did.
func (d *duel) drawnToGY(l *link, p, n int) bool {
	if !l.drawToGY {
		return false
	}
	for i := 0; i < n && len(d.pl[p].deck) > 0; i++ {
		d.moveTo(d.pl[p].deck[0], locGY, "sent to the Graveyard instead of being drawn by "+l.src.name())
	}
	return true
}

// dsSpecialRuling reports whether a special ruling lets c's effect e answer
// the last Chain Link in the Damage Step: e names that link's card in
// `damage-step-against`.
func (d *duel) dsSpecialRuling(c *inst, e *Effect) bool {
	if e.DamageStepAgainst == "" || len(d.chain) == 0 {
		return false
	}
	top := d.chain[len(d.chain)-1]
	if top.src.c == nil || top.src.c.Name != e.DamageStepAgainst {
		return false
	}
	d.note(fmt.Sprintf("%s may answer %s in the Damage Step by a special ruling", effectName(c.c, e), top.src.name()), plain(dsSpecialRulingRef))
	return true
}
