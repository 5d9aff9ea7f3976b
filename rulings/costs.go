package rulings

// Costs and Life Points: LP changes, losing, and maintenance costs paid in the Standby Phase (activation costs are paid in payCosts, chain.go).

import (
	"fmt"
)

func (d *duel) changeLP(p, delta int, why string, r ruleRef) {
	ps := d.pl[p]
	ps.lp += delta
	if ps.lp < 0 {
		ps.lp = 0
	}
	defer d.suddenDeath()
	verb := "gains"
	amt := delta
	if delta < 0 {
		verb, amt = "loses", -delta
	}
	d.emit("lp", p, "", fmt.Sprintf("%s %s %d LP (%s): %d LP", d.pn(p), verb, amt, why, ps.lp), r)
}

func (d *duel) lose(p int, why string) {
	if d.pl[p].lost {
		return
	}
	d.pl[p].lost = true
	if len(d.pl) > 2 {
		d.emit("lose", p, "", fmt.Sprintf("%s loses: %s", d.pn(p), why), ruleRef{})
		d.removePlayer(p)
		if w := d.winner(); w != "" {
			d.emit("lose", -1, "", fmt.Sprintf("the game is over: %s wins", w), ruleRef{})
			d.over = true
		}
		return
	}
	d.emit("lose", p, "", fmt.Sprintf("%s loses the duel: %s", d.pn(p), why), ruleRef{})
	d.over = true
	d.updateMatch()
}

func (d *duel) checkLoss() {
	for p := range d.pl {
		if d.pl[p].lp <= 0 && !d.pl[p].lost {
			d.lose(p, "0 LP")
		}
	}
}

func (d *duel) standbyMaintenance() {
	for _, c := range append(append([]*inst{}, d.pl[d.tp].mz...), d.pl[d.tp].st...) {
		if !c.faceUp || c.c == nil {
			continue
		}
		for i := range c.c.Effects {
			e := &c.c.Effects[i]
			if e.Kind != EffectMaintenance {
				continue
			}
			n := 0
			for _, o := range e.Cost {
				if o.Op == "pay-lp" {
					n = o.N
				}
			}
			m := &maintenance{c: c, eff: e, n: n}
			if e.Optional {
				d.maint = append(d.maint, m)
				d.emit("maintenance", d.tp, c.name(), fmt.Sprintf("%s may pay %d LP to keep %s", d.pn(d.tp), n, c.name()), ruleRef{})
				continue
			}
			d.doMaintenance(m, true)
		}
	}
}

func (d *duel) doMaintenance(m *maintenance, pay bool) {
	m.done = true
	p := m.c.ctrl
	lp := d.pl[p].lp
	r := ref("Maintenance costs", d.p.MaintenanceToZero)
	switch {
	case !pay:
		d.emit("maintenance", p, m.c.name(), fmt.Sprintf("%s does not pay for %s", d.pn(p), m.c.name()), ruleRef{})
		d.destroy(m.c, "unpaid maintenance", false)
	case lp < m.n:
		d.emit("maintenance", p, m.c.name(), fmt.Sprintf("%s cannot pay %d LP for %s (has %d)", d.pn(p), m.n, m.c.name(), lp), ruleRef{})
		d.destroy(m.c, "unpaid maintenance", false)
	case lp == m.n && !d.maintenanceMayReachZero():
		d.emit("maintenance", p, m.c.name(), fmt.Sprintf("paying %d LP for %s would bring %s to 0, so it cannot be paid and %s is destroyed", m.n, m.c.name(), d.pn(p), m.c.name()), r)
		d.destroy(m.c, "unpaid maintenance", false)
	default:
		if lp == m.n {
			d.emit("maintenance", p, m.c.name(), fmt.Sprintf("%s pays all of their %d LP for %s", d.pn(p), m.n, m.c.name()), r)
		}
		d.changeLP(p, -m.n, "maintenance for "+m.c.name(), ruleRef{})
		d.checkLoss()
		d.lpPaid(p, m.n)
	}
}

func (d *duel) payMaintenance(a *Action) {
	for _, m := range d.maint {
		if m.done || m.c.c != a.Card.Card {
			continue
		}
		if a.Verb == vPay {
			lp := d.pl[m.c.ctrl].lp
			if lp < m.n {
				d.illegal(fmt.Sprintf("%s cannot pay %d LP with %d LP", d.pn(m.c.ctrl), m.n, lp), ruleRef{})
				return
			}
			if lp == m.n && !d.maintenanceMayReachZero() {
				d.illegal(fmt.Sprintf("paying %d LP for %s would bring %s to 0 LP", m.n, m.c.name(), d.pn(m.c.ctrl)), ref("Maintenance costs", d.p.MaintenanceToZero))
				return
			}
		}
		d.doMaintenance(m, a.Verb == vPay)
		d.dropDoneMaintenance()
		return
	}
	d.fail("%s has no maintenance cost to decide now", a.Card.Card.Name)
}

