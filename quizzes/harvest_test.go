package quizzes

import (
	"fmt"
	"maps"
	"slices"
	"testing"
)

// harvestLimit is how far (in standard deviations of guessing the whole
// certification pool) a harvester of practice may beat chance.
const harvestLimit = 1.5

// labelLimit is how far (in standard deviations) one label may be right
// more often than chance among the certification questions offering it, for
// a label offered at least labelMin times.
const (
	labelLimit = 3.0
	labelMin   = 8
)

// TestHarvestOfPractice: a candidate who learned every practice answer
// gains (almost) nothing on the certification pool. This is what the
// site's harvest test measures on a few attempts, computed on every
// question.
func TestHarvestOfPractice(t *testing.T) {
	set := embeddedSet(t)
	for _, b := range set.Banks() {
		h := Harvest(b)
		var top []string
		for _, l := range slices.SortedFunc(maps.Keys(h.Labels), func(a, b string) int { return h.Labels[b] - h.Labels[a] }) {
			if len(top) < 6 {
				top = append(top, fmt.Sprintf("%q %d", l, h.Labels[l]))
			}
		}
		t.Logf("%s: %d certification questions; harvester expects %.1f, chance %.1f (SD %.1f, excess %.1f SD); %d answered by a practice prompt; right by recurring label: %v",
			b.Format, h.Questions, h.Expected, h.Chance, h.SD, h.Excess(), h.ByPrompt, top)
		if h.Excess() > harvestLimit {
			t.Errorf("%s: a harvester of practice beats chance on the certification pool by %.1f SD (limit %.1f): a recurring right label or a shared prompt leaks", b.Format, h.Excess(), harvestLimit)
		}
	}
}

// TestLabelBalance: no choice label is right far more often than chance
// among the certification questions that offer it; a harvester who always
// picks such a label ("A's Graveyard", "resolve effects") would beat
// chance without knowing a rule.
func TestLabelBalance(t *testing.T) {
	set := embeddedSet(t)
	for _, b := range set.Banks() {
		for _, l := range LabelBalances(b, labelMin) {
			t.Logf("%s: %-32q offered %3d right %3d chance %5.1f excess %+.1f SD", b.Format, l.Label, l.Offered, l.Right, l.Chance, l.Excess())
			if l.Excess() > labelLimit {
				t.Errorf("%s: %q is right in %d of the %d certification questions offering it (chance %.1f, +%.1f SD, limit %.1f)", b.Format, l.Label, l.Right, l.Offered, l.Chance, l.Excess(), labelLimit)
			}
		}
	}
}
