package rulings

// Turns and phases: entering phases, drawing, passing priority, ending the turn and starting the next.

import (
	"fmt"
)

func phaseIndex(ph phase) int {
	for i, p := range phaseOrder {
		if p == ph {
			return i
		}
	}
	return -1
}

// beginPhase runs what happens as a phase starts.
func (d *duel) beginPhase(ph phase) {
	d.phase = ph
	d.bstep = ""
	d.winEvents, d.fresh = nil, false
	d.clearPasses()
	switch ph {
	case phaseDraw:
		d.emit("phase", d.tp, "", fmt.Sprintf("%s's Draw Phase (turn %d)", d.pn(d.tp), d.turn), ruleRef{})
		if len(d.pl) > 2 && d.turn <= len(d.pl) {
			r := ref("First-turn draw with three or more players", d.p.FirstTurnDrawMulti)
			d.emit("rule", d.tp, "", fmt.Sprintf("%s draws in their first turn: with %d players every player does", d.pn(d.tp), len(d.pl)), r)
		} else if d.turn == 1 {
			r := ref("First-turn draw", d.p.FirstTurnDraw)
			if !d.p.FirstTurnDraw.Value {
				d.emit("draw", d.tp, "", fmt.Sprintf("%s goes first and does not draw in the first Draw Phase", d.pn(d.tp)), r)
				return
			}
			d.emit("rule", d.tp, "", fmt.Sprintf("%s goes first and still draws for the turn", d.pn(d.tp)), r)
		}
		d.draw(d.tp, 1, "for the turn")
		d.settle()
	case phaseStandby:
		d.emit("phase", d.tp, "", fmt.Sprintf("%s's Standby Phase", d.pn(d.tp)), ruleRef{})
		d.returnBanished(phaseStandby)
		d.standbyMaintenance()
		d.standbyTriggers()
	case phaseBattle:
		d.bstep = stepStart
		d.emit("phase", d.tp, "", fmt.Sprintf("%s enters the Battle Phase", d.pn(d.tp)), ruleRef{})
		d.bstep = stepBattle
	case phaseEnd:
		d.emit("phase", d.tp, "", fmt.Sprintf("%s's End Phase", d.pn(d.tp)), ruleRef{})
		for _, c := range d.allField() {
			if c.endDestroy && c.ctrl == d.tp {
				d.destroy(c, "Limiter Removal's effect", false)
			}
		}
		d.countdowns()   // restrict.go
		d.delayedAtEnd() // chosenopp.go
		d.endPhaseControl()
		d.returnBanished(phaseEnd)
		d.endPhaseTriggers()
	default:
		d.emit("phase", d.tp, "", fmt.Sprintf("%s's %s", d.pn(d.tp), phaseTitle[ph]), ruleRef{})
	}
}

func (d *duel) draw(p, n int, why string) {
	for i := 0; i < n; i++ {
		ps := d.pl[p]
		if len(ps.deck) == 0 {
			d.lose(p, "cannot draw from an empty Deck")
			return
		}
		c := ps.deck[0]
		d.move(c, locHand, p)
		txt := fmt.Sprintf("%s draws a card", d.pn(p))
		if c.c != nil {
			txt = fmt.Sprintf("%s draws %s", d.pn(p), c.name())
		}
		if why != "" {
			txt += " " + why
		}
		d.emit("draw", p, c.name(), txt, ruleRef{})
		d.drawnCheck(p, c)
	}
}

func (d *duel) continueTo(target string) {
	if d.atk == nil && d.ds < 0 {
		d.fail("there is no attack in progress")
		return
	}
	if target == "done" {
		d.advanceUntil(func() bool { return d.atk == nil })
		return
	}
	idx := d.timingFor(target)
	if idx < 0 {
		d.fail("%s has no timing %q", d.p.Name, target)
		return
	}
	d.advanceUntil(func() bool { return d.ds == idx })
}

func (d *duel) pass(p int) {
	if p < 0 {
		for q := range d.passed {
			d.passed[q] = d.inGame(q)
		}
		d.emit("pass", -1, "", yesNo(len(d.pl) == 2, "both players pass", "all players pass"), ruleRef{})
	} else {
		d.passed[p] = true
		d.emit("pass", p, "", fmt.Sprintf("%s passes", d.pn(p)), ruleRef{})
		if n := len(d.chain); n > 0 && d.chain[n-1].ctrl != p {
			d.impliedPasses(p)
		}
	}
	if !d.allPassed() {
		return
	}
	d.clearPasses()
	switch {
	case len(d.chain) > 0:
		d.resolveChain()
	case d.atk != nil && d.atk.replay:
		d.fail("a replay is pending: say which attack %s declares, or that %s does not attack", d.pn(d.tp), d.pn(d.tp))
	case d.atk != nil && d.ds < 0:
		d.enterDamageStep()
	case d.ds >= 0:
		d.leaveTiming()
	default:
		// An open game state: the windows that answered the last action close.
		d.winEvents, d.fresh = nil, false
	}
}

// impliedPasses: responses to the newest link go round from the player
// after its controller. A player who passes (or acts) shows that every
// player before them in that order passed. When the last of them passes,
// the player who activated the link is taken to pass too ("B has no
// response" to A's link resolves the chain).
func (d *duel) impliedPasses(p int) {
	top := d.chain[len(d.chain)-1]
	order := d.opponents(top.ctrl)
	for i, q := range order {
		if q == p {
			if i == len(order)-1 {
				d.passed[top.ctrl] = true
			}
			return
		}
		if !d.passed[q] {
			d.passed[q] = true
			if len(d.pl) > 2 {
				d.emit("pass", q, "", fmt.Sprintf("%s passes (implied: responses go round in turn order)", d.pn(q)), ref("Response order", d.p.ResponseOrder))
			}
		}
	}
}

