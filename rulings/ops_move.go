package rulings

// Ops that move cards between zones: destroy, banish, send, return, draw, discard and search. Each is registered under its name in opTable (optable.go).

import (
	"fmt"
	"slices"
	"strings"
)

// opDestroy destroys cards: its targets, or by `what` every monster, the attacker, the monsters of the declared Type, itself, the opponent's Attack Position monsters or monsters or face-up monsters, or every other Spell and Trap Card; a card another was destroyed in place of is spared.
func opDestroy(d *duel, l *link, o Op) {
	pick, ok := destroyPicks[o.What]
	if !ok {
		d.destroyTargets(l)
		return
	}
	for _, m := range pick(d, l) {
		if !m.onField() || d.unaffectedBy(m, l) {
			continue
		}
		if l.spares(m) {
			d.emit("rule", m.ctrl, m.name(), fmt.Sprintf("%s is not destroyed: a card was destroyed in its place", d.describe(m)), ruleRef{})
			continue
		}
		if d.destroy(m, l.src.name(), false) {
			l.destroyedOne = true
		}
	}
}

// destroyTargets destroys the link's targets still in reach, keeping the
// last one's ATK for ops after it ("damage-target-atk").
func (d *duel) destroyTargets(l *link) {
	for _, t := range d.validTargets(l) {
		if l.spares(t) {
			d.emit("rule", t.ctrl, t.name(), fmt.Sprintf("%s is not destroyed: a card was destroyed in its place", d.describe(t)), ruleRef{})
			continue
		}
		atk := d.atkOf(t)
		if d.destroy(t, l.src.name(), false) {
			l.lastATK, l.destroyedOne = atk, true
		}
	}
}

// destroyPicks are the cards a destroy without targets acts on, by its
// `what:` (the targets otherwise: destroyTargets).
var destroyPicks = map[What]func(d *duel, l *link) []*inst{
	WhatAllMonsters: func(d *duel, l *link) []*inst {
		var out []*inst
		for _, q := range d.turnOrderFrom(d.tp) {
			out = append(out, d.pl[q].mz...)
		}
		return out
	},
	WhatAttacker: func(d *duel, l *link) []*inst {
		if d.atk != nil && d.atk.attacker.onField() {
			return []*inst{d.atk.attacker}
		}
		return nil
	},
	WhatDeclaredType: destroyDeclaredType,
	// the monsters that attacked this turn ("Ancient Forest", battleend.go)
	WhatAttackedThisTurn: func(d *duel, l *link) []*inst { return d.attackedThisTurn() },
	WhatSelf: func(d *duel, l *link) []*inst {
		if l.src.onField() {
			return []*inst{l.src}
		}
		return nil
	},
	WhatBattled: func(d *duel, l *link) []*inst {
		if b := l.battled; b != nil && b.onField() {
			return []*inst{b}
		}
		return nil
	},
	WhatOpponentAttackPos: destroyAttackersSide,
	WhatOpponentMonsters: func(d *duel, l *link) []*inst {
		return append([]*inst{}, d.pl[l.oppTarget(d, l.ctrl)].mz...)
	},
	WhatOpponentFaceUpMonster: func(d *duel, l *link) []*inst {
		var out []*inst
		for _, m := range d.pl[l.oppTarget(d, l.ctrl)].mz {
			if m.faceUp {
				out = append(out, m)
			}
		}
		return out
	},
	// all-cards: this one too ("Black Rose Dragon", synchrofx.go)
	WhatAllCards:      func(d *duel, l *link) []*inst { return d.fieldCards(nil) },
	WhatAllOtherCards: func(d *duel, l *link) []*inst { return d.fieldCards(l.src) },
	// every card its controller controls ("Light and Darkness Dragon")
	WhatOwnCards: func(d *duel, l *link) []*inst { return append([]*inst{}, d.fieldOf(l.ctrl)...) },
	// every Field Spell on the field ("Ancient Fairy Dragon", synchrofx.go)
	WhatFieldSpells: func(d *duel, l *link) []*inst {
		var out []*inst
		for _, q := range d.turnOrderFrom(d.tp) {
			if f := d.pl[q].fz; f != nil {
				out = append(out, f)
			}
		}
		return out
	},
	WhatAllSpellTraps: func(d *duel, l *link) []*inst {
		var out []*inst
		for _, q := range d.turnOrderFrom(d.tp) {
			for _, c := range d.fieldOf(q) {
				if c != l.src && (!c.isMonster() || c.trapMon) && c.loc != locField {
					out = append(out, c)
				}
			}
		}
		return out
	},
}

