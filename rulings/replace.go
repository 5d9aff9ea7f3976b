package rulings

import (
	"fmt"
	"regexp"
	"strings"
)

// Replacement effects: "if this card would be destroyed, you can destroy
// another ... instead" ("The Six Samurai - Zanji", "The Six Samurai -
// Irou"). The card carries a Continuous `destroy-other-instead` op whose
// `filter` says which other face-up card may go in its place. Using it is
// its controller's choice, which the script states as a standing decision
// before the destruction happens:
//
//	during damage calculation, A destroys The Six Samurai - Irou instead of The Six Samurai - Zanji
//
// Without such a line the effect is not used. destroy (zones.go) and the
// marking of monsters destroyed by battle (battle.go) both ask
// replacedBy, so the mechanic serves battle and effect destruction alike;
// another kind of replacement (a material detached instead: "Number 101:
// Silent Honor ARK") is detach.go's `detach-instead`.

// reInstead reads "destroys X instead of Y".
var reInstead = regexp.MustCompile(`(?i)^(?:will )?destroys?\s+(.+?)\s+instead of\s+(.+)$`)

// instead records the choice: when Other would be destroyed, destroy Card.
func (d *duel) instead(a *Action) {
	p := a.Player
	spare := d.find(a.Other, p, locMonster)
	sub := d.find(a.Card, p, locMonster, locSpell)
	if spare == nil || sub == nil || spare.ctrl != p {
		d.fail("%s and %s must both be on %s's field", a.Other.Card.Name, a.Card.Card.Name, d.pn(p))
		return
	}
	if why := d.cannotReplace(spare, sub); why != "" {
		d.illegal(why, ruleRef{})
		return
	}
	if d.replaceWith == nil {
		d.replaceWith = map[*inst]*inst{}
	}
	d.replaceWith[spare] = sub
	d.emit("rule", p, spare.name(), fmt.Sprintf("%s will destroy %s instead if %s would be destroyed", d.pn(p), d.describe(sub), spare.name()), ruleRef{})
}

// cannotReplace says why sub cannot be destroyed in place of c, or "".
func (d *duel) cannotReplace(c, sub *inst) string {
	e := d.live(c, "destroy-other-instead")
	if e == nil || c.markedBattle {
		return fmt.Sprintf("%s has no effect that destroys another card in its place now", c.name())
	}
	var filter string
	for _, o := range e.Do {
		if o.Op == "destroy-other-instead" {
			filter = o.Filter
		}
	}
	if sub == c || !sub.onField() || !sub.faceUp || (filter != "" && !d.matchesAny(sub, filter)) {
		return fmt.Sprintf("%s cannot be destroyed in place of %s (it must be another face-up %s)", d.describe(sub), c.name(), strings.TrimPrefix(filter, "archetype="))
	}
	return ""
}

// replacedBy destroys the card chosen to go in place of c, if its
// controller chose one and the replacement still applies, and reports
// whether c is spared.
func (d *duel) replacedBy(c *inst) bool {
	if d.detachedInstead(c) { // detach.go
		return true
	}
	sub, ok := d.replaceWith[c]
	if !ok {
		return false
	}
	delete(d.replaceWith, c)
	if why := d.cannotReplace(c, sub); why != "" {
		d.emit("rule", c.ctrl, c.name(), why+": the replacement is not used", ruleRef{})
		return false
	}
	d.emit("rule", c.ctrl, sub.name(), fmt.Sprintf("%s is destroyed instead of %s", d.describe(sub), d.describe(c)), ruleRef{})
	d.destroy(sub, c.name()+"'s effect, in its place", false)
	return true
}

// ifMet checks an effect's `if:` condition when it would activate, and
// says why it is not met, or "": each term through its entry in ifTerms
// (ifterms.go).
func (d *duel) ifMet(c *inst, e *Effect) string {
	if why := d.gyActivationLocked(c); why != "" { // xyzfx.go
		return why
	}
	words, args := ifTermsOf(e.If)
	for i, w := range words {
		if t, ok := ifTerms[w]; ok {
			if why := t.why(d, c, args[i]); why != "" {
				return why
			}
		}
	}
	return ""
}
