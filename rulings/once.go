package rulings

// Once-per-turn effects: an effect written `once-per-turn: true` can be
// activated once per turn by each copy of the card, while that copy stays
// where it is (a card that leaves and comes back is a new card). The hooks
// are one check in activate, before the costs, and one mark after them
// (chain.go). An effect written `once-per-duel: true` can be used once per
// Duel by each copy; a trigger's use is checked and marked as it would
// activate (triggerOnceUsed, called by activateTrigger).

import (
	"fmt"
	"slices"
)

// triggerOnceUsed: a trigger that can be used once per Duel does not
// activate again once this copy has used it; otherwise it is marked used.
func (d *duel) triggerOnceUsed(tr *trig) bool {
	if !tr.eff.OncePerDuel {
		return false
	}
	if slices.Contains(tr.src.duelUsed, tr.eff) {
		d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s's effect was used once already this Duel, so it does not activate", tr.src.name()), ruleRef{})
		return true
	}
	tr.src.duelUsed = append(tr.src.duelUsed, tr.eff)
	return false
}

// onceFree checks that c has not yet activated its once-per-turn effect e
// this turn.
func (d *duel) onceFree(c *inst, e *Effect) bool {
	if e.OncePerName && d.nameUsed[nameUse{c.ctrl, c.c.Name}] == d.turn {
		d.illegal(fmt.Sprintf("%s can activate only 1 %s per turn and already did this turn", d.pn(c.ctrl), c.name()), ruleRef{})
		return false
	}
	if e.OncePerDuel && slices.Contains(c.duelUsed, e) {
		d.illegal(fmt.Sprintf("%s can be used only once per Duel and was used already", effectName(c.c, e)), ruleRef{})
		return false
	}
	if !e.OncePerTurn || c.onceTurn == nil {
		return true
	}
	if t, ok := c.onceTurn[e]; ok && t == d.turn && c.onceMoves[e] == c.moves {
		d.illegal(fmt.Sprintf("%s can be activated only once per turn and was activated this turn", effectName(c.c, e)), ruleRef{})
		return false
	}
	return true
}

// markOnce records that c activated its once-per-turn effect e.
func (d *duel) markOnce(c *inst, e *Effect) {
	if e.OncePerName {
		if d.nameUsed == nil {
			d.nameUsed = map[nameUse]int{}
		}
		d.nameUsed[nameUse{c.ctrl, c.c.Name}] = d.turn
	}
	if e.OncePerDuel {
		c.duelUsed = append(c.duelUsed, e)
	}
	if !e.OncePerTurn {
		return
	}
	if c.onceTurn == nil {
		c.onceTurn, c.onceMoves = map[*Effect]int{}, map[*Effect]int{}
	}
	c.onceTurn[e], c.onceMoves[e] = d.turn, c.moves
}

// nameUse is a player and a card name, for once-per-name effects.
type nameUse struct {
	player int
	name   string
}
