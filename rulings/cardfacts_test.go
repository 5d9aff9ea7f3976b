package rulings

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Subtypes each kind of card may carry.
var (
	monsterSubtypes = []string{"normal", "effect", "fusion", "ritual", "synchro", "xyz", "link", "pendulum",
		"union", "flip", "toon", "spirit", "gemini", "tuner", "token"}
	spellSubtypes = []string{"normal", "quick-play", "continuous", "equip", "field", "ritual"}
	trapSubtypes  = []string{"normal", "continuous", "counter"}
	linkArrows    = []string{"top-left", "top", "top-right", "left", "right", "bottom-left", "bottom", "bottom-right"}
	attributes    = []string{"DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND", "DIVINE"}
)

// factProblems lists what is inconsistent in a card's kind, subtypes and
// numbers: a Spell or Trap has exactly one of its kind's subtypes and no
// monster numbers (a Trap that Summons itself as a monster keeps its
// printed monster stats); a monster has an Attribute and a Type, at most one
// Extra Deck kind, a Rank if Xyz, a Link Rating with as many distinct arrows
// and no DEF if Link, a Level otherwise, and a Pendulum Scale exactly when
// it is a Pendulum Monster.
func factProblems(c *Card) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	allowed := map[CardKind][]string{CardMonster: monsterSubtypes, CardSpell: spellSubtypes, CardTrap: trapSubtypes}[c.Kind]
	for _, s := range c.Subtypes {
		if !slices.Contains(allowed, s) {
			bad("subtype %q is not one of a %s's (%s)", s, c.Kind, strings.Join(allowed, " "))
		}
	}
	if len(c.Subtypes) != len(uniq(c.Subtypes)) {
		bad("subtypes %v repeat one", c.Subtypes)
	}
	if c.Kind != "monster" {
		if len(c.Subtypes) != 1 {
			bad("a %s Card has exactly one of %s; it has %v", c.Kind, strings.Join(allowed, ", "), c.Subtypes)
		}
		if c.Rank != 0 || c.LinkRating != 0 || len(c.LinkArrows) > 0 || c.Scale != nil {
			bad("a %s Card has no Rank, Link Rating, arrows or Pendulum Scale", c.Kind)
		}
		if !c.summonsItself() && (c.Level != 0 || c.ATK != 0 || c.DEF != 0 || c.Attribute != "" || c.Type != "") {
			bad("a %s Card has no Attribute, Type, Level, ATK or DEF unless it Summons itself as a monster", c.Kind)
		}
		return out
	}
	if !slices.Contains(attributes, c.Attribute) {
		bad("Attribute %q is not one of %s", c.Attribute, strings.Join(attributes, " "))
	}
	if c.Type == "" {
		bad("a monster has a Type")
	}
	var extra []Subtype
	for _, s := range []Subtype{"fusion", "synchro", "xyz", "link"} {
		if c.Has(s) {
			extra = append(extra, s)
		}
	}
	if len(extra) > 1 {
		bad("a monster is at most one of Fusion, Synchro, Xyz and Link; it is %v", extra)
	}
	if c.Has("normal") && c.Has("effect") {
		bad("a monster is not both Normal and Effect")
	}
	switch {
	case c.Has("xyz"):
		// Rank 0 exists but no such card is in the catalogue, so 0 means
		// "missing" here.
		if c.Rank < 1 || c.Rank > 13 {
			bad("an Xyz Monster has a Rank from 1 to 13 (rank:), not a Level; it has %d", c.Rank)
		}
		if c.Level != 0 {
			bad("an Xyz Monster has no Level; it has level %d (write rank:)", c.Level)
		}
	case c.Has("link"):
		if c.LinkRating < 1 || c.LinkRating > 8 {
			bad("a Link Monster has a Link Rating from 1 to 8 (link:); it has %d", c.LinkRating)
		}
		if len(c.LinkArrows) != c.LinkRating {
			bad("a Link Rating of %d needs %d arrows; it has %v", c.LinkRating, c.LinkRating, c.LinkArrows)
		}
		for _, a := range c.LinkArrows {
			if !slices.Contains(linkArrows, a) {
				bad("arrow %q is not one of %s", a, strings.Join(linkArrows, " "))
			}
		}
		if len(uniq(c.LinkArrows)) != len(c.LinkArrows) {
			bad("arrows %v repeat one", c.LinkArrows)
		}
		if c.Level != 0 || c.DEF != 0 {
			bad("a Link Monster has no Level and no DEF")
		}
	default:
		if c.Level < 1 || c.Level > 12 {
			bad("a monster's Level is from 1 to 12; it has %d", c.Level)
		}
	}
	if !c.Has("xyz") && c.Rank != 0 {
		bad("only Xyz Monsters have a Rank")
	}
	if !c.Has("link") && (c.LinkRating != 0 || len(c.LinkArrows) > 0) {
		bad("only Link Monsters have a Link Rating and arrows")
	}
	if c.Has("pendulum") != (c.Scale != nil) {
		bad("a Pendulum Monster, and only one, has a Pendulum Scale (scale:)")
	}
	if c.Scale != nil && (*c.Scale < 0 || *c.Scale > 13) {
		bad("Pendulum Scale %d is outside 0..13", *c.Scale)
	}
	return out
}