// fieldCards is every card on the field in turn order, but not except.
func (d *duel) fieldCards(except *inst) []*inst {
	var out []*inst
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range d.fieldOf(q) {
			if c != except {
				out = append(out, c)
			}
		}
	}
	return out
}

// destroyDeclaredType is every face-up monster of the Type the line declares.
func destroyDeclaredType(d *duel, l *link) []*inst {
	typ := strings.TrimSpace(l.declare)
	var out []*inst
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range d.pl[q].mz {
			if m.faceUp && strings.EqualFold(m.c.Type, typ) {
				out = append(out, m)
			}
		}
	}
	return out
}

// destroyAttackersSide is "Mirror Force"'s: the Attack Position monsters
// of the player whose monster attacked (or the opponent the line names).
func destroyAttackersSide(d *duel, l *link) []*inst {
	p := l.ctrl
	who := d.opp(p)
	if l.oppP > 0 {
		who = l.oppP - 1
	} else if d.atk != nil && d.atk.attacker.ctrl != p {
		who = d.atk.attacker.ctrl
	}
	var out []*inst
	for _, m := range d.pl[who].mz {
		if m.faceUp && !m.def {
			out = append(out, m)
		}
	}
	return out
}

// opBanish banishes its targets, or by `what` itself (on the field or in the Graveyard) or the monster it battled.
func opBanish(d *duel, l *link, o Op) {
	src := l.src
	switch o.What {
	case WhatSelf:
		if src.onField() || src.loc == locGY {
			d.moveTo(src, locBanished, "banished by "+src.name())
		}
	case WhatBattled:
		if b := l.battled; b != nil && b.onField() {
			d.moveTo(b, locBanished, "banished by "+src.name())
		}
	default:
		for _, t := range d.validTargets(l) {
			d.moveTo(t, locBanished, "banished by "+src.name())
		}
	}
}

// opDraw draws `n` cards (at least one) for its controller, or for every player (`to: each`) or for the turn player and the opponents (`to: both`).
func opDraw(d *duel, l *link, o Op) {
	p, src, n := l.ctrl, l.src, max(o.N, 1)
	draw := func(q int) {
		if !d.drawnToGY(l, q, n) { // nullvoid.go
			d.draw(q, n, "by "+src.name())
		}
	}
	if o.To == ToEach {
		for _, q := range d.turnOrderFrom(d.tp) {
			draw(q)
		}
		return
	}
	if o.To == ToBoth {
		draw(d.tp)
		for _, q := range d.opponents(d.tp) {
			draw(q)
		}
	} else {
		draw(p)
	}
}

