package quizzes

import (
	"io/fs"
	"math"
	"regexp"
	"strings"
	"testing"

	"substep/content"
)

// choiceHeuristics are the test-taking tricks a candidate's script can
// apply to the choices alone (what an attempt shows, in any order): each
// scores every choice, and the script picks the highest (ties split).
var choiceHeuristics = []struct {
	name  string
	score func(q *Checked, i int) float64
}{
	{"longest", func(q *Checked, i int) float64 { return float64(len(q.Choices[i].Label())) }},
	{"shortest", func(q *Checked, i int) float64 { return -float64(len(q.Choices[i].Label())) }},
	{"odd one out (fewest words shared)", func(q *Checked, i int) float64 { return -sharedWords(q, i) }},
	{"most typical (most words shared)", func(q *Checked, i int) float64 { return sharedWords(q, i) }},
	{"most words of the prompt", func(q *Checked, i int) float64 {
		return float64(len(inter(words(q.Choices[i].Label()), words(q.Prompt))))
	}},
	{"fewest words of the prompt", func(q *Checked, i int) float64 {
		return -float64(len(inter(words(q.Choices[i].Label()), words(q.Prompt))))
	}},
	{"none / neither / no when offered", func(q *Checked, i int) float64 {
		l := strings.ToLower(q.Choices[i].Label())
		for _, w := range []string{"none", "neither", "no ", "nothing", "not "} {
			if strings.HasPrefix(l+" ", w) || l == strings.TrimSpace(w) {
				return 1
			}
		}
		return 0
	}},
}

func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		out[w] = true
	}
	return out
}

func inter(a, b map[string]bool) map[string]bool {
	out := map[string]bool{}
	for w := range a {
		if b[w] {
			out[w] = true
		}
	}
	return out
}

// sharedWords is the mean share of choice i's words found in each other
// choice (Jaccard).
func sharedWords(q *Checked, i int) float64 {
	a := words(q.Choices[i].Label())
	var sum float64
	for j, c := range q.Choices {
		if j == i {
			continue
		}
		b := words(c.Label())
		both := len(inter(a, b))
		if u := len(a) + len(b) - both; u > 0 {
			sum += float64(both) / float64(u)
		}
	}
	return sum / float64(max(len(q.Choices)-1, 1))
}

// heuristicScore is what a script picking by score expects on pool: the
// sum of its chance to pick the right choice (ties split), against
// guessing's and its SD.
func heuristicScore(pool []*Checked, score func(q *Checked, i int) float64) (got, chance, sd float64) {
	var variance float64
	for _, q := range pool {
		k := float64(len(q.Choices))
		chance += 1 / k
		variance += 1 / k * (1 - 1/k)
		best, ties, right := math.Inf(-1), 0, false
		for i := range q.Choices {
			switch s := score(q, i); {
			case s > best:
				best, ties, right = s, 1, q.Choices[i].ID == q.Correct
			case s == best:
				ties++
				right = right || q.Choices[i].ID == q.Correct
			}
		}
		if right {
			got += 1 / float64(ties)
		}
	}
	return got, chance, math.Sqrt(variance)
}

// heuristicLimit is how far above chance, in SDs of guessing, a choice
// heuristic may score on a certification pool. On 7 December 2026 picking
// the longest choice had scored +3.7 SD on HAT and +3.5 SD on Domain, the
// most typical choice +2.5 SD on Goat: filler distractors that no
// knowledgeable candidate picks ("A's Deck" beside a Graveyard answer, a
// bare "Legal") were replaced by places and reasons a candidate might
// believe. Since then every trick on the choices is at most +1.7 SD in
// every format, and the one above 2 is Domain's section words (+2.9 SD,
// TestStudySectionsAtChance), whose legality reasons paraphrase the
// sections they cite.
const heuristicLimit = 3.0

// TestChoiceHeuristicsAtChance: no trick on the choices' text alone (the
// longest, the odd one out, "none", the words of the prompt) scores above
// chance by more than heuristicLimit SDs on any certification pool. It
// logs every trick's score.
func TestChoiceHeuristicsAtChance(t *testing.T) {
	set := embeddedSet(t)
	for _, b := range set.Banks() {
		pool := b.InPool(PoolCertification).Questions
		for _, h := range choiceHeuristics {
			got, chance, sd := heuristicScore(pool, h.score)
			excess := (got - chance) / sd
			t.Logf("%-7s %-38s %6.1f of %d; chance %6.1f, SD %4.1f: %+5.1f SD", b.Format, h.name, got, len(pool), chance, sd, excess)
			if excess > heuristicLimit {
				t.Errorf("%s: picking the %s choice scores %.1f of %d, %.1f SD above chance (%.1f)", b.Format, h.name, got, len(pool), excess, chance)
			}
		}
	}
}

// citedSections maps "page#anchor" to the text of that section of the
// content pages (the heading's line to the next heading of its level or
// above).
func citedSections(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	files, err := fs.Glob(content.FS, "*/*.md")
	if err != nil {
		t.Fatal(err)
	}
	idRE := regexp.MustCompile(`(?m)^id: *(\S+)`)
	headRE := regexp.MustCompile(`^(#+) .*\{#([a-z0-9-]+)\}`)
	for _, f := range files {
		b, err := fs.ReadFile(content.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		m := idRE.FindSubmatch(b)
		if m == nil {
			continue
		}
		var anchor string
		var level int
		var text strings.Builder
		flush := func() {
			if anchor != "" {
				out[string(m[1])+"#"+anchor] = text.String()
			}
		}
		for _, l := range strings.Split(string(b), "\n") {
			if h := headRE.FindStringSubmatch(l); h != nil {
				if anchor == "" || len(h[1]) <= level {
					flush()
					anchor, level = h[2], len(h[1])
					text.Reset()
				}
			}
			text.WriteString(l + "\n")
		}
		flush()
	}
	return out
}

// TestStudySectionsAtChance: a candidate who misses a question reads the
// rule sections its result names; picking the choice whose words those
// sections use most does not beat chance by more than heuristicLimit SDs
// (it logs the score: what a retake or a friend would gain).
func TestStudySectionsAtChance(t *testing.T) {
	set := embeddedSet(t)
	sections := citedSections(t)
	stop := words("a an the of to in on is it its and or not no by for with as at from b a's b's player")
	for _, b := range set.Banks() {
		pool := b.InPool(PoolCertification).Questions
		got, chance, sd := heuristicScore(pool, func(q *Checked, i int) float64 {
			var text string
			for _, c := range q.Cites {
				text += sections[c]
			}
			in := words(text)
			n := 0.0
			for w := range words(q.Choices[i].Label()) {
				if in[w] && !stop[w] {
					n++
				}
			}
			return n
		})
		excess := (got - chance) / sd
		t.Logf("%-7s the choice the cited sections use most: %6.1f of %d; chance %6.1f, SD %4.1f: %+5.1f SD", b.Format, got, len(pool), chance, sd, excess)
		if excess > heuristicLimit {
			t.Errorf("%s: the cited sections point to the right choice: %.1f SD above chance", b.Format, excess)
		}
	}
}
