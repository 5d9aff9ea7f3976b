package rulings

import (
	"strings"
	"testing"
)

// TestKey: a scenario's key ignores how its file is written (title,
// comments, expectations, formats, spacing) and changes with anything
// that changes play (a card, a number, an action).
func TestKey(t *testing.T) {
	cat := testCatalogue(t)
	const base = `title: One
formats: goat
turn: A
phase: main 1

A hand: Soul Exchange, Thestalos the Firestorm Monarch
B monsters: Sangan
B deck: Mystic Tomato, 4 cards

A activates Soul Exchange targeting B's Sangan
both pass
expect lp B = 8000
`
	key := func(src string) string {
		t.Helper()
		s, err := ParseScenario("k", []byte(src), cat)
		if err != nil {
			t.Fatal(err)
		}
		return s.Key()
	}
	want := key(base)
	same := map[string]string{
		"title and comments": strings.Replace(base, "title: One", "# a note\ntitle: Another", 1),
		"formats":            strings.Replace(base, "formats: goat", "formats: goat, hat, modern", 1),
		"no expectation":     strings.Replace(base, "expect lp B = 8000\n", "", 1),
		"spacing":            strings.Replace(base, "both pass", "both   pass   # and a comment", 1),
	}
	for name, src := range same {
		if got := key(src); got != want {
			t.Errorf("%s: the key changed", name)
		}
	}
	differ := map[string]string{
		"a card":    strings.Replace(base, "Mystic Tomato", "Giant Rat", 1),
		"a number":  strings.Replace(base, "B monsters: Sangan", "B lp: 7000\nB monsters: Sangan", 1),
		"an action": strings.Replace(base, "both pass\n", "", 1),
		"the phase": strings.Replace(base, "phase: main 1", "phase: main 2", 1),
	}
	for name, src := range differ {
		if got := key(src); got == want {
			t.Errorf("%s: the key did not change", name)
		}
	}
}
