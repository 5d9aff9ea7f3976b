package rulings

// Ops that look at and choose from hands: discarding from one's own hand
// after a draw ("Graceful Charity"), discarding a card chosen from the
// opponent's hand ("Confiscation", "Delinquent Duo"), banishing from the
// hand ("Allure of Darkness"). Each is registered in effectOps (op.go).

import "fmt"

// handPick is the card of player q's hand the link's `choosing` names
// first, else the first card of that hand that matches filter; nil when
// none does.
func (d *duel) handPick(l *link, q int, filter string, skip []*inst) *inst {
	ok := func(c *inst) bool {
		for _, s := range skip {
			if s == c {
				return false
			}
		}
		return c.loc == locHand && c.owner == q && (filter == "" || d.matches(c, filter))
	}
	for _, c := range l.choose {
		if ok(c) {
			return c
		}
	}
	for _, c := range d.pl[q].hand {
		if ok(c) {
			return c
		}
	}
	return nil
}

// opDiscardFromHand its controller discards `n` cards from the hand: those
// the line chooses, else the first cards listed.
func opDiscardFromHand(d *duel, l *link, o Op) {
	p := l.ctrl
	var done []*inst
	for i := 0; i < max(o.N, 1); i++ {
		x := d.handPick(l, p, o.Filter, done)
		if x == nil {
			d.emit("move", p, l.src.name(), fmt.Sprintf("%s has no more cards to discard", d.pn(p)), ruleRef{})
			return
		}
		done = append(done, x)
		d.discard(x, "discarded by "+l.src.name())
	}
}

// opDiscardFromOpponentHand the target opponent discards `n` cards from
// the hand, chosen by the effect's controller after seeing the hand
// (`what: yours`, "Confiscation") or by the opponent (`what: theirs`,
// "Delinquent Duo"); the line's `choosing` names the card, else the
// first card listed.
func opDiscardFromOpponentHand(d *duel, l *link, o Op) {
	p, q := l.ctrl, l.oppTarget(d, l.ctrl)
	if o.What == "yours" {
		d.t.reveals[d.pn(q)+" hand"] = true
		d.emit("reveal", q, l.src.name(), fmt.Sprintf("%s looks at %s's hand", d.pn(p), d.pn(q)), ruleRef{})
	}
	for i := 0; i < max(o.N, 1); i++ {
		x := d.handPick(l, q, o.Filter, nil)
		if x == nil {
			d.emit("move", q, l.src.name(), fmt.Sprintf("%s has no card to discard", d.pn(q)), ruleRef{})
			return
		}
		who := d.pn(q)
		if o.What == "yours" {
			who = d.pn(p)
		}
		d.discard(x, fmt.Sprintf("discarded by %s (chosen by %s)", l.src.name(), who))
	}
}

// opBanishFromHand its controller banishes a card from the hand that
// matches `filter`; with none, `what: else-discard-hand` sends the whole
// hand to the Graveyard ("Allure of Darkness").
func opBanishFromHand(d *duel, l *link, o Op) {
	p := l.ctrl
	if x := d.handPick(l, p, o.Filter, nil); x != nil {
		d.moveTo(x, locBanished, "banished from the hand by "+l.src.name())
		return
	}
	if o.What != "else-discard-hand" {
		return
	}
	d.t.reveals[d.pn(p)+" hand"] = true
	d.emit("reveal", p, l.src.name(), fmt.Sprintf("%s shows a hand with no card matching %s", d.pn(p), o.Filter), ruleRef{})
	for _, h := range append([]*inst{}, d.pl[p].hand...) {
		d.moveTo(h, locGY, "sent from the hand by "+l.src.name())
	}
}

// opDrawPerCard its controller draws `n` cards for each face-up card they
// control that matches `filter` ("Dekoichi the Battlechanted Locomotive":
// 1 more for each "Bokoichi the Freightening Car").
func opDrawPerCard(d *duel, l *link, o Op) {
	p, k := l.ctrl, 0
	for _, c := range d.fieldOf(p) {
		if d.matches(c, o.Filter) {
			k++
		}
	}
	if k > 0 {
		d.draw(p, k*max(o.N, 1), "by "+l.src.name())
	}
}
