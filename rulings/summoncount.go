package rulings

// Summons counted per player and turn, and the effect that answers many of
// them ("Nibiru, the Primal Being"): every Normal and Special Summon a
// player performs adds to that player's count for the turn (a starting
// position's `summoned this turn` monsters count too). In Domain a
// condition on "your opponent" having Summoned is met when one opponent
// has, and the effect targets a player who has
// (domain-opponent-conditions#example-3).

import "fmt"

// countSummon adds one Summon by player p in the given turn.
func (d *duel) countSummon(p, turn int) {
	ps := d.pl[p]
	if ps.summonsTurn != turn {
		ps.summons, ps.summonsTurn = 0, turn
	}
	ps.summons++
}

// summonsThisTurn is how many monsters p has Normal or Special Summoned this turn.
func (d *duel) summonsThisTurn(p int) int {
	if d.pl[p].summonsTurn != d.turn {
		return 0
	}
	return d.pl[p].summons
}

// whenOpponentSummonedFive: in a Main Phase, an opponent (with several,
// at least one: anOpponent) has Normal or Special Summoned 5 or more
// monsters this turn.
func whenOpponentSummonedFive(d *duel, p int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	if !inMainPhase(d) {
		return "it is activated only during the Main Phase", ruleRef{}
	}
	if !d.anOpponent(p, func(q int) bool { return d.summonsThisTurn(q) >= 5 }) {
		return "no opponent has Normal or Special Summoned 5 or more monsters this turn", d.oppConditionRef()
	}
	return "", ruleRef{}
}

// primalFits checks "Nibiru, the Primal Being"'s target: the opponent it
// targets must be one who Summoned 5 or more monsters this turn
// (domain-opponent-conditions#example-3).
func (d *duel) primalFits(p, q int, c *inst, e *Effect) bool {
	if n := d.summonsThisTurn(q); n < 5 {
		d.illegal(fmt.Sprintf("%s must target an opponent who Summoned 5 or more monsters this turn (%s Summoned %d)", effectName(c.c, e), d.pn(q), n), plain("domain-opponent-conditions#example-3"))
		return false
	}
	return true
}

// opPrimalBeing Tributes as many face-up monsters on every field as possible, then Special Summons this card from the hand to its controller's field and the Token named by `what` to the targeted opponent's field, with ATK and DEF equal to the Tributed monsters' combined original ATK and DEF ("Nibiru, the Primal Being").
func opPrimalBeing(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	atk, def, n := 0, 0, 0
	for _, r := range d.turnOrderFrom(d.tp) {
		for _, m := range append([]*inst{}, d.pl[r].mz...) {
			if !m.faceUp || d.unaffectedBy(m, l) {
				continue
			}
			atk += max(m.c.ATK, 0)
			def += max(m.c.DEF, 0)
			n++
			d.tribute(m, "Tributed by "+src.name())
		}
	}
	if n == 0 || src.loc != locHand {
		d.emit("resolve", p, src.name(), fmt.Sprintf("%s Tributes no monster or has left the hand: nothing is Special Summoned", src.name()), ruleRef{})
		return
	}
	if !d.summonTo(src, p, src.name(), true, false) {
		return
	}
	tok, ok := d.s.cat.Lookup(string(o.What))
	if !ok {
		d.fail("%s: no Token %q", src.name(), o.What)
		return
	}
	q := l.oppTarget(d, p)
	c := d.newInst(tok, p, locGone)
	c.atkBase, c.defBase = atk, def
	if d.summonTo(c, q, src.name(), true, false) {
		d.emit("stats", q, c.name(), fmt.Sprintf("%s has %d ATK and %d DEF, the combined original stats of the %d Tributed monsters", c.name(), atk, def, n), ruleRef{})
	}
}
