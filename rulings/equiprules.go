package rulings

// Rules that destroy equip cards while their monster stays on the field: a
// monster turned face-down loses every card equipped to it, destroyed by
// the game's rule (turnFaceDown, ops_move.go: a "Thousand-Eyes Restrict"
// that "Tsukuyomi" turns face-down loses the monster it had taken), and
// "Gearfried the Iron Knight"'s continuous `destroy-equips`, which destroys
// any equip card as soon as it is equipped to it (equipWatch, asked after
// every resolved Chain Link and every equip): a Continuous Effect, not a
// Trigger, so it needs no chain; what the destruction sets off ("Blast with
// Chain") waits for the chain to end like any trigger met mid-chain.

import "fmt"

// faceDownEquips destroys the cards equipped to m, which has just been
// turned face-down. The game destroys them, not a card effect, so an equip
// card's "destroyed by a card effect" trigger is not met.
func (d *duel) faceDownEquips(m *inst) {
	for _, e := range d.equipsOf(m) {
		d.emit("rule", e.ctrl, e.name(), fmt.Sprintf("%s is destroyed: the monster it was equipped to is face-down", d.describe(e)), ruleRef{})
		e.equipTo = nil
		d.destroy(e, "the game's rule (its monster was turned face-down)", false)
	}
}

// equipWatch destroys, with the continuous `destroy-equips` of the monster
// they are equipped to ("Gearfried the Iron Knight"), the cards equipped to
// it. resolveLink (chain.go) asks it after each resolved Chain Link, so an
// equip card that becomes equipped in the middle of a chain is destroyed as
// soon as its own link has resolved; a card effect destroys it, so what
// that sets off ("Blast with Chain") is a trigger met mid-chain.
func (d *duel) equipWatch() {
	for _, m := range d.allField() {
		if m.loc != locMonster || d.live(m, "destroy-equips") == nil {
			continue
		}
		for _, e := range d.equipsOf(m) {
			d.emit("rule", m.ctrl, m.name(), fmt.Sprintf("%s destroys %s, which became equipped to it (a Continuous Effect: no chain)", d.describe(m), e.name()), ruleRef{})
			d.destroy(e, m.name(), false)
		}
	}
}
