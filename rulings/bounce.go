package rulings

// Returning cards on the field to the hand, as the Edison Synchro staples do
// it:
//
//   - The cost `discard-per-target` discards as many cards as the effect
//     targets ("Brionac, Dragon of the Ice Barrier": discard any number of
//     cards to return as many cards on the field to the hand). The line
//     names both: `A activates Brionac, Dragon of the Ice Barrier targeting
//     X and Y, discarding P and Q`; a line that names no discards discards
//     the first cards of the hand. The targets are chosen before the costs
//     are paid (activate, chain.go), so their number is known.
//   - `return-gain-atk` (`n`) returns the link's target to the hand and,
//     if it got there and this card is still face-up on the field, this
//     card gains `n` ATK until the End Phase ("Mist Valley Thunder Lord":
//     an Extra Deck monster goes back to the Extra Deck, not to the hand, so
//     no ATK is gained; ProjectIgnis/CardScripts official/c89310929.lua).

// checkDiscardPerTarget checks that the hand holds a card to discard for
// each target.
func checkDiscardPerTarget(cc costCall) bool {
	if len(cc.a.Discard) > len(cc.targets) {
		return cc.illegal("%s discards one card for each card it targets: %d targeted, %d discarded", cc.c.name(), len(cc.targets), len(cc.a.Discard))
	}
	cc.o.Op, cc.o.N = "discard", len(cc.targets)
	return checkDiscardCost(cc)
}

// payDiscardPerTarget discards one card for each target.
func payDiscardPerTarget(cc costCall) ([]string, bool) {
	cc.o.Op, cc.o.N = "discard", len(cc.targets)
	return payDiscardCost(cc)
}

// opReturnGainAtk returns the link's targets to the hand; for each that
// reaches its owner's hand, this card, if still face-up on the field, gains
// `n` ATK until the End Phase.
func opReturnGainAtk(d *duel, l *link, o Op) {
	m := l.src
	for _, t := range d.validTargets(l) {
		if !t.onField() || t.ctrl != l.ctrl {
			continue
		}
		d.moveTo(t, locHand, "returned to the hand by "+m.name())
		if t.loc != locHand || m.loc != locMonster || !m.faceUp {
			continue
		}
		d.gainAtkUntilEnd(l.ctrl, m, o.N) // ops_stats.go
	}
}
