package quizzes

import (
	"io/fs"
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
		{"parse-each", func() Engine { e := NewEngine(nil); return replayOnly{e, e.(DeckChecker)} }},
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
