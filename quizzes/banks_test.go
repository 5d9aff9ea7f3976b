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
