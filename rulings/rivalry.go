package rulings

// "Rivalry of Warlords" as Edison rules it (edisonformat.net's card search,
// https://edisonformat.net/card?name=Rivalry+of+Warlords): each player may
// control face-up monsters of only one Type (the continuous op
// `one-type-each`, found by typeLock).
//
//   - A Normal, Tribute or Flip Summon of a monster of another Type than the
//     face-up monsters its player controls is illegal (typeLockBarred, asked
//     by summon and flipSummon); the monsters Tributed for it do not count,
//     so a player's only face-up monster may be Tributed for a monster of
//     another Type. Sets stay legal.
//   - A Set monster flipped face-up by an attack is not sent to the
//     Graveyard until after damage calculation: the lock applies at the
//     start of that timing (typeLockAfterCalc, from timingEvent), before the
//     monsters destroyed by battle are sent. Its Flip Effect still
//     activates, but it is not destroyed by battle (typeLockSpares, asked by
//     markBattleDestroyed), so "destroyed by battle" effects do not apply.
//   - When its activation resolves (`keep-one-type`), a player with face-up
//     monsters of several Types would choose one to keep; the line cannot
//     name that choice yet, so the replay stops with an error there instead
//     of guessing.

import (
	"fmt"
	"slices"
)

// typeLock is the face-up card whose continuous effect lets each player
// control face-up monsters of only one Type, or nil.
func (d *duel) typeLock() *inst {
	for _, f := range d.allField() {
		if d.live(f, "one-type-each") != nil {
			return f
		}
	}
	return nil
}

// typeLockBarred says why p cannot Summon c face-up under the lock: p
// controls a face-up monster of another Type, not counting the monsters
// Tributed for c.
func (d *duel) typeLockBarred(p int, c *inst, tributes []*inst) string {
	k := d.typeLock()
	if k == nil || c.c == nil {
		return ""
	}
	for _, m := range d.pl[p].mz {
		if m == c || !m.faceUp || m.c == nil || slices.Contains(tributes, m) {
			continue
		}
		if m.c.Type != c.c.Type {
			return fmt.Sprintf("%s's effect: %s controls the face-up %s (%s), so it cannot Summon %s (%s) face-up", k.name(), d.pn(p), m.name(), m.c.Type, c.name(), c.c.Type)
		}
	}
	return ""
}

// typeLockOff is the face-up monster of m's controller whose Type differs
// from m's, when the lock applies and m is face-up; otherwise nil.
func (d *duel) typeLockOff(m *inst) *inst {
	if m == nil || m.c == nil || m.loc != locMonster || !m.faceUp || d.typeLock() == nil {
		return nil
	}
	for _, o := range d.pl[m.ctrl].mz {
		if o != m && o.faceUp && o.c != nil && o.c.Type != m.c.Type {
			return o
		}
	}
	return nil
}

// typeLockSpares: m is the Set monster this attack flipped and its Type
// clashes with another face-up monster of its controller, so the lock, not
// the battle, sends it to the Graveyard after damage calculation.
func (d *duel) typeLockSpares(at *attack, m *inst) bool {
	if !at.flipped || m != at.target || d.typeLockOff(m) == nil {
		return false
	}
	d.emit("rule", m.ctrl, m.name(), fmt.Sprintf("%s is not destroyed by battle: %s sends it to the Graveyard after damage calculation", d.describe(m), d.typeLock().name()), ruleRef{})
	return true
}

// typeLockAfterCalc sends the attacked monster that was flipped face-up
// and clashes with its controller's other face-up monsters to the
// Graveyard, at the start of the timing after damage calculation.
func (d *duel) typeLockAfterCalc(at *attack) {
	m := at.target
	if !at.flipped || d.typeLockOff(m) == nil {
		return
	}
	k := d.typeLock()
	d.tick()
	d.sendToGY(m, fmt.Sprintf("%s's effect: its controller already controls a face-up monster of another Type", k.name()), false)
}

// opKeepOneType applies the lock as its activation resolves: a player whose
// face-up monsters are of several Types must choose one to keep, a choice
// no line can name yet, so the replay stops there.
func opKeepOneType(d *duel, l *link, _ Op) {
	for p := range d.pl {
		for _, m := range d.pl[p].mz {
			if o := d.typeLockOff(m); o != nil {
				d.fail("%s controls face-up monsters of several Types (%s and %s); choosing the Type to keep is not supported yet", d.pn(p), m.name(), o.name())
				return
			}
		}
	}
}
