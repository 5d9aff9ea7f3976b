package rulings

// The words of a card's own facts and of where its effects are used from: a
// card's `kind:` (CardKind: monster, Spell or Trap) and an effect's `from:`
// (From: used from the hand, the Graveyard or the Extra Deck rather than
// the field). Each is a typed constant with one entry in its registry
// (cardKinds, origins) saying what it means and the functions that handle
// it; the loader refuses any other word (Catalogue.add, card.go; validate,
// effect.go), and the interpreter compares them only with the constants
// (TestNoStringEffectKind; TestWordEntries checks the entries). A card's
// `subtypes:` are Subtype words, each with the card kinds it may go with
// (subtypes); Card.Has asks one.

import (
	"fmt"
	"maps"
	"slices"
)

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

// Subtype is one of a card's `subtypes:` (Card.Subtypes keeps them as
// strings; Card.Has asks for one by its constant).
type Subtype string

// The subtypes.
const (
	SubNormal     Subtype = "normal"     // a Normal Monster, Normal Spell or Normal Trap
	SubEffect     Subtype = "effect"     // an Effect Monster
	SubFusion     Subtype = "fusion"     // a Fusion Monster
	SubRitual     Subtype = "ritual"     // a Ritual Monster or Ritual Spell
	SubSynchro    Subtype = "synchro"    // a Synchro Monster
	SubXyz        Subtype = "xyz"        // an Xyz Monster
	SubLink       Subtype = "link"       // a Link Monster
	SubPendulum   Subtype = "pendulum"   // a Pendulum Monster
	SubUnion      Subtype = "union"      // a Union monster
	SubFlip       Subtype = "flip"       // a Flip monster
	SubSpirit     Subtype = "spirit"     // a Spirit monster
	SubGemini     Subtype = "gemini"     // a Gemini monster
	SubTuner      Subtype = "tuner"      // a Tuner
	SubToken      Subtype = "token"      // a Token
	SubQuickPlay  Subtype = "quick-play" // a Quick-Play Spell
	SubContinuous Subtype = "continuous" // a Continuous Spell or Trap
	SubEquip      Subtype = "equip"      // an Equip Spell
	SubField      Subtype = "field"      // a Field Spell
	SubCounter    Subtype = "counter"    // a Counter Trap
)

// extraDeckSubtypes are the subtypes of the Extra Deck monsters.
var extraDeckSubtypes = []Subtype{SubFusion, SubSynchro, SubXyz, SubLink}

// subtypes is the registry of subtypes: the card kinds each may go with.
// Toon monsters are not in it: the engine has none of their rules, so the
// loader refuses a card that would need them.
var subtypes = map[Subtype][]CardKind{
	SubNormal: {CardMonster, CardSpell, CardTrap}, SubEffect: {CardMonster},
	SubFusion: {CardMonster}, SubRitual: {CardMonster, CardSpell}, SubSynchro: {CardMonster},
	SubXyz: {CardMonster}, SubLink: {CardMonster}, SubPendulum: {CardMonster},
	SubUnion: {CardMonster}, SubFlip: {CardMonster},
	SubSpirit: {CardMonster}, SubGemini: {CardMonster}, SubTuner: {CardMonster},
	SubToken: {CardMonster}, SubQuickPlay: {CardSpell}, SubContinuous: {CardSpell, CardTrap},
	SubEquip: {CardSpell}, SubField: {CardSpell}, SubCounter: {CardTrap},
}

// subtypeProblem says why a card's subtypes do not load (one with no entry
// in subtypes, or one its kind cannot have), or "".
func (c *Card) subtypeProblem() string {
	for _, s := range c.Subtypes {
		kinds, ok := subtypes[Subtype(s)]
		if !ok {
			return fmt.Sprintf("%s: subtype %q is not one of %s", c.Name, s, joinWords(slices.Sorted(maps.Keys(subtypes))))
		}
		if !slices.Contains(kinds, c.Kind) {
			return fmt.Sprintf("%s: a %s cannot have the subtype %q", c.Name, c.Kind, s)
		}
	}
	return ""
}
