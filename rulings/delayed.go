package rulings

// Cards set aside now and added to the hand later: "Gold Sarcophagus"
// banishes 1 card of its controller's Deck (the one the line names with
// `choosing`, else the top card) and adds it to the hand in its
// controller's second Standby Phase after the activation (`banish-from-deck-later`).
// The hook into the shared rooms is the Standby Phase (delayedAdds, from
// ops.go's standby triggers).

import "fmt"

// setAside is a card banished face-up to come back to its owner's hand.
type setAside struct {
	c        *inst
	p        int // the player whose Standby Phases count
	standbys int // Standby Phases of p passed since
}

// opBanishFromDeckLater banishes the chosen card of its controller's Deck;
// it is added to the hand in their second Standby Phase after this.
func opBanishFromDeckLater(d *duel, l *link, o Op) {
	p := l.ctrl
	var c *inst
	for _, x := range l.choose {
		if x.loc == locDeck && x.owner == p {
			c = x
			break
		}
	}
	if c == nil && len(d.pl[p].deck) > 0 {
		c = d.pl[p].deck[0]
	}
	if c == nil {
		d.emit("move", p, l.src.name(), fmt.Sprintf("%s has no card in the Deck for %s", d.pn(p), l.src.name()), ruleRef{})
		return
	}
	d.moveTo(c, locBanished, "banished by "+l.src.name()+" until "+d.pn(p)+"'s second Standby Phase")
	d.later = append(d.later, &setAside{c: c, p: p})
}

// delayedAdds counts the turn player's Standby Phase for the cards set
// aside and adds those whose second one has come.
func (d *duel) delayedAdds() {
	var keep []*setAside
	for _, s := range d.later {
		if s.p == d.tp {
			s.standbys++
		}
		if s.standbys < 2 {
			keep = append(keep, s)
			continue
		}
		if s.c.loc == locBanished {
			d.moveTo(s.c, locHand, "added to the hand in the second Standby Phase")
		}
	}
	d.later = keep
}
