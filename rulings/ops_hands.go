package rulings

// Ops that look at and choose from hands: discarding from one's own hand
// after a draw ("Graceful Charity"), discarding a card chosen from the
// opponent's hand ("Confiscation", "Delinquent Duo"), banishing from the
// hand ("Allure of Darkness"). Each is registered in opTable (optable.go).

import (
	"fmt"
	"slices"
	"strings"
)

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
	if o.What == WhatYours {
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
		if o.What == WhatYours {
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
	if o.What != WhatElseDiscard {
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

// opHandToDeck its controller looks at the target opponent's hand and
// shuffles 1 card of it that matches `filter` into the Deck ("Trap
// Dustshoot": a monster); the line's `choosing` names it, else the first
// listed.
func opHandToDeck(d *duel, l *link, o Op) {
	p, q := l.ctrl, l.oppTarget(d, l.ctrl)
	d.t.reveals[d.pn(q)+" hand"] = true
	d.emit("reveal", q, l.src.name(), fmt.Sprintf("%s looks at %s's hand", d.pn(p), d.pn(q)), ruleRef{})
	x := d.handPick(l, q, o.Filter, nil)
	if x == nil {
		d.emit("move", q, l.src.name(), fmt.Sprintf("%s holds no card matching %s", d.pn(q), o.Filter), ruleRef{})
		return
	}
	d.moveTo(x, locDeck, "shuffled into the Deck by "+l.src.name())
	d.toDeckBottom(x)
	d.emit("shuffle", q, l.src.name(), "the Deck is shuffled (the engine keeps the shuffled-in card at the bottom)", ruleRef{})
}

// toDeckBottom moves a card just put in its owner's Deck to the bottom: a
// shuffle keeps shuffled-in cards at the bottom, in order (SCENARIOS.md).
func (d *duel) toDeckBottom(x *inst) {
	if x.loc != locDeck {
		return
	}
	deck := d.pl[x.owner].deck
	for i, c := range deck {
		if c == x {
			d.pl[x.owner].deck = append(append(deck[:i:i], deck[i+1:]...), x)
			return
		}
	}
}

// opExcavateAdd its controller excavates the top `n` cards of the Deck,
// adds 1 of them to the hand (the line's `choosing`, else the first), and
// shuffles the rest back ("Pot of Duality").
func opExcavateAdd(d *duel, l *link, o Op) {
	p := l.ctrl
	top := append([]*inst{}, d.pl[p].deck[:min(max(o.N, 1), len(d.pl[p].deck))]...)
	if len(top) == 0 {
		return
	}
	var names []string
	for _, c := range top {
		names = append(names, c.name())
	}
	d.emit("reveal", p, l.src.name(), fmt.Sprintf("%s excavates %s", d.pn(p), strings.Join(names, ", ")), ruleRef{})
	pick := top[0]
	for _, c := range l.choose {
		if slices.Contains(top, c) {
			pick = c
			break
		}
	}
	d.moveTo(pick, locHand, "added from the excavated cards by "+l.src.name())
	for _, c := range top {
		if c != pick {
			d.toDeckBottom(c)
		}
	}
	d.emit("shuffle", p, l.src.name(), "the rest are shuffled into the Deck (the engine keeps them at the bottom, in order)", ruleRef{})
}