// opSearch adds up to `n` cards that match `filter` from its controller's Deck to the hand (the cards the line chooses first); finding none still shuffles the Deck where the format's Failure to find switch says so.
func opSearch(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if d.deckToHandBlocked(p, src) { // summonnegate.go
		return
	}
	n := max(o.N, 1)
	var picks []*inst
	for _, c := range l.choose {
		if len(picks) < n && c.loc == locDeck && c.owner == p && d.matchesAny(c, o.Filter) && !slices.Contains(picks, c) {
			picks = append(picks, c)
		}
	}
	for _, c := range d.pl[p].deck {
		if len(picks) < n && d.matchesAny(c, o.Filter) && !slices.Contains(picks, c) {
			picks = append(picks, c)
		}
	}
	if len(picks) == 0 {
		d.emit("move", p, src.name(), fmt.Sprintf("%s finds no card to add", d.pn(p)), ruleRef{})
		if d.failToFindAllowed() && l.eff.Kind != EffectTrigger && l.eff.Kind != EffectFlip {
			d.emit("shuffle", p, src.name(), fmt.Sprintf("%s's Deck is shuffled all the same", d.pn(p)), ref("Failure to find", d.p.FailToFind))
		}
		return
	}
	for _, pick := range picks {
		d.moveTo(pick, locHand, "added from the Deck by "+src.name())
	}
}

// opSendFromDeckToGy sends the first card of its controller's Deck that matches `filter` to the Graveyard.
func opSendFromDeckToGy(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	for _, c := range d.pl[p].deck {
		if d.matches(c, o.Filter) {
			d.moveTo(c, locGY, "sent from the Deck by "+src.name())
			return
		}
	}
}

// opMill sends the top `n` cards of its controller's Deck (`to: opponent`: the target opponent's) to the Graveyard.
func opMill(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if o.To == ToOpponent {
		p = l.oppTarget(d, p)
	}
	for i := 0; i < max(o.N, 1) && len(d.pl[p].deck) > 0; i++ {
		d.moveTo(d.pl[p].deck[0], locGY, "sent from the top of the Deck by "+src.name())
	}
}

// opSetFaceDown turns its target monsters face-down in Defense Position (a Trap Monster goes back to the Spell & Trap Zone); with `what: flip-flop` a face-down target is flipped face-up in Defense Position instead ("Sol and Luna").
func opSetFaceDown(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	for _, t := range d.validTargets(l) {
		if t.trapMon {
			r := plain("hat-04#point-6")
			if t.ctrl != t.owner {
				r = plain("hat-04#point-7")
			}
			d.revertTrapMonster(t, false, t.ctrl, "turned face-down by "+src.name(), r)
			continue
		}
		if t.loc == locMonster && !t.faceUp && o.What == WhatFlipFlop {
			t.def = true
			d.flipUp(t, src.name()) // face-up Defense Position, its Flip Effect triggers
			continue
		}
		if t.loc == locMonster {
			d.turnFaceDown(t)
			d.emit("move", p, t.name(), fmt.Sprintf("%s is turned face-down in Defense Position", d.describe(t)), ruleRef{})
			d.faceDownEquips(t) // equiprules.go
		}
	}
}

// turnFaceDown changes monster m to face-down Defense Position by an
// effect. What applied to it face-up stops applying: the counters on it
// are removed, and ATK/DEF changes and negations that resolved effects gave
// it end ("Fiendish Chain" no longer binds it once it is turned face-down).
// Its callers then destroy the cards equipped to it (faceDownEquips).
func (d *duel) turnFaceDown(m *inst) {
	m.faceUp, m.def = false, true
	m.counters = 0
	m.atkAdd, m.calcAdd, m.defAdd = 0, 0, 0
	m.effNegated, m.negTurn, m.negBy = false, 0, nil
}

// opDiscardRandom the target opponent discards a card at random (the engine takes the first card listed).
func opDiscardRandom(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	hand := d.pl[l.oppTarget(d, p)].hand
	if len(hand) == 0 {
		d.emit("move", l.oppTarget(d, p), "", fmt.Sprintf("%s has no card to discard", d.pn(l.oppTarget(d, p))), ruleRef{})
		return
	}
	x := hand[0]
	l.random = x
	d.discard(x, "discarded at random by "+src.name()+" (the engine takes the first card listed)")
}

