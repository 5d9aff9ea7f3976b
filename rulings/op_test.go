package rulings

import "testing"

// TestEffectOpsAreVocabulary: every op the registry runs is in opSpec
// (which the catalogue's loader checks cards against), so a card can name
// it; and every op a bundled card names in `do:` either runs from the
// registry or is a continuous op read where its rule applies.
func TestEffectOpsAreVocabulary(t *testing.T) {
	for name := range effectOps {
		if _, ok := opSpec[name]; !ok {
			t.Errorf("effectOps runs %q, which opSpec does not list", name)
		}
	}
	for name := range costOps {
		if _, ok := opSpec[name]; !ok {
			t.Errorf("costOps pays %q, which opSpec does not list", name)
		}
	}
	cat := testCatalogue(t)
	for _, c := range cat.Cards() {
		for _, e := range c.Effects {
			for _, o := range e.Cost {
				if _, ok := costOps[o.Op]; !ok && e.Unsupported == "" {
					t.Errorf("%s: cost op %q has no entry in costOps", c.Name, o.Op)
				}
			}
			if e.Kind == "continuous" || e.Unsupported != "" {
				continue
			}
			for _, o := range e.Do {
				if _, ok := effectOps[o.Op]; !ok {
					t.Errorf("%s: op %q of a %s effect has no function in effectOps", c.Name, o.Op, e.Kind)
				}
			}
		}
	}
}
