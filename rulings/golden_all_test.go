package rulings

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGoldenAll replays every bundled scenario under each of its formats
// and compares the whole result with testdata/all/<name>.txt: the timeline
// as text, and SHA-256 digests of the timeline's JSON and of the state at
// every step (the JSON is long; the text shows where a change is). It
// proves that a change to the engine's shape changes no replay; regenerate
// with -update only for a change meant to alter replays, and say why in the
// commit.
func TestGoldenAll(t *testing.T) {
	cat := testCatalogue(t)
	for _, f := range scenarioFiles(t) {
		s, err := ParseScenario(f.name, f.src, cat)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		var b strings.Builder
		for _, id := range s.Formats {
			p, _ := ProfileByID(id)
			tl := goldenReplay(s, p)
			js, err := json.Marshal(tl)
			if err != nil {
				t.Fatal(err)
			}
			st, err := json.Marshal(goldenStates(tl))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "=== %s\n%s\njson sha256 %x\nsteps sha256 %x\n\n", id, tl.Text(), sha256.Sum256(js), sha256.Sum256(st))
		}
		got := b.String()
		path := filepath.Join("testdata", "all", f.name+".txt")
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			// A scenario added since the goldens were written: nothing to
			// compare with yet (-update writes its golden).
			t.Logf("%s has no golden yet (go test ./rulings -run TestGoldenAll -update)", f.name)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("%s differs (-want +got):\n%s", path, diff)
		}
	}
}

// goldenStep is one step as the golden digest sees it: the line, its text
// and the whole state after it.
type goldenStep struct {
	Line   int    `json:"line"`
	Action string `json:"action"`
	State  State  `json:"state"`
}