func (d *duel) dropDoneMaintenance() {
	var keep []*maintenance
	for _, m := range d.maint {
		if !m.done {
			keep = append(keep, m)
		}
	}
	d.maint = keep
}

// defaultMaintenance pays what can be paid without losing, and lets the rest go.
func (d *duel) defaultMaintenance() {
	for _, m := range d.maint {
		if m.done {
			continue
		}
		lp := d.pl[m.c.ctrl].lp
		d.doMaintenance(m, lp > m.n)
	}
	d.maint = nil
}

// costMayReachZero is whether a cost may bring a player's LP to exactly 0 (LPCostToZero): the one place that reads the switch.
func (d *duel) costMayReachZero() bool { return d.p.LPCostToZero.Value }

// maintenanceMayReachZero is whether a maintenance cost may bring LP to 0; if not, the card is destroyed instead (MaintenanceToZero): the one place that reads the switch.
func (d *duel) maintenanceMayReachZero() bool { return d.p.MaintenanceToZero.Value }

// payCosts checks and pays an activation's costs.
func (d *duel) payCosts(p int, c *inst, e *Effect, a *Action, targets []*inst) ([]string, bool) {
	// Check everything first, then pay.
	for _, o := range e.Cost {
		cc := costCall{d: d, p: p, c: c, a: a, targets: targets, o: o}
		if op := opTable[o.Op]; op.check != nil && !op.check(cc) {
			return nil, false
		}
	}
	d.tick()
	since := d.trigSeq
	var out []string
	for _, o := range e.Cost {
		cc := costCall{d: d, p: p, c: c, a: a, targets: targets, o: o}
		op := opTable[o.Op]
		if op.pay == nil {
			continue
		}
		paid, ok := op.pay(cc)
		if !ok {
			return nil, false
		}
		out = append(out, paid...)
	}
	d.overtake(since, fmt.Sprintf("it was paid as a cost for %s, which went ahead after it", effectName(c.c, e)))
	d.checkLoss()
	return out, !d.over
}

// costCall is one cost of an activation: who pays (p) for which card (c),
// the script line (a) with its choices, the effect's targets, and the op.
type costCall struct {
	d       *duel
	p       int
	c       *inst
	a       *Action
	targets []*inst
	o       Op
}

// illegal ends the replay: the cost cannot be paid.
func (cc costCall) illegal(format string, args ...any) bool {
	cc.d.illegal(fmt.Sprintf(format, args...), ruleRef{})
	return false
}

// checkPayLP: `pay-lp` pays `n` LP (the line may state the amount, which
// must match).
func checkPayLP(cc costCall) bool {
	if cc.a.N != 0 && cc.a.N != cc.o.N {
		cc.d.fail("%s costs %d LP, not %d", cc.c.name(), cc.o.N, cc.a.N)
		return false
	}
	return cc.d.canPayLP(cc.p, cc.o.N, cc.c.name())
}

// payLP pays `pay-lp`'s `n` LP.
func payLP(cc costCall) ([]string, bool) {
	cc.d.changeLP(cc.p, -cc.o.N, "cost of "+cc.c.name(), ruleRef{})
	cc.d.lpPaid(cc.p, cc.o.N)
	return []string{fmt.Sprintf("%d LP", cc.o.N)}, true
}

// checkPayHalfLP: `pay-half-lp` pays half of one's LP, rounded down, which
// must be more than 0.
func checkPayHalfLP(cc costCall) bool {
	if lp := cc.d.pl[cc.p].lp; lp/2 <= 0 {
		return cc.illegal("%s cannot pay half of %d LP", cc.d.pn(cc.p), lp)
	}
	return true
}

// payHalfLP pays half of the player's LP, rounded down.
func payHalfLP(cc costCall) ([]string, bool) {
	n := cc.d.pl[cc.p].lp / 2
	cc.d.changeLP(cc.p, -n, "cost of "+cc.c.name(), ruleRef{})
	cc.d.lpPaid(cc.p, n)
	return []string{fmt.Sprintf("%d LP", n)}, true
}

