package rulings

// Negations the affected player may stop by discarding: "Magic Drain", a
// Counter Trap against a Spell Card's activation, negates it and destroys
// the Spell unless its player discards a Spell Card, which negates Magic
// Drain's effect instead. The choice is that player's, made as the Counter
// Trap resolves; a script states it before the chain resolves with the
// line `B discards Mystical Space Typhoon for Magic Drain` (vAnswerDiscard,
// answerDiscard), and without that line the player does not discard. The
// op is `negate-unless-discard` with the filter the discarded card must
// match.

import "fmt"

// answerDiscard records the card a player will discard to stop the
// negation of the named card's Chain Link.
func (d *duel) answerDiscard(a *Action) {
	p := a.Player
	var l *link
	for _, x := range d.chain {
		if x.src.c == a.Card.Card && x.ctrl != p && hasOp(x.eff, "negate-unless-discard") {
			l = x
		}
	}
	if l == nil {
		d.fail("%s is not on the chain with an effect %s can stop by discarding", a.Card.Card.Name, d.pn(p))
		return
	}
	if len(a.Discard) == 0 {
		d.fail("name the card %s discards", d.pn(p))
		return
	}
	c := d.find(a.Discard[0], p, locHand)
	if c == nil {
		d.fail("%s", d.whereText(a.Discard[0], p, "hand"))
		return
	}
	for _, o := range l.eff.Do {
		if o.Op == "negate-unless-discard" && !d.matchesAny(c, o.Filter) {
			d.illegal(fmt.Sprintf("%s cannot stop %s by discarding %s: it must discard a card that is %s", d.pn(p), l.src.name(), c.name(), filterText(o.Filter)), ruleRef{})
			return
		}
	}
	l.answer = c
	d.emit("rule", p, c.name(), fmt.Sprintf("%s will discard %s when %s resolves, to negate its effect", d.pn(p), c.name(), l.src.name()), ruleRef{})
}

// opNegateUnlessDiscard: if the player of the answered activation chose to
// discard a card that matches `filter` (and still holds it), it is
// discarded and this effect does nothing more; otherwise the answered
// activation is negated and its card destroyed.
func opNegateUnlessDiscard(d *duel, l *link, o Op) {
	t := l.respTo
	if t == nil {
		return
	}
	if c := l.answer; c != nil && c.loc == locHand && c.owner == t.ctrl && d.matchesAny(c, o.Filter) {
		d.discard(c, "discarded to negate the effect of "+l.src.name())
		d.emit("negate", t.ctrl, l.src.name(), fmt.Sprintf("%s discarded %s, so the effect of %s is negated", d.pn(t.ctrl), c.name(), l.src.name()), ruleRef{})
		return
	}
	opNegateActivation(d, l, Op{Op: "negate-and-destroy"})
}
