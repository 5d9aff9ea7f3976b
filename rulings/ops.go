package rulings

import (
	"fmt"
	"slices"
	"strings"
)

// execMore runs the ops added with the second set of switches; it reports
// false for an op it does not know.
func (d *duel) execMore(l *link, o Op) bool {
	p, src := l.ctrl, l.src
	valid := func() []*inst {
		var out []*inst
		for _, t := range l.targets {
			if t.onField() || (l.eff.Target != nil && strings.Contains(l.eff.Target.What, "gy") && t.loc == locGY) {
				out = append(out, t)
			}
		}
		return out
	}
	switch o.Op {
	case "summon-tokens":
		tok, ok := d.s.cat.Lookup(o.What)
		if !ok {
			d.fail("%s: no card %q in the catalogue", src.name(), o.What)
			return true
		}
		to := p
		if o.To == "opponent" {
			to = l.oppTarget(d, p)
		}
		for i := 0; i < max(o.N, 1); i++ {
			c := d.newInst(tok, p, locGone)
			if !d.summonTo(c, to, src.name(), true, true) {
				break
			}
		}
	case "no-extra-summons":
		d.pl[p].noExtra = true
		d.emit("rule", p, src.name(), fmt.Sprintf("%s cannot Special Summon from the Extra Deck for the rest of this turn", d.pn(p)), ruleRef{})
	case "no-summons-this-turn":
		d.pl[p].noSummon = true
		d.emit("rule", p, src.name(), fmt.Sprintf("%s cannot Summon other monsters this turn", d.pn(p)), ruleRef{})
	case "special-summon-from-hand-or-deck":
		for _, c := range append(append([]*inst{}, d.pl[p].hand...), d.pl[p].deck...) {
			if d.matches(c, o.Filter) {
				d.specialSummon(c, p, src.name())
				return true
			}
		}
		d.emit("move", p, src.name(), fmt.Sprintf("%s has no monster to Special Summon", d.pn(p)), ruleRef{})
	case "special-summon-from-own-gy":
		if d.gyLocked(src) {
			return true
		}
		for _, c := range d.pl[p].gy {
			if c != src && c.isMonster() && d.matches(c, o.Filter) {
				d.specialSummon(c, p, src.name())
				return true
			}
		}
		d.emit("move", p, src.name(), fmt.Sprintf("%s has no monster in the Graveyard for %s", d.pn(p), src.name()), ruleRef{})
	case "damage-battle-destroyer":
		if b := l.battled; b != nil {
			d.changeLP(b.ctrl, -d.atkOf(b), "damage from "+src.name(), ruleRef{})
		}
	case "special-summon-self":
		if src.loc == locGY || src.loc == locHand {
			d.specialSummon(src, p, "its own effect")
		}
	case "bounce":
		for _, t := range valid() {
			if t.loc != locMonster {
				continue
			}
			mon, owner, ctrl := t.isMonster() && !t.trapMon, t.owner, t.ctrl
			d.moveTo(t, locHand, "returned to the hand by "+src.name())
			if mon && ctrl != p && t.loc == locHand {
				d.winEvents = append(d.winEvents, fmt.Sprintf("monster-bounced:%d", ctrl))
			}
			_ = owner
		}
	case "flip-own-set-monsters":
		for _, m := range append([]*inst{}, d.pl[p].mz...) {
			if !m.faceUp {
				m.def = true
				d.flipUp(m, src.name())
			}
		}
	case "add-to-hand":
		for _, t := range l.targets {
			if t.loc == locGY && t.owner == p {
				d.moveTo(t, locHand, "added to the hand by "+src.name())
			}
		}
	case "return-from-gy-to-hand":
		for _, c := range d.pl[p].gy {
			if c != src && c.c != src.c && d.matches(c, o.Filter) {
				d.moveTo(c, locHand, "returned to the hand by "+src.name())
				return true
			}
		}
		d.emit("move", p, src.name(), fmt.Sprintf("%s has no card in the Graveyard for %s to return", d.pn(p), src.name()), ruleRef{})
	case "to-deck-top":
		for _, t := range l.targets {
			if t.loc == locGY || t.onField() {
				d.moveTo(t, locDeck, "put on top of the Deck by "+src.name())
			}
		}
	case "return-self-to-deck-top":
		if src.loc == locGY {
			d.moveTo(src, locDeck, "put on top of the Deck by its own effect")
		}
	case "equip-target-to-self":
		d.equipMonster(l)
	case "equip":
		ts := valid()
		if len(ts) == 0 || ts[0].loc != locMonster || !ts[0].faceUp || !src.onField() {
			return true
		}
		d.equipCard(src, ts[0], src.name())
	case "take-control":
		var m *inst
		if o.What == "equipped" {
			m = src.equipTo
		} else if ts := valid(); len(ts) > 0 {
			m = ts[0]
		}
		if m == nil || m.loc != locMonster {
			return true
		}
		d.takeControl(m, p, src.name(), o.What == "until-end-phase")
	case "union-equip":
		ts := valid()
		if len(ts) == 0 || ts[0].loc != locMonster || !ts[0].faceUp || src.loc != locMonster || !src.faceUp {
			return true
		}
		if lim := d.p.UnionLimit.Value; lim > 0 && d.unionCount(ts[0]) >= lim {
			d.emit("rule", p, src.name(), fmt.Sprintf("%s already carries a Union monster: %s is not equipped", ts[0].name(), src.name()), ref("Unions per monster", d.p.UnionLimit))
			return true
		}
		d.equipCard(src, ts[0], "its Union effect")
	case "union-unequip":
		if src.loc == locSpell && src.equipTo != nil {
			src.equipTo = nil
			d.summonTo(src, p, "its Union effect", true, false)
		}
	case "mind-crush":
		d.mindCrush(l)
	case "nobleman-extermination":
		d.noblemanExtermination(l)
	case "fake-trap":
		if t := l.respTo; t != nil {
			if t.spare == nil {
				t.spare = map[*inst]bool{}
			}
			for _, c := range d.fieldOf(p) {
				if c != src && c.c != nil && c.c.Kind == "trap" {
					t.spare[c] = true
				}
			}
			d.emit("rule", p, src.name(), fmt.Sprintf("%s is destroyed in place of %s's other Trap Cards", src.name(), d.pn(p)), ruleRef{})
			src.destroyed = true
			if _, ok := d.t.destroy[src.name()]; !ok {
				d.t.destroy[src.name()] = "effect"
			}
		}
	case "summon-self-as-monster":
		d.trapMonsterSummon(l)
	case "banish-until":
		for _, t := range valid() {
			d.banishUntil(t, t.ctrl, map[string]string{"next-standby": "standby", "end-phase": "end"}[o.What], src.name())
		}
	case "major-riot":
		counts := make([]int, len(d.pl))
		for _, q := range d.turnOrderFrom(d.tp) {
			for _, m := range append([]*inst{}, d.pl[q].mz...) {
				d.moveTo(m, locHand, "returned to the hand by "+src.name())
				if m.loc == locHand && m.owner == q {
					counts[q]++
				}
			}
		}
		for _, q := range d.turnOrderFrom(d.tp) {
			for _, c := range append([]*inst{}, d.pl[q].hand...) {
				if counts[q] == 0 || !c.isMonster() || c.c.Level > 4 {
					continue
				}
				if d.summonTo(c, q, src.name(), true, false) {
					counts[q]--
				}
			}
		}
	case "draw-per-dragon-discarded":
		if n := d.pl[p].dragonsGone; n > 0 {
			d.draw(p, n, "by "+src.name())
		} else {
			d.emit("draw", p, src.name(), fmt.Sprintf("%s discarded or Tributed no Dragon this turn: no draw", d.pn(p)), ruleRef{})
		}
	case "destroy-highest-atk":
		var mons []*inst
		top := -1
		for _, q := range d.turnOrderFrom(d.tp) {
			for _, m := range d.pl[q].mz {
				if !m.faceUp {
					continue
				}
				switch v := d.atkOf(m); {
				case v > top:
					mons, top = []*inst{m}, v
				case v == top:
					mons = append(mons, m)
				}
			}
		}
		for _, m := range mons {
			d.destroy(m, src.name(), false)
		}
	case "each-discard":
		for _, q := range d.turnOrderFrom(d.tp) {
			for i := 0; i < max(o.N, 1) && len(d.pl[q].hand) > 0; i++ {
				x := d.pl[q].hand[0]
				for _, c := range l.choose {
					if q == p && c.loc == locHand && c.owner == q {
						x = c
					}
				}
				d.discard(x, "discarded by "+src.name()+" (the engine takes the first card listed unless the line says which)")
			}
		}
	case "exchange-monsters":
		d.exchangeMonsters(l)
	case "exchange-hand-discard":
		d.exchangeHandDiscard(l)
	case "banish-from-opponent":
		d.banishFromOpponent(l)
	case "eradicate":
		d.eradicate(l)
	case "damage-per-card":
		q := l.oppTarget(d, p)
		n := len(d.pl[q].hand) + len(d.fieldOf(q))
		d.changeLP(q, -n*o.N, fmt.Sprintf("damage from %s: %d cards in hand and on the field", src.name(), n), ruleRef{})
	case "shuffle-into-deck":
		for _, t := range l.targets {
			if t.loc != locGY {
				continue
			}
			q := t.owner
			d.moveTo(t, locDeck, "shuffled into the Deck by "+src.name())
			if t.loc == locDeck {
				deck := d.pl[q].deck
				for i, x := range deck {
					if x == t {
						deck = append(append(deck[:i:i], deck[i+1:]...), t)
						break
					}
				}
				d.pl[q].deck = deck
			}
		}
		d.emit("shuffle", p, src.name(), "the Deck is shuffled (the engine keeps the shuffled-in cards at the bottom, in order)", ruleRef{})
	case "no-summons-until-your-draw":
		d.lingering = append(d.lingering, &lingering{kind: "no-effect-summons", owner: p, src: src.name()})
		d.emit("rule", p, src.name(), fmt.Sprintf("until %s's next Draw Phase, no player can Normal or Special Summon an Effect Monster", d.pn(p)), ruleRef{})
	case "opponent-gains-lp":
		if m := src.equipTo; m != nil && m.ctrlBack >= 0 {
			d.changeLP(m.ctrlBack, max(o.N, 0), "from "+src.name(), ruleRef{})
		} else {
			d.changeLP(d.opp(p), max(o.N, 0), "from "+src.name(), ruleRef{})
		}
	default:
		return false
	}
	return true
}

