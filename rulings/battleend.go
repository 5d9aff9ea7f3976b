package rulings

// Effects at the end of the Battle Phase of cards that need not have
// battled, and the Field Spell that punishes attacks: "Skull Conductor" is
// destroyed if it is face-up at the end of either player's Battle Phase, and
// "Ancient Forest" destroys at the end of each Battle Phase every monster
// that attacked that turn (edison-battle-phase#end-step names both beside
// the Gladiator Beasts' tag-out, tagout.go).
//
//   - `when: end-of-battle-phase` is met by every face-up card on the field
//     with it when the Battle Phase reaches its End Step; battleEndStep
//     (tagout.go) asks endOfBattleCards for them, so they share that step
//     and its chain with the tag-outs. They are mandatory: leaving the
//     Battle Phase puts them on a chain that must resolve before the phase
//     changes (leaveBattleEndStep).
//   - The `if:` term `a-monster-attacked` (ifterms.go) holds when a
//     monster on the field declared an attack this turn: "Ancient Forest"'s
//     trigger does not activate otherwise (its script checks the same).
//   - `destroy` with `what: attacked-this-turn` (opDestroy) destroys those
//     monsters (attackedThisTurn). A monster that left the field since it
//     attacked is a new card and is spared; one turned face-down is not
//     (Yugipedia's card rulings of "Ancient Forest").
//   - `all-defense-to-attack` ("Ancient Forest" as it resolves) changes
//     every Defense Position monster on the field to face-up Attack
//     Position. A face-down one is turned face-up but its Flip Effect does
//     not activate; a "when this card is flipped face-up" trigger that is not
//     a Flip Effect still does (yugioh-wiki.net on the card). The engine
//     changes the monsters that are in Defense Position when it resolves; the
//     ruling that spares a monster Set in response is not modelled.

import "fmt"

// TrigEndOfBattlePhase: this card is face-up on the field at the end of a
// Battle Phase (either player's).
const TrigEndOfBattlePhase When = "end-of-battle-phase"

// endOfBattleCards are the face-up cards on the field whose
// `end-of-battle-phase` triggers the End Step of the Battle Phase meets, in
// turn order from the turn player.
func (d *duel) endOfBattleCards() []*inst {
	var out []*inst
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range d.fieldOf(q) {
			if c.faceUp && c.c != nil && hasWhen(c.c, TrigEndOfBattlePhase) {
				out = append(out, c)
			}
		}
	}
	return out
}

// attackedThisTurn are the monsters on the field that declared an attack
// this turn and have stayed on the field since.
func (d *duel) attackedThisTurn() []*inst {
	var out []*inst
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range d.pl[q].mz {
			if m.attacks > 0 || m.attackedOnce {
				out = append(out, m)
			}
		}
	}
	return out
}

// attackedWhy is the `if:` term a-monster-attacked: why it is not met, or "".
func (d *duel) attackedWhy() string {
	if len(d.attackedThisTurn()) == 0 {
		return "no monster on the field attacked this turn"
	}
	return ""
}

// opAllDefenseToAttack changes every Defense Position monster on the field
// to face-up Attack Position; a face-down one is turned face-up without
// activating its Flip Effect ("Ancient Forest").
func opAllDefenseToAttack(d *duel, l *link, o Op) {
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range d.pl[q].mz {
			if !m.def && m.faceUp {
				continue
			}
			wasDown := !m.faceUp
			m.def, m.faceUp = false, true
			d.emit("position", l.ctrl, m.name(), fmt.Sprintf("%s changes %s to face-up Attack Position", l.src.name(), d.describe(m)), ruleRef{})
			if !wasDown {
				continue
			}
			for i := range m.c.Effects {
				switch e := &m.c.Effects[i]; {
				case e.Kind == EffectFlip:
					d.emit("rule", m.ctrl, m.name(), fmt.Sprintf("%s's Flip Effect does not activate: %s turned it face-up without flipping it", m.name(), l.src.name()), ruleRef{})
				case e.Kind == EffectTrigger && e.When == TrigFlip:
					d.queue(m, e, -1, nil)
				}
			}
			d.faceUpNow(m)
		}
	}
}
