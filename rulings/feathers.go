package rulings

// Counters placed instead of effect damage ("Black-Winged Dragon"): while
// a face-up monster with the Continuous `counter-instead-of-damage` is on
// its controller's field, each time that player would take damage from a
// card effect, the monster gets 1 counter instead (battle damage is taken
// as usual: inflict tells the two apart). Its `atk-per-counter` (n: -700)
// lowers its ATK by the counters. The cost `remove-all-counters` takes
// every counter off it (at least 1) and remembers how many
// (inst.removedCounters) for `drain-atk-per-counter` (`n`): the target
// loses `n` ATK for each, and the opponent takes damage equal to the ATK
// it actually lost.

import "fmt"

// featherInstead puts a counter on p's monster that takes effect damage in
// p's place, and reports whether it did.
func (d *duel) featherInstead(p int, why string) bool {
	for _, m := range d.pl[p].mz {
		if d.live(m, "counter-instead-of-damage") != nil {
			m.counters++
			d.emit("counter", p, m.name(), fmt.Sprintf("%s would take effect damage (%s): %s gets a counter instead (%d)", d.pn(p), why, m.name(), m.counters), ruleRef{})
			return true
		}
	}
	return false
}

// checkRemoveAllCounters: `remove-all-counters` needs at least 1 counter.
func checkRemoveAllCounters(cc costCall) bool {
	if cc.c.counters < 1 {
		return cc.illegal("%s has no counter to remove", cc.c.name())
	}
	return true
}

// payRemoveAllCounters removes every counter from the card.
func payRemoveAllCounters(cc costCall) ([]string, bool) {
	n := cc.c.counters
	cc.c.counters, cc.c.removedCounters = 0, n
	cc.d.emit("cost", cc.p, cc.c.name(), fmt.Sprintf("%s removes %d counter(s) from %s", cc.d.pn(cc.p), n, cc.c.name()), ruleRef{})
	return []string{fmt.Sprintf("remove %d counter(s)", n)}, true
}

// opDrainAtkPerCounter makes the link's face-up target lose `n` ATK for
// each counter its cost removed, and inflicts damage equal to the ATK lost
// to the target's controller.
func opDrainAtkPerCounter(d *duel, l *link, o Op) {
	for _, t := range d.validTargets(l) {
		if t.loc != locMonster || !t.faceUp {
			continue
		}
		before := d.atkOf(t)
		t.atkAdd -= o.N * l.src.removedCounters
		lost := before - d.atkOf(t)
		d.emit("rule", l.ctrl, t.name(), fmt.Sprintf("%s loses %d ATK (%s)", d.describe(t), lost, l.src.name()), ruleRef{})
		if lost > 0 {
			d.damage(t.ctrl, lost, "damage from "+l.src.name()+", equal to the ATK lost", ruleRef{})
		}
	}
}
