package rulings

// The words of a card's own facts and of where its effects are used from: a
// card's `kind:` (CardKind: monster, Spell or Trap) and an effect's `from:`
// (From: used from the hand, the Graveyard or the Extra Deck rather than
// the field). Each is a typed constant with one entry in its registry
// (cardKinds, origins) saying what it means and the functions that handle
// it; the loader refuses any other word (Card.problem, card.go; validate,
// effect.go), and the interpreter compares them only with the constants
// (TestNoStringEffectKind; TestWordEntries checks the entries). A card's
// subtypes (`subtypes:`, asked by Card.Has) are still plain strings.

// CardKind is a card's `kind:`.
type CardKind string

// The card kinds.
const (
	CardMonster CardKind = "monster" // a monster card
	CardSpell   CardKind = "spell"   // a Spell Card
	CardTrap    CardKind = "trap"    // a Trap Card
)

// cardKinds is the registry of card kinds.
var cardKinds = map[CardKind]wordEntry{
	CardMonster: {about: "a monster card; a Trap Card Summoned as a Trap Monster is a monster only while it is on the field",
		where: []handler{{"card.go", "IsMonster"}, {"duel.go", "isMonster"}}},
	CardSpell: {about: "a Spell Card: a Quick-Play Spell is Spell Speed 2, every other Spell Speed 1",
		where: []handler{{"effect.go", "speed"}, {"spellcounter.go", "spellWatchers"}}},
	CardTrap: {about: "a Trap Card: Spell Speed 2 (a Counter Trap 3), never activated the turn it is Set",
		where: []handler{{"effect.go", "speed"}, {"chain.go", "placeAllows"}, {"trapmon.go", "trapNegated"}}},
}

// From is an effect's `from:`: where it is used from when not the field.
type From string

// The places an effect is used from.
const (
	FromHand      From = "hand"      // from the hand (a monster's Quick or Ignition Effect, a Trigger Effect in the hand)
	FromGraveyard From = "graveyard" // from the Graveyard
	FromExtra     From = "extra"     // a Summon procedure from the Extra Deck
)

// origins is the registry of the places an effect is used from.
var origins = map[From]wordEntry{
	FromHand: {about: "the effect is used while its card is in the hand: an Ignition or Quick Effect activated there, or a Trigger Effect met there",
		where: []handler{{"chain.go", "findActivatable"}, {"selfsummon.go", "directAttackHandTriggers"}, {"selfsummon.go", "handTriggerChained"}}},
	FromGraveyard: {about: "the effect is activated while its card is in the Graveyard",
		where: []handler{{"chain.go", "findActivatable"}}},
	FromExtra: {about: "a Summon procedure that Summons the card from the Extra Deck (not the hand)",
		where: []handler{{"procedure.go", "procedureFrom"}}},
}
