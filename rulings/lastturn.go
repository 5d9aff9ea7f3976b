package rulings

// "Last Turn", a Normal Trap that changes how the Duel ends. Activated in the
// opponent's turn while its player has 1000 Life Points or less
// (`when: opponent-turn-lp-1000`), it resolves by keeping 1 monster its
// player controls (the first named by the line's `choosing`, else the first
// they control) and sending every other card on the field and in both hands
// to the Graveyard (`last-turn`). The rest happens after the chain, as the
// card's rulings explain (cardboardcastlegames.com's Last Turn page, from
// the Netrep rulings; ygorulings.blogspot.com, April 2010): the turn player
// Special Summons 1 monster from their Deck in face-up Attack Position (the
// line may name it: `choosing B's Summoned Skull`, else the first monster of
// the Deck), it attacks the kept monster with battle damage 0
// (lastTurnBattle, from resolveChain once no trigger waits, or at the
// latest as the End Phase begins), and in the End Phase of that turn the
// player who alone controls a monster wins; in any other case the Duel is a
// draw (lastTurnCheck, from endPhaseTriggers). The special Battle Phase is
// played as one damage calculation: no card is activated in it.

import "fmt"

// lastTurnState is a resolved Last Turn waiting for its Summon, battle and
// End Phase check.
type lastTurnState struct {
	player int   // who activated it
	champ  *inst // the monster kept
	pick   *inst // the monster the turn player will Special Summon (nil: the first of the Deck)
	turn   int
	fought bool
}

// whenOpponentTurnLP1000: the opponent's turn, with 1000 Life Points or
// less.
func whenOpponentTurnLP1000(d *duel, p int, _ *inst, _ *Effect, _ *link) (string, ruleRef) {
	return unmet(p != d.tp && d.pl[p].lp <= 1000, "it is activated only in the opponent's turn while you have 1000 Life Points or less")
}

// opLastTurn keeps 1 monster of its controller and sends every other card
// on the field and in the hands to the Graveyard.
func opLastTurn(d *duel, l *link, o Op) {
	p := l.ctrl
	var champ, pick *inst
	for _, c := range l.choose {
		if c.loc == locMonster && c.ctrl == p && champ == nil {
			champ = c
		}
		if c.loc == locDeck && c.owner == d.tp && c.isMonster() && pick == nil {
			pick = c
		}
	}
	if champ == nil && len(d.pl[p].mz) > 0 {
		champ = d.pl[p].mz[0]
	}
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range append(d.fieldOf(q), d.pl[q].hand...) {
			if c != champ && c != l.src && (c.onField() || c.loc == locHand) {
				d.sendToGY(c, "sent to the Graveyard by "+l.src.name(), false)
			}
		}
	}
	if champ != nil {
		d.emit("rule", p, champ.name(), fmt.Sprintf("%s keeps %s for %s", d.pn(p), d.describe(champ), l.src.name()), ruleRef{})
	}
	d.lastTurn = &lastTurnState{player: p, champ: champ, pick: pick, turn: d.turn}
}

// lastTurnBattle, once the chain holding Last Turn has resolved: the turn
// player Special Summons a monster from the Deck and it attacks the kept
// monster, with no battle damage.
func (d *duel) lastTurnBattle() {
	lt := d.lastTurn
	if lt == nil || lt.fought || d.stopped || d.over {
		return
	}
	lt.fought = true
	q := d.tp
	pick := lt.pick
	if pick == nil || pick.loc != locDeck {
		pick = nil
		for _, c := range d.pl[q].deck {
			if c.isMonster() && hasLevel(c.c) && improperSummon(c) == "" {
				pick = c
				break
			}
		}
	}
	if pick == nil || !d.summonTo(pick, q, "Last Turn", true, false) {
		d.emit("rule", q, "", fmt.Sprintf("%s Special Summons no monster for Last Turn", d.pn(q)), ruleRef{})
		return
	}
	champ := lt.champ
	if champ == nil || champ.loc != locMonster {
		return
	}
	if !champ.faceUp {
		champ.faceUp = true
		d.emit("flip", champ.ctrl, champ.name(), fmt.Sprintf("%s is flipped face-up by the attack", d.describe(champ)), ruleRef{})
	}
	a := d.atkOf(pick)
	v, what := d.atkOf(champ), "ATK"
	if champ.def {
		v, what = d.def(champ), "DEF"
	}
	d.emit("battle", q, pick.name(), fmt.Sprintf("for Last Turn, %s (%d ATK) attacks %s (%d %s); battle damage is 0", pick.name(), a, champ.name(), v, what), ruleRef{})
	switch {
	case champ.def && a > v, !champ.def && a > v:
		d.destroy(champ, "battle", true)
	case !champ.def && a < v:
		d.destroy(pick, "battle", true)
	case !champ.def && a == v && a > 0:
		d.destroy(pick, "battle", true)
		d.destroy(champ, "battle", true)
	}
}

// lastTurnCheck, in the End Phase of Last Turn's turn: the player who alone
// controls a monster wins; otherwise the Duel is a draw.
func (d *duel) lastTurnCheck() {
	lt := d.lastTurn
	if lt == nil || lt.turn != d.turn {
		return
	}
	d.lastTurnBattle() // if no chain came after the triggers it met
	d.lastTurn = nil
	var with []int
	for _, q := range d.turnOrderFrom(d.tp) {
		if len(d.pl[q].mz) > 0 {
			with = append(with, q)
		}
	}
	if len(with) == 1 {
		for _, q := range d.turnOrderFrom(d.tp) {
			if q != with[0] {
				d.lose(q, fmt.Sprintf("Last Turn: %s alone controls a monster in the End Phase", d.pn(with[0])))
			}
		}
		return
	}
	d.emit("rule", -1, "", "Last Turn: in the End Phase no single player alone controls a monster, so the Duel is a draw", ruleRef{})
	for q := range d.pl {
		d.pl[q].lost = true
	}
	d.over = true
	d.updateMatch()
}
