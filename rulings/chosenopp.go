package rulings

// Effects that act on one opponent chosen as they apply, without targeting
// a player. With several opponents the card's "your opponent" becomes "an
// opponent of your choice": "Book of Eclipse" flips face-up and gives cards
// to one chosen opponent only (domain-additional-examples#example-2), and
// an effect that places cards across the fields puts one on your own field
// and one on a chosen opponent's (domain-general-errata#across-fields).
// The line names the choice (`A activates Book of Eclipse, choosing C`);
// without one the engine takes the next opponent in turn order. Since the
// choice targets nobody, it is not checked when the card is activated, and
// the opponent chosen need not be the one an activation condition looked at.

import "fmt"

// choiceFits checks a line's `choosing C` against the effect: the effect
// must choose an opponent, and C must be an opponent still in the game.
func (d *duel) choiceFits(p int, c *inst, e *Effect, a *Action) bool {
	if a.ChoosePlayer == 0 {
		return true
	}
	chooses := false
	for _, o := range e.Do {
		chooses = chooses || o.Op.is(traitChoosesOpponent)
	}
	q := a.ChoosePlayer - 1
	switch {
	case !chooses:
		d.fail("%s does not choose an opponent", effectName(c.c, e))
		return false
	case q == p || !d.inGame(q):
		d.fail("%s must choose an opponent who is still in the game", effectName(c.c, e))
		return false
	}
	return true
}

// chosenOpponent is the opponent of l's controller that l's effect acts
// on: the one its line chose, else the next opponent in turn order.
func (d *duel) chosenOpponent(l *link) int {
	if q := l.chosenP - 1; q >= 0 && q != l.ctrl && d.inGame(q) {
		return q
	}
	return d.opp(l.ctrl)
}

// choiceRef cites the Domain rule a choice of opponent follows, when the
// duel has more than two players.
func (d *duel) choiceRef(anchor string) ruleRef {
	if len(d.pl) > 2 {
		return plain(anchor)
	}
	return ruleRef{}
}

// opFaceDownAll changes every face-up monster on every field to face-down Defense Position ("Book of Eclipse"; every field in Domain: domain-additional-examples#example-2).
func opFaceDownAll(d *duel, l *link, o Op) {
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range append([]*inst{}, d.pl[q].mz...) {
			if m.faceUp && !d.unaffectedBy(m, l) {
				d.turnFaceDown(m)
				d.emit("move", l.ctrl, m.name(), fmt.Sprintf("%s is changed to face-down Defense Position", d.describe(m)), ruleRef{})
				d.faceDownEquips(m) // equiprules.go
			}
		}
	}
}

// delayedFx is an effect a resolved card applies later in the turn to the
// opponent it chose ("Book of Eclipse" in the End Phase).
type delayedFx struct {
	src  *inst
	p, q int // the card's controller and the chosen opponent
	turn int
}

// opEclipseEndPhase: in this turn's End Phase, the chosen opponent's face-down monsters are changed to face-up Defense Position and that opponent draws 1 card for each ("Book of Eclipse"; one chosen opponent in Domain: domain-additional-examples#example-2).
func opEclipseEndPhase(d *duel, l *link, o Op) {
	q := d.chosenOpponent(l)
	d.delayed = append(d.delayed, delayedFx{src: l.src, p: l.ctrl, q: q, turn: d.turn})
	d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("in this turn's End Phase %s flips %s's face-down monsters face-up; %s draws 1 card for each", l.src.name(), d.pn(q), d.pn(q)), d.choiceRef("domain-additional-examples#example-2"))
}

// delayedAtEnd applies, as the End Phase begins, the effects waiting for
// it this turn; they start no chain.
func (d *duel) delayedAtEnd() {
	var keep []delayedFx
	for _, x := range d.delayed {
		if x.turn != d.turn {
			continue
		}
		if !d.inGame(x.q) {
			continue
		}
		n := 0
		for _, m := range append([]*inst{}, d.pl[x.q].mz...) {
			if !m.faceUp {
				m.def = true
				d.flipUp(m, x.src.name())
				n++
			}
		}
		d.emit("resolve", x.p, x.src.name(), fmt.Sprintf("%s's End Phase effect: %s's %d face-down monsters are now face-up; the other opponents' stay face-down", x.src.name(), d.pn(x.q), n), d.choiceRef("domain-additional-examples#example-2"))
		if n > 0 {
			d.draw(x.q, n, "by "+x.src.name())
		}
	}
	d.delayed = keep
}

// opKaijuAcross destroys every monster on the field, then Special Summons from the Deck in Attack Position 2 monsters matching `filter` with different names: the first the line names to its controller's field, the second to the chosen opponent's ("Interrupted Kaiju Slumber"; in Domain one on your own field and one on an opponent's of your choice: domain-general-errata#example-9). Its "they must attack" clause is not played.
func opKaijuAcross(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range append([]*inst{}, d.pl[q].mz...) {
			if !d.unaffectedBy(m, l) {
				d.destroy(m, src.name(), false)
			}
		}
	}
	var picks []*inst
	for _, c := range l.choose {
		if c.loc == locDeck && c.owner == p && d.matches(c, o.Filter) && (len(picks) == 0 || picks[0].c != c.c) {
			picks = append(picks, c)
		}
	}
	for _, c := range d.pl[p].deck {
		if len(picks) >= 2 {
			break
		}
		if d.matches(c, o.Filter) && !containsInst(picks, c) && (len(picks) == 0 || picks[0].c != c.c) {
			picks = append(picks, c)
		}
	}
	if len(picks) < 2 {
		d.emit("resolve", p, src.name(), fmt.Sprintf("%s has no 2 %s monsters with different names in the Deck: none is Special Summoned", d.pn(p), filterText(o.Filter)), ruleRef{})
		return
	}
	q := d.chosenOpponent(l)
	d.emit("rule", p, src.name(), fmt.Sprintf("%s places one monster on %s's own field and one on the field of the opponent %s chooses, %s", src.name(), d.pn(p), d.pn(p), d.pn(q)), d.choiceRef("domain-general-errata#example-9"))
	d.specialSummon(picks[0], p, src.name())
	d.specialSummon(picks[1], q, src.name())
}
