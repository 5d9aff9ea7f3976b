package quizzes

import (
	"math"
	"sort"
)

// HarvestScore is what a candidate who studied everything practice shows
// can expect on the certification pool without knowing the rules: for
// each certification question the harvester picks the label practice
// marked right for the same prompt, else the label practice marked right
// most often, else guesses. Expected and Chance are sums over the pool of
// the probability of a right pick; SD is the standard deviation of
// guessing the whole pool.
type HarvestScore struct {
	Questions        int
	Expected, Chance float64
	SD               float64
	ByPrompt         int            // questions a practice prompt answers (the harvester's pick is right)
	Labels           map[string]int // label → certification questions where that recurring label decided the pick and was right
}

// Excess is how many standard deviations the harvester beats chance by.
func (h HarvestScore) Excess() float64 {
	if h.SD == 0 {
		return 0
	}
	return (h.Expected - h.Chance) / h.SD
}

// Harvest scores b's certification pool against a harvester of b's
// practice (b.Practice()): the cause the site's harvest test measures on a
// few attempts, computed here on every question.
func Harvest(b *CheckedBank) HarvestScore {
	byPrompt := map[string]string{}
	seen := map[string]int{}
	for _, q := range b.Practice().Questions {
		l := normalize(q.CorrectChoice().Label())
		byPrompt[normalize(q.Prompt)] = l
		seen[l]++
	}
	h := HarvestScore{Labels: map[string]int{}}
	var variance float64
	for _, q := range b.InPool(PoolCertification).Questions {
		n := float64(len(q.Choices))
		pc := 1 / n
		h.Questions++
		h.Chance += pc
		variance += pc * (1 - pc)
		right := normalize(q.CorrectChoice().Label())
		if want, ok := byPrompt[normalize(q.Prompt)]; ok && offers(q, want) {
			if want == right {
				h.Expected++
				h.ByPrompt++
			}
			continue
		}
		// The labels practice marked right most often, among those offered.
		best, ties := 0, []string(nil)
		for _, c := range q.Choices {
			l := normalize(c.Label())
			switch {
			case seen[l] > best:
				best, ties = seen[l], []string{l}
			case seen[l] == best && best > 0:
				ties = append(ties, l)
			}
		}
		if best == 0 {
			h.Expected += pc
			continue
		}
		sort.Strings(ties)
		for _, l := range ties {
			if l == right {
				h.Expected += 1 / float64(len(ties))
				h.Labels[l]++
			}
		}
	}
	h.SD = math.Sqrt(variance)
	return h
}

func offers(q *Checked, label string) bool {
	for _, c := range q.Choices {
		if normalize(c.Label()) == label {
			return true
		}
	}
	return false
}

// LabelBalance is how often one choice label is right among the
// certification questions that offer it, against chance.
type LabelBalance struct {
	Label          string
	Offered, Right int
	Chance, SD     float64 // expected rights by chance over the questions offering it, and the SD
}

// Excess is how many standard deviations the label's rights beat chance by.
func (l LabelBalance) Excess() float64 {
	if l.SD == 0 {
		return 0
	}
	return (float64(l.Right) - l.Chance) / l.SD
}

// LabelBalances lists every label b's certification pool offers at least
// min times, most over-right first: a label right more often than chance
// is what a harvester who always picks it gains from.
func LabelBalances(b *CheckedBank, min int) []LabelBalance {
	by := map[string]*LabelBalance{}
	var variance = map[string]float64{}
	for _, q := range b.InPool(PoolCertification).Questions {
		pc := 1 / float64(len(q.Choices))
		for _, c := range q.Choices {
			l := normalize(c.Label())
			lb := by[l]
			if lb == nil {
				lb = &LabelBalance{Label: l}
				by[l] = lb
			}
			lb.Offered++
			lb.Chance += pc
			variance[l] += pc * (1 - pc)
			if c.ID == q.Correct {
				lb.Right++
			}
		}
	}
	var out []LabelBalance
	for l, lb := range by {
		if lb.Offered >= min {
			lb.SD = math.Sqrt(variance[l])
			out = append(out, *lb)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Excess() != out[j].Excess() {
			return out[i].Excess() > out[j].Excess()
		}
		return out[i].Label < out[j].Label
	})
	return out
}