// payDiscardSelf: `discard-self` discards this card from the hand.
func payDiscardSelf(cc costCall) ([]string, bool) {
	cc.d.discard(cc.c, "discarded as a cost")
	return []string{"discard " + cc.c.name()}, true
}

// paySendSelf: `send-self` sends this card from the hand to the Graveyard
// (not a discard: "Effect Veiler").
func paySendSelf(cc costCall) ([]string, bool) {
	cc.d.moveTo(cc.c, locGY, "sent to the Graveyard as a cost")
	return []string{"send " + cc.c.name()}, true
}

// checkBanishSelf: `banish-self` banishes this card; a Graveyard lock
// ("Necrovalley") keeps a card in the Graveyard from being banished, so the
// cost cannot be paid.
func checkBanishSelf(cc costCall) bool {
	if lock := cc.d.graveyardLock(); lock != nil && cc.c.loc == locGY {
		return cc.illegal("%s is face-up: cards in the Graveyard cannot be banished, so the cost of %s cannot be paid", cc.d.describe(lock), cc.c.name())
	}
	return true
}

// payBanishSelf banishes this card as a cost.
func payBanishSelf(cc costCall) ([]string, bool) {
	cc.d.moveTo(cc.c, locBanished, "banished as a cost")
	return []string{"banish " + cc.c.name()}, true
}

// checkTributeSelf: `tribute-self` Tributes this card from the field.
func checkTributeSelf(cc costCall) bool {
	if cc.c.loc != locMonster {
		return cc.illegal("%s must Tribute itself and is not on the field", cc.c.name())
	}
	return true
}

// payTributeSelf Tributes this card, remembering the turn (synchrofx.go).
func payTributeSelf(cc costCall) ([]string, bool) {
	cc.c.selfTributeTurn = cc.d.turn // synchrofx.go
	cc.d.tribute(cc.c, "Tributed as a cost")
	return []string{"Tribute " + cc.c.name()}, true
}

// checkSendMonster: `send-monster` sends a monster one controls that
// matches `filter` to the Graveyard.
func checkSendMonster(cc costCall) bool {
	if cc.d.costMonster(cc.p, cc.c, cc.o.Filter, cc.a) == nil {
		return cc.illegal("%s has no monster to send to the Graveyard for %s", cc.d.pn(cc.p), cc.c.name())
	}
	return true
}

// paySendMonster sends that monster to the Graveyard.
func paySendMonster(cc costCall) ([]string, bool) {
	x := cc.d.costMonster(cc.p, cc.c, cc.o.Filter, cc.a)
	cc.d.moveTo(x, locGY, "sent to the Graveyard as a cost")
	return []string{"send " + x.name()}, true
}

// checkDiscardCost: `discard` needs `n` other cards in the hand (that
// match `filter`, if any).
func checkDiscardCost(cc costCall) bool {
	avail := 0
	for _, h := range cc.d.pl[cc.p].hand {
		if h != cc.c && (cc.o.Filter == "" || cc.d.matches(h, cc.o.Filter)) {
			avail++
		}
	}
	if avail < max(cc.o.N, 1) {
		what := "card"
		if cc.o.Filter != "" {
			what = "card (" + cc.o.Filter + ")"
		}
		return cc.illegal("%s has no %s to %s for %s", cc.d.pn(cc.p), what, handCostVerb[cc.o.Op], cc.c.name())
	}
	return true
}

// handCostVerb names what a hand cost does with the cards: `discard`
// discards them, `send-from-hand` sends them to the Graveyard without
// discarding ("Herald of Orange Light").
var handCostVerb = map[OpName]string{"discard": "discard", "send-from-hand": "send to the Graveyard"}

// payDiscardCost discards (or, for send-from-hand, sends to the Graveyard)
// `n` cards that match `filter`: those the line names, else the first other
// matching cards of the hand.
func payDiscardCost(cc costCall) ([]string, bool) {
	d, p := cc.d, cc.p
	var out []string
	for i := 0; i < max(cc.o.N, 1); i++ {
		var x *inst
		if i < len(cc.a.Discard) {
			if x = d.find(cc.a.Discard[i], p, locHand); x == nil {
				d.fail("%s", d.whereText(cc.a.Discard[i], p, "hand"))
				return nil, false
			}
			if cc.o.Filter != "" && !d.matches(x, cc.o.Filter) {
				return nil, cc.illegal("%s cannot be used for the cost of %s (it must be %s)", x.name(), cc.c.name(), cc.o.Filter)
			}
		} else {
			for _, h := range d.pl[p].hand {
				if h != cc.c && (cc.o.Filter == "" || d.matches(h, cc.o.Filter)) {
					x = h
					break
				}
			}
		}
		if cc.o.Op == "send-from-hand" {
			d.moveTo(x, locGY, "sent to the Graveyard as a cost")
			x.costFor = cc.c.id
			out = append(out, "send "+x.name())
			continue
		}
		d.discard(x, "discarded as a cost")
		x.costFor = cc.c.id
		out = append(out, "discard "+x.name())
	}
	return out, true
}

