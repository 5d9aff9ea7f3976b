package rulings

import (
	"fmt"
	"strings"
)

// Choose-one effects ("Don Zaloog", "Dark Scorpion - Chick the Yellow",
// "Enemy Controller"): a card whose text lets its controller pick one of
// several effects lists each choice as its own effect with a `label`; every
// choice after the first is written `or: true`. The catalogue keeps the
// choices of one effect together (groupChoices): the first stands for the
// effect wherever the engine looks for effects (triggers, activations), and
// its Alts hold the others. The script names the choice on the activation
// line, by label: `A activates Don Zaloog, choosing mill`; without one the
// first choice is taken. The chosen effect is what goes on the chain, with
// its own costs, targets and ops, so the timeline names it.

// groupChoices moves each `or: true` effect into the Alts of the effect
// before it. It reports an `or` effect with nothing before it.
func groupChoices(c *Card) string {
	var out []Effect
	for _, e := range c.Effects {
		if !e.Or {
			out = append(out, e)
			continue
		}
		if len(out) == 0 {
			return fmt.Sprintf("%s: its first effect is written `or: true`, but there is no effect before it to choose against", c.Name)
		}
		if e.Label == "" || out[len(out)-1].Label == "" {
			return fmt.Sprintf("%s: each choice of a choose-one effect needs a `label`", c.Name)
		}
		last := &out[len(out)-1]
		last.Alts = append(last.Alts, e)
	}
	c.Effects = out
	return ""
}

// choiceLabel finds the choice a script names ("the discard", "mill") among
// the card's choose-one effects, or the label of one of its separate
// effects ("Tragoedia, choosing level": which of its Ignition Effects), or "".
func choiceLabel(c *Card, s string) string {
	s = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.ToLower(s)), "the ")))
	for i := range c.Effects {
		e := &c.Effects[i]
		if len(e.Alts) == 0 && !(e.Label != "" && (e.Kind == EffectIgnition || e.Kind == EffectQuick)) {
			continue
		}
		for _, x := range append([]Effect{*e}, e.Alts...) {
			if strings.EqualFold(x.Label, s) {
				return x.Label
			}
		}
	}
	return ""
}

// otherBranch: the line names, by its label, another of the card's
// effects than e ("A activates Ancient Fairy Dragon, choosing field": a
// card with two Ignition Effects), so e is not the one it activates.
func otherBranch(e *Effect, a *Action) bool {
	if a == nil || a.Branch == "" || strings.EqualFold(e.Label, a.Branch) {
		return false
	}
	for _, x := range e.Alts {
		if strings.EqualFold(x.Label, a.Branch) {
			return false
		}
	}
	return true
}

// chosen returns the choice of e that the line names (e itself when the
// line names none, or when e offers no choice).
func (d *duel) chosen(c *inst, e *Effect, a *Action) *Effect {
	if a == nil || a.Branch == "" || len(e.Alts) == 0 {
		return e
	}
	if strings.EqualFold(e.Label, a.Branch) {
		return e
	}
	for i := range e.Alts {
		if strings.EqualFold(e.Alts[i].Label, a.Branch) {
			return &e.Alts[i]
		}
	}
	d.fail("%s has no choice %q here", c.name(), a.Branch)
	return nil
}
