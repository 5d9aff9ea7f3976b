package pools

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func mustDefault(t testing.TB) *Set {
	t.Helper()
	s, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The pools hold the README's counts: Goat's 1,704 distinct passcodes are
// fewer cards, since four names are listed under two passcodes.
func TestCounts(t *testing.T) {
	s := mustDefault(t)
	got := map[string][4]int{}
	passcodes := map[string]int{}
	for _, f := range s.Formats() {
		n := f.Counts()
		got[f.ID] = [4]int{n[Forbidden], n[Limited], n[SemiLimited], n[Unlimited]}
		for _, c := range f.Cards() {
			passcodes[f.ID] += len(f.Listed(c))
		}
	}
	want := map[string][4]int{
		"goat":   {19 - 2, 43 - 2, 15, 1627}, // HFD and Monster Reborn (Forbidden), Jinzo and Ring of Destruction (Limited) have two passcodes
		"edison": {45, 70, 20, 3845},
		"hat":    {77, 71, 14, 6015},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("cards per status (-want +got):\n%s", d)
	}
	if d := cmp.Diff(map[string]int{"goat": 1704, "edison": 3980, "hat": 6177}, passcodes); d != "" {
		t.Errorf("passcodes per pool (-want +got):\n%s", d)
	}
}

func TestCards(t *testing.T) {
	s := mustDefault(t)
	goat, _ := s.Format("goat")
	edison, _ := s.Format("edison")
	hat, _ := s.Format("hat")
	tests := []struct {
		name      string
		passcodes []uint32
		status    [3]Status
	}{
		{"Sangan", []uint32{26202165, 504700178}, [3]Status{Limited, Limited, Forbidden}},
		{"Chaos Emperor Dragon - Envoy of the End", []uint32{82301904, 511000819}, [3]Status{Forbidden, Forbidden, Forbidden}},
		{"Pot of Greed", []uint32{55144522}, [3]Status{Limited, Forbidden, Forbidden}},
		{"Dewloren, Tiger King of the Ice Barrier", []uint32{70583986}, [3]Status{NotInPool, SemiLimited, Limited}},
		{"Raimei", []uint32{56260110}, [3]Status{Unlimited, Unlimited, Unlimited}},
		{"Rai-Mei", []uint32{63223467}, [3]Status{NotInPool, Unlimited, Unlimited}},
		{"Harpie's Feather Duster", []uint32{18144506, 18144507}, [3]Status{Forbidden, Forbidden, Forbidden}},
	}
	for _, tt := range tests {
		c, ok := s.ByName(tt.name)
		if !ok {
			t.Errorf("%s: not found", tt.name)
			continue
		}
		if !slices.Equal(c.Passcodes, tt.passcodes) {
			t.Errorf("%s: passcodes %v, want %v", tt.name, c.Passcodes, tt.passcodes)
		}
		got := [3]Status{goat.Status(c), edison.Status(c), hat.Status(c)}
		if got != tt.status {
			t.Errorf("%s: statuses %v, want %v", tt.name, got, tt.status)
		}
		for _, pc := range c.Passcodes {
			if b, _ := s.ByPasscode(pc); b != c {
				t.Errorf("%s: passcode %d finds %v", tt.name, pc, b)
			}
		}
	}
}

func TestAliasesInContext(t *testing.T) {
	s := mustDefault(t)
	for _, tt := range []struct{ abbrev, format, want string }{
		{"CED", "goat", "Chaos Emperor Dragon - Envoy of the End"},
		{"ced", "", "Chaos Emperor Dragon - Envoy of the End"},
		{"MST", "hat", "Mystical Space Typhoon"},
		{"DAD", "edison", "Dark Armed Dragon"},
		{"D.M.o.C.", "goat", "Dark Magician of Chaos"},
	} {
		c, ok := s.Resolve(tt.abbrev, tt.format)
		if !ok || c.Name != tt.want {
			t.Errorf("Resolve(%q, %q) = %v, want %s", tt.abbrev, tt.format, c, tt.want)
		}
	}
	if c, ok := s.Resolve("DAD", "goat"); ok && c.Name == "Dark Armed Dragon" {
		// An alias for Edison and HAT still answers in Goat (it is a name
		// players use), but it is not in Goat's pool.
		g, _ := s.Format("goat")
		if g.Status(c) != NotInPool {
			t.Error("Dark Armed Dragon is in Goat's pool")
		}
	}
}

func TestLFListRoundTrip(t *testing.T) {
	s := mustDefault(t)
	for _, f := range s.Formats() {
		var b strings.Builder
		if err := WriteLFList(&b, f.List(), f.Header); err != nil {
			t.Fatal(err)
		}
		l, err := ParseLFList(strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("%s: %v", f.ID, err)
		}
		g := s.WithList(l)
		for _, c := range f.Cards() {
			if g.Status(c) != f.Status(c) {
				t.Errorf("%s: %s: %s after the round trip, %s before", f.ID, c.Name, g.Status(c), f.Status(c))
			}
		}
		if g.Len() != f.Len() || len(g.extra) != 0 {
			t.Errorf("%s: %d cards after the round trip (%d unknown), %d before", f.ID, g.Len(), len(g.extra), f.Len())
		}
	}
}

func TestParseLFListErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"!x\n$whitelist\n123 4 --A\n", "line 3: \"4\" is not a count"},
		{"!x\nabc 1 --A\n", "line 2: \"abc\" is not a passcode"},
		{"!x\n1 1 --A\n1 2 --A\n", "line 3: passcode 1 is listed again with another count"},
		{"# nothing\n", "line 1: no list"},
		{"!x\n$blacklist\n", "line 2: unknown directive"},
	} {
		_, err := ParseLFList(strings.NewReader(tt.in))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("ParseLFList(%q) = %v, want %q...", tt.in, err, tt.want)
		}
	}
}
