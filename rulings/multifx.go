package rulings

import "fmt"

// Effects that move cards between players (domain-general-errata): with
// two players they swap; with more, each player passes to the next player
// in turn order, starting with the turn player.

func (d *duel) exchangeRef() ruleRef {
	if len(d.pl) > 2 {
		return ref("Exchanges between players", d.p.ExchangesPass)
	}
	return ruleRef{}
}

// exchangeMonsters resolves "Creature Swap".
func (d *duel) exchangeMonsters(l *link) {
	order := d.turnOrderFrom(d.tp)
	chosen := make([]*inst, len(order))
	for i, q := range order {
		for _, c := range l.choose {
			if q == l.ctrl && c.loc == locMonster && c.ctrl == q {
				chosen[i] = c
			}
		}
		if chosen[i] == nil && len(d.pl[q].mz) > 0 {
			chosen[i] = d.pl[q].mz[0]
		}
		if chosen[i] == nil {
			d.emit("rule", q, l.src.name(), fmt.Sprintf("%s controls no monster, so no monster changes hands", d.pn(q)), ruleRef{})
			return
		}
	}
	for _, m := range chosen {
		d.remove(m)
	}
	for i, m := range chosen {
		from, to := order[i], order[(i+1)%len(order)]
		d.place(m, to, locMonster)
		m.ctrlBack, m.ctrlUntil = -1, false
		d.emit("control", to, m.name(), fmt.Sprintf("%s gives %s to %s", d.pn(from), m.name(), d.pn(to)), d.exchangeRef())
	}
}

// exchangeHandDiscard resolves "Dragged Down into the Grave": every player
// looks at the next player's hand and picks a card from it; each picked
// card is discarded; then every player draws 1 card.
func (d *duel) exchangeHandDiscard(l *link) {
	order := d.turnOrderFrom(d.tp)
	picks := make([]*inst, len(order))
	for i, q := range order {
		next := order[(i+1)%len(order)]
		if len(d.pl[next].hand) > 0 {
			d.t.reveals[d.pn(next)+" hand"] = true
			d.emit("reveal", next, l.src.name(), fmt.Sprintf("%s reveals their hand", d.pn(next)), ruleRef{})
		}
		for _, c := range l.choose {
			if q == l.ctrl && c.loc == locHand && c.owner == next {
				picks[i] = c
			}
		}
		if picks[i] == nil && len(d.pl[next].hand) > 0 {
			picks[i] = d.pl[next].hand[0]
		}
		if picks[i] != nil {
			d.emit("rule", q, picks[i].name(), fmt.Sprintf("%s picks %s from %s's hand", d.pn(q), picks[i].name(), d.pn(next)), d.exchangeRef())
		}
	}
	for _, c := range picks {
		if c != nil && c.loc == locHand {
			d.discard(c, "discarded by "+l.src.name())
		}
	}
	for _, q := range order {
		d.draw(q, 1, "by "+l.src.name())
	}
}

// banishFromOpponent resolves "Trishula, Dragon of the Ice Barrier": up to
// 1 card each from the targeted opponent's hand (at random), field and
// Graveyard.
func (d *duel) banishFromOpponent(l *link) {
	q := l.oppTarget(d, l.ctrl)
	pick := func(list []*inst) *inst {
		for _, c := range l.choose {
			for _, x := range list {
				if c == x {
					return x
				}
			}
		}
		if len(list) > 0 {
			return list[0]
		}
		return nil
	}
	if h := d.pl[q].hand; len(h) > 0 {
		d.moveTo(h[0], locBanished, "banished at random from the hand by "+l.src.name()+" (the engine takes the first card listed)")
	}
	if f := pick(d.fieldOf(q)); f != nil {
		d.moveTo(f, locBanished, "banished by "+l.src.name())
	}
	if g := pick(d.pl[q].gy); g != nil {
		d.moveTo(g, locBanished, "banished by "+l.src.name())
	}
}
