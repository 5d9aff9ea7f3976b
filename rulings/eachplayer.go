package rulings

// Effects that act on one chosen opponent's cards, or on every player's
// ("each player" read as all players in Domain: domain-general-errata#each-both).

import "fmt"

// opDestroyDiscardedKind destroys every card the targeted opponent controls of the same card type (monster, Spell or Trap) as the card discarded for the cost ("Arcana Triumph Joker"; in Domain only the targeted player's cards: domain-additional-examples#example-3).
func opDestroyDiscardedKind(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	var kind CardKind
	for _, x := range d.pl[p].gy {
		if x.costFor == src.id {
			kind = x.c.Kind
		}
	}
	if kind == "" {
		d.emit("resolve", p, src.name(), fmt.Sprintf("%s finds no card discarded for its cost", src.name()), ruleRef{})
		return
	}
	q := l.oppTarget(d, p)
	for _, c := range d.fieldOf(q) {
		if c.c != nil && c.c.Kind == kind && !d.unaffectedBy(c, l) {
			d.destroy(c, src.name(), false)
		}
	}
}

// opEachExtraToGyIfLight: if the monster was Tribute Summoned by Tributing a LIGHT monster, each player sends cards from their Extra Deck to the Graveyard, as many as the Level of the monster the effect destroyed ("Zaborg the Mega Monarch"; in Domain every player: domain-general-errata#example-3).
func opEachExtraToGyIfLight(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	light := false
	for q := range d.pl {
		for _, x := range d.pl[q].gy {
			if x.costFor == src.id && d.matches(x, "light") {
				light = true
			}
		}
	}
	if !light {
		d.emit("resolve", p, src.name(), fmt.Sprintf("%s was not Tribute Summoned by Tributing a LIGHT monster: no Extra Deck cards are sent", src.name()), ruleRef{})
		return
	}
	n := 0
	for _, t := range l.targets {
		if !t.onField() && t.destroyed && t.isMonster() {
			n = t.c.Level
		}
	}
	if n == 0 {
		return
	}
	r := ruleRef{}
	if len(d.pl) > 2 {
		r = ref("\"Each\", \"both\" and \"neither\"", d.p.EachMeansAll)
	}
	d.emit("rule", p, src.name(), fmt.Sprintf("each player sends %d cards from their Extra Deck to the Graveyard (the destroyed monster's Level)", n), r)
	for _, q := range d.turnOrderFrom(d.tp) {
		for i := 0; i < n && len(d.pl[q].extra) > 0; i++ {
			d.moveTo(d.pl[q].extra[0], locGY, "sent from the Extra Deck by "+src.name())
		}
	}
}

// opExciton destroys every other card on the field, then the targeted opponent takes no further damage this turn ("Evilswarm Exciton Knight"; its condition is checked on the opponent it targets, opponentTargetFits).
func opExciton(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	q := l.oppTarget(d, p)
	for _, r := range d.turnOrderFrom(d.tp) {
		for _, c := range d.fieldOf(r) {
			if c != src && c.onField() && !d.unaffectedBy(c, l) {
				d.destroy(c, src.name(), false)
			}
		}
	}
	d.pl[q].noDamageTurn = d.turn
	d.emit("rule", q, src.name(), fmt.Sprintf("%s takes no further damage this turn", d.pn(q)), ruleRef{})
}

// cardsHeld counts the cards in p's hand and on p's field.
func (d *duel) cardsHeld(p int) int { return len(d.pl[p].hand) + len(d.fieldOf(p)) }
