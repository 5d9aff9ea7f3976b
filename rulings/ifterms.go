package rulings

// The `if:` terms of the vocabulary: conditions an effect needs when it
// would activate, besides its `when:` ("if this card attacks a face-down
// Defense Position monster"). An effect's `if:` is terms joined by ";", all
// of which must hold; a term is a word, or a word, a colon and its argument
// (`opponent-lp-ahead:7000`, `other-face-up:archetype=Six Samurai`). Each
// word is an IfTerm constant with one entry in ifTerms: the argument it
// takes and the function that says why it is not met. The loader refuses a
// term with no entry or with the wrong argument (ifProblem, from validate);
// ifMet (replace.go) asks the entries, and the interpreter writes terms only
// as the constants (TestNoStringIf).
//
// To add a term: an IfTerm constant with a comment, its function (why the
// term is not met for card c, or "") in the room of its mechanic, and its
// entry in ifTerms naming that file.

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// IfTerm is the word of one `if:` term (before its colon, if it takes an
// argument).
type IfTerm string

// The `if:` terms.
const (
	IfAttacksFaceDownDefense IfTerm = "attacks-face-down-defense" // this card is attacking a face-down Defense Position monster
	IfGemini                 IfTerm = "gemini"                    // this card has its effects: it is no Gemini monster still treated as a Normal Monster (gemini.go)
	IfDestroyedThisTurn      IfTerm = "destroyed-this-turn"       // this card was destroyed this turn
	IfAMonsterAttacked       IfTerm = "a-monster-attacked"        // a monster on the field attacked this turn (battleend.go)
	IfAttacked               IfTerm = "attacked"                  // this card is the attacking monster
	IfOpponentLPAhead        IfTerm = "opponent-lp-ahead"         // the opponent's Life Points are at least N higher than yours
	IfOpponentSummoned       IfTerm = "opponent-summoned"         // the opponent has just Summoned a monster of the filter
	IfInDeckOrGY             IfTerm = "in-deck-or-gy"             // you have a card of the filter in your Deck or Graveyard (pairdestroy.go)
	IfOtherFaceUp            IfTerm = "other-face-up"             // you control another face-up monster of the filter
)

// ifArg is what an `if:` term takes after its colon.
type ifArg int

const (
	ifWord   ifArg = iota // nothing: the word alone
	ifNumber              // a whole number
	ifFilter              // a filter (filters.go)
)

// ifTerm is one term's entry: its argument, the function that says why it
// is not met for card c (with the argument), and that function's file.
type ifTerm struct {
	arg  ifArg
	why  func(d *duel, c *inst, arg string) string
	file string
}

// ifTerms is the registry of `if:` terms.
var ifTerms = map[IfTerm]ifTerm{
	IfAttacksFaceDownDefense: {why: ifAttacksFaceDownDefense, file: "ifterms.go"},
	IfGemini:                 {why: ifGemini, file: "ifterms.go"},
	IfDestroyedThisTurn:      {why: ifDestroyedThisTurn, file: "ifterms.go"},
	IfAMonsterAttacked:       {why: ifAMonsterAttacked, file: "ifterms.go"},
	IfAttacked:               {why: ifAttacked, file: "ifterms.go"},
	IfOpponentLPAhead:        {arg: ifNumber, why: ifOpponentLPAhead, file: "ifterms.go"},
	IfOpponentSummoned:       {arg: ifFilter, why: ifOpponentSummoned, file: "ifterms.go"},
	IfInDeckOrGY:             {arg: ifFilter, why: ifInDeckOrGY, file: "ifterms.go"},
	IfOtherFaceUp:            {arg: ifFilter, why: ifOtherFaceUp, file: "ifterms.go"},
}

// ifTermsOf splits an effect's `if:` into its terms' words and arguments,
// skipping empty terms.
func ifTermsOf(cond string) (words []IfTerm, args []string) {
	for _, term := range strings.Split(cond, ";") {
		if term = strings.TrimSpace(term); term != "" {
			w, a, _ := strings.Cut(term, ":")
			words, args = append(words, IfTerm(w)), append(args, a)
		}
	}
	return words, args
}

