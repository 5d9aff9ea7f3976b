package rulings

// The effect kinds of the vocabulary: an effect's `kind:`. Each kind is an
// EffectKind constant and one entry in effectKinds, which says what an
// effect of the kind is and the functions that handle it (where it is
// activated from, queued, applied or paid). The loader refuses any other
// kind (validate, effect.go); the interpreter compares kinds only with the
// constants (TestNoStringEffectKind), and TestWordEntries checks that every
// function an entry names is declared in its file.
//
// To add an effect kind: a constant below with a comment, an entry in
// effectKinds naming the functions that handle it, and those functions.

// EffectKind is an effect's `kind:`.
type EffectKind string

// The effect kinds.
const (
	EffectActivate    EffectKind = "activate"    // a Spell or Trap Card's activation
	EffectIgnition    EffectKind = "ignition"    // an Ignition Effect: activated in its controller's Main Phase with an empty chain
	EffectTrigger     EffectKind = "trigger"     // a Trigger Effect: activated when its `when:` condition is met
	EffectFlip        EffectKind = "flip"        // a Flip Effect: triggers when the monster is flipped face-up
	EffectQuick       EffectKind = "quick"       // a Quick Effect: a monster effect of Spell Speed 2
	EffectContinuous  EffectKind = "continuous"  // a Continuous Effect: applies while its card is face-up, never activated
	EffectMaintenance EffectKind = "maintenance" // a maintenance cost paid in its controller's Standby Phase
	EffectProcedure   EffectKind = "procedure"   // a Summon procedure: a Special Summon that does not activate
)

// wordEntry is the entry of a word of the smaller vocabularies (effect
// kinds, target sides, negations, modifications, card kinds): what it
// means, and the functions that handle it.
type wordEntry struct {
	about string    // what it means (VOCABULARY.md)
	where []handler // the functions that handle it
}

// handler names a function of the engine and its file.
type handler struct{ file, fn string }

// effectKinds is the registry of effect kinds.
var effectKinds = map[EffectKind]wordEntry{
	EffectActivate: {about: "a Spell or Trap Card's activation, from the hand or Set on the field",
		where: []handler{{"chain.go", "findActivatable"}, {"chain.go", "mayActivate"}, {"rules.go", "activationAllowed"}}},
	EffectIgnition: {about: "an Ignition Effect: activated by its controller with an empty chain in their Main Phase",
		where: []handler{{"chain.go", "findActivatable"}, {"chain.go", "priorityCheck"}}},
	EffectTrigger: {about: "a Trigger Effect: queued when its `when:` condition is met, then put on a chain",
		where: []handler{{"duel.go", "triggersOn"}, {"segoc.go", "selfTrigger"}, {"chain.go", "conditionMet"}}},
	EffectFlip: {about: "a Flip Effect: triggers when the monster is flipped face-up",
		where: []handler{{"ops.go", "flipUp"}, {"segoc.go", "selfTrigger"}}},
	EffectQuick: {about: "a Quick Effect: a monster effect of Spell Speed 2, activated whenever its controller has priority",
		where: []handler{{"chain.go", "findActivatable"}, {"effect.go", "speed"}, {"rules.go", "forcedResponses"}}},
	EffectContinuous: {about: "a Continuous Effect: applies while its card is face-up; each op is applied by its `readBy` function (optable.go)",
		where: []handler{{"duel.go", "hasOp"}, {"negation.go", "live"}}},
	EffectMaintenance: {about: "a cost paid in its controller's Standby Phase to keep the card, which is destroyed when it is not paid",
		where: []handler{{"costs.go", "standbyMaintenance"}}},
	EffectProcedure: {about: "a Summon procedure: a Special Summon by the card's own text, which does not activate",
		where: []handler{{"procedure.go", "procedureOf"}, {"procedure.go", "procedureSummon"}}},
}