// opDiscardHandsDraw each player discards their hand and draws as many cards as they discarded, or `n` cards when given ("Morphing Jar").
func opDiscardHandsDraw(d *duel, l *link, o Op) {
	src := l.src
	counts := make([]int, len(d.pl))
	for _, q := range d.turnOrderFrom(d.tp) {
		counts[q] = len(d.pl[q].hand)
		if o.N > 0 {
			counts[q] = o.N
		}
		for _, h := range append([]*inst{}, d.pl[q].hand...) {
			d.discard(h, "discarded by "+src.name())
		}
	}
	for _, q := range d.turnOrderFrom(d.tp) {
		d.draw(q, counts[q], "by "+src.name())
		if d.over {
			return
		}
	}
}

// opSetFromHand Sets a Spell or Trap Card the line chooses from its controller's hand.
func opSetFromHand(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	for _, c := range l.choose {
		if c.loc == locHand && c.owner == p && !c.isMonster() && len(d.pl[p].st) < maxFieldZone {
			d.remove(c)
			d.place(c, p, locSpell)
			c.faceUp, c.setTurn = false, d.turn
			d.emit("set", p, c.name(), fmt.Sprintf("%s Sets %s with %s", d.pn(p), c.name(), src.name()), ruleRef{})
			return
		}
	}
}

