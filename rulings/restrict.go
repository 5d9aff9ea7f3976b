package rulings

// Attack restrictions and battle immunity: continuous effects that stop
// monsters from attacking ("Gravity Bind": Level 4 or higher monsters;
// "Swords of Revealing Light": the opponent's monsters; "Metal Reflect
// Slime": itself), a turn in which a player cannot declare attacks
// ("Threatening Roar"), monsters that must attack ("Berserk Gorilla"),
// monsters that cannot be destroyed by battle and monsters destroyed when
// targeted ("Spirit Reaper", whose self-destruction is in targeted.go).
// declareAttack asks attackBanned, the Battle Phase's end asks mustAttack,
// and damage calculation asks battleProof.

import "fmt"

// attackBanned says why monster m cannot declare an attack, or "".
func (d *duel) attackBanned(m *inst) string {
	if d.pl[m.ctrl].noAttack {
		return fmt.Sprintf("%s cannot declare an attack this turn", d.pn(m.ctrl))
	}
	for _, c := range d.allField() {
		if !c.faceUp || c.effNegated || d.trapNegated(c) {
			continue
		}
		for _, o := range continuousOps(c, "cannot-attack") {
			switch {
			case o.What == WhatSelf && c == m:
			case o.What == WhatOpponent && c.ctrl != m.ctrl && o.Filter == "":
			case o.What == WhatAll && d.matches(m, o.Filter):
			default:
				continue
			}
			if c == m {
				return fmt.Sprintf("%s cannot declare an attack (its own effect)", d.describe(m))
			}
			return fmt.Sprintf("%s stops %s from attacking", d.describe(c), m.name())
		}
	}
	return ""
}

// continuousOps lists the ops named op of c's continuous effects.
func continuousOps(c *inst, op OpName) []Op {
	var out []Op
	if c.c == nil {
		return nil
	}
	for _, e := range c.c.Effects {
		if e.Kind != EffectContinuous {
			continue
		}
		for _, o := range e.Do {
			if o.Op == op {
				out = append(out, o)
			}
		}
	}
	return out
}

// opNoAttacks the target opponent cannot declare an attack for the rest of
// the turn ("Threatening Roar"); an attack already declared goes on.
func opNoAttacks(d *duel, l *link, o Op) {
	q := l.oppTarget(d, l.ctrl)
	d.pl[q].noAttack = true
	d.emit("rule", q, l.src.name(), fmt.Sprintf("%s cannot declare an attack for the rest of this turn", d.pn(q)), ruleRef{})
}

// mustAttack says why the turn player cannot end the Battle Phase yet: a
// face-up monster with `must-attack` that could still attack has not
// ("Berserk Gorilla"), or "".
func (d *duel) mustAttack() string {
	for _, m := range d.pl[d.tp].mz {
		if !m.faceUp || m.def || m.effNegated || len(continuousOps(m, "must-attack")) == 0 {
			continue
		}
		if m.attacks > 0 || m.attackedOnce || d.attackBanned(m) != "" || d.locker(m) != nil {
			continue
		}
		return fmt.Sprintf("%s must attack if able, and it has not attacked", d.describe(m))
	}
	return ""
}

// destroyIfDefense destroys each face-up Defense Position monster whose
// own effect says it is destroyed in that position ("Berserk Gorilla").
func (d *duel) destroyIfDefense() {
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range append([]*inst{}, d.pl[q].mz...) {
			if m.faceUp && m.def && !m.effNegated && len(continuousOps(m, "destroyed-in-defense")) > 0 {
				d.destroy(m, "its own effect (face-up Defense Position)", false)
			}
		}
	}
}

// battleProof says whether m cannot be destroyed by battle by its own
// effect ("Spirit Reaper").
func battleProof(m *inst) bool {
	if !m.faceUp || m.effNegated {
		return false
	}
	for _, o := range continuousOps(m, "battle-indestructible") {
		// not-from-extra: only while Special Summoned other than from the
		// Extra Deck ("Centur-Ion Primera Primus").
		if !o.What.has(WhatNotFromExtra) || (m.special && !m.fromExtra) {
			return true
		}
	}
	return false
}

// spareBattleProof drops the monsters that cannot be destroyed by battle
// from those damage calculation destroys.
func (d *duel) spareBattleProof(ms []*inst) []*inst {
	var keep []*inst
	for _, m := range ms {
		if battleProof(m) {
			d.emit("rule", m.ctrl, m.name(), fmt.Sprintf("%s cannot be destroyed by battle", d.describe(m)), ruleRef{})
			continue
		}
		keep = append(keep, m)
	}
	return keep
}

// fieldDamageShield zeroes the battle damage a player would take from a
// battle involving a monster they control that a face-up card of theirs
// shields (`no-battle-damage-involving` with a filter: "The Sanctuary in
// the Sky" for Fairy monsters).
func (d *duel) fieldDamageShield(res *battleResult, battlers ...*inst) {
	for q := range d.pl {
		if res.dmg[q] == 0 {
			continue
		}
		for _, c := range d.fieldOf(q) {
			if !c.faceUp || c.isMonster() {
				continue
			}
			for _, o := range continuousOps(c, "no-battle-damage-involving") {
				for _, m := range battlers {
					if m != nil && m.ctrl == q && d.matches(m, o.Filter) && res.dmg[q] > 0 {
						res.dmg[q] = 0
						d.emit("rule", q, c.name(), fmt.Sprintf("%s: %s takes no battle damage from a battle involving %s", c.name(), d.pn(q), m.name()), ruleRef{})
					}
				}
			}
		}
	}
}

// opFlipMonsters turns every face-down monster the target opponent
// controls (`to: opponent`) face-up in its position; Flip effects trigger
// ("Swords of Revealing Light").
func opFlipMonsters(d *duel, l *link, o Op) {
	q := l.ctrl
	if o.To == ToOpponent {
		q = l.oppTarget(d, l.ctrl)
	}
	for _, m := range append([]*inst{}, d.pl[q].mz...) {
		if !m.faceUp {
			m.def = true
			d.flipUp(m, l.src.name())
		}
	}
}

// staysFor is the number of the opponent's turns a resolved Normal Spell
// stays on the field (`stays-for`, "Swords of Revealing Light"), or 0.
func staysFor(c *inst) int {
	for _, o := range continuousOps(c, "stays-for") {
		return o.N
	}
	return 0
}

// countdowns runs in each End Phase: a card that stays for n of its
// controller's opponent's turns counts this one if it is such a turn, and
// is destroyed in the End Phase of the last.
func (d *duel) countdowns() {
	for _, c := range d.allField() {
		n := staysFor(c)
		if n == 0 || !c.faceUp || c.ctrl == d.tp {
			continue
		}
		c.oppTurns++
		if c.oppTurns >= n {
			d.destroy(c, fmt.Sprintf("its own effect (the End Phase of the opponent's turn %d)", n), false)
		} else {
			d.emit("rule", c.ctrl, c.name(), fmt.Sprintf("%s has stayed for %d of %d of the opponent's turns", d.describe(c), c.oppTurns, n), ruleRef{})
		}
	}
}
