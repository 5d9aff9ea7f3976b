package rulings

// SEGOC: simultaneous triggers wait, then go on a chain in the order the format's SEGOC switch gives (Profile.SEGOC is read only in segocOrder here).

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// selfTrigger queues c's own triggers whose condition is one of conds.
func (d *duel) selfTrigger(c *inst, conds ...When) {
	if c.c == nil {
		return
	}
	for i := range c.c.Effects {
		e := &c.c.Effects[i]
		if e.Kind != EffectTrigger && e.Kind != EffectFlip {
			continue
		}
		cond := e.When
		if e.Kind == EffectFlip && cond == "" {
			cond = TrigFlip
		}
		if !slices.Contains(conds, cond) {
			continue
		}
		d.queue(c, e, -1, nil)
	}
}

func (d *duel) queue(c *inst, e *Effect, at int, battled *inst) {
	if e.Unsupported != "" && !e.Optional { // an optional one is refused only if activated (chain.go: activate)
		d.fail("%s", refusedEffect(c.c, e))
		return
	}
	d.trigSeq++
	tr := &trig{src: c, eff: e, ctrl: c.ctrl, time: d.time, at: at, battled: battled, seq: d.trigSeq,
		mandatory: !e.Optional, moves: c.moves}
	if !c.onField() {
		tr.ctrl = c.owner
	}
	d.pending = append(d.pending, tr)
	d.t.triggered[c.name()] = true // the query "triggered X" (ask.go)
	what := "mandatory"
	if e.Optional {
		what = "optional"
	}
	d.emit("trigger", tr.ctrl, c.name(), fmt.Sprintf("%s's effect triggers (%s)", d.describe(c), what), ruleRef{})
}

func (d *duel) due(tr *trig) bool {
	if tr.at < 0 {
		return true
	}
	return d.ds >= tr.at || d.ds < 0
}

func (d *duel) pendingFor(c *Card, p int) *trig {
	for _, tr := range d.pending {
		if tr.src.c == c && (p < 0 || tr.ctrl == p) && d.due(tr) && !tr.chosen {
			return tr
		}
	}
	return nil
}

// startBuildIfDue opens SEGOC chain building when triggers are waiting.
func (d *duel) startBuildIfDue() {
	if len(d.chain) > 0 || d.building {
		return
	}
	for _, tr := range d.pending {
		if d.due(tr) {
			d.building = true
			d.buildLine = d.line
			d.orders = make([][]*Card, len(d.pl))
			return
		}
	}
}

func (d *duel) order(a *Action) {
	if !d.building {
		d.fail("there are no simultaneous triggers to order now")
		return
	}
	p := a.Player
	for _, r := range a.Order {
		if d.pendingFor(r.Card, p) == nil {
			found := false
			for _, tr := range d.pending {
				if tr.src.c == r.Card && tr.ctrl == p && tr.chosen {
					found = true
				}
			}
			if !found {
				d.fail("%s has no triggered effect of %s waiting to go on the chain", d.pn(p), r.Card.Name)
				return
			}
		}
		d.orders[p] = append(d.orders[p], r.Card)
	}
	d.emit("order", p, "", fmt.Sprintf("%s orders their triggers: %s", d.pn(p), refNames(a.Order)), ruleRef{})
	d.checkOrder(p)
}

// checkOrder: a requested order must not break the profile's SEGOC order;
// one that does is corrected (the player's order is dropped) and reported false.
func (d *duel) checkOrder(p int) bool {
	var mine []*trig
	for _, c := range d.orders[p] {
		for _, tr := range d.pending {
			if tr.src.c == c && tr.ctrl == p && d.due(tr) && !slices.Contains(mine, tr) {
				mine = append(mine, tr)
				break
			}
		}
	}
	for i := 1; i < len(mine); i++ {
		a1, a2 := d.segocKey(mine[i-1])
		b1, b2 := d.segocKey(mine[i])
		if a1 > b1 || (a1 == b1 && a2 > b2) {
			// A judge corrects the order; the game goes on (correct.go).
			d.orders[p] = nil
			d.correct(fmt.Sprintf("%s's effect must go on the chain before %s's: %s", mine[i].src.name(), mine[i-1].src.name(), d.segocOrder().why),
				"the triggers go on the chain in the order the rules give", d.segocOrder().ref)
			return false
		}
	}
	return true
}

// segocRule is the format's SEGOC order: how a trigger sorts by its time
// and step, why, and the rule that says so.
type segocRule struct {
	key func(time, step int) (int, int)
	why string
	ref ruleRef
}

