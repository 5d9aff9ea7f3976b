package rulings

// What Summon procedures (procedure.go) add for the staples of the retro
// formats: monsters that must first be Special Summoned by their procedure
// (`only: true` on the `procedure` effect: "Black Luster Soldier - Envoy of
// the Beginning", "Dark Armed Dragon", the Gladiator Beasts' Contact
// Fusions), conditions on the Graveyard and the field, costs that banish or
// return cards by filter, "cannot attack this turn", and a Special Summon
// with ATK and DEF made 0. The hooks into the shared rooms are: summon and
// set (refuseNomi), summonTo and badTarget (improperSummon: no effect
// Special Summons, or targets to Special Summon, a monster never properly
// Summoned), move (a card back in the hand, Deck or Extra Deck loses its
// proper Summon), setup (a card that starts on the field, in the Graveyard
// or banished has had it) and declareAttack (cannotAttackNow).

import (
	"fmt"
	"slices"
	"strings"
)

// procThreeDarkInGY: exactly 3 DARK monsters in your Graveyard ("Dark
// Armed Dragon").
func procThreeDarkInGY(d *duel, p int, _ *inst) bool { return len(d.gyMatching(p, "dark")) == 3 }

// procFourLightswornInGY: 4 or more differently named "Lightsworn" monsters
// in your Graveyard ("Judgment Dragon").
func procFourLightswornInGY(d *duel, p int, _ *inst) bool {
	seen := map[*Card]bool{}
	for _, x := range d.gyMatching(p, "archetype=Lightsworn") {
		seen[x.c] = true
	}
	return len(seen) >= 4
}

// procAnotherBlackwing: you control a face-up "Blackwing" monster other than
// this card ("Blackwing - Bora the Spear").
func procAnotherBlackwing(d *duel, p int, c *inst) bool {
	return slices.ContainsFunc(d.pl[p].mz, func(m *inst) bool { return m != c && m.faceUp && d.matches(m, "archetype=Blackwing") })
}

// gyMatching lists the monsters of p's Graveyard that match filter.
func (d *duel) gyMatching(p int, filter string) []*inst {
	var out []*inst
	for _, x := range d.pl[p].gy {
		if x.isMonster() && d.matches(x, filter) {
			out = append(out, x)
		}
	}
	return out
}

// afterProcedure runs a procedure's `do:` on the monster it has just
// Summoned: what its text says about the Summon itself, such as
// `no-attack-this-turn` ("Hieratic Dragon of Tefnuit"). Nothing activates.
func (d *duel) afterProcedure(c *inst, e *Effect) {
	for _, o := range e.Do {
		d.exec(&link{src: c, eff: e, ctrl: c.ctrl}, o)
	}
}

// opNoAttackThisTurn: this card cannot attack this turn.
func opNoAttackThisTurn(d *duel, l *link, o Op) {
	if l.src.onField() {
		l.src.noAttackTurn = d.turn
		d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("%s cannot attack this turn", l.src.name()), ruleRef{})
	}
}

// refuseNomi stops a Normal Summon or Set of a card that must be Special
// Summoned by its procedure.
func (d *duel) refuseNomi(c *inst) bool {
	if e := procedureOf(c.c); e != nil && e.Only && c.isMonster() {
		d.illegal(fmt.Sprintf("%s cannot be Normal Summoned or Set: it must be Special Summoned by its own procedure", c.name()), ruleRef{})
		return true
	}
	return false
}

// improperSummon says why an effect cannot Special Summon c: a card that
// must first be Special Summoned by its procedure and has not been.
func improperSummon(c *inst) string {
	if why := spiritNoSpecial(c); why != "" { // spirit.go
		return why
	}
	if c.c == nil || c.proper {
		return ""
	}
	if e := procedureOf(c.c); e == nil || !e.Only {
		return ""
	}
	return fmt.Sprintf("%s was not first Special Summoned by its own procedure, so no effect can Special Summon it", c.name())
}

// revives says whether src's effects Special Summon their target from the
// Graveyard ("Call of the Haunted"), so a monster that cannot be Special
// Summoned is no legal target.
func revives(src *inst) bool {
	for _, e := range src.c.Effects {
		if slices.ContainsFunc(e.Do, func(o Op) bool { return o.Op == "special-summon" }) {
			return true
		}
	}
	return false
}

// cannotAttackNow says why m cannot declare an attack this turn by its
// own text ("this card cannot attack the turn ..."), or "".
func (d *duel) cannotAttackNow(m *inst) string {
	if m.noAttackTurn != 0 && m.noAttackTurn == d.turn {
		return fmt.Sprintf("%s cannot attack this turn", m.name())
	}
	return ""
}

// payNoAttackCost pays `no-attack-this-turn`: from its activation on,
// this card cannot attack this turn ("Chaos Sorcerer"), even if the
// effect is then negated.
func payNoAttackCost(cc costCall) ([]string, bool) {
	cc.c.noAttackTurn = cc.d.turn
	return []string{cc.c.name() + " cannot attack this turn"}, true
}

