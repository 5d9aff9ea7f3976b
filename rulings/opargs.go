package rulings

// The typed arguments of ops. An op's `what:` and `to:` in cards/*.yaml are
// words of a small vocabulary (or, for a few ops, a number, a Token's name
// or die faces). Each op that reads `what:` declares here the values it
// accepts, and the catalogue's loader refuses any other value with the card,
// the effect and the value named (checkOpArgs), so the interpreter compares
// typed constants and never meets a word it does not know.
//
// To give an op a new value: add a constant below (with a comment saying
// what it means and which ops read it) and list it in the `what` of that
// op's entry in opTable (optable.go). A new op that reads `what:` declares
// its values there the same way.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// What is an op's `what:` argument: which cards the op acts on, or a variant
// of what it does. A few ops take several words joined by commas
// ("negated,no-synchro"); ask those with has.
type What string

// The words of `what:`. Each op accepts only the ones its opTable entry lists.
const (
	WhatTarget What = "target" // the effect's targets (what most ops do without `what:`)
	WhatSelf   What = "self"   // the card itself
	// destroy, banish
	WhatBattled               What = "battled"                   // the monster this card battled
	WhatAllMonsters           What = "all-monsters"              // destroy: every monster on the field
	WhatAttacker              What = "attacker"                  // destroy: the attacking monster
	WhatDeclaredType          What = "declared-type"             // destroy: face-up monsters of the Type the line declares
	WhatOpponentAttackPos     What = "opponent-attack-position"  // destroy: the attacking player's Attack Position monsters ("Mirror Force")
	WhatOpponentMonsters      What = "opponent-monsters"         // destroy: the target opponent's monsters
	WhatOpponentFaceUpMonster What = "opponent-face-up-monsters" // destroy: the target opponent's face-up monsters
	WhatAllCards              What = "all-cards"                 // destroy: every card on the field, this one too
	WhatAllOtherCards         What = "all-other-cards"           // destroy: every other card on the field
	WhatOwnCards              What = "own-cards"                 // destroy: every card its controller controls
	WhatFieldSpells           What = "field-spells"              // destroy: every Field Spell
	WhatAllSpellTraps         What = "all-spell-traps"           // destroy: every other Spell and Trap Card
	WhatAttackedThisTurn      What = "attacked-this-turn"        // destroy: the monsters that attacked this turn (battleend.go)
	WhatSpellTraps            What = "spell-traps"               // bounce-all: the Spells and Traps (its only kind)
	// Summons
	WhatNegated       What = "negated"         // the Summoned monster's effects are negated (summonedLimits)
	WhatNoSynchro     What = "no-synchro"      // the Summoned monster cannot be Synchro Material (summonedLimits)
	WhatDefense       What = "defense"         // Summoned in Defense Position
	WhatBanishOnLeave What = "banish-on-leave" // special-summon-self: banished when it leaves the field
	WhatSet           What = "set"             // special-summon-from-gy-each: Summoned face-down
	WhatHand          What = "hand"            // from the hand only; damage-per-card: the cards in the hand only
	WhatOrGY          What = "or-gy"           // special-summon-from-hand-or-deck: the Graveyard too
	WhatHandOrGY      What = "hand-or-gy"      // ritual-summon: from the hand or the Graveyard
	WhatDeck          What = "deck"            // special-summon-zeroed: from the Deck only
	WhatInstant       What = "instant"         // fusion-summon: cannot attack, destroyed in the End Phase
	WhatSpecial       What = "special"         // negate-summon: only an opponent's Special Summon
	WhatAnySpecial    What = "any-special"     // negate-summon: any player's Special Summon ("Royal Oppression")
	WhatSummonTurn    What = "summon-turn"     // no-tribute-summon: only the turn it was Summoned
	WhatOptional      What = "optional"        // special-summon-from-deck: a "then you can" part the line may decline (optional.go)
	WhatFlipFlop      What = "flip-flop"       // set-face-down: face-down targets are flipped face-up in Defense Position instead ("Sol and Luna")
	WhatNotFromExtra  What = "not-from-extra"  // battle-indestructible: only while Special Summoned other than from the Extra Deck (restrict.go: battleProof)
	// conditions and durations
	WhatIfDestroyed   What = "if-destroyed"         // damage, gain-lp, special-summon-from-deck: only if a destroy before it destroyed a card
	WhatNextStandby   What = "next-standby"         // banish-until: the next Standby Phase
	WhatEndPhase      What = "end-phase"            // banish-until: the End Phase
	WhatTurn          What = "turn"                 // negate-effects: until the end of the turn
	WhatWhileSource   What = "while-source"         // negate-effects: while this card stays face-up
	WhatUntilEnd      What = "until-end-phase"      // take-control: given back in the End Phase, cannot attack or be Tributed
	WhatUntilEndFree  What = "until-end-phase-free" // take-control: given back in the End Phase, no other limit
	WhatEquipped      What = "equipped"             // take-control: the monster this card equips
	WhatKeepStats     What = "keep-stats"           // equip-target-to-self: the equipped monster keeps its ATK and DEF
	WhatBottom        What = "bottom"               // look-deck-top: the card goes to the bottom
	WhatYours         What = "yours"                // discard-from-opponent-hand: the effect's controller chooses
	WhatTheirs        What = "theirs"               // discard-from-opponent-hand: the opponent chooses
	WhatElseDiscard   What = "else-discard-hand"    // banish-from-hand: with no match, the whole hand goes to the Graveyard
	WhatDEF           What = "def"                  // destroy-highest: by DEF, not ATK
	WhatAll           What = "all"                  // every player's or every monster's (atk-per-hand-card, cannot-attack)
	WhatOpponent      What = "opponent"             // cannot-attack: the opponent's monsters
	WhatAny           What = "any"                  // union-protect: protects from any destruction, not only by battle
	WhatBattle        What = "battle"               // union-protect: protects from destruction by battle
	WhatField         What = "field"                // banish-own, return-own-to-deck: from the field
	WhatGY            What = "gy"                   // banish-own: from the Graveyard
	WhatFieldOrGY     What = "field-or-gy"          // banish-own: from the field or the Graveyard
	WhatHandFieldOrGY What = "hand-field-or-gy"     // banish-own: from the hand, the field or the Graveyard
)

