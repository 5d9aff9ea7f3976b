package rulings

// Summon procedures: a monster's own way of being Special Summoned that
// does not activate, so it starts no chain, as a Normal Summon does not
// ("Cyber Dragon" from the hand while only an opponent controls monsters,
// "Blue-Eyes Alternative White Dragon" by revealing "Blue-Eyes White
// Dragon", "ABC-Dragon Buster" by banishing its materials). A card lists it
// as an effect of kind `procedure`: `from:` hand (the default) or extra,
// its condition (`when:`, a condition whose entry has a proc: conditions.go), its costs (cost ops of opTable, optable.go) and
// `once-per-turn`. The script says `A Special Summons Cyber Dragon` (with
// `, revealing X` or `, banishing X and Y` for costs that pick cards).
//
// In Domain a Deck Master may use its own procedure from the Deck Master
// Zone whatever place the procedure names (domain-summoning#procedure),
// paying the Deck Master's cost. Normal Summon conditions ("cannot be
// Normal Summoned unless you control a Ghostrick monster") are the
// continuous op `normal-summon-condition`, read by normalSummonAllowed.

import (
	"fmt"
	"slices"
)

// procNoMonsters: you control no monsters ("Jester Confit").
func procNoMonsters(d *duel, p int, _ *inst) bool { return d.monsterCount(p) == 0 }

// procOnlyOpponentMonsters: only your opponent controls monsters ("Cyber
// Dragon"): you control none and an opponent controls one (with several
// opponents, at least one of them: domain-opponent-conditions#example-1).
func procOnlyOpponentMonsters(d *duel, p int, _ *inst) bool {
	return d.monsterCount(p) == 0 && d.anOpponent(p, func(q int) bool { return d.monsterCount(q) > 0 })
}

// procedureOf is c's Summon procedure, or nil.
func procedureOf(c *Card) *Effect {
	for i := range c.Effects {
		if c.Effects[i].Kind == EffectProcedure {
			return &c.Effects[i]
		}
	}
	return nil
}

// procedureSummon plays "A Special Summons Cyber Dragon": the card's own
// Summon procedure, from the place it names or the Deck Master Zone.
func (d *duel) procedureSummon(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "Special Summon a monster by its own procedure") {
		return
	}
	c, fromDMZ := d.procedureCard(a, p)
	if c == nil {
		return
	}
	e := procedureOf(c.c)
	if e == nil {
		d.procedureMissing(c, fromDMZ)
		return
	}
	if e.Unsupported != "" {
		d.fail("%s", refusedEffect(c.c, e))
		return
	}
	if want := procedureFrom(e); !fromDMZ && c.loc != want {
		d.illegal(fmt.Sprintf("%s's Summon procedure Special Summons it from the %s, not from %s", c.name(), locTitle(want), d.locName(c)), ruleRef{})
		return
	}
	if !d.procedureAllowed(p, c, e) {
		return
	}
	if _, ok := d.payCosts(p, c, e, a, nil); !ok {
		return
	}
	if fromDMZ && !d.payDMCost(p, c) {
		return
	}
	d.markOnce(c, e)
	d.slowAction()
	d.tick()
	by := "its own Summon procedure, which does not activate and starts no chain"
	if fromDMZ {
		by += "; a Deck Master may use it from the Deck Master Zone"
	}
	c.proper = true // mustfirst.go
	if !d.summonTo(c, p, by, true, false) {
		return
	}
	d.afterProcedure(c, e)
	if fromDMZ {
		d.note(fmt.Sprintf("%s leaves the Deck Master Zone by its own Summon procedure", c.name()), plain("domain-summoning#procedure"))
	}
	d.afterSummon(c)
}

// procedureFrom is where the procedure Summons from: the hand or the Extra Deck.
func procedureFrom(e *Effect) location {
	if e.From == FromExtra {
		return locExtra
	}
	return locHand
}

func locTitle(loc location) string {
	if loc == locExtra {
		return "Extra Deck"
	}
	return string(loc)
}

