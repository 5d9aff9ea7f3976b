package rulings

// Alternatives to the usual Normal Summon: an additional Normal Summon
// granted by an effect ("Ultimate Offering": pay 500 LP, then Normal Summon
// or Set 1 more monster), and Life Points paid instead of Tributes
// ("Mausoleum of the Emperor": 1000 LP for each Tribute a Normal Summon
// needs). Both are Normal Summons, so in Domain they may bring a Deck Master
// out of its zone (domain-summoning#normal-summon).

import "fmt"

// opExtraNormalSummon lets its controller Normal Summon or Set 1 more monster this turn ("Ultimate Offering").
func opExtraNormalSummon(d *duel, l *link, o Op) {
	p := l.ctrl
	d.pl[p].extraNormal++
	d.emit("rule", p, l.src.name(), fmt.Sprintf("%s may Normal Summon or Set 1 more monster (%s)", d.pn(p), l.src.name()), ruleRef{})
}

// normalSummonFree reports whether p may make a Normal Summon or Set now,
// using up an additional one when the turn's own is gone.
func (d *duel) normalSummonFree(p int) bool {
	if !d.pl[p].normalSummoned {
		return true
	}
	if d.pl[p].extraNormal > 0 {
		d.pl[p].extraNormal--
		d.emit("rule", p, "", fmt.Sprintf("%s uses the additional Normal Summon", d.pn(p)), ruleRef{})
		return true
	}
	d.illegal(fmt.Sprintf("%s has already Normal Summoned or Set this turn", d.pn(p)), ruleRef{})
	return false
}

// tributesPaidInLP: the line pays LP instead of Tributing (`A Normal
// Summons X, paying 2000 LP`), which a face-up "Mausoleum of the Emperor"
// allows at 1000 LP per Tribute. It reports whether the Summon may go on,
// and pays.
func (d *duel) tributesPaidInLP(p int, c *inst, need, paid int) bool {
	var m *inst
	for _, x := range d.allField() {
		if x.faceUp && x.hasOp(EffectContinuous, "tributes-as-lp") != nil && d.live(x, "tributes-as-lp") != nil {
			m = x
		}
	}
	if m == nil {
		d.illegal(fmt.Sprintf("nothing lets %s pay LP instead of Tributing for %s", d.pn(p), c.name()), ruleRef{})
		return false
	}
	n := m.opN(EffectContinuous, "tributes-as-lp") * need
	if need == 0 || paid != n {
		d.fail("%s needs %d Tribute(s): with %s that is %d LP, not %d", c.name(), need, m.name(), n, paid)
		return false
	}
	if !d.canPayLP(p, n, c.name()) {
		return false
	}
	d.changeLP(p, -n, fmt.Sprintf("paid instead of %d Tribute(s) for %s (%s)", need, c.name(), m.name()), ruleRef{})
	d.checkLoss()
	return !d.over
}

// The Ojama King zone lock: while a face-up monster with `block-zones`
// applies, `n` of one opponent's Monster Zones cannot be used. The
// opponent is the one named at the start (`(blocks C)`), or else the next
// in turn order; all the zones belong to that one opponent
// (domain-additional-examples#example-4).

// blockedMZ counts p's Monster Zones that a card's effect keeps unused.
func (d *duel) blockedMZ(p int) int {
	n := 0
	for _, x := range d.allField() {
		if x.ctrl == p || x.hasOp(EffectContinuous, "block-zones") == nil || d.live(x, "block-zones") == nil {
			continue
		}
		q := d.opp(x.ctrl)
		if x.blocks > 0 {
			q = x.blocks - 1
		}
		if q == p {
			n += x.opN(EffectContinuous, "block-zones")
		}
	}
	return n
}

// zoneForSummon checks that a Normal or Tribute Summon has a Monster Zone
// to go to (the Tributes free theirs); a card's effect may keep zones
// unused ("Ojama King").
func (d *duel) zoneForSummon(p int, c *inst, tributes int) bool {
	if d.freeMZ(p)+tributes > 0 {
		return true
	}
	r := ruleRef{}
	if d.blockedMZ(p) > 0 && len(d.pl) > 2 {
		r = plain("domain-additional-examples#example-4")
	}
	d.illegal(fmt.Sprintf("%s has no free Monster Zone for %s", d.pn(p), c.name()), r)
	return false
}

// summonsWithoutTributes: a Level 5 or higher monster whose text lets it be
// Normal Summoned without Tributing (continuous `summon-without-tributes`,
// `n`: its original ATK when Summoned that way; "Hieratic Dragon of Eset").
// Called when the line names no Tribute; it reports the ATK to give the
// monster, or -1 when the card has no such text.
func summonsWithoutTributes(c *inst) int {
	if ops := continuousOps(c, "summon-without-tributes"); len(ops) > 0 {
		return ops[0].N
	}
	return -1
}

// summonedWithoutTributes sets the original ATK of a monster Normal Summoned
// without Tributes by its own text.
func (d *duel) summonedWithoutTributes(c *inst, atk int) {
	c.atkBase = atk
	d.emit("stats", c.ctrl, c.name(), fmt.Sprintf("%s is Normal Summoned without Tributing: its original ATK becomes %d", c.name(), atk), ruleRef{})
}
