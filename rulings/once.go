package rulings

// Once-per-turn effects: an effect written `once-per-turn: true` can be
// activated once per turn by each copy of the card, while that copy stays
// where it is (a card that leaves and comes back is a new card). The hooks
// are one check in activate, before the costs, and one mark after them
// (chain.go). An effect written `once-per-duel: true` can be used once in the
// Duel by its card, wherever the card goes: checked by ifMet for triggers
// and onceFree for activations, marked by markOncePerDuel.

import "fmt"

// onceFree checks that c has not yet activated its once-per-turn effect e
// this turn.
func (d *duel) onceFree(c *inst, e *Effect) bool {
	if e.OncePerName && d.nameUsed[nameUse{c.ctrl, c.c.Name}] == d.turn {
		d.illegal(fmt.Sprintf("%s can activate only 1 %s per turn and already did this turn", d.pn(c.ctrl), c.name()), ruleRef{})
		return false
	}
	if why := oncePerDuelUsed(c, e); why != "" {
		d.illegal(why, ruleRef{})
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
	markOncePerDuel(c, e)
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

// oncePerDuelUsed says why c cannot use its once-per-Duel effect e again,
// or "". The mark stays with the card wherever it goes ("Twin-Headed
// Behemoth": its effect can be used once in the Duel).
func oncePerDuelUsed(c *inst, e *Effect) string {
	if e.OncePerDuel && c.usedInDuel {
		return c.name() + "'s effect can be used only once per Duel and was already used"
	}
	return ""
}

// markOncePerDuel records that c used its once-per-Duel effect e.
func markOncePerDuel(c *inst, e *Effect) {
	if e.OncePerDuel {
		c.usedInDuel = true
	}
}
