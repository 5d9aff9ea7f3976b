package rulings

// Spirit monsters ("Tsukuyomi", "Asura Priest"): a Spirit cannot be Special
// Summoned, and during the End Phase of a turn it was Normal Summoned or
// flipped face-up it returns to its owner's hand. The return is a mandatory
// Trigger Effect that starts a chain like any other (the cards write it as
// `kind: trigger, when: spirit-end-phase`), so it can be answered and, if the
// Spirit has left the field by then, it does nothing. The hooks into the
// shared rooms are faceUpNow (noteSpiritFaceUp, ops.go), endPhaseTriggers
// (spiritReturns, equip.go) and summonTo (improperSummon, mustfirst.go:
// spiritNoSpecial).

import "fmt"

// noteSpiritFaceUp remembers the turn a Spirit monster was Normal Summoned
// or flipped face-up; a Special Summon cannot bring one face-up.
func (d *duel) noteSpiritFaceUp(c *inst) {
	if c.c != nil && c.c.Has(SubSpirit) && c.loc == locMonster {
		c.spiritTurn = d.turn
	}
}

// spiritReturns queues, as the End Phase begins, the return of every
// face-up Spirit monster that was Normal Summoned or flipped face-up this
// turn, whoever controls it.
func (d *duel) spiritReturns() {
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range d.pl[q].mz {
			if c.faceUp && c.spiritTurn == d.turn && c.c != nil && c.c.Has(SubSpirit) {
				d.selfTrigger(c, WhenSpiritEndPhase)
			}
		}
	}
}

// spiritNoSpecial says why a Spirit monster cannot be Special Summoned, or "".
func spiritNoSpecial(c *inst) string {
	if c.c == nil || !c.c.Has(SubSpirit) {
		return ""
	}
	return fmt.Sprintf("%s is a Spirit monster, which cannot be Special Summoned", c.name())
}
