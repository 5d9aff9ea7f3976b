package rulings

// Limits on Synchro Material: a monster that cannot be used as Synchro
// Material at all (the monster "Tour Guide From the Underworld" Special
// Summons: inst.noSynchro, set by a Summon op's `what: no-synchro`), and a
// monster usable only for the Synchro Summon of a kind of monster
// ("Debris Dragon": continuous `synchro-material-only` with a filter on the
// Synchro Monster). synchroSummon (ops.go) asks synchroMaterialRefused of
// each material.

import (
	"fmt"
)

// synchroMaterialRefused says why m cannot be Synchro Material for syn, or "".
func (d *duel) synchroMaterialRefused(m, syn *inst) string {
	if m.noSynchro {
		return fmt.Sprintf("%s cannot be used as Synchro Material", d.describe(m))
	}
	if m.effNegated || d.negatedNow(m) {
		return ""
	}
	for _, o := range continuousOps(m, "synchro-material-only") {
		if !d.matches(syn, o.Filter) {
			return fmt.Sprintf("%s can be Synchro Material only for a %s Synchro Monster, and %s is not one", d.describe(m), filterText(o.Filter), syn.name())
		}
	}
	return ""
}

// summonedLimits applies what a Summon op's `what:` says about the
// monster it Special Summoned: `negated` (its effects are negated) and
// `no-synchro` (it cannot be used as Synchro Material).
func (d *duel) summonedLimits(c *inst, what What, by string) {
	if c.loc != locMonster {
		return
	}
	if what.has(WhatNegated) {
		c.effNegated = true
		d.emit("rule", c.ctrl, c.name(), fmt.Sprintf("%s's effects are negated (%s)", d.describe(c), by), ruleRef{})
	}
	if what.has(WhatNoSynchro) {
		c.noSynchro = true
		d.emit("rule", c.ctrl, c.name(), fmt.Sprintf("%s cannot be used as Synchro Material (%s)", d.describe(c), by), ruleRef{})
	}
}
