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

// gyBanisher is the face-up card that banishes c instead of letting it go
// to the Graveyard, or nil.
func (d *duel) gyBanisher(c *inst) *inst {
	if c.c == nil || c.c.Kind != "monster" || c.trapMon || c.loc == locSpell || c.loc == locMaterial {
		return nil
	}
	for _, f := range d.allField() {
		if d.live(f, "monsters-banished-instead-of-gy") != nil {
			return f
		}
	}
	return nil
}