// procedureCard finds the card a procedure line names: in the hand, the
// Extra Deck or the player's Deck Master Zone.
func (d *duel) procedureCard(a *Action, p int) (*inst, bool) {
	if c := d.find(a.Card, p, locHand, locExtra); c != nil && c.owner == p {
		return c, false
	}
	if c := d.dmFor(a.Card, p); c != nil {
		return c, true
	}
	d.fail("%s", d.whereText(a.Card, p, "hand or Extra Deck"))
	return nil, false
}

// procedureMissing ends the line for a card without a procedure: from the
// Deck Master Zone the card's activated effects or other Special Summons
// cannot take it out (domain-summoning#not-valid).
func (d *duel) procedureMissing(c *inst, fromDMZ bool) {
	if fromDMZ {
		d.illegal(fmt.Sprintf("%s has no Summon procedure of its own that does not activate, so it cannot be Special Summoned from the Deck Master Zone", c.name()), plain("domain-summoning#not-valid"))
		return
	}
	d.illegal(fmt.Sprintf("%s has no Summon procedure of its own; an effect must Special Summon it", c.name()), ruleRef{})
}

// procedureAllowed checks the procedure's condition, once-per-turn limit,
// a free Monster Zone and the effects that stop Summons.
func (d *duel) procedureAllowed(p int, c *inst, e *Effect) bool {
	if cond := conditions[e.When].proc; cond != nil && !cond(d, p, c) {
		r := d.oppConditionRef()
		if e.When == WhenTwoCardsInAColumn {
			r = d.columnRef() // link.go
		}
		d.illegal(fmt.Sprintf("%s can be Special Summoned this way only if %s", c.name(), conditions[e.When].about), r)
		return false
	}
	if why := d.ifMet(c, e); why != "" { // an `if:` condition ("Test Tiger": other-face-up)
		d.illegal(fmt.Sprintf("%s cannot be Special Summoned this way: %s", c.name(), why), ruleRef{})
		return false
	}
	if !d.onceFree(c, e) {
		return false
	}
	if d.pl[p].noSummon {
		d.illegal(fmt.Sprintf("%s cannot Summon monsters for the rest of this turn", d.pn(p)), ruleRef{})
		return false
	}
	if c.loc == locExtra && d.pl[p].noExtra {
		d.illegal(fmt.Sprintf("%s cannot Special Summon from the Extra Deck this turn", d.pn(p)), ruleRef{})
		return false
	}
	if !d.specialSummonFree(c) {
		return false
	}
	if d.freeMZ(p) <= 0 {
		d.illegal(fmt.Sprintf("%s has no free Monster Zone for %s", d.pn(p), c.name()), ruleRef{})
		return false
	}
	return true
}

// normalSummonAllowed checks a card's own condition on being Normal
// Summoned (the continuous op `normal-summon-condition`: p must control a
// face-up monster matching `filter`); Setting it is not a Normal Summon.
func (d *duel) normalSummonAllowed(p int, c *inst) bool {
	e := c.hasOp(EffectContinuous, "normal-summon-condition")
	if e == nil {
		return true
	}
	for _, o := range e.Do {
		if o.Op != "normal-summon-condition" {
			continue
		}
		if !slices.ContainsFunc(d.pl[p].mz, func(m *inst) bool { return m != c && m.faceUp && d.matches(m, o.Filter) }) {
			r := ruleRef{}
			if c.loc == locDMZ {
				r = plain("domain-summoning#normal-summon")
			}
			d.illegal(fmt.Sprintf("%s cannot be Normal Summoned unless %s controls a face-up %s monster; it can still be Set", c.name(), d.pn(p), filterText(o.Filter)), r)
			return false
		}
	}
	return true
}

// filterText words a filter for a message: "archetype=Ghostrick" → "Ghostrick".
func filterText(f string) string {
	for _, pre := range []string{"archetype=", "type=", "name="} {
		if len(f) > len(pre) && f[:len(pre)] == pre {
			return f[len(pre):]
		}
	}
	return f
}

// Cost ops of Summon procedures (check and pay of their opTable entries).

// checkRevealCost: `reveal` needs a card in the hand matching `filter`
// (the one the line names, else the first).
func checkRevealCost(cc costCall) bool {
	if cc.d.revealPick(cc) == nil {
		return cc.illegal("%s has no %s in hand to reveal for %s", cc.d.pn(cc.p), filterText(cc.o.Filter), cc.c.name())
	}
	return true
}

