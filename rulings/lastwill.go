package rulings

// "Last Will" as Goat rules it (goatformat.com's Ruling Notice on the
// card): its resolution leaves a state for the rest of the turn (`last-will`
// arms the card: inst.lastWillTurn). The first time afterwards that turn a
// monster goes from its owner's side of the field to the Graveyard, and its
// owner is the player of "Last Will", the card's Special Summon is set off
// as an optional Trigger Effect (`when: last-will-state`) that starts a
// chain, so the opponent may respond. Whether it is used or not, that first
// time spends the state (lastWillWatch, from afterMove in equip.go); an
// activation later is illegal (untriggered, specialnegate.go).

import "fmt"

// TrigLastWill is the condition of the Special Summon "Last Will" allows.
const TrigLastWill When = "last-will-state"

// opLastWill arms the resolving "Last Will" for the rest of the turn.
func opLastWill(d *duel, l *link, o Op) {
	l.src.lastWillTurn = d.turn
	d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("for the rest of the turn, the first time a monster %s controls is sent to the Graveyard, %s may Special Summon 1 monster with 1500 or less ATK from the Deck", d.pn(l.ctrl), d.pn(l.ctrl)), ruleRef{})
}

// lastWillWatch sets off, and spends, every armed "Last Will" of the owner
// of monster c, which has just gone from its owner's side of the field to
// the Graveyard.
func (d *duel) lastWillWatch(c *inst, mv moved, to location) {
	if !mv.field || !mv.monster || mv.trapMon || to != locGY || c.loc != locGY || mv.ctrl != c.owner {
		return
	}
	ps := d.pl[c.owner]
	for _, lw := range append(append([]*inst{}, ps.gy...), ps.banished...) {
		if lw.lastWillTurn != d.turn || d.turn == 0 || lw.c == nil {
			continue
		}
		lw.lastWillTurn = 0
		for e := range lw.triggersOn(TrigLastWill) {
			d.queue(lw, e, -1, nil)
		}
	}
}
