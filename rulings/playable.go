package rulings

import "slices"

// Unplayable says why the engine cannot play the card, or "" when it can:
// a monster without effects (a Normal Monster, a Token, an Xyz or Fusion
// Monster with only its materials) is playable, and so is a card whose
// every effect (and every alternative of one) is in the engine's vocabulary.
func (c *Card) Unplayable() string {
	if len(c.Effects) == 0 {
		if c.IsMonster() && !c.Has(SubEffect) {
			return ""
		}
		return "no effects in the vocabulary"
	}
	for _, e := range c.Effects {
		for _, x := range append([]Effect{e}, e.Alts...) {
			if x.Unsupported != "" {
				return "unsupported: " + x.Unsupported
			}
		}
	}
	return ""
}

// Cards lists the catalogue cards the scenario puts in play: starting on
// the field or in the Deck Master Zone, or named by an action of its
// script. Each card once, in the order met.
func (s *Scenario) Cards() []*Card {
	var out []*Card
	add := func(c *Card) {
		if c != nil && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, p := range s.Players {
		for _, zone := range [][]CardSpec{p.Monsters, p.Spells, p.Field, p.DeckMaster} {
			for _, cs := range zone {
				add(cs.Card)
			}
		}
	}
	for _, a := range s.Actions {
		refs := []*CardRef{a.Resp, a.Card, a.Other}
		for _, list := range [][]*CardRef{a.Refs, a.Targets, a.Discard, a.Tribute, a.Choose, a.Order} {
			refs = append(refs, list...)
		}
		for _, r := range refs {
			if r != nil {
				add(r.Card)
			}
		}
	}
	return out
}
