package domain

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseMentions(t *testing.T) {
	tests := []struct {
		name string
		text string
		want Mentions
	}{
		{
			name: "quoted card names are not read for Types",
			text: `Target 1 "Dark Magician" or "Blue-Eyes White Dragon" you control.`,
			want: Mentions{Quoted: []string{"Dark Magician", "Blue-Eyes White Dragon"}},
		},
		{
			name: "unquoted Attribute and Types, as printed texts write them",
			text: `If you Ritual Summon exactly 1 LIGHT Ritual Monster (Warrior or Dragon), ...`,
			want: Mentions{Attributes: AttrLight, Races: RaceWarrior | RaceDragon},
		},
		{
			name: "quoted Attribute and Types, as Substep's summaries write them",
			text: `the Ritual Summon of a "LIGHT" "Warrior" or "Dragon" Ritual Monster; place 1 "Voiceless Voice" Continuous Spell`,
			want: Mentions{Quoted: []string{"Voiceless Voice"}, Attributes: AttrLight, Races: RaceWarrior | RaceDragon},
		},
		{
			name: "token definition, old style",
			text: `Special Summon 1 "Sheep Token" (Beast-Type/EARTH/Level 1/ATK 0/DEF 0).`,
			want: Mentions{Quoted: []string{"Sheep Token"}, TokenAttributes: AttrEarth, TokenRaces: RaceBeast},
		},
		{
			name: "token definition, new style, and the card's own words",
			text: `Special Summon 2 "Fluff Tokens" (Plant/WIND/Level 1/ATK 0/DEF 0). Fiend monsters cannot attack.`,
			want: Mentions{Quoted: []string{"Fluff Tokens"}, Races: RaceFiend, TokenAttributes: AttrWind, TokenRaces: RacePlant},
		},
		{
			name: "longest Type names win",
			text: `1 Beast-Warrior-Type monster, 1 Winged Beast monster, 1 Sea Serpent monster and a Divine-Beast.`,
			want: Mentions{Races: RaceBeastWarrior | RaceWingedBeast | RaceSeaSerpent | RaceDivineBeast},
		},
		{
			name: "reminder that a card is not of an archetype names nothing",
			text: `(This card is not treated as a "Cyber" card.) You can pay 5000 LP; Special Summon 1 Fusion Monster.`,
			want: Mentions{},
		},
		{
			name: "the same reminder in a summary's words",
			text: `Its reminder text says it is not treated as a "Cyber" card.`,
			want: Mentions{},
		},
		{
			name: "abilities, card types, Levels and stats are not Types",
			text: `Tribute 1 Spirit, Gemini, Flip, Toon, Union or Tuner monster, or a Ritual, Fusion, Synchro, Xyz or Link Monster, Level 4 or lower with 1500 or less ATK.`,
			want: Mentions{},
		},
		{
			name: "Attributes in lower case are ordinary words",
			text: `Shine a light into the dark water.`,
			want: Mentions{},
		},
		{
			name: "curly quotes and repeated names",
			text: `Add 1 “Sangan” from your Deck; if "Sangan" is destroyed, ...`,
			want: Mentions{Quoted: []string{"Sangan"}},
		},
		{
			name: "an aside with a slash that is not a token",
			text: `Banish this card (Quick Effect/once per turn): Dragon monsters you control gain 500 ATK.`,
			want: Mentions{Races: RaceDragon},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseMentions(tt.text)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ParseMentions(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

func TestAttributeAndRaceNames(t *testing.T) {
	for _, a := range attributeNames {
		if got, ok := AttributeByName(strings.ToLower(a.name)); !ok || got != a.bit {
			t.Errorf("AttributeByName(%q) = %#x, %v; want %#x", a.name, got, ok, a.bit)
		}
	}
	for _, r := range raceNames {
		for _, spelling := range []string{r.name, strings.ToLower(r.name), r.name + "-Type", strings.ReplaceAll(r.name, "-", " ")} {
			if got, ok := RaceByName(spelling); !ok || got != r.bit {
				t.Errorf("RaceByName(%q) = %#x, %v; want %#x", spelling, got, ok, r.bit)
			}
		}
		if !raceRe.MatchString(r.name) {
			t.Errorf("the Type scanner does not know %q", r.name)
		}
	}
	if got, want := RaceNames(RaceWarrior|RaceDragon), []string{"Warrior", "Dragon"}; !cmp.Equal(got, want) {
		t.Errorf("RaceNames = %v, want %v", got, want)
	}
	if _, ok := RaceByName("Spirit"); ok {
		t.Error(`RaceByName("Spirit") found a Type; Spirit is an ability`)
	}
}
