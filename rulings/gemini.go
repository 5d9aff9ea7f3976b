package rulings

// Gemini monsters ("Il Blud"): while face-up on the field or in the
// Graveyard a Gemini monster is a Normal Monster; its controller may Normal
// Summon it again while it is face-up on the field (the line `A Gemini
// Summons Il Blud`), using the turn's Normal Summon, and from then on, while
// it stays on the field, it is an Effect Monster (inst.gemini). Its effects
// are written `if: gemini` (its entry in ifTerms asks geminiWhy). A Gemini
// Summon is a Normal Summon, so it opens the Summon's window and can be
// negated ("Solemn Warning"). Also Il Blud's Special Summon of a monster
// bound to it (`special-summon-tied`): when Il Blud leaves the field, the
// monsters it Summoned are destroyed (tiedLeft, called by moveTo). The card
// text says to destroy them then; the engine does it at once, without a
// chain, as no source says whether that starts one.

import "fmt"

// geminiSummon plays "A Gemini Summons Il Blud": the Normal Summon of a
// face-up Gemini monster its controller controls, which makes it an Effect
// Monster.
func (d *duel) geminiSummon(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "Gemini Summon") {
		return
	}
	c := d.find(a.Card, p, locMonster)
	if c == nil || c.ctrl != p || !c.faceUp {
		d.fail("%s", d.whereText(a.Card, p, "face-up monsters"))
		return
	}
	if !c.c.Has(SubGemini) {
		d.illegal(fmt.Sprintf("%s is not a Gemini monster, so it cannot be Normal Summoned again", c.name()), ruleRef{})
		return
	}
	if c.gemini {
		d.illegal(fmt.Sprintf("%s has already been Normal Summoned again: it is an Effect Monster", c.name()), ruleRef{})
		return
	}
	if d.pl[p].noSummon {
		d.illegal(fmt.Sprintf("%s cannot Summon monsters for the rest of this turn", d.pn(p)), ruleRef{})
		return
	}
	if !d.normalSummonFree(p) {
		return
	}
	d.slowAction()
	d.pl[p].normalSummoned = true
	d.tick()
	c.gemini, c.summonTurn, c.summonedBy = true, d.turn, p
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Normal Summons %s again (a Gemini Summon): it is an Effect Monster while it stays on the field", d.pn(p), c.name()), ruleRef{})
	d.afterSummon(c)
}

// geminiWhy says why a Gemini monster's effect cannot be used now, or "".
func (d *duel) geminiWhy(c *inst) string {
	if c.c.Has(SubGemini) && !c.gemini {
		return c.name() + " is treated as a Normal Monster until it is Normal Summoned again while face-up on the field"
	}
	return ""
}

// opSpecialSummonTied Special Summons a monster matching `filter` from its controller's hand or Graveyard, or an opponent's Graveyard (the one the line chooses, else the first found in that order), bound to this card: it is destroyed when this card leaves the field ("Il Blud").
func opSpecialSummonTied(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	pool := append([]*inst{}, l.choose...)
	pool = append(append(pool, d.pl[p].hand...), d.pl[p].gy...)
	for _, q := range d.opponents(p) {
		pool = append(pool, d.pl[q].gy...)
	}
	for _, c := range pool {
		if c == src || !c.isMonster() || !d.matches(c, o.Filter) || (c.loc != locHand && c.loc != locGY) || c.loc == locHand && c.owner != p {
			continue
		}
		if c.loc == locGY && d.gyLocked(src) {
			return
		}
		if d.summonTo(c, p, src.name(), true, false) {
			c.tiedTo = src
		}
		return
	}
	d.emit("move", p, src.name(), fmt.Sprintf("%s has no monster for %s to Special Summon", d.pn(p), src.name()), ruleRef{})
}

// tiedLeft destroys the monsters bound to c ("Il Blud") when c has left
// the field.
func (d *duel) tiedLeft(c *inst, wasField bool) {
	if !wasField || c.onField() {
		return
	}
	for _, m := range d.allField() {
		if m.tiedTo == c && m.loc == locMonster {
			m.tiedTo = nil
			d.destroy(m, c.name()+", which left the field", false)
		}
	}
}
