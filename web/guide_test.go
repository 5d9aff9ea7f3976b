package web

import (
	"context"
	"strings"
	"testing"

	"substep/rulings"
)

// TestGuideExample: the scenario /replay starts with, which the guide shows
// part by part, parses and meets its expectations under each format it
// names.
func TestGuideExample(t *testing.T) {
	sc, err := rulings.ParseScenario("example", []byte(exampleSource), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Expects) < 3 {
		t.Fatalf("the example checks %d things", len(sc.Expects))
	}
	for _, f := range sc.Formats {
		p, _ := rulings.ProfileByID(f)
		if tl := rulings.Replay(context.Background(), sc, p, rulings.NewBudget(0)); !tl.OK() {
			t.Errorf("%s: the example does not replay as it expects:\n%s", f, tl.Text())
		}
	}
}

// TestGuideExamples: each "what to type" line of the guide reads as a
// script line.
func TestGuideExamples(t *testing.T) {
	for _, ex := range guideExamples {
		src := "title: t\nformats: goat\nturn: A\n\n" + ex[1] + "\n"
		if _, err := rulings.ParseScenario("ex", []byte(src), nil); err != nil {
			t.Errorf("%q (%s): %v", ex[1], ex[0], err)
		}
	}
	if !strings.Contains(exampleSource, "expect") {
		t.Errorf("the example has no expectation")
	}
}
