package quizzes

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"substep/content"
)

// TestEmbeddedBanks checks every embedded bank against the real engine: a
// bank whose author disagrees with the engine fails here, before a server
// would refuse to start on it. (internal/app checks the banks against the
// rule pages: topics covered and cited sections.)
func TestEmbeddedBanks(t *testing.T) {
	scen, err := fs.Sub(content.FS, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	set, err := LoadChecked(BankFS(), scen, NewEngine(nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Formats {
		b, ok := set.Bank(f)
		if !ok {
			t.Errorf("no bank for %s", f)
			continue
		}
		t.Logf("%s: %d questions on %d topics", f, len(b.Questions), len(b.Topics()))
		for _, q := range b.Questions {
			if q.SameEverywhere {
				t.Logf("  %s answers the same under every format", q.ID)
			}
		}
	}
}

// replayOnly hides the engine's Parser, so every question and format
// parses its scenario again: how Check worked before parse-once.
type replayOnly struct {
	Engine
	DeckChecker
	PoolDeckChecker
}

// BenchmarkLoadChecked is the start-up check of the embedded banks, with
// each scenario parsed once (as the server runs it) and parsed for every
// question and format.
func BenchmarkLoadChecked(b *testing.B) {
	scen, err := fs.Sub(content.FS, "scenarios")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		eng  func() Engine
	}{
		{"parse-once", func() Engine { return NewEngine(nil) }},
		{"parse-each", func() Engine { e := NewEngine(nil); return replayOnly{e, e.(DeckChecker), e.(PoolDeckChecker)} }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := LoadChecked(BankFS(), scen, bc.eng()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// embeddedSet loads and checks the embedded banks with the real engine,
// once for every test of the package that reads them.
func embeddedSet(t *testing.T) *Set {
	t.Helper()
	set, err := loadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	return set
}

var loadEmbedded = sync.OnceValues(func() (*Set, error) {
	scen, err := fs.Sub(content.FS, "scenarios")
	if err != nil {
		return nil, err
	}
	return LoadChecked(BankFS(), scen, NewEngine(nil))
})

// narrated is the situation a candidate reads: the prompt as the situation
// view asks it and the narrated steps.
func narrated(q *Checked) (string, error) {
	p, ok := q.SituationPrompt()
	if !ok {
		return "", fmt.Errorf("the prompt names a line that is no step of the narration")
	}
	var b strings.Builder
	b.WriteString(p)
	for _, n := range q.Replay.Narration {
		b.WriteString("\n" + n.Text)
	}
	return b.String(), nil
}

// TestEmbeddedBanksLint holds every embedded question to Lint: no answer
// readable from its prompt, no question asked twice in a pool, four choices
// unless binary, no choice worded as engine behaviour.
func TestEmbeddedBanksLint(t *testing.T) {
	set := embeddedSet(t)
	for _, p := range Lint(set, narrated) {
		t.Error(p)
	}
}

// TestEmbeddedBankStats reports pool sizes per format and per rule page,
// the share of four-choice questions and the difficulty mix; it fails when
// a certification pool has too few hard questions for a fixed mix, or a
// difficulty level too few questions to fill stratumDepth tests.
func TestEmbeddedBankStats(t *testing.T) {
	set := embeddedSet(t)
	for _, b := range set.Banks() {
		pools := map[string]int{}
		pages := map[string]map[string]int{}
		diff := map[int]int{}
		four := 0
		for _, q := range b.Questions {
			pools[q.Pool]++
			if len(q.Choices) >= MinChoices {
				four++
			}
			if q.Pool != PoolCertification {
				continue
			}
			diff[q.Difficulty]++
			seen := map[string]bool{}
			for _, c := range q.Cites {
				page, _, _ := strings.Cut(c, "#")
				if !seen[page] {
					seen[page] = true
					if pages[page] == nil {
						pages[page] = map[string]int{}
					}
					pages[page][q.Pool]++
				}
			}
		}
		var per []string
		for _, p := range slices.Sorted(maps.Keys(pages)) {
			per = append(per, fmt.Sprintf("%s %d", p, pages[p][PoolCertification]))
		}
		cert := pools[PoolCertification]
		t.Logf("%s: certification %d, practice %d (%d shown: their scenario is no certification question's); four or more choices %d/%d (%.0f%%); certification difficulty 1/2/3: %d/%d/%d",
			b.Format, cert, pools[PoolPractice], len(b.Practice().Questions), four, len(b.Questions), 100*float64(four)/float64(len(b.Questions)), diff[1], diff[2], diff[3])
		t.Logf("%s certification questions by rule page: %s", b.Format, strings.Join(per, ", "))
		if cert == 0 || pools[PoolPractice] == 0 {
			t.Errorf("%s: both pools need questions (certification %d, practice %d)", b.Format, cert, pools[PoolPractice])
		}
		if diff[3]*10 < cert*3 {
			t.Errorf("%s: %d of %d certification questions are difficulty 3, want at least 30%%", b.Format, diff[3], cert)
		}
		// The fixed Mix draws from full strata: each difficulty level can
		// fill stratumDepth tests without repeating a question, so a
		// candidate who retakes does not meet the same few again.
		quota := mixQuota(TestSize)
		for lv := 1; lv <= 3; lv++ {
			if want := stratumDepth * quota[lv-1]; diff[lv] < want {
				t.Errorf("%s: %d certification questions of difficulty %d; a test draws %d, so the stratum needs %d (%d tests)", b.Format, diff[lv], lv, quota[lv-1], want, stratumDepth)
			}
		}
	}
}

// stratumDepth is how many certification tests each difficulty level of a
// pool must fill from distinct questions (see TestEmbeddedBankStats).
const stratumDepth = 5
