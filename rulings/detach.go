package rulings

// Detaching instead of being destroyed: "if this card would be destroyed,
// you can detach 1 material from it instead" ("Number 101: Silent Honor
// ARK"). The Xyz Monster carries a Continuous `detach-instead` op (`n`
// materials, default 1). Using it is its controller's choice, which the
// script states as a standing decision before the destruction happens:
//
//	during damage calculation, A detaches 1 material from Number 101: Silent Honor ARK instead
//
// Without such a line the effect is not used. replacedBy (replace.go),
// which destroy and the marking of monsters destroyed by battle both ask,
// asks detachedInstead first, so the replacement serves battle and effect
// destruction alike. The detached materials go to the Graveyard; the
// monster is not destroyed (nothing that looks for "destroyed" sees it).

import (
	"fmt"
	"regexp"
)

// reDetachInstead reads "detaches 1 material from X instead".
var reDetachInstead = regexp.MustCompile(`(?i)^(?:will )?detach(?:es)?\s+(?:1\s+|a\s+|one\s+)?(?:xyz\s+)?materials?\s+from\s+(.+?)\s+instead(?:\s+of\s+(?:it\s+)?being\s+destroyed)?$`)

// detachInsteadN is how many materials c's replacement detaches, or 0 when
// c has no live `detach-instead` effect.
func (d *duel) detachInsteadN(c *inst) int {
	e := d.live(c, "detach-instead")
	if e == nil {
		return 0
	}
	for _, o := range e.Do {
		if o.Op == "detach-instead" {
			return max(o.N, 1)
		}
	}
	return 1
}

// chooseDetachInstead records the choice: when the named Xyz Monster would
// be destroyed, detach its material instead.
func (d *duel) chooseDetachInstead(a *Action) {
	p := a.Player
	c := d.find(a.Card, p, locMonster)
	if c == nil || c.ctrl != p {
		d.fail("%s", d.whereText(a.Card, p, "Monster Zone"))
		return
	}
	n := d.detachInsteadN(c)
	if n == 0 || c.markedBattle {
		d.illegal(fmt.Sprintf("%s has no effect that detaches a material instead of being destroyed now", c.name()), ruleRef{})
		return
	}
	if len(c.mats) < n {
		d.illegal(fmt.Sprintf("%s must detach %d material instead of being destroyed and has %d", c.name(), n, len(c.mats)), ruleRef{})
		return
	}
	c.detachInstead = true
	d.emit("rule", p, c.name(), fmt.Sprintf("%s will detach %d material from %s instead if it would be destroyed", d.pn(p), n, c.name()), ruleRef{})
}

// detachedInstead detaches c's materials in place of its destruction, if
// its controller chose to and the replacement still applies, and reports
// whether c is spared.
func (d *duel) detachedInstead(c *inst) bool {
	if !c.detachInstead {
		return false
	}
	c.detachInstead = false
	n := d.detachInsteadN(c)
	if n == 0 || len(c.mats) < n {
		d.emit("rule", c.ctrl, c.name(), fmt.Sprintf("%s cannot detach %d material now: the replacement is not used", c.name(), max(n, 1)), ruleRef{})
		return false
	}
	for i := 0; i < n; i++ {
		d.moveTo(c.mats[0], locGY, "detached from "+c.name()+" instead of its destruction")
	}
	d.emit("rule", c.ctrl, c.name(), fmt.Sprintf("%s is not destroyed: %d material was detached instead", d.describe(c), n), ruleRef{})
	return true
}
