package rulings

import "fmt"

// Verifying hands and Decks (goat-07). Some effects make a player show
// their hand or Deck so the opponent can check the effect resolved
// correctly. Goat always carries the reveal out; today it is skipped when
// public information already proves the result.

// copyLimit is how many copies of a card a Deck may hold: the scenario's
// Forbidden & Limited list ("limited:", "semi-limited:"), else 3.
func (d *duel) copyLimit(c *Card) int {
	if n, ok := d.s.Limits[c.Name]; ok {
		return n
	}
	return 3
}

// publicCopies counts the copies of c that player q owns and everyone can
// see: in the Graveyard, banished, or face-up on the field.
func (d *duel) publicCopies(q int, c *Card) int {
	n := 0
	for _, ps := range d.pl {
		if ps == nil {
			continue
		}
		for _, list := range [][]*inst{ps.gy, ps.banished, ps.mz, ps.st} {
			for _, x := range list {
				if x.c == c && x.owner == q && (x.faceUp || x.loc == locGY || x.loc == locBanished) {
					n++
				}
			}
		}
	}
	return n
}

// verify reveals player q's hand or Deck to check that src resolved
// correctly, unless the format skips reveals that public information
// already settles.
func (d *duel) verify(q int, zone string, c *Card, src *inst) {
	r := ref("Verifying hands and Decks", d.p.AlwaysReveal)
	lim, pub := d.copyLimit(c), d.publicCopies(q, c)
	if !d.p.AlwaysReveal.Value && pub >= lim {
		d.emit("rule", q, src.name(), fmt.Sprintf("no reveal is needed: all %d of the %d copies of %s %s may own are already public, which proves %s resolved correctly", pub, lim, c.Name, d.pn(q), src.name()), r)
		return
	}
	why := "to verify that " + src.name() + " resolved correctly"
	if d.p.AlwaysReveal.Value && pub >= lim {
		why += ", although public information already proves it"
	}
	d.t.reveals[d.pn(q)+" "+zone] = true
	d.emit("reveal", q, src.name(), fmt.Sprintf("%s reveals their %s %s", d.pn(q), zone, why), r)
}

// mindCrush: the opponent discards every copy of the declared card in
// their hand; if they hold none, they reveal their hand and the activator
// discards 1 card at random.
func (d *duel) mindCrush(l *link) {
	p, src := l.ctrl, l.src
	c, ok := d.s.cat.Lookup(l.declare)
	if !ok {
		d.fail("%s: declare a card name the catalogue knows, not %q", src.name(), l.declare)
		return
	}
	q := l.oppTarget(d, p)
	var found []*inst
	for _, x := range d.pl[q].hand {
		if x.c == c {
			found = append(found, x)
		}
	}
	if len(found) > 0 {
		for _, x := range found {
			d.discard(x, "discarded by "+src.name())
		}
		return
	}
	d.emit("rule", q, src.name(), fmt.Sprintf("%s holds no %s", d.pn(q), c.Name), ruleRef{})
	d.verify(q, "hand", c, src)
	if hand := d.pl[p].hand; len(hand) > 0 {
		d.discard(hand[0], "discarded at random by "+src.name()+" (the engine takes the first card listed)")
	}
}

// noblemanExtermination: destroy and banish the target; if it matches
// `filter` (default: a Trap, "Nobleman of Extermination"; a Flip monster
// for "Nobleman of Crossout"), every copy in every Deck is banished, and
// the Decks are shown to verify it.
func (d *duel) noblemanExtermination(l *link, filter string) {
	src := l.src
	if filter == "" {
		filter = "trap"
	}
	for _, t := range l.targets {
		if !t.onField() {
			continue
		}
		if !d.destroy(t, src.name(), false) {
			continue
		}
		d.moveTo(t, locBanished, "banished by "+src.name())
		if !d.matches(t, filter) {
			continue
		}
		for _, q := range d.turnOrderFrom(d.tp) {
			for _, x := range append([]*inst{}, d.pl[q].deck...) {
				if x.c == t.c {
					d.moveTo(x, locBanished, "banished from the Deck by "+src.name())
				}
			}
		}
		for _, q := range d.turnOrderFrom(d.tp) {
			d.verify(q, "Deck", t.c, src)
		}
	}
}
