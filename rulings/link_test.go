package rulings

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLinkZones: where a Link Summon puts its monster. A player holding no
// Extra Monster Zone takes a free one (not the one the facing player
// holds; a side player's does not count); a player already holding one
// takes the Main Monster Zone its Link Monster's arrows point to
// (domain-player-positioning-link-full.scn: with neither, it is illegal).
func TestLinkZones(t *testing.T) {
	cat := testCatalogue(t)
	base := "title: t\nformats: domain\nplayers: A, B, C, D\nturn: A\nphase: main 1\n" +
		"A extra deck: Borreload Dragon\n"
	summon := "A Link Summons Borreload Dragon using Sangan, Mystic Tomato, Giant Rat and Cyber Dragon\n"
	tests := []struct {
		name, pos string
		want      []string // A's monsters' zones after the line, in order
	}{
		{"free zone", "A monsters: Sangan, Mystic Tomato, Giant Rat, Cyber Dragon\n",
			[]string{"Extra Monster Zone (column 2)"}},
		{"facing player holds the left", "A monsters: Sangan, Mystic Tomato, Giant Rat, Cyber Dragon\nC monsters: Trishula, Dragon of the Ice Barrier (right extra monster zone)\n",
			[]string{"Extra Monster Zone (column 4)"}},
		{"side player does not count", "A monsters: Sangan, Mystic Tomato, Giant Rat, Cyber Dragon\nB monsters: Trishula, Dragon of the Ice Barrier (right extra monster zone)\n",
			[]string{"Extra Monster Zone (column 2)"}},
		{"arrow points down", "A monsters: Borreload Dragon (extra monster zone), Sangan, Mystic Tomato, Giant Rat, Cyber Dragon\n",
			[]string{"Extra Monster Zone (column 2)", "Main Monster Zone 2"}},
	}
	p, _ := ProfileByID("domain")
	for _, tc := range tests {
		s, err := ParseScenario("x", []byte(base+tc.pos+summon), cat)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		tl := Replay(context.Background(), s, p, nil)
		if tl.Error != nil || tl.Verdict != nil {
			t.Fatalf("%s: %v %v", tc.name, tl.Error, tl.Verdict)
		}
		var got []string
		for _, m := range tl.Final.Players[0].Monsters {
			got = append(got, m.Zone)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: zones (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestPointsTo: a Link Monster's arrows from an Extra Monster Zone point
// down to its controller's Main Monster Zones and up to the facing
// player's, columns mirrored; from a Main Monster Zone, sideways.
func TestPointsTo(t *testing.T) {
	d := &duel{pl: []*pstate{{}, {}, {}, {}}}
	c := &Card{Name: "L", Kind: "monster", Subtypes: []string{"link"}, LinkArrows: []string{"bottom-left", "top", "right"}}
	emz := &inst{c: c, ctrl: 0, zone: emzLeft}
	main := &inst{c: c, ctrl: 0, zone: 3}
	tests := []struct {
		name string
		l    *inst
		p, z int
		want bool
	}{
		{"EMZ bottom-left to own zone 1", emz, 0, 1, true},
		{"EMZ has no bottom arrow", emz, 0, 2, false},
		{"EMZ top to the facing player's mirrored column", emz, 2, 4, true},
		{"EMZ top does not reach a side player", emz, 1, 4, false},
		{"main right to own zone 4", main, 0, 4, true},
		{"main has no left arrow", main, 0, 2, false},
	}
	for _, tc := range tests {
		if got := d.pointsTo(tc.l, tc.p, tc.z); got != tc.want {
			t.Errorf("%s: pointsTo = %v, want %v", tc.name, got, tc.want)
		}
	}
}