// newInst makes a new card for the duel (a Token).
func (d *duel) newInst(c *Card, owner int, loc string) *inst {
	d.nextID++
	x := &inst{id: d.nextID, c: c, owner: owner, ctrl: owner, loc: loc, tributable: -1, summonedBy: -1, ctrlBack: -1}
	x.atkBase, x.defBase = max(c.ATK, 0), max(c.DEF, 0)
	return x
}

// flipUp turns a face-down monster face-up by an effect; its Flip Effect
// triggers.
func (d *duel) flipUp(m *inst, by string) {
	m.faceUp = true
	d.emit("flip", m.ctrl, m.name(), fmt.Sprintf("%s is turned face-up by %s", d.describe(m), by), ruleRef{})
	for i := range m.c.Effects {
		e := &m.c.Effects[i]
		if e.Kind == "flip" || (e.Kind == "trigger" && e.When == "flip") {
			d.queue(m, e, -1, nil)
		}
	}
	d.faceUpNow(m)
}

// faceUpNow runs what a card turning face-up starts: a Trap negator makes
// Trap Monsters Trap Cards again.
func (d *duel) faceUpNow(c *inst) {
	if c.hasOp("continuous", "negate-traps") != nil {
		d.trapMonstersNegated()
	}
}

// noSpecialSummons is a face-up card that stops every player from Special
// Summoning ("Archlord Kristya"), or nil.
func (d *duel) noSpecialSummons() *inst {
	for _, f := range d.allField() {
		if f.faceUp && !f.effNegated && f.hasOp("continuous", "no-special-summons") != nil {
			return f
		}
	}
	return nil
}

