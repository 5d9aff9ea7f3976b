package rulings

// The optional last part of an effect: "... then you can Special Summon 1
// "Ice Hand" from your Deck" ("Fire Hand", "Ice Hand"). An op written with
// the flag `what: optional` is that part. It is done unless the line that
// activates the effect declines it (`A activates Fire Hand targeting B's
// Battle Ox, declining the Special Summon`: Action.Decline, link.declined).
// The player decides as the effect resolves; the engine reads the decision
// from the activation's line, as it reads the cards an effect will choose.
// With the flag `if-destroyed` too, the part is done only if the destroy
// before it destroyed a card (ProjectIgnis/CardScripts official/c68535320.lua
// and c95929069.lua Summon only after a successful destroy).

import "fmt"

// declineFits checks a line's `declining …` against the effect: one of its
// ops must be an optional part.
func (d *duel) declineFits(c *inst, e *Effect, a *Action) bool {
	if !a.Decline {
		return true
	}
	for _, o := range e.Do {
		if o.What.has(WhatOptional) {
			return true
		}
	}
	d.fail("%s has no optional part to decline", effectName(c.c, e))
	return false
}

// nothingDestroyed reports whether op o, written `if-destroyed`, follows a
// destroy that destroyed nothing (its target left the field in response):
// "destroy that target, then you can ..." goes no further then.
func (d *duel) nothingDestroyed(l *link, o Op) bool {
	if !o.What.has(WhatIfDestroyed) || l.destroyedOne {
		return false
	}
	d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("%s destroyed nothing, so the rest of its effect is not applied", l.src.name()), ruleRef{})
	return true
}

// declinedPart reports whether op o is an optional part that l's line
// declined, and records the choice.
func (d *duel) declinedPart(l *link, o Op) bool {
	if !o.What.has(WhatOptional) || !l.declined {
		return false
	}
	d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("%s chooses not to use the optional part of %s's effect", d.pn(l.ctrl), l.src.name()), ruleRef{})
	return true
}
