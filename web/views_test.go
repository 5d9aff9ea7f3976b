package web

import (
	"testing"

	"substep/rulings"
)

// TestCardFacts checks the one-line facts of each kind of card: a Level, a
// Rank, a Link Rating with arrows (and no DEF), a Pendulum Scale.
func TestCardFacts(t *testing.T) {
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"Sangan":                   "DARK · Fiend · Level 3 · ATK 1000 / DEF 600 · effect",
		"Toadally Awesome":         "WATER · Aqua · Rank 2 · ATK 2200 / DEF 0 · effect/xyz · archetypes: Frog",
		"Borreload Dragon":         "DARK · Dragon · Link 4 (top, left, right, bottom) · ATK 3000 · effect/link · archetypes: Borrel",
		"Odd-Eyes Pendulum Dragon": "DARK · Dragon · Level 7 · Pendulum Scale 4 · ATK 2500 / DEF 2000 · effect/pendulum · archetypes: Odd-Eyes",
		"Heat Wave":                "normal Spell",
		"Mystical Space Typhoon":   "quick-play Spell",
	} {
		c, ok := cat.Lookup(name)
		if !ok {
			t.Fatalf("no card %q", name)
		}
		if got := cardFacts(c); got != want {
			t.Errorf("cardFacts(%s) = %q, want %q", name, got, want)
		}
	}
}