// segocOrder applies Profile.SEGOC: the one place that reads the switch.
// Goat orders by trigger time, then by step; HAT by step, then time; today
// by step, in any order within a step.
func (d *duel) segocOrder() segocRule {
	r := ref("SEGOC", d.p.SEGOC)
	switch d.p.SEGOC.Value {
	case SEGOCTimeThenStep:
		return segocRule{func(t, s int) (int, int) { return t, s }, "earlier triggers go on the chain before later ones", r}
	case SEGOCStepThenTime:
		return segocRule{func(t, s int) (int, int) { return s, t }, "within a step, earlier triggers go on the chain before later ones", r}
	}
	return segocRule{func(_, s int) (int, int) { return s, 0 }, "the turn player's mandatory effects come first, then the opponent's, then optional ones", r}
}

// segocKey sorts a trigger: its SEGOC step (1 the turn player's mandatory,
// 2 the opponent's mandatory, 3 and 4 the optional ones) and its time, in
// the format's order.
func (d *duel) segocKey(tr *trig) (int, int) {
	step := 1
	if tr.ctrl != d.tp {
		step = 2
	}
	if !tr.mandatory {
		step += 2
	}
	return d.segocOrder().key(tr.time, step)
}

// onActLine points the events that follow at the line of action a, when
// there is one: a chosen trigger refused while its chain is built at an
// earlier line ("A activates Centur-Ion Primera Primus" after its Synchro
// Summon) is refused on its own line.
func (d *duel) onActLine(a *Action) {
	if a != nil && a.Line > 0 {
		d.line = a.Line
	}
}

// finishBuild puts the due triggers on a new chain in SEGOC order.
func (d *duel) finishBuild() {
	d.building = false
	if d.buildLine > 0 && d.line != d.buildLine {
		saved := d.line
		d.line = d.buildLine
		defer func() { d.line = saved }()
	}
	for p := range d.pl {
		d.checkOrder(p)
	}
	use := d.triggersToUse(d.takeDue())
	if len(use) == 0 {
		return
	}
	d.sortSEGOC(use)
	if len(use) > 1 {
		d.emit("rule", -1, "", fmt.Sprintf("simultaneous triggers go on the chain: %s", d.trigNames(use)), d.segocOrder().ref)
	}
	for _, tr := range use {
		if d.stopped {
			return
		}
		d.activateTrigger(tr)
	}
	d.fresh = false
	d.forcedResponses()
}

// takeDue takes the triggers due now out of the waiting ones.
func (d *duel) takeDue() []*trig {
	var due, later []*trig
	for _, tr := range d.pending {
		if d.due(tr) {
			due = append(due, tr)
		} else {
			later = append(later, tr)
		}
	}
	d.pending = later
	return due
}

// triggersToUse are the due triggers that go on the chain: the mandatory
// ones and the optional ones a line chose, unless the discard for hand
// size set them off or they missed the timing; each left out is told.
func (d *duel) triggersToUse(due []*trig) []*trig {
	var use []*trig
	for _, tr := range due {
		if d.optionalBlocked(tr) {
			d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s's optional effect was set off by the discard for hand size and cannot be activated", tr.src.name()), ref("End-of-turn discard", d.p.HandSizeDiscard))
			continue
		}
		if why, r := d.missedTiming(tr); why != "" {
			d.emit("trigger", tr.ctrl, tr.src.name(), why, r)
			continue
		}
		if tr.mandatory || tr.chosen {
			use = append(use, tr)
			continue
		}
		d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s does not activate %s's optional effect", d.pn(tr.ctrl), tr.src.name()), ruleRef{})
	}
	return use
}

// sortSEGOC orders the triggers by the format's SEGOC key, then by the
// order each player asked for ("A orders ..."), then as they were met.
func (d *duel) sortSEGOC(use []*trig) {
	// Requested orders: position of each card in its player's list.
	pos := func(tr *trig) int {
		for i, c := range d.orders[tr.ctrl] {
			if c == tr.src.c {
				return i
			}
		}
		return -1
	}
	sort.SliceStable(use, func(i, j int) bool {
		a1, a2 := d.segocKey(use[i])
		b1, b2 := d.segocKey(use[j])
		if a1 != b1 {
			return a1 < b1
		}
		if a2 != b2 {
			return a2 < b2
		}
		pi, pj := pos(use[i]), pos(use[j])
		if pi >= 0 && pj >= 0 && pi != pj {
			return pi < pj
		}
		return use[i].seq < use[j].seq
	})
}

func (d *duel) trigNames(ts []*trig) string {
	var out []string
	for i, tr := range ts {
		out = append(out, fmt.Sprintf("CL%d %s (%s)", i+1, tr.src.name(), d.pn(tr.ctrl)))
	}
	return strings.Join(out, ", ")
}

func refNames(rs []*CardRef) string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Card.Name)
	}
	return strings.Join(out, ", ")
}
