package rulings

import (
	"context"
	"strings"
	"testing"
)

// TestDestroyedByOpponentOnly: "Fire Hand" triggers only when an opponent's
// card destroys it; destroyed by its owner's own Ring of Destruction, it has
// no effect to activate (mains-fire-hand.scn and mains-ice-hand-solemn.scn
// play the opponent's cases).
func TestDestroyedByOpponentOnly(t *testing.T) {
	cat := testCatalogue(t)
	tests := []struct {
		name, setup, destroy, want string
	}{
		{"own Ring of Destruction", "A spells/traps: Ring of Destruction (set)\n", "A activates Ring of Destruction targeting A's Fire Hand\n", "has no effect A can activate"},
		{"opponent's Ring of Destruction", "B spells/traps: Ring of Destruction (set)\n", "A passes\nB activates Ring of Destruction targeting A's Fire Hand\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "title: t\nformats: hat\nturn: A\nA monsters: Fire Hand\nA deck: Ice Hand, 3 cards\nB monsters: Battle Ox\n" + tc.setup +
				tc.destroy + "both pass\nA activates Fire Hand targeting B's Battle Ox\nboth pass\n"
			s, err := ParseScenario("x", []byte(src), cat)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := ProfileByID("hat")
			tl := Replay(context.Background(), s, p, nil)
			got := ""
			if tl.Error != nil {
				got = tl.Error.Error()
			}
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("error = %q, want %q\n%s", got, tc.want, tl.Text())
			}
		})
	}
}
