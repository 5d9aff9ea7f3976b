package rulings

// The smaller words of an effect: whose cards a target may be (`side:`),
// what an effect negates (`negates:`) and what it modifies (`modifies:`),
// the last two read by the Damage Step's rules (categories and dsClass,
// chain.go), and how an optional trigger is worded (`wording:`,
// timingmiss.go). Each is a typed constant with one entry in its registry
// (sides, negations, modifications, wordings), which says what it means and the
// functions that handle it; the loader refuses any other word (validate,
// effect.go), and the interpreter compares them only with the constants
// (TestNoStringEffectKind; TestWordEntries checks the entries). To add one:
// a constant with a comment and its entry beside the others here.

import (
	"fmt"
	"maps"
	"slices"
)

// Side is a target's `side:`: whose cards it may pick.
type Side string

// The target sides.
const (
	SideAny      Side = "any"      // any player's cards (also when `side:` is left out)
	SideYours    Side = "yours"    // the activating player's cards
	SideOpponent Side = "opponent" // an opponent's cards
)

// sides is the registry of target sides.
var sides = map[Side]wordEntry{
	SideAny:      {about: "the cards of any player (the default)", where: []handler{{"chain.go", "targetPool"}}},
	SideYours:    {about: "the activating player's cards", where: []handler{{"chain.go", "targetPool"}}},
	SideOpponent: {about: "the cards of the activating player's opponents", where: []handler{{"chain.go", "targetPool"}}},
}

// Negation is an effect's `negates:`: what it negates.
type Negation string

// The negations.
const (
	NegatesActivation Negation = "activation" // it negates the activation of a card or effect
	NegatesEffect     Negation = "effect"     // it negates an effect, not its activation
	NegatesSummon     Negation = "summon"     // it negates a Summon
)

// negations is the registry of what an effect may negate.
var negations = map[Negation]wordEntry{
	NegatesActivation: {about: "the activation of a card or effect; the Damage Step's rules and the discard for hand size treat the effect as a negator",
		where: []handler{{"chain.go", "categories"}, {"chain.go", "dsClass"}, {"handsize.go", "handSizeAllows"}}},
	NegatesEffect: {about: "an effect, not its activation; the Damage Step's rules treat a Spell or Trap Card that does so as a negator, a monster effect not",
		where: []handler{{"chain.go", "categories"}, {"chain.go", "dsClass"}, {"chain.go", "damageStepAllows"}, {"handsize.go", "handSizeAllows"}}},
	NegatesSummon: {about: "a Summon: the effect answers in the Summon Negation Window",
		where: []handler{{"summonnegate.go", "summonWindowFirst"}, {"chain.go", "dsClass"}}},
}

// Modification is an effect's `modifies:`: what it changes.
type Modification string

// The modifications.
const (
	ModifiesATK Modification = "atk" // it changes ATK or DEF
)

// modifications is the registry of what an effect may modify.
var modifications = map[Modification]wordEntry{
	ModifiesATK: {about: "ATK or DEF; the Damage Step's rules treat the effect as one that changes ATK or DEF",
		where: []handler{{"chain.go", "categories"}, {"chain.go", "dsClass"}}},
}

// Wording is how an optional Trigger Effect is worded (`wording:`).
type Wording string

// The wordings.
const (
	WordingWhen Wording = "when" // "When ... you can": it misses the timing when its event was not the last thing to happen
	WordingIf   Wording = "if"   // "If ... you can": it never misses the timing
)

// wordings is the registry of wordings.
var wordings = map[Wording]wordEntry{
	WordingWhen: {about: "\"When ... you can\": the effect misses the timing when its event was not the last thing to happen",
		where: []handler{{"timingmiss.go", "missedTiming"}}},
	WordingIf: {about: "\"If ... you can\": the effect never misses the timing (as when the wording is not sourced)",
		where: []handler{{"timingmiss.go", "missedTiming"}}},
}

// wordProblem says why w is not a word of the registry reg (a `field:` of
// an effect), or "". The empty word is always accepted: the field is left
// out.
func wordProblem[K ~string](field string, w K, reg map[K]wordEntry) string {
	if _, ok := reg[w]; ok || w == "" {
		return ""
	}
	return fmt.Sprintf("%s %q is not one of %s", field, w, joinWords(slices.Sorted(maps.Keys(reg))))
}