// checkTributeCost: `tribute` needs a monster, one that matches `filter` if any.
func checkTributeCost(cc costCall) bool {
	d, p := cc.d, cc.p
	if len(cc.a.Tribute) == 0 && len(d.pl[p].mz) == 0 {
		return cc.illegal("%s has no monster to Tribute for %s", d.pn(p), cc.c.name())
	}
	if cc.o.Filter == "" {
		return true
	}
	for _, m := range d.pl[p].mz {
		if m.faceUp && d.matches(m, cc.o.Filter) {
			return true
		}
	}
	return cc.illegal("%s has no monster %s can Tribute for its cost", d.pn(p), cc.c.name())
}

// payTributeCost Tributes `n` monsters: those the line names, else the
// first that matches `filter` (or the first).
func payTributeCost(cc costCall) ([]string, bool) {
	d, p := cc.d, cc.p
	var out []string
	for i := 0; i < max(cc.o.N, 1); i++ {
		var x *inst
		if i < len(cc.a.Tribute) {
			if x = d.find(cc.a.Tribute[i], p, locMonster); x == nil || x.ctrl != p {
				d.fail("%s", d.whereText(cc.a.Tribute[i], p, "Monster Zone"))
				return nil, false
			}
			if cc.o.Filter != "" && !d.matches(x, cc.o.Filter) {
				return nil, cc.illegal("%s cannot be Tributed for %s: it does not match %s", x.name(), cc.c.name(), cc.o.Filter)
			}
		} else {
			x = d.pl[p].mz[0]
			for _, m := range d.pl[p].mz {
				if cc.o.Filter != "" && m.faceUp && d.matches(m, cc.o.Filter) {
					x = m
					break
				}
			}
		}
		d.tribute(x, "Tributed as a cost")
		x.costFor = cc.c.id
		out = append(out, "Tribute "+x.name())
	}
	return out, true
}

// checkCounterCost: `remove-counter` needs `n` Spell Counters on the card.
func checkCounterCost(cc costCall) bool {
	if n := max(cc.o.N, 1); cc.c.counters < n {
		return cc.illegal("%s has %s to remove %s", cc.c.name(), spellCounters(cc.c.counters), spellCounters(n))
	}
	return true
}

// spellCounters is "1 Spell Counter", "3 Spell Counters", "no Spell Counter".
func spellCounters(n int) string {
	switch n {
	case 0:
		return "no Spell Counter"
	case 1:
		return "1 Spell Counter"
	}
	return fmt.Sprintf("%d Spell Counters", n)
}

func payCounterCost(cc costCall) ([]string, bool) {
	n := max(cc.o.N, 1)
	cc.c.counters -= n
	cc.d.emit("cost", cc.p, cc.c.name(), fmt.Sprintf("%s removes %s from %s", cc.d.pn(cc.p), spellCounters(n), cc.c.name()), ruleRef{})
	return []string{"remove " + spellCounters(n)}, true
}

// checkBanishLevelCost: `banish-from-gy-level` banishes as many cards from
// the Graveyard as the target monster's Level.
func checkBanishLevelCost(cc costCall) bool {
	if len(cc.targets) == 0 || !cc.targets[0].isMonster() {
		return cc.illegal("%s needs a face-up monster as its target", cc.c.name())
	}
	if n := cc.d.level(cc.targets[0]); len(cc.d.pl[cc.p].gy) < n {
		return cc.illegal("%s must banish %d cards from the Graveyard and %s has %d", cc.c.name(), n, cc.d.pn(cc.p), len(cc.d.pl[cc.p].gy))
	}
	return true
}

func payBanishLevelCost(cc costCall) ([]string, bool) {
	n := cc.d.level(cc.targets[0])
	for i := 0; i < n && len(cc.d.pl[cc.p].gy) > 0; i++ {
		cc.d.moveTo(cc.d.pl[cc.p].gy[0], locBanished, "banished as a cost")
	}
	return []string{fmt.Sprintf("banish %d cards from the Graveyard", n)}, true
}