func payRevealCost(cc costCall) ([]string, bool) {
	x := cc.d.revealPick(cc)
	cc.d.emit("reveal", cc.p, x.name(), fmt.Sprintf("%s reveals %s from their hand", cc.d.pn(cc.p), x.name()), ruleRef{})
	return []string{"reveal " + x.name()}, true
}

func (d *duel) revealPick(cc costCall) *inst {
	var named []*CardRef
	if cc.a != nil {
		named = cc.a.Choose
	}
	for _, x := range d.pl[cc.p].hand {
		if x == cc.c || !d.matches(x, cc.o.Filter) {
			continue
		}
		if len(named) == 0 || slices.ContainsFunc(named, func(r *CardRef) bool { return r.Card == x.c }) {
			return x
		}
	}
	return nil
}

// checkBanishOwnCost: `banish-own` needs `n` cards (default 1) the player
// controls face-up or has in the Graveyard (`what: field`, `gy` or
// `field-or-gy`), each matching `filter`; with a `name=A|B|C` filter each
// name once ("ABC-Dragon Buster"). The line names them (`banishing X and Y`).
func checkBanishOwnCost(cc costCall) bool {
	if k := cc.d.gyBanishLock(cc.p); k != nil && cc.o.What == WhatGY {
		return cc.illegal("%s is face-up: %s cannot banish cards from a Graveyard, so the cost of %s cannot be paid", cc.d.describe(k), cc.d.pn(cc.p), cc.c.name())
	}
	picks, why := cc.d.banishOwnPicks(cc)
	if picks == nil {
		return cc.illegal("%s cannot banish what %s needs: %s", cc.d.pn(cc.p), cc.c.name(), why)
	}
	return true
}

func payBanishOwnCost(cc costCall) ([]string, bool) {
	picks, _ := cc.d.banishOwnPicks(cc)
	var out []string
	for _, x := range picks {
		cc.d.moveTo(x, locBanished, "banished as the cost of "+cc.c.name())
		out = append(out, "banish "+x.name())
	}
	return out, true
}

func (d *duel) banishOwnPicks(cc costCall) ([]*inst, string) {
	n := max(cc.o.N, 1)
	var pool []*inst
	if cc.o.What != WhatGY {
		for _, m := range d.pl[cc.p].mz {
			if m.faceUp {
				pool = append(pool, m)
			}
		}
	}
	if cc.o.What == WhatGY || cc.o.What == WhatFieldOrGY || cc.o.What == WhatHandFieldOrGY {
		pool = append(pool, d.pl[cc.p].gy...)
	}
	if cc.o.What == WhatHandFieldOrGY {
		pool = append(pool, d.pl[cc.p].hand...)
	}
	var picks []*inst
	seen := map[*Card]bool{}
	take := func(x *inst) bool {
		if x == cc.c || !d.matches(x, cc.o.Filter) || seen[x.c] || slices.Contains(picks, x) {
			return false
		}
		picks = append(picks, x)
		seen[x.c] = len(cc.o.Filter) > 5 && cc.o.Filter[:5] == "name="
		return true
	}
	if cc.a != nil && len(cc.a.Choose) > 0 {
		for _, r := range cc.a.Choose {
			if len(picks) == n && d.fitsOtherCost(cc, r, pool) || len(picks) == n && cc.o.Op == "return-own-to-deck" {
				break // the other named cards pay another cost op (mustfirst.go)
			}
			found := false
			for _, x := range pool {
				if x.c == r.Card && (r.Player < 0 || r.Player == cc.p) && take(x) {
					found = true
					break
				}
			}
			if !found && d.fitsOtherCost(cc, r, pool) {
				continue // several cost ops: the named card pays another one (mustfirst.go)
			}
			if !found {
				return nil, fmt.Sprintf("%s is not a face-up card of theirs or in their Graveyard that fits (%s)", r.Card.Name, filterText(cc.o.Filter))
			}
		}
	} else {
		for _, x := range pool {
			if len(picks) < n {
				take(x)
			}
		}
	}
	if len(picks) != n {
		return nil, fmt.Sprintf("it needs %d card(s) matching %s, %d named", n, filterText(cc.o.Filter), len(picks))
	}
	return picks, ""
}
