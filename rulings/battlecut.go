package rulings

import "fmt"

// Ending the Battle Phase by an effect ("Flashbang"), and the Edison rule
// that lets "Flashbang" go first (edison-battle-phase#timing-5): after
// damage calculation, a player who took battle damage may activate it
// before the triggers waiting at that timing (such as "Don Zaloog"'s) go on
// a chain; when it ends the Battle Phase they miss their timing. The rule
// names this card and no other, so the card data marks it (`first: true`)
// and Profile.FirstOverTriggers says whether the format applies it.

// activatesFirst reports whether the line activates a `first` effect ahead
// of the triggers waiting to go on a chain (FirstOverTriggers: the one
// place that reads the switch). The waiting triggers stay queued; they are
// built into a chain after its chain, unless it ended the Battle Phase.
func (d *duel) activatesFirst(a *Action) bool {
	if !d.building || a.Verb != vActivate || a.Card == nil || !d.p.FirstOverTriggers.Value {
		return false
	}
	first := false
	for _, e := range a.Card.Card.Effects {
		first = first || e.First
	}
	if !first || d.pendingFor(a.Card.Card, a.Player) != nil {
		return false
	}
	d.building = false
	d.emit("rule", a.Player, a.Card.Card.Name, fmt.Sprintf("%s is activated before the waiting triggers go on a chain", a.Card.Card.Name), ref("Flashbang first", d.p.FirstOverTriggers))
	return true
}

// opEndBattlePhase ends the Battle Phase: the Damage Step in progress
// finishes, then the turn goes to Main Phase 2. Triggers waiting at this
// timing miss it.
func opEndBattlePhase(d *duel, l *link, o Op) {
	if d.phase != phaseBattle {
		return
	}
	d.bpCut = true
	d.emit("phase", l.ctrl, l.src.name(), fmt.Sprintf("%s ends the Battle Phase", l.src.name()), ruleRef{})
	var keep []*trig
	for _, tr := range d.pending {
		if d.ds >= 0 && d.due(tr) && tr.at >= 0 && tr.at <= d.ds {
			d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s's effect misses its timing: the Battle Phase has ended", tr.src.name()), ruleRef{})
			continue
		}
		keep = append(keep, tr)
	}
	d.pending = keep
	if d.ds < 0 {
		d.leaveBattlePhase()
	}
}

// leaveBattlePhase moves from an ended Battle Phase to Main Phase 2.
func (d *duel) leaveBattlePhase() {
	d.bpCut = false
	d.atk = nil
	d.beginPhase(phaseMain2)
}

// tookBattleDamage: has player p just taken battle damage from the
// opponent's attacking monster ("Flashbang")?
func (d *duel) tookBattleDamage(p int) bool {
	return p != d.tp && d.atk != nil && d.atk.res != nil && p < len(d.atk.res.dmg) && d.atk.res.dmg[p] > 0
}
