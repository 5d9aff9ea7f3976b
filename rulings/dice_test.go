package rulings

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDieRollMustBeStated: an effect that rolls a die stops the replay
// with an error naming the line when the script states no result, and
// uses the stated result otherwise.
func TestDieRollMustBeStated(t *testing.T) {
	cat := testCatalogue(t)
	base := "title: t\nformats: modern\nturn: A\nphase: draw\nA deck: 3 cards\nB deck: 3 cards\nA spells/traps: Dangerous Machine Type-6\n"
	tests := []struct {
		name, script, wantErr string
		wantHandB             int
	}{
		{"no roll", "A enters the Standby Phase\nboth pass\n", `line 9: Dangerous Machine Type-6 rolls a die: say what it shows before it resolves ("A rolls a 4")`, 0},
		{"rolls 4", "A rolls a 4\nA enters the Standby Phase\nboth pass\n", "", 1},
		{"rolls 3", "A rolls 3\nA enters the Standby Phase\nboth pass\n", "", 0},
	}
	p, _ := ProfileByID("modern")
	for _, tc := range tests {
		s, err := ParseScenario("x", []byte(base+tc.script), cat)
		if err != nil {
			t.Fatal(err)
		}
		tl := Replay(context.Background(), s, p, nil)
		got := ""
		if tl.Error != nil {
			got = tl.Error.Error()
		}
		if diff := cmp.Diff(tc.wantErr, got); diff != "" {
			t.Errorf("%s: error (-want +got):\n%s", tc.name, diff)
		}
		if tc.wantErr == "" && len(tl.Final.Players[1].Hand) != tc.wantHandB {
			t.Errorf("%s: B's hand = %v, want %d cards", tc.name, tl.Final.Players[1].Hand, tc.wantHandB)
		}
	}
}
