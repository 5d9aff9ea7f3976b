package rulings

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestMessagesNameNoProjectFiles: what a player reads about a pasted
// scenario never sends them to the project's files (cards/*.yaml, the
// guide's source), and an unknown card comes with close names.
func TestMessagesNameNoProjectFiles(t *testing.T) {
	cat := testCatalogue(t)
	head := "title: t\nformats: goat\nturn: A\n"
	tests := []struct{ name, src, want string }{
		{"misspelt card", head + "A hand: Sangn\n", `Substep doesn't know the card "Sangn" yet; did you mean Sangan?`},
		{"unknown card", head + "A hand: Qwxzy Dragon\n", `Substep doesn't know the card "Qwxzy Dragon" yet (check its spelling`},
		{"unknown phrase", head + "A dances\n", "the scenario guide at /replay/help"},
		{"unknown line", head + "Qwxzy attacks\n", "the scenario guide at /replay/help"},
		{"unknown query", head + "A passes\nexpect colour Sangan = blue\n", "the scenario guide at /replay/help"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := ""
			if s, err := ParseScenario("x", []byte(tt.src), cat); err != nil {
				msg = err.Error()
			} else {
				p, _ := ProfileByID("goat")
				if tl := Replay(context.Background(), s, p, nil); tl.Error != nil {
					msg = tl.Error.Error()
				}
			}
			if !strings.Contains(msg, tt.want) {
				t.Errorf("got %q, want it to contain %q", msg, tt.want)
			}
			for _, bad := range []string{".yaml", ".md", "rulings/"} {
				if strings.Contains(msg, bad) {
					t.Errorf("%q names a project file (%s)", msg, bad)
				}
			}
		})
	}
}

// TestLegalityQuery: "legality line N" answers the ruling alone, and agrees
// with "legal line N" on every expectation of every bundled scenario.
func TestLegalityQuery(t *testing.T) {
	cat := testCatalogue(t)
	checked := 0
	for _, f := range scenarioFiles(t) {
		s, err := ParseScenario(f.name, f.src, cat)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range s.Formats {
			p, _ := ProfileByID(id)
			tl := Replay(context.Background(), s, p, nil)
			for _, a := range s.Actions {
				full, err1 := tl.Ask(fmt.Sprintf("legal line %d", a.Line))
				short, err2 := tl.Ask(fmt.Sprintf("legality line %d", a.Line))
				if (err1 == nil) != (err2 == nil) {
					t.Fatalf("%s/%s line %d: errors differ: %v, %v", f.name, id, a.Line, err1, err2)
				}
				want, _, _ := strings.Cut(full, ":")
				if short != want || strings.Contains(short, "#") {
					t.Errorf("%s/%s line %d: legality %q, legal %q", f.name, id, a.Line, short, full)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no line checked")
	}
}