// opBounce returns its target monsters (`what: self`: itself) to the hand (and opens the window for "a monster you control is returned").
func opBounce(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if o.What == WhatSelf {
		if src.loc == locMonster && src.faceUp {
			d.moveTo(src, locHand, "returned to the hand by its own effect")
		}
		return
	}
	for _, t := range d.validTargets(l) {
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
}

// opFlipOwnSetMonsters turns its controller's face-down monsters face-up in Defense Position.
func opFlipOwnSetMonsters(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	for _, m := range append([]*inst{}, d.pl[p].mz...) {
		if !m.faceUp {
			m.def = true
			d.flipUp(m, src.name())
		}
	}
}

// opAddToHand adds its target cards from its controller's Graveyard to the hand.
func opAddToHand(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	for _, t := range l.targets {
		if t.loc == locGY && t.owner == p {
			d.moveTo(t, locHand, "added to the hand by "+src.name())
		}
	}
}

// opReturnFromGyToHand returns the first other card of its controller's Graveyard that matches `filter` to the hand.
func opReturnFromGyToHand(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	for _, c := range d.pl[p].gy {
		if c != src && c.c != src.c && d.matches(c, o.Filter) {
			d.moveTo(c, locHand, "returned to the hand by "+src.name())
			return
		}
	}
	d.emit("move", p, src.name(), fmt.Sprintf("%s has no card in the Graveyard for %s to return", d.pn(p), src.name()), ruleRef{})
}

// opToDeckTop puts its targets on top of their owners' Decks.
func opToDeckTop(d *duel, l *link, o Op) {
	src := l.src
	for _, t := range l.targets {
		if t.loc == locGY || t.onField() {
			d.moveTo(t, locDeck, "put on top of the Deck by "+src.name())
		}
	}
}

// opReturnSelfToDeckTop puts itself from the Graveyard on top of the Deck.
func opReturnSelfToDeckTop(d *duel, l *link, o Op) {
	src := l.src
	if src.loc == locGY {
		d.moveTo(src, locDeck, "put on top of the Deck by its own effect")
	}
}

// opMindCrush the declared card: the opponent discards every copy from the hand, or its controller discards at random (see multifx.go).
func opMindCrush(d *duel, l *link, o Op) {
	d.mindCrush(l)
}

// opNoblemanExtermination destroys and banishes its target, and every copy in the Decks when it matches `filter` (default a Trap; see reveal.go).
func opNoblemanExtermination(d *duel, l *link, o Op) {
	d.noblemanExtermination(l, o.Filter)
}

// opFakeTrap it is destroyed in place of its controller's other Trap Cards by the link it answers.
func opFakeTrap(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if t := l.respTo; t != nil {
		if t.spare == nil {
			t.spare = map[*inst]bool{}
		}
		for _, c := range d.fieldOf(p) {
			if c != src && c.c != nil && c.c.Kind == CardTrap {
				t.spare[c] = true
			}
		}
		d.emit("rule", p, src.name(), fmt.Sprintf("%s is destroyed in place of %s's other Trap Cards", src.name(), d.pn(p)), ruleRef{})
		src.destroyed = true
		if _, ok := d.t.destroy[src.name()]; !ok {
			d.t.destroy[src.name()] = "effect"
		}
	}
}

// opBanishUntil banishes its targets until the next Standby Phase (`what: next-standby`) or the End Phase (`what: end-phase`).
func opBanishUntil(d *duel, l *link, o Op) {
	src := l.src
	for _, t := range d.validTargets(l) {
		d.banishUntil(t, t.ctrl, map[What]phase{WhatNextStandby: phaseStandby, WhatEndPhase: phaseEnd}[o.What], src.name())
	}
}

// opMajorRiot every player returns their monsters to the hand, then Special Summons as many Level 4 or lower monsters from the hand.
func opMajorRiot(d *duel, l *link, o Op) {
	src := l.src
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
}

// opDrawPerDragonDiscarded draws a card for each Dragon its controller discarded or Tributed this turn.
func opDrawPerDragonDiscarded(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	if n := d.pl[p].dragonsGone; n > 0 {
		d.draw(p, n, "by "+src.name())
	} else {
		d.emit("draw", p, src.name(), fmt.Sprintf("%s discarded or Tributed no Dragon this turn: no draw", d.pn(p)), ruleRef{})
	}
}

// opDestroyHighestAtk destroys the face-up monster(s) with the highest ATK.
func opDestroyHighestAtk(d *duel, l *link, o Op) {
	src := l.src
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
}

// opEachDiscard each player discards `n` cards (the line may choose its controller's).
func opEachDiscard(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
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
}

// opExchangeHandDiscard the players exchange a card from their hands, then discard (see multifx.go).
func opExchangeHandDiscard(d *duel, l *link, o Op) {
	d.exchangeHandDiscard(l)
}

// opBanishFromOpponent banishes a card from the opponent's hand, field or Graveyard (see multifx.go).
func opBanishFromOpponent(d *duel, l *link, o Op) {
	d.banishFromOpponent(l)
}

// opEradicate banishes every copy of the target from the field, hand and Deck (see multifx.go).
func opEradicate(d *duel, l *link, o Op) {
	d.eradicate(l)
}

// opShuffleIntoDeck shuffles its targets from the Graveyard into their owners' Decks.
func opShuffleIntoDeck(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	for _, t := range l.targets {
		if t.loc == locGY {
			d.shuffleIn(t, "shuffled into the Deck by "+src.name()) // tagout.go
		}
	}
	d.emit("shuffle", p, src.name(), "the Deck is shuffled (the engine keeps the shuffled-in cards at the bottom, in order)", ruleRef{})
}

// opLookDeckTop looks at the top card of the opponent's Deck (`to:
// opponent`, else its controller's) and leaves it there, or with `what:
// bottom` puts it at the bottom ("Dark Scorpion - Chick the Yellow").
func opLookDeckTop(d *duel, l *link, o Op) {
	p := l.ctrl
	if o.To == ToOpponent {
		p = l.oppTarget(d, p)
	}
	deck := d.pl[p].deck
	if len(deck) == 0 {
		return
	}
	top := deck[0]
	if o.What != WhatBottom {
		d.emit("look", l.ctrl, top.name(), fmt.Sprintf("%s looks at the top card of %s's Deck and leaves it on top", d.pn(l.ctrl), d.pn(p)), ruleRef{})
		return
	}
	d.pl[p].deck = append(append([]*inst{}, deck[1:]...), top)
	d.emit("look", l.ctrl, top.name(), fmt.Sprintf("%s looks at the top card of %s's Deck and puts it at the bottom", d.pn(l.ctrl), d.pn(p)), ruleRef{})
}