// checkBanishFromGyCost: `banish-from-gy` needs `n` (default 1) monsters
// matching `filter` in the player's Graveyard, and no Graveyard lock
// ("Necrovalley") on the field.
func checkBanishFromGyCost(cc costCall) bool {
	if k := cc.d.gyBanishLock(cc.p); k != nil {
		return cc.illegal("%s is face-up: %s cannot banish cards from a Graveyard, so the cost of %s cannot be paid", cc.d.describe(k), cc.d.pn(cc.p), cc.c.name())
	}
	for _, f := range cc.d.allField() {
		if f.faceUp && f.hasOp(EffectContinuous, "graveyard-lock") != nil {
			return cc.illegal("%s cannot banish from the Graveyard for %s while %s is face-up", cc.d.pn(cc.p), cc.c.name(), cc.d.describe(f))
		}
	}
	if k := len(cc.d.gyCostCards(cc)); k < max(cc.o.N, 1) {
		return cc.illegal("%s needs %d %s monster(s) in the Graveyard to banish, and has %d", cc.c.name(), max(cc.o.N, 1), cc.o.Filter, k)
	}
	return true
}

// payBanishFromGyCost banishes the Graveyard monsters the line names
// ("banishing X"), else the first that match.
func payBanishFromGyCost(cc costCall) ([]string, bool) {
	xs := cc.d.gyCostCards(cc)[:max(cc.o.N, 1)]
	for _, x := range xs {
		cc.d.moveTo(x, locBanished, "banished as the cost of "+cc.c.name())
		x.costFor = cc.c.id
	}
	return []string{"banish " + strings.Join(names(xs), ", ")}, true
}

// gyCostCards lists the Graveyard monsters a `banish-from-gy` cost may
// take, those the line names first.
func (d *duel) gyCostCards(cc costCall) []*inst {
	all := d.gyMatching(cc.p, cc.o.Filter)
	var out []*inst
	for _, r := range cc.a.Tribute {
		if x := d.find(r, cc.p, locGY); x != nil && slices.Contains(all, x) && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	if len(cc.a.Tribute) > 0 {
		return out
	}
	return all
}

// checkReturnOwnCost: `return-own-to-deck` needs `n` face-up monsters the
// player controls matching `filter` (picked as `banish-own` picks them).
func checkReturnOwnCost(cc costCall) bool { return checkBanishOwnCost(cc) }

// payReturnOwnCost returns the picked monsters to the Deck ("Gladiator
// Beast Gyzarus": its materials go back to the Deck, not the Graveyard).
func payReturnOwnCost(cc costCall) ([]string, bool) {
	picks, _ := cc.d.banishOwnPicks(cc)
	var out []string
	for _, x := range picks {
		cc.d.moveTo(x, locDeck, "returned to the Deck as the cost of "+cc.c.name())
		out = append(out, "return "+x.name()+" to the Deck")
	}
	return out, true
}

// opSpecialSummonZeroed Special Summons the first monster matching
// `filter` from its controller's hand, then Deck, then Graveyard, with its
// ATK and DEF made 0 ("Hieratic Dragon of Tefnuit"); `what: deck` takes
// it from the Deck only ("Hieratic Dragon King of Atum").
func opSpecialSummonZeroed(d *duel, l *link, o Op) {
	p := l.ctrl
	locs := []location{locHand, locDeck, locGY}
	if o.What == WhatDeck { // "Hieratic Dragon King of Atum" (xyzfx.go)
		locs = []location{locDeck}
	}
	for _, loc := range locs {
		for _, c := range *d.cardList(p, loc) {
			if c == l.src || !c.isMonster() || !d.matches(c, o.Filter) {
				continue
			}
			if loc == locGY && d.gyLocked(l.src) {
				return
			}
			if d.summonTo(c, p, l.src.name(), true, false) {
				c.atkBase, c.defBase = 0, 0
				d.emit("rule", p, c.name(), fmt.Sprintf("%s's ATK and DEF become 0", c.name()), ruleRef{})
			}
			return
		}
	}
	d.emit("move", p, l.src.name(), fmt.Sprintf("%s has no monster for %s to Special Summon", d.pn(p), l.src.name()), ruleRef{})
}

// fitsOtherCost says whether a card the line names for a procedure's costs
// is one of pool that this cost op's filter does not take, so another cost
// op of the same procedure pays with it ("Black Luster Soldier - Envoy of
// the Beginning, banishing a LIGHT and a DARK monster").
func (d *duel) fitsOtherCost(cc costCall, r *CardRef, pool []*inst) bool {
	return slices.ContainsFunc(cc.a.Choose, func(o *CardRef) bool { return o != r && o.Card != r.Card }) &&
		!slices.ContainsFunc(pool, func(x *inst) bool { return x.c == r.Card && d.matches(x, cc.o.Filter) })
}