// equipMonster resolves "Thousand-Eyes Restrict"/"Relinquished": equip the
// target to the monster, if the monster is still face-up on the field.
func (d *duel) equipMonster(l *link) {
	src := l.src
	var t *inst
	for _, x := range l.targets {
		if x.loc == locMonster {
			t = x
		}
	}
	if t == nil {
		return
	}
	if src.loc == locMonster && src.faceUp && !src.effNegated {
		if d.freeST(src.ctrl) <= 0 {
			d.emit("rule", src.ctrl, src.name(), fmt.Sprintf("%s has no free Spell & Trap Zone: %s stays where it is", d.pn(src.ctrl), t.name()), ruleRef{})
			return
		}
		d.remove(t)
		d.place(t, src.ctrl, locSpell)
		t.moves++
		t.faceUp, t.def, t.equipTo = true, false, src
		src.atkBase, src.defBase = max(t.c.ATK, 0), max(t.c.DEF, 0)
		d.emit("equip", src.ctrl, t.name(), fmt.Sprintf("%s is equipped to %s as an Equip Card; %s's ATK/DEF become %d/%d", t.name(), d.describe(src), src.name(), src.atkBase, src.defBase), ruleRef{})
		return
	}
	r := ref("Monsters equipping monsters", d.p.EquipFailKeeps)
	if d.p.EquipFailKeeps.Value {
		d.emit("rule", t.ctrl, t.name(), fmt.Sprintf("%s is no longer face-up on the field, so its effect does nothing: %s stays with %s", src.name(), t.name(), d.pn(t.ctrl)), r)
		return
	}
	d.emit("rule", t.ctrl, t.name(), fmt.Sprintf("%s is no longer face-up on the field and cannot be equipped with %s, so %s is sent to the Graveyard", src.name(), t.name(), t.name()), r)
	d.moveTo(t, locGY, "its equip failed")
}

