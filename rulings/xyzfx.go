package rulings

// What the retro Xyz staples do with their materials and positions, beyond
// attaching and detaching (xyz.go):
//
//   - `atk-boost-with-material` (Continuous; `filter`, `n`, `what`): the
//     monsters its controller controls that match `filter` gain `n` ATK
//     while the card has a material whose printed Attribute is `what`
//     ("Abyss Dweller"); read by xyzBoost, which atkOf adds.
//   - `lock-opponent-gy` (effect): the opponent cannot activate card effects
//     in their Graveyard for the rest of the turn ("Abyss Dweller"); read by
//     gyActivationLocked, which ifMet asks for every activation and trigger.
//   - `by-position` (effect; `n`, `what`): what the effect does depends on
//     the card's battle position as it resolves ("Gagaga Cowboy"). In
//     Defense Position it inflicts `n` damage to the opponent; in Attack
//     Position, if it attacks an opponent's monster this turn, it gains
//     1000 ATK and that monster loses `what` (a number) ATK, during the
//     Damage Step only (xyzBoost).
//   - `special-summon-zeroed` with `what: deck` (mustfirst.go) takes the
//     monster from the Deck only ("Hieratic Dragon King of Atum").
//   - a target filter `atk<=self` is the card's own current ATK
//     ("Number 50: Blackship of Corn"): srcFilter.

import (
	"fmt"
	"strconv"
	"strings"
)

// xyzBoost is the ATK c gains or loses from this file's effects now.
func (d *duel) xyzBoost(c *inst) int {
	if c.loc != locMonster || !c.faceUp {
		return 0
	}
	n := 0
	for _, f := range d.pl[c.ctrl].mz {
		e := d.live(f, "atk-boost-with-material")
		if e == nil {
			continue
		}
		for _, o := range e.Do {
			if o.Op == "atk-boost-with-material" && d.matches(c, o.Filter) && hasMaterialOf(f, string(o.What)) {
				n += o.N
			}
		}
	}
	if at := d.atk; at != nil && d.ds >= 0 && at.target != nil && at.attacker.ctrl != at.target.ctrl && at.attacker.dsBoostTurn == d.turn {
		if e := at.attacker.hasOp("", "by-position"); e != nil {
			switch c {
			case at.attacker:
				n += 1000
			case at.target:
				for _, o := range e.Do {
					if o.Op == "by-position" {
						loss := o.What.number()
						n -= loss
					}
				}
			}
		}
	}
	return n
}

// hasMaterialOf: x has a material whose printed Attribute is attr.
func hasMaterialOf(x *inst, attr string) bool {
	for _, m := range x.mats {
		if m.c != nil && strings.EqualFold(m.c.Attribute, attr) {
			return true
		}
	}
	return false
}

// opLockOpponentGy stops the opponent from activating card effects in
// their Graveyard for the rest of the turn ("Abyss Dweller").
func opLockOpponentGy(d *duel, l *link, o Op) {
	q := l.oppTarget(d, l.ctrl)
	d.pl[q].gyLockTurn = d.turn
	d.emit("rule", l.ctrl, l.src.name(), fmt.Sprintf("%s cannot activate card effects in their Graveyard this turn (%s)", d.pn(q), l.src.name()), ruleRef{})
}

// gyActivationLocked says why c, in its owner's Graveyard, cannot activate
// its effect now, or "".
func (d *duel) gyActivationLocked(c *inst) string {
	if c.loc == locGY && d.pl[c.owner].gyLockTurn == d.turn && d.turn > 0 {
		return fmt.Sprintf("%s cannot activate card effects in their Graveyard this turn", d.pn(c.owner))
	}
	return ""
}

// opByPosition applies "Gagaga Cowboy"'s effect for the card's battle
// position as it resolves.
func opByPosition(d *duel, l *link, o Op) {
	c := l.src
	if c.loc != locMonster || !c.faceUp {
		d.emit("resolve", l.ctrl, c.name(), fmt.Sprintf("%s is no longer face-up on the field: its effect does nothing", c.name()), ruleRef{})
		return
	}
	if c.def {
		d.damage(l.oppTarget(d, l.ctrl), o.N, "damage from "+c.name()+" in Defense Position", ruleRef{})
		return
	}
	c.dsBoostTurn = d.turn
	d.emit("rule", l.ctrl, c.name(), fmt.Sprintf("%s is in Attack Position: if it attacks an opponent's monster this turn, it gains 1000 ATK and that monster loses %s ATK during the Damage Step", c.name(), o.What), ruleRef{})
}

// srcFilter resolves the terms of a target filter that compare with the
// effect's own card: `atk<=self` becomes `atk<=N` with the card's ATK.
func (d *duel) srcFilter(filter string, src *inst) string {
	if !strings.Contains(filter, "atk<=self") || src == nil {
		return filter
	}
	return strings.ReplaceAll(filter, "atk<=self", "atk<="+strconv.Itoa(d.atkOf(src)))
}
