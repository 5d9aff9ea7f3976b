package domain

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// ygoproCards are cards encoded as a real cards.cdb has them (one set code
// per archetype family, no catalogue conventions), with texts written for
// these tests. Passcodes 1 to 3 are made up.
func ygoproCards() *Index {
	mon := TypeMonster | TypeEffect
	return NewIndex([]*Card{
		{Passcode: 9411399, Name: "Destiny HERO - Malicious", Type: mon, Attribute: AttrDark, Race: RaceWarrior, Setcodes: []uint16{0xc008},
			Text: `Banish this card from your GY; Special Summon 1 "Destiny HERO - Malicious" from your Deck.`},
		{Passcode: 9327502, Name: "Elemental HERO Voltic", Type: mon, Attribute: AttrLight, Race: RaceThunder, Setcodes: []uint16{0x3008}},
		{Passcode: 38033121, Name: "Dark Magician Girl", Type: mon, Attribute: AttrDark, Race: RaceSpellcaster, Setcodes: []uint16{0x30a2},
			Text: `Gains 300 ATK for every "Dark Magician" or "Magician of Black Chaos" in the GYs.`},
		{Passcode: 46986414, Name: "Dark Magician", Type: TypeMonster | TypeNormal, Attribute: AttrDark, Race: RaceSpellcaster, Setcodes: []uint16{0x10a2},
			Text: `A Dragon-slaying wizard of WATER and FIRE.`}, // flavour text: names nothing
		{Passcode: 3, Name: "Kiwi Magician Girl", Type: mon, Attribute: AttrLight, Race: RaceSpellcaster, Setcodes: []uint16{0x20a2}},
		{Passcode: 49375719, Name: "Cyber Tutu", Type: mon, Attribute: AttrEarth, Race: RaceWarrior, Setcodes: []uint16{0x93}},
		{Passcode: 22702055, Name: "Umi", Type: TypeSpell | TypeField},
		{Passcode: 1, Name: "Umi Lover", Type: mon, Attribute: AttrFire, Race: RacePyro,
			Text: `While "Umi" is on the field, ... Special Summon 1 "Sheep Token" (Beast/EARTH/Level 1/ATK 0/DEF 0). Add 1 "Destiny HERO" monster or 1 "Nowhere Card".`},
		{Passcode: 2, Name: "Toy Lion", Type: mon, Attribute: AttrEarth, Race: RaceBeast},
	}, nil)
}

func TestDomainFromYGOProCodes(t *testing.T) {
	src := ygoproCards()
	tests := []struct {
		master string
		want   DomainSummary
	}{
		{
			master: "Destiny HERO - Malicious",
			want: DomainSummary{
				DeckMaster: "Destiny HERO - Malicious",
				Archetypes: []DomainEntry{{"HERO", `the base archetype of its own "Destiny HERO"`}},
				Attributes: []DomainEntry{{"DARK", viaOwnAttribute}},
				Types:      []DomainEntry{{"Warrior", viaOwnType}},
			},
		},
		{
			master: "Dark Magician Girl",
			want: DomainSummary{
				DeckMaster: "Dark Magician Girl",
				Cards:      []DomainEntry{{"Dark Magician", viaText}},
				Archetypes: []DomainEntry{{"Dark Magician", viaOwnArchetype}, {"Magician Girl", viaOwnArchetype}},
				Attributes: []DomainEntry{{"DARK", viaOwnAttribute}},
				Types:      []DomainEntry{{"Spellcaster", viaOwnType}},
				Unresolved: []string{"Magician of Black Chaos"},
			},
		},
		{
			// A Normal Monster's flavour text names nothing.
			master: "Dark Magician",
			want: DomainSummary{
				DeckMaster: "Dark Magician",
				Archetypes: []DomainEntry{{"Dark Magician", viaOwnArchetype}},
				Attributes: []DomainEntry{{"DARK", viaOwnAttribute}},
				Types:      []DomainEntry{{"Spellcaster", viaOwnType}},
			},
		},
		{
			// A named Spell Card adds nothing; a token adds its Attribute and
			// Type; a quoted archetype is taken at its base; an unknown name
			// is listed as such.
			master: "Umi Lover",
			want: DomainSummary{
				DeckMaster: "Umi Lover",
				Archetypes: []DomainEntry{{"HERO", `the base archetype of "Destiny HERO", named in its text`}},
				Attributes: []DomainEntry{{"FIRE", viaOwnAttribute}, {"EARTH", viaToken}},
				Types:      []DomainEntry{{"Pyro", viaOwnType}, {"Beast", viaToken}},
				Unresolved: []string{"Nowhere Card"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.master, func(t *testing.T) {
			m, _ := src.ByName(tt.master)
			got := NewDomain(m, src).Summary()
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty(), cmpopts.IgnoreFields(DomainSummary{}, "Always")); diff != "" {
				t.Errorf("Summary (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAdmitsWithYGOProCodes(t *testing.T) {
	src := ygoproCards()
	tests := []struct {
		master, card string
		want         string // "" when not allowed
	}{
		{"Destiny HERO - Malicious", "Elemental HERO Voltic", "archetype HERO"},
		{"Destiny HERO - Malicious", "Cyber Tutu", "type Warrior"},
		{"Dark Magician Girl", "Kiwi Magician Girl", "archetype Magician Girl"},
		{"Dark Magician Girl", "Dark Magician", "name named in the text of Dark Magician Girl"},
		{"Dark Magician", "Kiwi Magician Girl", "type Spellcaster"},
		{"Dark Magician", "Dark Magician Girl", "archetype Dark Magician"},
		{"Umi Lover", "Toy Lion", "attribute EARTH"},
		{"Umi Lover", "Dark Magician", ""},
	}
	for _, tt := range tests {
		t.Run(tt.master+"/"+tt.card, func(t *testing.T) {
			m, _ := src.ByName(tt.master)
			c, _ := src.ByName(tt.card)
			r, ok := NewDomain(m, src).Admits(c)
			got := ""
			if ok {
				got = r.By + " " + r.Detail
			}
			if got != tt.want {
				t.Errorf("Admits = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCardKind(t *testing.T) {
	tests := []struct {
		typ  uint32
		want string
	}{
		{TypeSpell | TypeQuickPlay, "Spell Card"},
		{TypeTrap | TypeCounter, "Trap Card"},
		{TypeMonster | TypeFusion, "Fusion Monster"},
		{TypeMonster | TypeLink | TypeEffect, "Link Monster"},
		{TypeMonster | TypeRitual, "Ritual Monster"},
		{TypeMonster | TypeEffect, "monster"},
		{TypeMonster | TypeToken, "Token"},
	}
	for _, tt := range tests {
		if got := (&Card{Type: tt.typ}).Kind(); got != tt.want {
			t.Errorf("Kind(%#x) = %q, want %q", tt.typ, got, tt.want)
		}
	}
}
