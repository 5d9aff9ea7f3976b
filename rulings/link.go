package rulings

// Zones, columns and Link Summons. Every card in a Monster Zone or a Spell
// & Trap Zone sits in a numbered zone (inst.zone): 1 to 5 from its
// controller's left, and for monsters the two Extra Monster Zones, above
// columns 2 and 4 (emzLeft, emzRight). A column is the Main Monster Zone,
// the Spell & Trap Zone and the Extra Monster Zone above one another, and
// it goes on across the table: column k from one seat is column 6-k from
// the seat in front. Only the player in front of you shares the Extra
// Monster Zones, Link Arrows and columns with you
// (domain-player-positioning#rule): `facing` says who that is.
//
// A Link Summon (`A Link Summons Borreload Dragon using X, Y and Z`) sends
// face-up monsters its player controls to the Graveyard as Link Material:
// at least `materials.count` of them (default 2), each matching
// `materials.filter`, whose number fits the Link Rating (a Link Monster
// material counts as 1 or as its Link Rating). The Link Monster goes to an
// Extra Monster Zone (a player may hold only one of them, and neither may
// be taken by the player in front) or to one of the player's Main Monster
// Zones that a Link Arrow points to. Which zone each card starts in can be
// stated (`column 3`, `extra monster zone`, `right extra monster zone`);
// otherwise cards fill the leftmost free zone. The State shows zones once
// a scenario uses them (a stated zone, a Link Monster, a column).

import (
	"fmt"
	"slices"
)

const (
	emzLeft  = 6 // the Extra Monster Zone above column 2, from its controller's seat
	emzRight = 7 // the one above column 4
)

func isEMZ(z int) bool { return z == emzLeft || z == emzRight }

// zoneColumn is the column (1 to 5, from the controller's seat) of zone z.
func zoneColumn(z int) int {
	switch z {
	case emzLeft:
		return 2
	case emzRight:
		return 4
	}
	return z
}

// mirror turns a column seen from one seat into the same column seen from
// the seat in front; it also turns one Extra Monster Zone into the other.
func mirror(k int) int {
	switch k {
	case emzLeft:
		return emzRight
	case emzRight:
		return emzLeft
	}
	return 6 - k
}

// facing is the player sitting in front of p, or -1: with an even number
// of seats the one across the table; with an odd number the engine pairs
// the first seats with those half-way round and leaves the last seat
// alone (any seating the players accept is allowed: the scenario's order
// is taken as it). A removed player leaves the seat empty; nobody moves.
func (d *duel) facing(p int) int {
	n, q := len(d.pl), -1
	if n%2 == 0 {
		q = (p + n/2) % n
	} else if h := (n - 1) / 2; p < h {
		q = p + h
	} else if p < 2*h {
		q = p - h
	}
	if q < 0 || q == p || !d.inGame(q) {
		return -1
	}
	return q
}

// zoneTaken reports whether p's zone z at loc holds a card other than
// self and those in skip; an Extra Monster Zone also counts the player in
// front.
func (d *duel) zoneTaken(p, z int, loc location, self *inst, skip []*inst) bool {
	list := d.pl[p].st
	if loc == locMonster {
		list = d.pl[p].mz
	}
	for _, c := range list {
		if c.zone == z && c != self && !slices.Contains(skip, c) {
			return true
		}
	}
	if loc != locMonster || !isEMZ(z) {
		return false
	}
	if f := d.facing(p); f >= 0 {
		for _, c := range d.pl[f].mz {
			if c.zone == mirror(z) && c != self && !slices.Contains(skip, c) {
				return true
			}
		}
	}
	return false
}

// assignZone gives c, just placed at loc on p's field, its zone: the one
// it asked for (c.wantZone) when free, else the leftmost free one.
func (d *duel) assignZone(c *inst, p int, loc location) {
	want := c.wantZone
	c.zone, c.wantZone = 0, 0
	if want > 0 && !d.zoneTaken(p, want, loc, c, nil) && (!isEMZ(want) || loc == locMonster) {
		c.zone = want
		return
	}
	for z := 1; z <= maxFieldZone; z++ {
		if !d.zoneTaken(p, z, loc, c, nil) {
			c.zone = z
			return
		}
	}
}

// mainMonsters counts p's monsters in Main Monster Zones.
func (d *duel) mainMonsters(p int) int {
	n := 0
	for _, c := range d.pl[p].mz {
		if !isEMZ(c.zone) {
			n++
		}
	}
	return n
}

// inColumn lists the cards in column k (from p's seat): p's own, and those
// of the player in front of p (domain-player-positioning#rule).
func (d *duel) inColumn(p, k int) []*inst {
	var out []*inst
	add := func(q, col int) {
		for _, c := range d.pl[q].mz {
			if zoneColumn(c.zone) == col {
				out = append(out, c)
			}
		}
		for _, c := range d.pl[q].st {
			if c.zone == col {
				out = append(out, c)
			}
		}
	}
	add(p, k)
	if f := d.facing(p); f >= 0 {
		add(f, mirror(k))
	}
	return out
}

// columnForSummon is the first column (from the left of p's seat) with 2
// or more cards and p's Main Monster Zone in it free, or 0
// ("Mekk-Knight Purple Nightfall"'s procedure).
func (d *duel) columnForSummon(p int) int {
	for k := 1; k <= maxFieldZone; k++ {
		if len(d.inColumn(p, k)) >= 2 && !d.zoneTaken(p, k, locMonster, nil, nil) {
			return k
		}
	}
	return 0
}

