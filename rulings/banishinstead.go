package rulings

// Banished instead of sent to the Graveyard: while a face-up card with the
// continuous `monsters-banished-instead-of-gy` applies ("Dimensional
// Fissure"), a monster that would go to the Graveyard is banished instead.
// moveTo (zones.go) asks gyBanisher for every move to the Graveyard, so
// nothing "sent to the Graveyard" sees the card and nothing in the
// Graveyard can use it later ("Stardust Dragon" Tributed for its own cost
// cannot come back in the End Phase). Only a monster card that is a monster
// where it is leaving from is banished: a Trap Monster, an equipped monster
// card or an Xyz Material still goes to the Graveyard.
//
// Banished instead of returned to the hand: while a face-up card with the
// continuous `bounce-becomes-banish` applies ("Degenerate Circuit"), a
// monster that would go from the field to the hand (a bounce, a Spirit's
// return) is banished instead; moveTo asks handBanisher for every move to
// the hand. As ProjectIgnis scripts it (official/c36995273.lua: a
// to-hand redirect to the banished cards for any card in a Monster Zone or
// any monster card on the field), a Trap Monster and an equipped monster
// card count too. An Extra Deck monster, which goes to the Extra Deck
// rather than the hand, is left to extraDeckBound.

// gyBanisher is the face-up card that banishes c instead of letting it go
// to the Graveyard, or nil.
func (d *duel) gyBanisher(c *inst) *inst {
	if c.c == nil || c.c.Kind != CardMonster || c.trapMon || c.loc == locSpell || c.loc == locMaterial {
		return nil
	}
	for _, f := range d.allField() {
		if d.live(f, "monsters-banished-instead-of-gy") != nil {
			return f
		}
	}
	return nil
}

// handBanisher is the face-up card that banishes c instead of letting it
// return from the field to the hand, or nil.
func (d *duel) handBanisher(c *inst) *inst {
	if c.c == nil || !c.onField() || (c.loc != locMonster && c.c.Kind != CardMonster) || c.c.ExtraDeck() {
		return nil
	}
	for _, f := range d.allField() {
		if d.live(f, "bounce-becomes-banish") != nil {
			return f
		}
	}
	return nil
}
