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
	if c.hasOp("continuous", "set-as-spell") == nil {
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
