package rulings

// Ops that Summon monsters, or stop or allow Summons. Each is registered under its name in opTable (optable.go).

import (
	"fmt"
	"slices"
)

// opSpecialSummon Special Summons its targets from the Graveyard (not under Necrovalley's lock); a Continuous or Equip card stays linked to the monster. `what:` may add `negated` and `no-synchro` (summonedLimits, synchromats.go).
func opSpecialSummon(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if d.gyLocked(src) {
		return
	}
	for _, t := range d.validTargets(l) {
		if t.loc != locGY {
			continue
		}
		d.specialSummon(t, p, src.name())
		d.summonedLimits(t, o.What, src.name()) // synchromats.go
		if src.c.Has(SubContinuous) || src.c.Has(SubEquip) {
			src.linked, t.linked = t, src
		}
	}
}

// opSpecialSummonFromDeck Special Summons the first monster of its controller's Deck that matches `filter` (`what: negated`: with its effects negated; `no-synchro`: it cannot be Synchro Material).
func opSpecialSummonFromDeck(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if d.declinedPart(l, o) || d.nothingDestroyed(l, o) { // optional.go
		return
	}
	for _, c := range d.pl[p].deck {
		if d.matches(c, o.Filter) {
			d.specialSummon(c, p, src.name())
			d.summonedLimits(c, o.What, src.name()) // synchromats.go
			return
		}
	}
	d.emit("move", p, src.name(), fmt.Sprintf("%s has no monster to Special Summon", d.pn(p)), ruleRef{})
}

// opSpecialSummonFromGyEach each player, in turn order, Special Summons a monster from their own Graveyard (the one the line chooses, else the first); `what: set` Summons it face-down.
func opSpecialSummonFromGyEach(d *duel, l *link, o Op) {
	src := l.src
	if d.gyLocked(src) {
		return
	}
	for _, q := range d.turnOrderFrom(d.tp) {
		var pick *inst
		for _, c := range l.choose {
			if c.loc == locGY && c.owner == q && c.isMonster() {
				pick = c
			}
		}
		for _, c := range d.pl[q].gy {
			if pick == nil && c.isMonster() && c != src {
				pick = c
			}
		}
		if pick == nil {
			continue
		}
		if o.What == WhatSet {
			d.specialSummonSet(pick, q, src.name())
		} else {
			d.specialSummon(pick, q, src.name())
		}
	}
}

// opBanishSelfAndSummonCopy banishes itself from the Graveyard and Special Summons a copy of itself from the Deck.
func opBanishSelfAndSummonCopy(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if src.loc != locGY || d.gyLocked(src) {
		return
	}
	d.moveTo(src, locBanished, "banished by its own effect")
	for _, c := range d.pl[p].deck {
		if c.c == src.c {
			d.specialSummon(c, p, src.name())
			return
		}
	}
}

// opSummonTokens Special Summons `n` Tokens named `what` to its controller's field or (`to: opponent`) the target opponent's.
func opSummonTokens(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	tok, ok := d.s.cat.Lookup(string(o.What))
	if !ok {
		d.fail("%s: no card %q in the catalogue", src.name(), o.What)
		return
	}
	to := p
	if o.To == ToOpponent {
		to = l.oppTarget(d, p)
	}
	for i := 0; i < max(o.N, 1); i++ {
		c := d.newInst(tok, p, locGone)
		if !d.summonTo(c, to, src.name(), true, true) {
			break
		}
	}
}

// opNoExtraSummons its controller cannot Special Summon from the Extra Deck for the rest of the turn.
func opNoExtraSummons(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	d.pl[p].noExtra = true
	d.emit("rule", p, src.name(), fmt.Sprintf("%s cannot Special Summon from the Extra Deck for the rest of this turn", d.pn(p)), ruleRef{})
}

// opNoSummonsThisTurn its controller cannot Summon other monsters this turn.
func opNoSummonsThisTurn(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	d.pl[p].noSummon = true
	d.emit("rule", p, src.name(), fmt.Sprintf("%s cannot Summon other monsters this turn", d.pn(p)), ruleRef{})
}

// opSpecialSummonFromHandOrDeck Special Summons the first monster of its controller's hand, then Deck, that matches `filter` (`what: hand`: the hand only; `what: or-gy`: then the Graveyard too; `negated`, `no-synchro` as for special-summon).
func opSpecialSummonFromHandOrDeck(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	pool := append(append([]*inst{}, d.pl[p].hand...), d.pl[p].deck...)
	if o.What == WhatHand { // "Ancient Fairy Dragon" (synchrofx.go)
		pool = d.pl[p].hand
	}
	if o.What == WhatOrGY { // "from your hand, Deck or Graveyard" ("Skilled Dark Magician")
		pool = append(pool, d.pl[p].gy...)
	}
	for _, c := range pool {
		if c.loc == locGY && d.gyLocked(src) {
			return
		}
		if d.matches(c, o.Filter) {
			d.specialSummon(c, p, src.name())
			d.summonedLimits(c, o.What, src.name()) // synchromats.go
			return
		}
	}
	d.emit("move", p, src.name(), fmt.Sprintf("%s has no monster to Special Summon", d.pn(p)), ruleRef{})
}

