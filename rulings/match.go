package rulings

import "fmt"

// Match procedure (goat-11). A scenario may say how many duels each player
// has won ("match: A 1, B 1") and call time ("time is called"). The duel in
// progress is then decided by the end-of-match procedure: the current turn
// is finished, three more turns are played, and the player with more Life
// Points wins (equal Life Points: a drawn duel). The match goes to the
// player with more duel wins; with wins level, today's match is a draw,
// while Goat plays an extra duel of at most four turns ("duel: extra").

func (d *duel) matchRef() ruleRef { return ref("Match draws", d.p.MatchDraws) }

// setupMatch starts the match record of a scenario that plays one.
func (d *duel) setupMatch() {
	if d.s.ExtraDuel && d.matchMayDraw() {
		d.fail("%s has no extra duel: a match with level duel wins is a draw (%s)", d.p.Name, d.p.MatchDraws.Rule)
		return
	}
	if d.s.Match == nil && !d.s.ExtraDuel {
		return
	}
	d.t.Match = &MatchResult{Wins: map[string]int{}, Winner: "none"}
	for i := range d.pl {
		d.t.Match.Wins[d.pn(i)] = d.s.Match[d.pn(i)]
	}
	if d.s.ExtraDuel {
		d.emit("rule", -1, "", "an extra duel decides the match: at most four turns, two for each player; then the player with more Life Points wins", plain("goat-11#extra-duel"))
	}
}

// timeCalled plays "time is called".
func (d *duel) timeCalled() {
	if d.timeTurn > 0 {
		d.fail("time has already been called")
		return
	}
	if d.t.Match == nil {
		d.t.Match = &MatchResult{Wins: map[string]int{}, Winner: "none"}
		for i := range d.pl {
			d.t.Match.Wins[d.pn(i)] = 0
		}
	}
	d.timeTurn = d.turn
	d.emit("rule", -1, "", fmt.Sprintf("time is called in turn %d: the turn is finished and three more turns are played; then the player with more Life Points wins the duel", d.turn), d.matchRef())
}

// turnLimit runs at the end of a turn: it decides a duel whose time is up
// and reports whether the duel is over.
func (d *duel) turnLimit() bool {
	switch {
	case d.s.ExtraDuel && d.turn >= 4 && !d.sudden:
		d.emit("rule", -1, "", "the extra duel's fourth turn has ended", plain("goat-11#extra-duel"))
		return d.decideByLP(true)
	case d.timeTurn > 0 && d.turn >= d.timeTurn+3:
		d.emit("rule", -1, "", "the third turn after time was called has ended", d.matchRef())
		return d.decideByLP(false)
	}
	return false
}

// decideByLP ends the duel on Life Points. In the extra duel equal Life
// Points go on until they first change.
func (d *duel) decideByLP(extra bool) bool {
	best, tie := -1, false
	for q := range d.pl {
		if !d.inGame(q) {
			continue
		}
		switch {
		case best < 0 || d.pl[q].lp > d.pl[best].lp:
			best, tie = q, false
		case d.pl[q].lp == d.pl[best].lp:
			tie = true
		}
	}
	if tie && extra {
		d.sudden = true
		d.emit("rule", -1, "", "Life Points are equal: play goes on until they first change, and then the player with more wins", plain("goat-11#extra-duel"))
		return false
	}
	if tie {
		d.emit("rule", -1, "", "Life Points are equal: the duel is a draw", d.matchRef())
		for q := range d.pl {
			if d.inGame(q) {
				d.pl[q].lost = true
			}
		}
		d.over = true
		d.updateMatch()
		return true
	}
	for q := range d.pl {
		if q != best && d.inGame(q) {
			d.lose(q, "fewer Life Points when the duel's time ran out")
		}
	}
	return true
}

// suddenDeath: in the tied extra duel, the first change of Life Points
// decides it.
func (d *duel) suddenDeath() {
	if !d.sudden || d.over || len(d.pl) != 2 || d.pl[0].lp == d.pl[1].lp {
		return
	}
	d.sudden = false
	d.emit("rule", -1, "", "the Life Points have changed: the player with more wins the extra duel", plain("goat-11#extra-duel"))
	d.decideByLP(true)
}

// updateMatch records the match standing after the duel's result changed.
func (d *duel) updateMatch() {
	m := d.t.Match
	if m == nil || len(d.pl) != 2 {
		return
	}
	a, b := d.pl[0].lost, d.pl[1].lost
	wins := map[string]int{}
	for k, v := range m.Wins {
		wins[k] = v
	}
	switch {
	case a && b:
		m.Duel = "draw"
	case a:
		m.Duel = d.pn(1)
		wins[d.pn(1)]++
	case b:
		m.Duel = d.pn(0)
		wins[d.pn(0)]++
	default:
		return
	}
	wa, wb := wins[d.pn(0)], wins[d.pn(1)]
	m.Rule = d.p.MatchDraws.Rule
	switch {
	case d.s.ExtraDuel:
		m.Winner, m.Rule = m.Duel, "goat-11#extra-duel"
	case wa >= 2:
		m.Winner = d.pn(0)
	case wb >= 2:
		m.Winner = d.pn(1)
	case d.timeTurn == 0:
		m.Winner = "none"
	case wa > wb:
		m.Winner = d.pn(0)
	case wb > wa:
		m.Winner = d.pn(1)
	case d.matchMayDraw():
		m.Winner = "draw"
	default:
		m.Winner = "extra duel"
	}
	if m.Winner != "none" {
		d.emit("match", -1, "", fmt.Sprintf("the match: %s (duel wins A %d, B %d)", matchText(m.Winner), wa, wb), d.matchRef())
	}
}

func matchText(w string) string {
	switch w {
	case "draw":
		return "a draw"
	case "extra duel":
		return "duel wins are level, so an extra duel decides it"
	}
	return w + " wins"
}

// matchMayDraw is whether a match may end in a draw, not an extra duel (MatchDraws): the one place that reads the switch.
func (d *duel) matchMayDraw() bool { return d.p.MatchDraws.Value }
