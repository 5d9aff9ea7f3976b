package rulings

// Limits on Synchro Material: the non-Tuner materials a Synchro Monster
// names (`materials: {filter: ...}` on the Synchro Monster: "Mist Valley
// Thunder Lord", "Light End Dragon"; nonTunerFilter), a monster that cannot be used as Synchro
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
// Debris Dragon's limits are conditions, not effects, so negating its
// effects does not lift them ("Both Conditions ... cannot be negated":
// ygorulings.blogspot.com, "Biker Dragons From Mars", June 2010).
func (d *duel) synchroMaterialRefused(m, syn *inst) string {
	if m.noSynchro {
		return fmt.Sprintf("%s cannot be used as Synchro Material", d.describe(m))
	}
	if f := nonTunerFilter(syn.c); f != "" && !m.c.Has(SubTuner) && !d.matchesAny(m, f) {
		return fmt.Sprintf("%s needs non-Tuner Synchro Material that is %s, and %s is not", syn.name(), filterText(f), d.describe(m))
	}
	for _, o := range continuousOps(m, "synchro-material-only") {
		if !d.matches(syn, o.Filter) {
			return fmt.Sprintf("%s can be Synchro Material only for a %s Synchro Monster, and %s is not one", d.describe(m), filterText(o.Filter), syn.name())
		}
	}
	return ""
}

// synchroMaterialsRefused says why the materials together cannot be used,
// or "": a material whose condition forbids any other material of a Level
// (`synchro-others-not-level`: "Debris Dragon", none of the others may be
// Level 4), whether or not its effects are negated.
func (d *duel) synchroMaterialsRefused(mats []*inst) string {
	for _, m := range mats {
		for _, o := range continuousOps(m, "synchro-others-not-level") {
			for _, x := range mats {
				if x != m && d.level(x) == o.N {
					return fmt.Sprintf("%s cannot be Synchro Material together with a Level %d monster, and %s is Level %d", d.describe(m), o.N, d.describe(x), o.N)
				}
			}
		}
	}
	return ""
}

// nonTunerFilter is what a Synchro Monster's non-Tuner materials must be
// (its `materials: {filter: ...}`: "1 Tuner + 1 or more non-Tuner 'Mist
// Valley' monsters"), or "" for any monster.
func nonTunerFilter(c *Card) string {
	if c == nil || c.Materials == nil || !c.Has(SubSynchro) {
		return ""
	}
	return c.Materials.Filter
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
