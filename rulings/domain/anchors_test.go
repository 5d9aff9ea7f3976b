package domain_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"substep/rulings/domain"
)

// TestDomainPageAnchors checks each point and example of the Domain
// deck-building pages (content/domain/domain-domain.md and
// domain-deckbuilding.md) with the deck checker. Each case is named after
// the anchor it checks; rulings' TestExamplesCoverage counts them.
func TestDomainPageAnchors(t *testing.T) {
	src := catalogue(t)
	// admits checks that master's Domain allows c for the reason by (and,
	// when detail is not empty, that detail).
	admits := func(t *testing.T, master, c, by, detail string) {
		t.Helper()
		r, ok := domain.NewDomain(card(t, src, master), src).Admits(card(t, src, c))
		if !ok || r.By != by || detail != "" && r.Detail != detail {
			t.Errorf("Domain of %s on %s: %+v, %v; want allowed by %s %s", master, c, r, ok, by, detail)
		}
	}
	refuses := func(t *testing.T, master, c string) {
		t.Helper()
		if r, ok := domain.NewDomain(card(t, src, master), src).Admits(card(t, src, c)); ok {
			t.Errorf("Domain of %s allows %s (%+v); want it outside", master, c, r)
		}
	}
	archetypes := func(t *testing.T, master string) []string {
		t.Helper()
		return names(domain.NewDomain(card(t, src, master), src).Summary().Archetypes)
	}
	// oneCopy swaps cards into the legal 60-card deck and reports whether
	// the one-copy rule is broken.
	oneCopy := func(t *testing.T, swaps ...string) bool {
		t.Helper()
		d := legalDeck(t, src)
		main := append([]uint32{}, d.Main...)
		for i, name := range swaps {
			main[20+i] = pc(t, src, name)
		}
		d.Main = main
		return slices.Contains(rules(domain.Check(d, 0, src)), domain.RuleOneCopy)
	}
	tests := []struct {
		anchor string
		check  func(t *testing.T)
	}{
		{"domain-domain#point-1", func(t *testing.T) {
			// Only the named card itself comes in by name.
			admits(t, "Chronicle Magician", "Blue-Eyes White Dragon", domain.ByName, "")
		}},
		{"domain-domain#example-1", func(t *testing.T) {
			admits(t, "Incredible Ecclesia, the Virtuous", "Fallen of Albaz", domain.ByName, "")
		}},
		{"domain-domain#point-2", func(t *testing.T) {
			// An archetype of the Deck Master, taken at its base.
			admits(t, "Destiny HERO - Malicious", "Elemental HERO Voltic", domain.ByArchetype, "HERO")
		}},
		{"domain-domain#example-2", func(t *testing.T) {
			// The Monarch monsters are not in the Monarch archetype: a
			// Monarch brings no other Monarch by archetype.
			if got := archetypes(t, "Mobius the Frost Monarch"); slices.Contains(got, "Monarch") {
				t.Errorf("Mobius the Frost Monarch brings archetypes %v; want no Monarch", got)
			}
			refuses(t, "Mobius the Frost Monarch", "Thestalos the Firestorm Monarch")
		}},
		{"domain-domain#example-3", func(t *testing.T) {
			if got := archetypes(t, "Cyber-Stein"); len(got) != 0 {
				t.Errorf("Cyber-Stein brings archetypes %v; want none", got)
			}
			refuses(t, "Cyber-Stein", "Cyber Tutu")
		}},
		{"domain-domain#example-4", func(t *testing.T) {
			admits(t, "Destiny HERO - Malicious", "Elemental HERO Stratos", domain.ByArchetype, "HERO")
		}},
		{"domain-domain#example-5", func(t *testing.T) {
			if got, want := archetypes(t, "Dark Magician Girl"), []string{"Dark Magician", "Magician Girl"}; !cmp.Equal(got, want) {
				t.Errorf("Dark Magician Girl brings archetypes %v, want %v", got, want)
			}
		}},
		{"domain-domain#example-6", func(t *testing.T) {
			admits(t, "Chronicle Magician", "Blue-Eyes Ultimate Dragon", domain.ByArchetype, "Blue-Eyes")
			admits(t, "Chronicle Magician", "Dark Magician Girl", domain.ByArchetype, "Dark Magician")
		}},
		{"domain-domain#point-3", func(t *testing.T) {
			admits(t, "Lo, the Prayers of the Voiceless Voice", "Cyber Dragon", domain.ByAttribute, "LIGHT")
			// An Attribute given to a Token the Deck Master defines.
			admits(t, "Dandylion", "Harpie Lady", domain.ByAttribute, "WIND")
		}},
		{"domain-domain#point-4", func(t *testing.T) {
			admits(t, "Cyber-Stein", "Cyber Dragon", domain.ByType, "Machine")
			// A Type the Deck Master's text mentions.
			admits(t, "Lo, the Prayers of the Voiceless Voice", "Red-Eyes Black Dragon", domain.ByType, "Dragon")
		}},
		{"domain-domain#point-5", func(t *testing.T) {
			admits(t, "Sangan", "The Winged Dragon of Ra", domain.ByDivine, "")
			admits(t, "Sangan", "Umi", domain.BySpell, "")
			admits(t, "Sangan", "Mirror Force", domain.ByTrap, "")
		}},
		{"domain-domain#point-6", func(t *testing.T) {
			// "1500 or less ATK" (a stat) and "Fusion Monster" (a card type) add nothing.
			refuses(t, "Sangan", "Cyber Tutu")
			refuses(t, "Cyber-Stein", "Blue-Eyes Ultimate Dragon")
		}},
		{"domain-domain#worked-example-1", func(t *testing.T) {
			sum := domain.NewDomain(card(t, src, "Lo, the Prayers of the Voiceless Voice"), src).Summary()
			got := [][]string{names(sum.Attributes), names(sum.Types), names(sum.Archetypes)}
			want := [][]string{{"LIGHT"}, {"Dragon", "Fairy", "Warrior"}, {"Voiceless Voice"}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Domain of Lo (-want +got):\n%s", diff)
			}
		}},
		{"domain-domain#worked-example-2", func(t *testing.T) {
			sum := domain.NewDomain(card(t, src, "Chronicle Magician"), src).Summary()
			got := [][]string{names(sum.Attributes), names(sum.Types), names(sum.Archetypes)}
			want := [][]string{{"DARK"}, {"Spellcaster"}, {"Blue-Eyes", "Dark Magician"}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Domain of Chronicle Magician (-want +got):\n%s", diff)
			}
		}},
		{"domain-deckbuilding#point-1", func(t *testing.T) {
			if !oneCopy(t, "Destiny HERO - Malicious", "Destiny HERO - Malicious") {
				t.Error("two copies of a card that names itself are accepted")
			}
		}},
		{"domain-deckbuilding#example-1", func(t *testing.T) {
			if !oneCopy(t, "Destiny HERO - Malicious", "Destiny HERO - Malicious") {
				t.Error("two Destiny HERO - Malicious are accepted")
			}
			if oneCopy(t, "Destiny HERO - Malicious") {
				t.Error("one Destiny HERO - Malicious breaks the one-copy rule")
			}
		}},
		{"domain-deckbuilding#point-2", func(t *testing.T) {
			if !oneCopy(t, "Umi", "A Legendary Ocean") {
				t.Error("Umi and a card always treated as Umi are accepted together")
			}
		}},
		{"domain-deckbuilding#example-2", func(t *testing.T) {
			if !oneCopy(t, "Umi", "A Legendary Ocean") || !oneCopy(t, "Umi", "Pacifis, the Phantasm City") {
				t.Error("Umi is accepted with A Legendary Ocean or Pacifis, the Phantasm City")
			}
			// Sea Stealth II counts as Umi only on the field.
			if oneCopy(t, "Umi", "Sea Stealth II") {
				t.Error("Umi and Sea Stealth II are refused together")
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.anchor, tt.check)
	}
}
