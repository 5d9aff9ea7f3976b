package rulings

// Triggers on paying Life Points: "Masterking Archfiend" answers each time
// its controller pays LP, whatever the payment is for, the Deck Master's
// cost to leave its zone included (domain-summon-cost#point-1). A payment
// calls lpPaid (payDMCost, the cost ops `pay-lp` and `pay-half-lp`, a paid
// maintenance cost); lpPaid queues the `when: lp-paid` triggers of the
// payer's face-up cards and keeps the amount on each (`inst.lpPaid`) for
// the op `send-from-deck-paid-stat`.

import "fmt"

// lpPaid queues, after p paid n LP, the `lp-paid` triggers of the face-up
// cards p controls whose effects are not negated.
func (d *duel) lpPaid(p, n int) {
	if n <= 0 {
		return
	}
	for _, w := range d.fieldOf(p) {
		if !w.faceUp || w.c == nil || d.negatedNow(w) {
			continue
		}
		for e := range w.triggersOn(WhenLPPaid) {
			w.lpPaid = n
			d.queue(w, e, -1, nil)
		}
	}
}

// opSendFromDeckPaidStat sends from its controller's Deck to the Graveyard
// the first monster matching `filter` whose ATK or DEF equals the LP the
// trigger answered ("Masterking Archfiend": a "Fiend" monster).
func opSendFromDeckPaidStat(d *duel, l *link, o Op) {
	p, n := l.ctrl, l.src.lpPaid
	for _, c := range d.pl[p].deck {
		if c.isMonster() && d.matches(c, o.Filter) && (c.c.ATK == n || c.c.DEF == n) {
			d.moveTo(c, locGY, fmt.Sprintf("sent from the Deck by %s (ATK or DEF %d, the LP paid)", l.src.name(), n))
			return
		}
	}
	d.emit("rule", p, l.src.name(), fmt.Sprintf("%s finds no monster with %d ATK or DEF in %s's Deck", l.src.name(), n, d.pn(p)), ruleRef{})
}
