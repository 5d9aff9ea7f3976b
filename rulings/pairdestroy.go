package rulings

// An effect that adds a card to the hand and then may destroy one card on
// each side of the field, without targeting ("Centur-Ion Primera Primus":
// add 1 "Emblema" card from the Deck or Graveyard, then you can destroy 1
// card you control and 1 card your opponent controls; ProjectIgnis/
// CardScripts official/c8841431.lua). With several opponents, "your
// opponent" is one opponent of your choice (domain-general-errata#example-10),
// chosen as the effect applies (`choosing C` on the line: chosenopp.go).
//
// The effect can be activated only with such a card in the Deck or Graveyard
// (`if: in-deck-or-gy:FILTER`; the script's activation check).
// `add-then-destroy-pair` (filter: the card to add; what: optional, so the
// line may decline the destruction):
//   - the card added is the first the line names (`adding X`) in the
//     controller's Deck or Graveyard that matches the filter, else the first
//     such card of the Deck, then of the Graveyard; with none added, nothing
//     is destroyed (the script stops when no card reached the hand);
//   - the two cards destroyed are the first the line names (`selecting Y and
//     Z`) on the controller's field and on the chosen opponent's field, else
//     the first monster, then Spell or Trap, then Field Spell of each; if
//     either field is empty, nothing is destroyed.

import "fmt"

// opAddThenDestroyPair is described above.
func opAddThenDestroyPair(d *duel, l *link, o Op) {
	if !d.addFromDeckOrGY(l, o.Filter) || d.declinedPart(l, o) { // optional.go
		return
	}
	p, q, src := l.ctrl, d.chosenOpponent(l), l.src
	own, theirs := d.fieldPick(l, p), d.fieldPick(l, q)
	if own == nil || theirs == nil {
		d.emit("resolve", p, src.name(), fmt.Sprintf("%s needs a card on %s's field and one on %s's: nothing is destroyed", src.name(), d.pn(p), d.pn(q)), ruleRef{})
		return
	}
	d.emit("rule", p, src.name(), fmt.Sprintf("%s destroys 1 card on %s's own field and 1 on the field of the opponent %s chooses, %s", src.name(), d.pn(p), d.pn(p), d.pn(q)), d.choiceRef("domain-general-errata#example-10"))
	for _, c := range []*inst{own, theirs} {
		if !d.unaffectedBy(c, l) {
			d.destroy(c, src.name(), false)
		}
	}
}

// addFromDeckOrGY adds to l's controller's hand one card of their Deck or
// Graveyard matching filter (the line's choice first), and reports whether
// it did.
func (d *duel) addFromDeckOrGY(l *link, filter string) bool {
	p, src := l.ctrl, l.src
	fits := func(c *inst) bool {
		return c.owner == p && (c.loc == locDeck || c.loc == locGY) && d.matchesAny(c, filter)
	}
	var pick *inst
	for _, c := range append(append(append([]*inst{}, l.choose...), d.pl[p].deck...), d.pl[p].gy...) {
		if fits(c) {
			pick = c
			break
		}
	}
	if pick == nil || (pick.loc == locDeck && d.deckToHandBlocked(p, src)) { // summonnegate.go
		d.emit("resolve", p, src.name(), fmt.Sprintf("%s has no %s card in the Deck or Graveyard to add", d.pn(p), filterText(filter)), ruleRef{})
		return false
	}
	d.moveTo(pick, locHand, "added to the hand by "+src.name())
	return pick.loc == locHand
}

// noneInDeckOrGY says why player p cannot activate an effect that adds a
// card matching filter from the Deck or Graveyard (the `if:` term
// `in-deck-or-gy:FILTER`, asked by ifMet): they have none there. "" when
// they have one.
func (d *duel) noneInDeckOrGY(p int, filter string) string {
	for _, c := range append(append([]*inst{}, d.pl[p].deck...), d.pl[p].gy...) {
		if d.matchesAny(c, filter) {
			return ""
		}
	}
	return fmt.Sprintf("%s has no %s card in the Deck or Graveyard", d.pn(p), filterText(filter))
}

// fieldPick is the card on player p's field that l destroys: the first the
// line names there, else p's first monster, Spell or Trap, or Field Spell.
func (d *duel) fieldPick(l *link, p int) *inst {
	for _, c := range l.choose {
		if c.ctrl == p && c.onField() {
			return c
		}
	}
	all := append(append([]*inst{}, d.pl[p].mz...), d.pl[p].st...)
	if d.pl[p].fz != nil {
		all = append(all, d.pl[p].fz)
	}
	if len(all) == 0 {
		return nil
	}
	return all[0]
}
