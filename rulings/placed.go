package rulings

// Cards placed as another kind of card: a monster Set in the Spell & Trap
// Zone as a Spell ("Artifact Scythe": the continuous op `set-as-spell` says
// the card may be). A card placed this way stays a monster card; it is
// face-down in a Spell & Trap Zone until something moves it. In Domain a
// Deck Master cannot be Set in the Spell & Trap Zone from the Deck Master
// Zone (domain-summoning#not-valid).

import "fmt"

// setAsSpell plays "A sets Artifact Scythe as a Spell".
func (d *duel) setAsSpell(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "Set a card") {
		return
	}
	c := d.find(a.Card, p, locHand)
	if c == nil {
		if dm := d.dmFor(a.Card, p); dm != nil {
			d.illegal(fmt.Sprintf("%s cannot be Set in the Spell & Trap Zone from the Deck Master Zone; it can only leave it as a monster", dm.name()), plain("domain-summoning#not-valid"))
			return
		}
		d.fail("%s", d.whereText(a.Card, p, "hand"))
		return
	}
	if !c.isMonster() {
		d.fail("%s is not a monster: say `A sets %s`", c.name(), c.name())
		return
	}
	if c.hasOp(EffectContinuous, "set-as-spell") == nil {
		d.illegal(fmt.Sprintf("%s is a monster; nothing lets it be Set in the Spell & Trap Zone", c.name()), ruleRef{})
		return
	}
	if d.freeST(p) <= 0 {
		d.illegal(fmt.Sprintf("%s has no free Spell & Trap Zone to Set %s", d.pn(p), c.name()), d.stZoneRef(p))
		return
	}
	d.slowAction()
	d.remove(c)
	d.place(c, p, locSpell)
	c.moves++
	c.faceUp, c.setTurn = false, d.turn
	d.emit("set", p, c.name(), fmt.Sprintf("%s Sets %s in the Spell & Trap Zone as a Spell", d.pn(p), c.name()), ruleRef{})
}

// opPlaceAsContinuousSpell places each targeted face-up monster face-up in its owner's Spell & Trap Zone as a Continuous Spell ("Sinful Spoils of Subversion - Snake-Eye"); the card stays on the field, so for a Deck Master it is no change of zones (domain-returning#condition).
func opPlaceAsContinuousSpell(d *duel, l *link, o Op) {
	for _, t := range d.validTargets(l) {
		if t.loc != locMonster || !t.faceUp {
			continue
		}
		if d.freeST(t.owner) <= 0 {
			d.emit("rule", t.owner, t.name(), fmt.Sprintf("%s has no free Spell & Trap Zone: %s stays where it is", d.pn(t.owner), t.name()), ruleRef{})
			continue
		}
		from := d.locName(t)
		d.remove(t)
		d.place(t, t.owner, locSpell)
		t.faceUp, t.def, t.asSpell = true, false, true
		t.attacks, t.atkAdd = 0, 0
		d.emit("move", t.owner, t.name(), fmt.Sprintf("%s: %s → %s, placed face-up as a Continuous Spell by %s (it stays on the field)", t.name(), from, d.locName(t), l.src.name()), ruleRef{})
		if dm := d.pl[t.owner].dmCard; dm == t {
			d.note(fmt.Sprintf("the Deck Master %s moved from the Monster Zone to the Spell & Trap Zone: it is still on the field, so it has not changed zones", t.name()), plain("domain-returning#condition"))
		}
	}
}

// opSetNegatedCard Sets the card whose activation the link negated and destroyed on its controller's field: a monster face-down in Defense Position (Set, not Summoned), a Spell or Trap face-down ("Toadally Awesome"). Another player's Deck Master Set this way may not be returned to its zone (domain-returning#condition).
func opSetNegatedCard(d *duel, l *link, o Op) {
	t := l.respTo
	if t == nil || !t.negated || t.src.onField() || (t.src.loc != locGY && t.src.loc != locBanished) {
		return
	}
	c, p := t.src, l.ctrl
	if c.isMonster() {
		if d.freeMZ(p) <= 0 {
			return
		}
		d.remove(c)
		d.place(c, p, locMonster)
		c.faceUp, c.def, c.setTurn = false, true, d.turn
	} else {
		if d.freeST(p) <= 0 {
			return
		}
		d.remove(c)
		d.place(c, p, locSpell)
		c.faceUp, c.setTurn = false, d.turn
	}
	c.moves++
	d.emit("set", p, c.name(), fmt.Sprintf("%s Sets %s on their field (%s)", d.pn(p), c.name(), l.src.name()), ruleRef{})
	if o := c.owner; o != p && d.pl[o].dmCard == c {
		d.pl[o].dmNoReturn = true
		d.note(fmt.Sprintf("%s's Deck Master %s was Set on %s's field: %s may not return it to the Deck Master Zone", d.pn(o), c.name(), d.pn(p), d.pn(o)), plain("domain-returning#condition"))
	}
}