// procColumn is the procedure condition "2 or more cards are in the same
// column": it also sends the monster to p's zone in that column.
func procColumn(d *duel, p int, c *inst) bool {
	d.zonesShown = true
	k := d.columnForSummon(p)
	if k == 0 {
		return false
	}
	c.wantZone = k
	r := d.columnRef()
	d.emit("rule", p, c.name(), fmt.Sprintf("column %d holds %s (only %s's own cards and those of the player in front count): %s goes to %s's zone in it", k, d.describeAll(d.inColumn(p, k)), d.pn(p), c.name(), d.pn(p)), r)
	return true
}

// columnRef cites the Domain rule on whose cards a column counts, with
// more than two players.
func (d *duel) columnRef() ruleRef {
	if len(d.pl) > 2 {
		return plain("domain-player-positioning#example-1")
	}
	return ruleRef{}
}

// arrowSteps gives each Link Arrow's step: columns to the right, and rows
// up (+1) or down (-1), from the monster's seat.
var arrowSteps = map[string][2]int{
	"top-left": {-1, 1}, "top": {0, 1}, "top-right": {1, 1},
	"left": {-1, 0}, "right": {1, 0},
	"bottom-left": {-1, -1}, "bottom": {0, -1}, "bottom-right": {1, -1},
}

// pointsTo reports whether a Link Monster L points to player p's Main
// Monster Zone z: rows are p's Main Monster Zones (0), the Extra Monster
// Zones (1), and the Main Monster Zones of the player in front (2, their
// columns mirrored).
func (d *duel) pointsTo(L *inst, p, z int) bool {
	q := L.ctrl
	col, row := zoneColumn(L.zone), 0
	if isEMZ(L.zone) {
		row = 1
	}
	for _, a := range L.c.LinkArrows {
		s, ok := arrowSteps[a]
		if !ok {
			continue
		}
		c, r := col+s[0], row+s[1]
		switch {
		case r == 0 && q == p && c == z:
			return true
		case r == 2 && d.facing(q) == p && mirror(c) == z:
			return true
		}
	}
	return false
}

// linkZone is the zone a Link Monster Summoned by p goes to, the
// materials (skip) having left: a free Extra Monster Zone if p holds none,
// else the leftmost free Main Monster Zone a Link Arrow points to; 0 when
// there is none.
func (d *duel) linkZone(p int, skip []*inst) int {
	holds := slices.ContainsFunc(d.pl[p].mz, func(m *inst) bool { return isEMZ(m.zone) && !slices.Contains(skip, m) })
	if !holds {
		for _, z := range []int{emzLeft, emzRight} {
			if !d.zoneTaken(p, z, locMonster, nil, skip) {
				return z
			}
		}
	}
	var links []*inst
	for _, q := range []int{p, d.facing(p)} {
		if q < 0 {
			continue
		}
		for _, m := range d.pl[q].mz {
			if m.faceUp && m.c.Has(SubLink) && !slices.Contains(skip, m) {
				links = append(links, m)
			}
		}
	}
	for z := 1; z <= maxFieldZone; z++ {
		if d.zoneTaken(p, z, locMonster, nil, skip) {
			continue
		}
		for _, L := range links {
			if d.pointsTo(L, p, z) {
				return z
			}
		}
	}
	return 0
}

// zoneText names zone z at loc: "Extra Monster Zone (column 2)".
func zoneText(z int, loc location) string {
	switch {
	case z == 0:
		return ""
	case isEMZ(z):
		return fmt.Sprintf("Extra Monster Zone (column %d)", zoneColumn(z))
	case loc == locSpell:
		return fmt.Sprintf("Spell & Trap Zone %d", z)
	}
	return fmt.Sprintf("Main Monster Zone %d", z)
}

// linkSummon plays "A Link Summons Borreload Dragon using X, Y and Z".
func (d *duel) linkSummon(a *Action) {
	p := a.Player
	d.zonesShown = true
	c := d.extraSummonStart(a, "Link Summon", SubLink, "a Link Monster")
	if c == nil {
		return
	}
	least, filter := 2, ""
	if m := c.c.Materials; m != nil {
		least, filter = max(m.Count, 1), m.Filter
	}
	var mats []*inst
	low, high := 0, 0
	for _, r := range a.Tribute {
		m := d.fieldMaterial(r, p, mats)
		if m == nil {
			return
		}
		if filter != "" && !d.matches(m, filter) {
			d.illegal(fmt.Sprintf("%s cannot be Link Material for %s (it needs %s monsters)", m.name(), c.name(), filter), ruleRef{})
			return
		}
		mats = append(mats, m)
		low++
		high += max(m.c.LinkRating, 1)
	}
	if len(mats) < least || c.c.LinkRating < low || c.c.LinkRating > high {
		d.illegal(fmt.Sprintf("a Link Summon of %s (Link-%d) needs at least %d materials whose count fits its Link Rating; %d were named", c.name(), c.c.LinkRating, least, len(mats)), ruleRef{})
		return
	}
	z := d.linkZone(p, mats)
	if z == 0 {
		r := ruleRef{}
		if len(d.pl) > 2 {
			r = plain("domain-player-positioning#rule")
		}
		d.illegal(fmt.Sprintf("%s has no free Extra Monster Zone (one is shared with the player in front) and no free Main Monster Zone a Link Arrow points to", d.pn(p)), r)
		return
	}
	if !d.sendMaterials(p, c, mats, "Link") {
		return
	}
	c.wantZone = z
	from := d.specialPlace(c, p, true, false)
	d.tick()
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Link Summons %s from %s to the %s using %s", d.pn(p), c.name(), from, zoneText(c.zone, locMonster), d.describeAll(mats)), ruleRef{})
	d.selfTrigger(c, WhenLinkSummoned, WhenSpecialSummoned, WhenSummoned)
	d.faceUpNow(c)
	d.afterSummon(c)
}