// opSpecialSummonFromOwnGy Special Summons the first other monster of its controller's Graveyard that matches `filter`.
func opSpecialSummonFromOwnGy(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if d.gyLocked(src) {
		return
	}
	for _, c := range d.pl[p].gy {
		if c != src && c.isMonster() && d.matches(c, o.Filter) {
			d.specialSummon(c, p, src.name())
			return
		}
	}
	d.emit("move", p, src.name(), fmt.Sprintf("%s has no monster in the Graveyard for %s", d.pn(p), src.name()), ruleRef{})
}

// opSpecialSummonSelf Special Summons itself from the Graveyard or the hand; `what:` may say `defense` and `banish-on-leave` (selfsummon.go).
func opSpecialSummonSelf(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if (src.loc == locGY || src.loc == locHand) && d.summonTo(src, p, "its own effect", true, summonSelfDefense(o.What)) {
		d.summonSelfOptions(src, o.What) // selfsummon.go
	}
}

// opSummonSelfAsMonster Special Summons the Trap Card itself as a monster (see trapmon.go).
func opSummonSelfAsMonster(d *duel, l *link, o Op) {
	d.trapMonsterSummon(l, o.What == WhatDefense)
}

// opAllowTribute its controller may Tribute the target monsters this turn although they do not control them.
func opAllowTribute(d *duel, l *link, o Op) {
	p := l.ctrl
	for _, t := range d.validTargets(l) {
		t.tributable = p
		d.emit("rule", p, t.name(), fmt.Sprintf("%s may Tribute %s this turn", d.pn(p), d.describe(t)), ruleRef{})
	}
}

// opNoSummonsUntilYourDraw until its controller's next Draw Phase, no player can Normal or Special Summon an Effect Monster.
func opNoSummonsUntilYourDraw(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	d.lingering = append(d.lingering, &lingering{kind: "no-effect-summons", owner: p, src: src.name()})
	d.emit("rule", p, src.name(), fmt.Sprintf("until %s's next Draw Phase, no player can Normal or Special Summon an Effect Monster", d.pn(p)), ruleRef{})
}

// opGrantSentToGyTrigger the card gains "when sent to the Graveyard: Special Summon from each Graveyard".
func opGrantSentToGyTrigger(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	src.gyGrant = true
	d.emit("rule", p, src.name(), fmt.Sprintf("%s will Special Summon from each Graveyard when it is sent to the Graveyard", src.name()), ruleRef{})
}

// opSpecialSummonFromHandOrGy Special Summons a monster matching `filter`, other than itself, from its controller's hand or Graveyard: the one the line chooses, else the first ("Red-Eyes Darkness Metal Dragon").
func opSpecialSummonFromHandOrGy(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	pool := append(append([]*inst{}, d.pl[p].hand...), d.pl[p].gy...)
	var pick *inst
	for _, c := range pool {
		if c == src || c.c == src.c || !c.isMonster() || !d.matches(c, o.Filter) {
			continue
		}
		if len(l.choose) == 0 || slices.Contains(l.choose, c) {
			pick = c
			break
		}
	}
	if pick == nil {
		d.emit("move", p, src.name(), fmt.Sprintf("%s has no monster in hand or Graveyard for %s", d.pn(p), src.name()), ruleRef{})
		return
	}
	if pick.loc == locGY && d.gyLocked(src) {
		return
	}
	d.specialSummon(pick, p, src.name())
}

// opSpecialSummonFromBanished Special Summons one of its controller's banished monsters that matches `filter`: the one the line chooses (`Special Summoning X`), else the first ("Elemental HERO Voltic").
func opSpecialSummonFromBanished(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	ok := func(c *inst) bool {
		return c.loc == locBanished && c.owner == p && c.isMonster() && d.matches(c, o.Filter)
	}
	for _, c := range append(append([]*inst{}, l.choose...), d.pl[p].banished...) {
		if ok(c) {
			d.specialSummon(c, p, src.name())
			return
		}
	}
	d.emit("move", p, src.name(), fmt.Sprintf("%s has no banished monster for %s", d.pn(p), src.name()), ruleRef{})
}