// has reports whether f is one of the comma-separated words of w.
func (w What) has(f What) bool {
	return slices.Contains(strings.Split(string(w), ","), string(f))
}

// sweepsMonsters: does a destroy with this `what:` destroy monsters without
// targeting them (every monster, the attacker, the declared Type, the
// opponent's monsters)?
func (w What) sweepsMonsters() bool {
	switch w {
	case WhatAllMonsters, WhatAttacker, WhatDeclaredType:
		return true
	}
	return w.sweepsOpponents()
}

// sweepsOpponents: does a destroy with this `what:` act on "your
// opponent"'s monsters?
func (w What) sweepsOpponents() bool {
	switch w {
	case WhatOpponentMonsters, WhatOpponentFaceUpMonster, WhatOpponentAttackPos:
		return true
	}
	return false
}

// number is w read as a whole number (a free `number` argument), or 0.
func (w What) number() int {
	n, _ := strconv.Atoi(string(w))
	return n
}

// To is an op's `to:` argument: whose cards or Life Points the op acts on.
type To string

// The words of `to:`.
const (
	ToYou      To = "you"      // the effect's controller
	ToOpponent To = "opponent" // the target opponent
	ToBoth     To = "both"     // the controller and the opponent
	ToEach     To = "each"     // every player, in turn order
)

var toValues = []To{ToYou, ToOpponent, ToBoth, ToEach}

// whatArg declares what one op's `what:` may hold: exactly one of `one`,
// any of `flags` joined by commas, or a free value that `free` checks
// (returning why it is wrong, or ""). `card` marks a free value that names
// a card of the catalogue (a Token), checked once every card is loaded.
type whatArg struct {
	one   []What
	flags []What
	free  func(string) string
	card  bool
	about string // what a free value is, for the error message
}

func oneOf(v ...What) whatArg   { return whatArg{one: v} }
func flagsOf(v ...What) whatArg { return whatArg{flags: v} }

var (
	numberArg = whatArg{free: isNumber, about: "a whole number"}
	dieFaces  = whatArg{free: isDieFaces, about: "die faces such as 1,6"}
	attrArg   = whatArg{free: isAttribute, about: "an Attribute such as WATER"}
	tokenArg  = whatArg{card: true, about: "the name of a card in the catalogue (a Token)"}
)

