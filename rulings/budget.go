package rulings

import (
	"context"
	"fmt"
)

// DefaultBudget is the work and output one request may spend on replays,
// in budget units, whatever the scenario's shape and however many formats
// it names: an event costs one unit plus one per 64 bytes of its text, and
// a step one unit per card entry or field that changed since the line
// before (see Step). The bundled scenarios spend at most a few hundred
// units in all formats together; at about 250 bytes of JSON per unit the
// default keeps a response for every format together under 5 MB.
const DefaultBudget = 16000

// Caps on a scenario's starting position that no real duel reaches; the
// parser refuses more, naming the line and the limit.
const (
	maxHandCards    = 30 // cards in one hand
	maxPileCards    = 60 // cards in one Deck, Graveyard or banished list
	maxExtraCards   = 30 // cards in one Extra Deck
	maxScriptAction = 400
)

// Budget is what the replays of one request may still spend. Pass one
// Budget to every Replay of a request so that five formats share it;
// a Budget is not safe for use by several goroutines at once.
type Budget struct {
	limit, used int
}

// NewBudget returns a budget of units (DefaultBudget when units <= 0).
func NewBudget(units int) *Budget {
	if units <= 0 {
		units = DefaultBudget
	}
	return &Budget{limit: units}
}

// Used is how many units the replays spent so far.
func (b *Budget) Used() int { return b.used }

// Limit is the budget's size in units.
func (b *Budget) Limit() int { return b.limit }

// spend charges n units and reports whether the budget still holds.
func (b *Budget) spend(n int) bool {
	b.used += n
	return b.used <= b.limit
}

// eventCost is what one event costs: a unit, and one more per 64 bytes of
// its text.
func eventCost(text string) int { return 1 + len(text)/64 }

// overBudget ends the replay with a scenario error naming the limit.
func (d *duel) overBudget() {
	line := d.line
	if line == 0 && len(d.s.Actions) > 0 {
		line = d.s.Actions[0].Line // the formats before this one spent the budget
	}
	d.t.Error = &ParseError{Line: line, Msg: fmt.Sprintf("the replay is stopped here: the replays of this scenario passed the budget of %d units of events and state changes (all formats together); make the scenario shorter or its zones smaller", d.budget.limit)}
	d.stopped = true
	panic(stopReplay{})
}

// checkContext ends the replay when the request that asked for it is gone.
func (d *duel) checkContext() {
	if err := d.ctx.Err(); err != nil {
		d.t.Error = &ParseError{Line: d.line, Msg: fmt.Sprintf("the replay is stopped here: %v", context.Cause(d.ctx))}
		d.stopped = true
		panic(stopReplay{})
	}
}