// ifProblem says why an effect's `if:` does not load: a term with no entry
// in ifTerms, or whose argument is not what its entry takes; "" if it loads.
func ifProblem(cond string) string {
	words, args := ifTermsOf(cond)
	for i, w := range words {
		t, ok := ifTerms[w]
		arg := args[i]
		switch {
		case !ok:
			return fmt.Sprintf("if: term %q is not an if: term (%s); declare it in ifTerms (rulings/ifterms.go)", w, joinWords(slices.Sorted(maps.Keys(ifTerms))))
		case t.arg == ifWord && arg != "":
			return fmt.Sprintf("if: term %q takes no argument", string(w)+":"+arg)
		case t.arg == ifNumber && !isWhole(arg):
			return fmt.Sprintf("if: term %q needs a whole number after %s:", string(w)+":"+arg, w)
		case t.arg == ifFilter && arg == "":
			return fmt.Sprintf("if: term %q needs a filter after %s:", w, w)
		case t.arg == ifFilter:
			if why := filterProblem(arg); why != "" {
				return fmt.Sprintf("if: term %s: %s", w, why)
			}
		}
	}
	return ""
}

// ifAttacksFaceDownDefense: c is attacking a face-down Defense Position
// monster.
func ifAttacksFaceDownDefense(d *duel, c *inst, _ string) string {
	if t := d.atk; t == nil || t.attacker != c || t.target == nil || t.target.faceUp || !t.target.def {
		return c.name() + " is not attacking a face-down Defense Position monster"
	}
	return ""
}

// ifGemini: a Gemini monster has its effects only after its second Normal
// Summon (geminiWhy, gemini.go).
func ifGemini(d *duel, c *inst, _ string) string { return d.geminiWhy(c) }

// ifDestroyedThisTurn: c was destroyed this turn.
func ifDestroyedThisTurn(d *duel, c *inst, _ string) string {
	if !c.destroyed || c.destroyTurn != d.turn {
		return c.name() + " was not destroyed this turn"
	}
	return ""
}

// ifAMonsterAttacked: a monster on the field attacked this turn
// (attackedWhy, battleend.go).
func ifAMonsterAttacked(d *duel, _ *inst, _ string) string { return d.attackedWhy() }

// ifAttacked: c is the attacking monster.
func ifAttacked(d *duel, c *inst, _ string) string {
	if d.atk == nil || d.atk.attacker != c {
		return c.name() + " did not attack"
	}
	return ""
}

// ifOpponentLPAhead: the opponent's Life Points are at least n higher than
// c's controller's.
func ifOpponentLPAhead(d *duel, c *inst, n string) string {
	if d.pl[d.opp(c.ctrl)].lp-d.pl[c.ctrl].lp < atoi(n) {
		return fmt.Sprintf("the opponent's Life Points are not at least %d higher", atoi(n))
	}
	return ""
}

// ifOpponentSummoned: the opponent has just Summoned a monster of the
// filter (summonedMatching, summonreact.go).
func ifOpponentSummoned(d *duel, c *inst, filter string) string {
	if len(d.summonedMatching(c.ctrl, filter, d.summonedNow())) == 0 {
		return "the opponent has not just Summoned a monster with " + strings.Replace(filter, "atk>=", "at least ", 1) + " ATK"
	}
	return ""
}

// ifInDeckOrGY: c's controller has a card of the filter in the Deck or
// Graveyard (noneInDeckOrGY, pairdestroy.go).
func ifInDeckOrGY(d *duel, c *inst, filter string) string { return d.noneInDeckOrGY(c.ctrl, filter) }

// ifOtherFaceUp: c's controller controls another face-up monster of the
// filter.
func ifOtherFaceUp(d *duel, c *inst, filter string) string {
	for _, m := range d.pl[c.ctrl].mz {
		if m != c && m.faceUp && d.matchesAny(m, filter) {
			return ""
		}
	}
	return fmt.Sprintf("%s controls no other face-up %s", d.pn(c.ctrl), filterText(filter))
}
