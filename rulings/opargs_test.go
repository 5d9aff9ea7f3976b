package rulings

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// TestOpArgErrors: a card whose op has an argument its op does not take, or
// a value its op does not declare, is refused when the catalogue loads, by
// an error naming the file and line, the card, the effect, the op, the bad
// value and where to declare a new one.
func TestOpArgErrors(t *testing.T) {
	for _, tc := range []struct {
		name, op, want string
	}{
		{"a word destroy does not know", "{op: destroy, what: all-trap-cards}",
			`cards/x.yaml:1: Test Card: effect 2: op destroy: what "all-trap-cards" is not one of target, self, battled, all-monsters, attacker, declared-type, opponent-attack-position, opponent-monsters, opponent-face-up-monsters, all-cards, all-other-cards, own-cards, field-spells, all-spell-traps, attacked-this-turn; declare a new value as a What constant in rulings/opargs.go and list it in the what of opTable["destroy"] (rulings/optable.go)`},
		{"a flag special-summon does not know", "{op: special-summon, what: 'target,face-down'}",
			`cards/x.yaml:1: Test Card: effect 2: op special-summon: what "target,face-down": "face-down" is not one of target, negated, no-synchro (several may be joined by commas); declare a new value as a What constant in rulings/opargs.go and list it in the what of opTable["special-summon"] (rulings/optable.go)`},
		{"a word of another op", "{op: banish, what: all-monsters}",
			`cards/x.yaml:1: Test Card: effect 2: op banish: what "all-monsters" is not one of target, self, battled; declare a new value as a What constant in rulings/opargs.go and list it in the what of opTable["banish"] (rulings/optable.go)`},
		{"a field the op does not read", "{op: draw, n: 1, what: self}",
			"cards/x.yaml:1: Test Card: effect 2: op draw does not read `what:` (it reads: n to); if it should, say so in its opTable entry (rulings/optable.go)"},
		{"an op that takes no argument", "{op: eradicate, n: 2}",
			"cards/x.yaml:1: Test Card: effect 2: op eradicate does not read `n:` (it reads: no argument); if it should, say so in its opTable entry (rulings/optable.go)"},
		{"a to that is no player", "{op: draw, to: partner}",
			`cards/x.yaml:1: Test Card: effect 2: op draw: to "partner" is not one of you, opponent, both, each; declare a new value beside To in rulings/opargs.go`},
		{"a number that is none", "{op: mill-gain-atk, n: 500, what: three}",
			`cards/x.yaml:1: Test Card: effect 2: op mill-gain-atk: what "three" is not a whole number (want a whole number above 0)`},
		{"a die face past 6", "{op: destroy-unless-roll, what: '1,7'}",
			`cards/x.yaml:1: Test Card: effect 2: op destroy-unless-roll: what "1,7" is not die faces such as 1,6 ("7" is not a face from 1 to 6)`},
		{"no such Attribute", "{op: atk-boost-with-material, n: 500, what: AQUA}",
			`cards/x.yaml:1: Test Card: effect 2: op atk-boost-with-material: what "AQUA" is not an Attribute such as WATER (not LIGHT, DARK, EARTH, WATER, FIRE, WIND or DIVINE)`},
		{"a Token not in the catalogue", "{op: summon-tokens, n: 2, what: Ghost Token}",
			`cards/x.yaml:1: Test Card: effect 2: op summon-tokens: what "Ghost Token" is not the name of a card in the catalogue (a Token)`},
		{"a filter term the engine does not know", "{op: search, n: 1, filter: 'monster,atk<=1500,winged'}",
			`cards/x.yaml:1: Test Card: effect 2: op search: filter "monster,atk<=1500,winged": term "winged" is not a filter term; declare it in filterTerms (rulings/filters.go)`},
		{"a bound that is no number", "{op: search, n: 1, filter: 'monster,level<=four'}",
			`cards/x.yaml:1: Test Card: effect 2: op search: filter "monster,level<=four": term "level<=four" needs a whole number after level<=`},
		{"an unknown op", "{op: destroy-everything}",
			`cards/x.yaml:1: Test Card: effect 2: unknown op "destroy-everything"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			yaml := "- name: Test Card\n  kind: spell\n  effects:\n" +
				"    - kind: activate\n      do:\n        - {op: draw, n: 1}\n" +
				"    - kind: activate\n      do:\n        - " + tc.op + "\n"
			got := loadError(yaml)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("load error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestOpArgsAccepted: the words each op declares load, and a Token named
// by a card of the catalogue does too.
func TestOpArgsAccepted(t *testing.T) {
	yaml := `- name: Test Token
  kind: monster
  subtypes: [token]
- name: Test Card
  kind: spell
  effects:
    - kind: activate
      do:
        - {op: destroy, what: opponent-face-up-monsters}
        - {op: special-summon, what: 'target,negated,no-synchro'}
        - {op: summon-tokens, n: 1, what: Test Token, to: opponent}
        - {op: destroy-unless-roll, what: '1,6'}
`
	if _, err := LoadCatalogue(fstest.MapFS{"cards/x.yaml": {Data: []byte(yaml)}}, "cards"); err != nil {
		t.Fatal(err)
	}
}

// TestNoStringWhat: the interpreter compares an op's `what:` and `to:` with
// the typed constants of opargs.go, never with string literals, so every
// word it reads is one the loader checks.
func TestNoStringWhat(t *testing.T) {
	wordsComparedWithStrings(t, "What", "To")
}

// loadError is the catalogue loader's error for one card file written as
// cards/x.yaml, without the error's heading, or "" when it loads.
func loadError(yaml string) string {
	_, err := LoadCatalogue(fstest.MapFS{"cards/x.yaml": {Data: []byte(yaml)}}, "cards")
	if err == nil {
		return ""
	}
	return strings.TrimPrefix(err.Error(), "card catalogue:\n")
}