// standbyTriggers queues the effects that trigger in an opponent's
// Standby Phase ("Snatch Steal").
func (d *duel) standbyTriggers() {
	for _, c := range d.allField() {
		if !c.faceUp || c.c == nil || c.ctrl == d.tp {
			continue
		}
		for i := range c.c.Effects {
			if e := &c.c.Effects[i]; e.Kind == "trigger" && e.When == "opponent-standby" {
				d.queue(c, e, -1, nil)
			}
		}
	}
	d.startBuildIfDue()
}

// locker is a face-up card that stops other monsters from attacking or
// changing position ("Thousand-Eyes Restrict"), other than m.
func (d *duel) locker(m *inst) *inst {
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range d.pl[q].mz {
			if c != m && c.faceUp && !c.effNegated && c.hasOp("continuous", "lock-others") != nil {
				return c
			}
		}
	}
	return nil
}

// synchroSummon plays "A Synchro Summons Trishula, Dragon of the Ice
// Barrier using The White Stone of Legend and Blue-Eyes White Dragon": one
// Tuner and any non-Tuners from the field whose Levels add up to the
// Synchro Monster's.
func (d *duel) synchroSummon(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "Synchro Summon") {
		return
	}
	var c *inst
	for _, x := range d.pl[p].extra {
		if x.c == a.Card.Card {
			c = x
			break
		}
	}
	if c == nil {
		if dm := d.dmFor(a.Card, p); dm != nil {
			c = dm
		} else {
			d.fail("%s", d.whereText(a.Card, p, "Extra Deck"))
			return
		}
	}
	if !c.c.Has("synchro") {
		d.illegal(fmt.Sprintf("%s is not a Synchro Monster", c.name()), ruleRef{})
		return
	}
	if d.pl[p].noSummon || d.pl[p].noExtra {
		d.illegal(fmt.Sprintf("%s cannot Special Summon from the Extra Deck this turn", d.pn(p)), ruleRef{})
		return
	}
	if k := d.noSpecialSummons(); k != nil {
		r := ruleRef{}
		if len(d.pl) > 2 {
			r = plain("domain-general-errata#neither")
		}
		d.illegal(fmt.Sprintf("%s is face-up: no player can Special Summon", d.describe(k)), r)
		return
	}
	if why := d.summonBanned(c); why != "" {
		d.illegal(why, ruleRef{})
		return
	}
	var mats []*inst
	tuners, levels := 0, 0
	for _, r := range a.Tribute {
		m := d.find(r, p, locMonster)
		if m == nil || m.ctrl != p || !m.faceUp || slices.Contains(mats, m) {
			d.fail("%s", d.whereText(r, p, "Monster Zone"))
			return
		}
		if m.c.Has("tuner") {
			tuners++
		}
		levels += d.level(m)
		mats = append(mats, m)
	}
	if tuners != 1 || len(mats) < 2 || levels != c.c.Level {
		d.illegal(fmt.Sprintf("a Synchro Summon of %s (Level %d) needs 1 Tuner and at least 1 other monster whose Levels add up to %d; these have %d Tuner(s) and Levels %d", c.name(), c.c.Level, c.c.Level, tuners, levels), ruleRef{})
		return
	}
	fromDMZ := c.loc == locDMZ
	if fromDMZ && !d.payDMCost(p, c) {
		return
	}
	d.slowAction()
	d.tick()
	for _, m := range mats {
		d.moveTo(m, locGY, "used as Synchro Material for "+c.name())
	}
	d.tick()
	from := d.locName(c)
	d.remove(c)
	d.place(c, p, locMonster)
	c.moves++
	c.faceUp, c.def, c.summonTurn, c.summonedBy = true, false, d.turn, p
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Synchro Summons %s from %s", d.pn(p), c.name(), from), ruleRef{})
	d.selfTrigger(c, "synchro-summoned", "special-summoned", "summoned")
	d.faceUpNow(c)
	d.afterSummon(c)
}
