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
			if e.Kind != "maintenance" {
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