func (d *duel) allPassed() bool {
	for q := range d.pl {
		if d.inGame(q) && !d.passed[q] {
			return false
		}
	}
	return true
}

func (d *duel) clearPasses() {
	for q := range d.passed {
		d.passed[q] = false
	}
}

func (d *duel) changePhase(p int, to phase) {
	if p != d.tp {
		d.fail("only the turn player (%s) moves to another phase", d.pn(d.tp))
		return
	}
	if len(d.chain) > 0 {
		d.fail("a chain is still open; resolve it first (both pass)")
		return
	}
	from, want := phaseIndex(d.phase), phaseIndex(to)
	if want <= from {
		d.fail("%s is already in the %s", d.pn(p), phaseTitle[d.phase])
		return
	}
	if to == phaseBattle && d.pl[p].noBattlePhase {
		d.illegal(fmt.Sprintf("%s cannot conduct a Battle Phase this turn", d.pn(p)), ruleRef{})
		return
	}
	if to == phaseBattle && d.p.FirstBattlePhase.Value == "last-in-rotation" && d.turn < len(d.pl) {
		d.illegal(fmt.Sprintf("%s cannot conduct a Battle Phase in turn %d: the first Battle Phase of the game belongs to the last player of the first round", d.pn(p), d.turn), ref("First Battle Phase", d.p.FirstBattlePhase))
		return
	}
	if d.phase == phaseBattle {
		if why := d.mustAttack(); why != "" {
			d.illegal(why, ruleRef{})
			return
		}
		if d.leaveBattleEndStep() { // tagout.go
			return
		}
		d.emit("phase", p, "", fmt.Sprintf("%s ends the Battle Phase", d.pn(p)), ruleRef{})
	}
	for i := from + 1; i <= want && !d.stopped && !d.over; i++ {
		if phaseOrder[i] == phaseBattle && to != phaseBattle {
			continue
		}
		d.beginPhase(phaseOrder[i])
	}
}

func (d *duel) endTurn(p int) {
	if p != d.tp {
		d.fail("only the turn player (%s) ends the turn", d.pn(d.tp))
		return
	}
	if d.phase != phaseEnd {
		d.changePhase(p, phaseEnd)
	}
	if d.stopped || d.over || d.phase != phaseEnd {
		return
	}
	if len(d.chain) > 0 {
		// An End Phase chain (a Spirit's return) resolves in this turn.
		d.fail("a chain is still open in the End Phase; resolve it first (both pass)")
		return
	}
	d.emit("phase", p, "", fmt.Sprintf("%s ends the turn", d.pn(p)), ruleRef{})
	d.turnEnded(p)
	if d.turnLimit() {
		return
	}
	d.startNextTurn()
}

// startNextTurn passes the turn to the next player and starts their Draw
// Phase.
func (d *duel) startNextTurn() {
	d.turn++
	from := d.tp
	d.tp = d.nextTurnPlayer()
	d.phase, d.bstep = phaseDraw, ""
	d.expireLingering(from, d.tp)
	d.eotLock = false
	for pi := range d.pl {
		d.pl[pi].noSummon, d.pl[pi].noExtra, d.pl[pi].dragonsGone = false, false, 0
		d.pl[pi].normalSummoned, d.pl[pi].pendulumSummoned, d.pl[pi].extraNormal = false, false, 0
		d.pl[pi].noBattleDamage, d.pl[pi].noBattleDestroy, d.pl[pi].noBattlePhase = false, false, false
		d.pl[pi].noAttack, d.pl[pi].noSpecial, d.pl[pi].maxx = false, false, 0
		for _, c := range d.pl[pi].mz {
			c.attacks, c.attackedOnce, c.usedThisTurn, c.hit = 0, false, false, nil
		}
		for _, c := range d.pl[pi].st {
			c.usedThisTurn = false
		}
	}
	d.beginPhase(phaseDraw)
}

func (d *duel) mainPhaseAction(p int, what string) bool {
	if p != d.tp {
		d.illegal(fmt.Sprintf("%s may %s only in their own Main Phase", d.pn(p), what), ruleRef{})
		return false
	}
	if d.phase != phaseMain1 && d.phase != phaseMain2 {
		d.illegal(fmt.Sprintf("%s can only %s in a Main Phase, not the %s", d.pn(p), what, phaseTitle[d.phase]), ruleRef{})
		return false
	}
	if len(d.chain) > 0 {
		d.illegal(fmt.Sprintf("%s cannot %s while a chain is open", d.pn(p), what), ruleRef{})
		return false
	}
	return true
}

// slowAction opens a Spell Speed 1 action by the turn player: after a
// Summon or a resolved chain the opponent implicitly declines to respond.
func (d *duel) slowAction() {
	d.winEvents, d.fresh = nil, false
	d.clearPasses()
}

// priorityAction opens a chain with an Ignition Effect the turn player
// activates using priority (priorityCheck allowed it). The opponent has not
// yet declined to respond to the Summon or the chain that just resolved, so
// the window keeps what it answers: a card activated "when a monster is
// Summoned" may still be chained to the priority activation (goat-04#example-2:
// "Torrential Tribute" chained to "Cannon Soldier"; it finds "Sangan" already
// Tributed).
func (d *duel) priorityAction() {
	d.fresh = false
	d.clearPasses()
}