// summonsItself reports whether a Trap Card becomes a Trap Monster.
func (c *Card) summonsItself() bool {
	for _, e := range c.Effects {
		for _, op := range e.Do {
			if op.Op == "summon-self-as-monster" {
				return true
			}
		}
	}
	return false
}

func uniq(list []string) []string {
	out := slices.Clone(list)
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCardFacts checks every card of the catalogue for a consistent kind,
// subtypes and numbers.
func TestCardFacts(t *testing.T) {
	for _, c := range testCatalogue(t).Cards() {
		for _, p := range factProblems(c) {
			t.Errorf("%s (%s:%d): %s", c.Name, c.file, c.line, p)
		}
	}
}

// TestFactProblems shows the check catches each kind of mistake.
func TestFactProblems(t *testing.T) {
	four := 4
	tests := []struct {
		name string
		card Card
		want string // a word of the first problem; "" for none
	}{
		{"xyz with a level", Card{Kind: "monster", Subtypes: []string{"effect", "xyz"}, Attribute: "WATER", Type: "Aqua", Level: 4}, "Rank"},
		{"xyz with a rank", Card{Kind: "monster", Subtypes: []string{"effect", "xyz"}, Attribute: "WATER", Type: "Aqua", Rank: 4}, ""},
		{"link without rating", Card{Kind: "monster", Subtypes: []string{"effect", "link"}, Attribute: "DARK", Type: "Dragon"}, "Link Rating"},
		{"link arrows short", Card{Kind: "monster", Subtypes: []string{"effect", "link"}, Attribute: "DARK", Type: "Dragon", LinkRating: 2, LinkArrows: []string{"top"}}, "arrows"},
		{"link", Card{Kind: "monster", Subtypes: []string{"effect", "link"}, Attribute: "DARK", Type: "Dragon", LinkRating: 2, LinkArrows: []string{"top", "bottom"}}, ""},
		{"link with def", Card{Kind: "monster", Subtypes: []string{"effect", "link"}, Attribute: "DARK", Type: "Dragon", LinkRating: 1, LinkArrows: []string{"top"}, DEF: 100}, "no DEF"},
		{"pendulum without scale", Card{Kind: "monster", Subtypes: []string{"effect", "pendulum"}, Attribute: "DARK", Type: "Dragon", Level: 7}, "Scale"},
		{"pendulum", Card{Kind: "monster", Subtypes: []string{"effect", "pendulum"}, Attribute: "DARK", Type: "Dragon", Level: 7, Scale: &four}, ""},
		{"scale on a non-pendulum", Card{Kind: "monster", Subtypes: []string{"effect"}, Attribute: "DARK", Type: "Dragon", Level: 7, Scale: &four}, "Scale"},
		{"spell without subtype", Card{Kind: "spell"}, "exactly one"},
		{"trap with a spell subtype", Card{Kind: "trap", Subtypes: []string{"quick-play"}}, "quick-play"},
		{"trap with stats", Card{Kind: "trap", Subtypes: []string{"normal"}, ATK: 1000}, "Summons itself"},
		{"monster without level", Card{Kind: "monster", Subtypes: []string{"effect"}, Attribute: "DARK", Type: "Fiend"}, "Level"},
		{"two extra deck kinds", Card{Kind: "monster", Subtypes: []string{"fusion", "synchro"}, Attribute: "DARK", Type: "Fiend", Level: 6}, "at most one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := factProblems(&tt.card)
			if tt.want == "" {
				if len(got) > 0 {
					t.Errorf("problems %q, want none", got)
				}
				return
			}
			if len(got) == 0 || !strings.Contains(got[0], tt.want) {
				t.Errorf("problems %q, want a first one mentioning %q", got, tt.want)
			}
		})
	}
}
