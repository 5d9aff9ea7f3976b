package web

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"substep/rulings"
)

// TestLineDiffs: a line is marked only where the replays differ in what
// happens or in what the line changes, and the sentence says what.
func TestLineDiffs(t *testing.T) {
	same := "title: t\nformats: goat, hat\nturn: A\nA hand: Soul Exchange, Thestalos the Firestorm Monarch\nB monsters: Sangan\nB deck: Mystic Tomato, 4 cards\nB hand: Giant Rat\n\nA activates Soul Exchange targeting B's Sangan\nboth pass\n"
	tests := []struct {
		name string
		src  string
		want map[int]string
	}{
		{"identical replays", same, map[int]string{}},
		{"trigger order", exampleSource, map[int]string{
			13: "The chain links come in a different order (Goat: Sangan, then Thestalos the Firestorm Monarch; HAT: Thestalos the Firestorm Monarch, then Sangan).",
			14: "The resolutions come in a different order (Goat: Thestalos the Firestorm Monarch, then Sangan; HAT: Sangan, then Thestalos the Firestorm Monarch).",
		}},
	}
	for _, tt := range tests {
		sc, err := rulings.ParseScenario("t", []byte(tt.src), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _, why, err := replayAll(context.Background(), sc, []string{"goat", "hat"})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, why); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}
