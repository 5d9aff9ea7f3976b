package cardsdb

import (
	"substep/rulings"
	"substep/rulings/domain"
)

// CatalogueCards converts Substep's card catalogue into cards in the YGOPro
// encodings (see domain.FromFacts), with set codes from sets (nil:
// domain.DefaultSetNames). issues lists what could not be encoded.
func CatalogueCards(cat *rulings.Catalogue, sets *domain.SetNames) (cards []*domain.Card, issues []string) {
	facts := make([]domain.Facts, 0, len(cat.Cards()))
	for _, c := range cat.Cards() {
		facts = append(facts, domain.Facts{
			Name: c.Name, Passcode: c.Passcode, Kind: string(c.Kind), Subtypes: c.Subtypes,
			Attribute: c.Attribute, Type: c.Type, Level: c.Level, Rank: c.Rank, Link: c.LinkRating, Arrows: c.LinkArrows, Scale: c.PendulumScale(),
			ATK: c.ATK, DEF: c.DEF,
			Archetypes: c.Archetypes, Text: c.Text,
		})
	}
	return domain.FromFacts(facts, sets)
}
