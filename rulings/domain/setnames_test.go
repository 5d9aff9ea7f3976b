package domain

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMatches(t *testing.T) {
	tests := []struct {
		card, q uint16
		want    bool
	}{
		{0x3008, 0x8, true},     // Elemental HERO is a HERO
		{0xc008, 0x8, true},     // Destiny HERO is a HERO
		{0x3008, 0xc008, false}, // but not a Destiny HERO
		{0x8, 0xc008, false},    // a plain HERO is no Destiny HERO
		{0x30a2, 0x10a2, true},  // Dark Magician Girl is a Dark Magician card
		{0x30a2, 0x20a2, true},  // and a Magician Girl card
		{0x10a2, 0x30a2, false}, // Dark Magician is no Dark Magician Girl
		{0x1093, 0x93, true},    // Cyber Dragon is Cyber
		{0x93, 0x98, false},     // Cyber is not Magician
		{0, 0x8, false},
		{0x8, 0, false},
	}
	for _, tt := range tests {
		if got := Matches(tt.card, tt.q); got != tt.want {
			t.Errorf("Matches(%#x, %#x) = %v, want %v", tt.card, tt.q, got, tt.want)
		}
	}
}

func TestDomainArchetypes(t *testing.T) {
	sets := DefaultSetNames()
	tests := []struct {
		name string
		code uint16
		want []uint16
	}{
		{"Destiny HERO brings its base, HERO", 0xc008, []uint16{0x8}},
		{"Dark Magician Girl brings both of its named parts", 0x30a2, []uint16{0x10a2, 0x20a2}},
		{"Dark Magician alone", 0x10a2, []uint16{0x10a2}},
		{"Cyber Dragon brings Cyber", 0x1093, []uint16{0x93}},
		{"a base archetype is itself", 0x19e, []uint16{0x19e}},
		{"an unknown code is taken at its base", 0x2abc, []uint16{0xabc}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, sets.domainArchetypes(tt.code)); diff != "" {
				t.Errorf("domainArchetypes(%#x) (-want +got):\n%s", tt.code, diff)
			}
		})
	}
}

func TestDefaultSetNames(t *testing.T) {
	codes := map[uint16]string{}
	names := map[string]uint16{}
	for _, e := range defaultSetNames {
		if prev, ok := codes[e.code]; ok {
			t.Errorf("code %#x is both %q and %q", e.code, prev, e.name)
		}
		if prev, ok := names[foldName(e.name)]; ok {
			t.Errorf("name %q is both %#x and %#x", e.name, prev, e.code)
		}
		codes[e.code], names[foldName(e.name)] = e.name, e.code
		if _, isRace := RaceByName(e.name); isRace {
			t.Errorf("archetype %q is also a Type name; quoted, it would be read as the Type", e.name)
		}
	}
	s := DefaultSetNames()
	for _, name := range []string{"voiceless voice", "Blue-Eyes", "destiny hero", "HERO"} {
		if _, ok := s.Code(name); !ok {
			t.Errorf("Code(%q) not found", name)
		}
	}
	if got, want := s.Label(0x1234), "set code 0x1234"; got != want {
		t.Errorf("Label(0x1234) = %q, want %q", got, want)
	}
}

func TestParseSetNames(t *testing.T) {
	conf := "#setnames\n!setname 0x8 HERO\n!setname 0xc008 Destiny HERO\tD-HERO\n!setname 0x46 Polymerization|Fusion\n!system 1 Normal Summon\n"
	s, err := ParseSetNames(strings.NewReader(conf))
	if err != nil {
		t.Fatalf("ParseSetNames: %v", err)
	}
	for name, want := range map[string]uint16{"HERO": 0x8, "Destiny HERO": 0xc008, "Polymerization": 0x46, "Fusion": 0x46} {
		if got, ok := s.Code(name); !ok || got != want {
			t.Errorf("Code(%q) = %#x, %v; want %#x", name, got, ok, want)
		}
	}
	if got, want := s.Codes(), []uint16{0x8, 0x46, 0xc008}; !cmp.Equal(got, want) {
		t.Errorf("Codes() = %#x, want %#x", got, want)
	}

	_, err = ParseSetNames(strings.NewReader("!setname 0x8 HERO\n!setname zz Bad\n"))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 2 {
		t.Errorf("ParseSetNames with a bad code: error = %v, want a *ParseError on line 2", err)
	}
}

func TestPacking(t *testing.T) {
	codes := []uint16{0x10a2, 0x20a2, 0x8, 0x19e}
	if got := SetcodesFromInt(SetcodesToInt(codes)); !cmp.Equal(got, codes) {
		t.Errorf("set code round trip = %#x, want %#x", got, codes)
	}
	// Dark Magician Girl as YGOPro stores it: one code, 0x30a2.
	if got, want := SetcodesFromInt(0x30a2), []uint16{0x30a2}; !cmp.Equal(got, want) {
		t.Errorf("SetcodesFromInt(0x30a2) = %#x, want %#x", got, want)
	}
	// A Pendulum Monster of Level 4 with Scales 8 and 8 is stored as 0x08080004.
	level, l, r := LevelFromInt(0x08080004)
	if level != 4 || l != 8 || r != 8 {
		t.Errorf("LevelFromInt(0x08080004) = %d, %d, %d; want 4, 8, 8", level, l, r)
	}
	if got := LevelToInt(4, 8, 8); got != 0x08080004 {
		t.Errorf("LevelToInt(4, 8, 8) = %#x, want 0x08080004", got)
	}
}
