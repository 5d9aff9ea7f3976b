package rulings

// Losing the Duel by a card effect, and effects that stop all damage to a
// player ("Relay Soul": the monster it Special Summons keeps its player
// from taking damage while it is face-up, and when it leaves the field its
// player loses; in Domain "your opponent wins the Duel" is read as "you
// lose the Duel", domain-general-errata#opponent-wins). Damage from effects
// and battles goes through damage, which applies the protection.

import "fmt"

// opRelaySoul Special Summons a monster from its controller's hand (the one the line chooses, else the first); while that monster is face-up on the field its controller takes no damage, and when it leaves the field its controller loses the Duel.
func opRelaySoul(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	var pick *inst
	for _, c := range d.pl[p].hand {
		if c.isMonster() && (len(l.choose) == 0 || containsInst(l.choose, c)) {
			pick = c
			break
		}
	}
	if pick == nil {
		d.emit("move", p, src.name(), fmt.Sprintf("%s has no monster in hand for %s", d.pn(p), src.name()), ruleRef{})
		return
	}
	if d.summonTo(pick, p, src.name(), true, false) {
		pick.relay = p + 1
		d.emit("rule", p, src.name(), fmt.Sprintf("while %s is face-up on the field %s takes no damage; when it leaves the field %s loses the Duel", pick.name(), d.pn(p), d.pn(p)), d.opponentWinsRef())
	}
}

// opponentWinsRef cites the reading of "your opponent wins" with several
// players.
func (d *duel) opponentWinsRef() ruleRef {
	if len(d.pl) > 2 {
		return plain("domain-general-errata#opponent-wins")
	}
	return ruleRef{}
}

// damage inflicts n effect damage to p, unless a monster keeps p from
// taking damage ("Relay Soul") or takes a counter instead (feathers.go).
func (d *duel) damage(p, n int, why string, r ruleRef) { d.inflict(p, n, why, r, false) }

// battleDamage inflicts n battle damage to p.
func (d *duel) battleDamage(p, n int, why string, r ruleRef) { d.inflict(p, n, why, r, true) }

// inflict is the one way damage is inflicted.
func (d *duel) inflict(p, n int, why string, r ruleRef, battle bool) {
	if !battle && d.featherInstead(p, why) {
		return
	}
	if d.pl[p].noDamageTurn == d.turn {
		d.emit("rule", p, "", fmt.Sprintf("%s takes no further damage this turn (%s)", d.pn(p), why), ruleRef{})
		return
	}
	for _, m := range d.pl[p].mz {
		if m.relay == p+1 && m.faceUp {
			d.emit("rule", p, m.name(), fmt.Sprintf("%s takes no damage while %s is face-up (%s)", d.pn(p), m.name(), why), ruleRef{})
			return
		}
	}
	d.changeLP(p, -n, why, r)
}

// relayLeft: a monster Summoned by "Relay Soul" left the field, so its
// player loses the Duel.
func (d *duel) relayLeft(c *inst, wasField bool) {
	if !wasField || c.relay == 0 || c.onField() {
		return
	}
	p := c.relay - 1
	c.relay = 0
	if p < 0 || p >= len(d.pl) || d.pl[p].lost {
		return
	}
	d.emit("rule", p, c.name(), fmt.Sprintf("%s left the field: %s loses the Duel (Relay Soul)", c.name(), d.pn(p)), d.opponentWinsRef())
	d.lose(p, "the monster Summoned by Relay Soul left the field")
}