// checkOpArgs says what is wrong with op o's arguments, or "": an op the
// registry does not know, a field its entry does not read, a `what:` its
// entry does not accept, or a `to:` that is not a word of To. A card named
// by `what:` is checked later, once the whole catalogue is loaded
// (checkOpCards).
func checkOpArgs(o Op) string {
	e, ok := opTable[o.Op]
	if !ok {
		return fmt.Sprintf("unknown op %q", o.Op)
	}
	for _, f := range []struct {
		name string
		set  bool
	}{{"n", o.N != 0}, {"what", o.What != ""}, {"to", o.To != ""}, {"filter", o.Filter != ""}} {
		if f.set && !slices.Contains(e.fields(), f.name) {
			return fmt.Sprintf("op %s does not read `%s:` (it reads: %s); if it should, say so in its opTable entry (rulings/optable.go)", o.Op, f.name, fieldsOrNone(e.fields()))
		}
	}
	if why := filterProblem(o.Filter); why != "" {
		return fmt.Sprintf("op %s: %s", o.Op, why)
	}
	if why := filterProblem(string(o.To)); e.reads&argToFilter != 0 && why != "" {
		return fmt.Sprintf("op %s: to: %s", o.Op, why)
	}
	if o.To != "" && e.reads&argToFilter == 0 && !slices.Contains(toValues, o.To) {
		return fmt.Sprintf("op %s: to %q is not one of %s; declare a new value beside To in rulings/opargs.go", o.Op, o.To, joinWords(toValues))
	}
	if o.What == "" {
		return ""
	}
	return e.what.check(o.Op, o.What)
}

// fields names the fields the op reads, in the order n, what, to, filter.
func (e opEntry) fields() []string {
	var out []string
	for _, f := range []struct {
		name string
		on   bool
	}{{"n", e.reads&argN != 0}, {"what", e.readsWhat()}, {"to", e.reads&(argTo|argToFilter) != 0}, {"filter", e.reads&argFilter != 0}} {
		if f.on {
			out = append(out, f.name)
		}
	}
	return out
}

// check says why w is not a value the op accepts, or "".
func (a whatArg) check(op OpName, w What) string {
	where := fmt.Sprintf("declare a new value as a What constant in rulings/opargs.go and list it in the what of opTable[%q] (rulings/optable.go)", op)
	switch {
	case a.card:
		return ""
	case a.free != nil:
		if why := a.free(string(w)); why != "" {
			return fmt.Sprintf("op %s: what %q is not %s (%s)", op, w, a.about, why)
		}
	case a.flags != nil:
		for _, f := range strings.Split(string(w), ",") {
			if !slices.Contains(a.flags, What(f)) {
				return fmt.Sprintf("op %s: what %q: %q is not one of %s (several may be joined by commas); %s", op, w, f, joinWords(a.flags), where)
			}
		}
	default:
		if !slices.Contains(a.one, w) {
			return fmt.Sprintf("op %s: what %q is not one of %s; %s", op, w, joinWords(a.one), where)
		}
	}
	return ""
}

// checkOpCards says what is wrong with the card names ops of c give in
// `what:` (a Token to Summon): each must be a card of the catalogue.
func (cat *Catalogue) checkOpCards(c *Card) string {
	var effects []Effect
	for _, e := range c.Effects {
		effects = append(append(effects, e), e.Alts...)
	}
	for i, e := range effects {
		for _, o := range append(append([]Op{}, e.Cost...), e.Do...) {
			if a := opTable[o.Op].what; a.card {
				if _, found := cat.Lookup(string(o.What)); !found {
					return fmt.Sprintf("%s: effect %d: op %s: what %q is not %s", c.Name, i+1, o.Op, o.What, a.about)
				}
			}
		}
	}
	return ""
}

func isNumber(s string) string {
	if n, err := strconv.Atoi(s); err != nil || n <= 0 {
		return "want a whole number above 0"
	}
	return ""
}

func isDieFaces(s string) string {
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err != nil || n < 1 || n > 6 {
			return fmt.Sprintf("%q is not a face from 1 to 6", f)
		}
	}
	return ""
}

func isAttribute(s string) string {
	switch strings.ToUpper(s) {
	case "LIGHT", "DARK", "EARTH", "WATER", "FIRE", "WIND", "DIVINE":
		return ""
	}
	return "not LIGHT, DARK, EARTH, WATER, FIRE, WIND or DIVINE"
}

func joinWords[T ~string](ws []T) string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = string(w)
	}
	return strings.Join(out, ", ")
}

func fieldsOrNone(fields []string) string {
	if len(fields) == 0 {
		return "no argument"
	}
	return strings.Join(fields, " ")
}
