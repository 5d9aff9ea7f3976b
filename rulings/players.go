package rulings

import (
	"fmt"
	"strings"
)

// Player order helpers. Players are indices into duel.pl in seating order
// (clockwise); the turn rotation and the response order follow it.

// inGame reports whether player p is still playing.
func (d *duel) inGame(p int) bool {
	return p >= 0 && p < len(d.pl) && d.pl[p] != nil && !d.pl[p].lost
}

// turnOrderFrom lists the players still in the game in turn order,
// starting with p.
func (d *duel) turnOrderFrom(p int) []int {
	n := len(d.pl)
	out := make([]int, 0, n)
	for i := 0; i < n; i++ {
		q := (p + i) % n
		if d.inGame(q) || (i == 0 && q == p) {
			out = append(out, q)
		}
	}
	return out
}

// opponents lists every other player still in the game, in turn order
// after p.
func (d *duel) opponents(p int) []int {
	var out []int
	for _, q := range d.turnOrderFrom(p) {
		if q != p {
			out = append(out, q)
		}
	}
	return out
}

// opp is p's opponent: in a two-player duel the other player; with more,
// the next player in turn order (effects that choose an opponent say which).
func (d *duel) opp(p int) int {
	if o := d.opponents(p); len(o) > 0 {
		return o[0]
	}
	return 1 - p
}

// nextTurnPlayer is the player whose turn follows the current one; in a
// team battle the teams alternate, each in its own order.
func (d *duel) nextTurnPlayer() int { return d.nextFrom(d.tp, d.teamLast) }

// statePlayer fills in the multiplayer parts of a player's state.
func (d *duel) statePlayer(p int, out *PlayerState) {
	ps := d.pl[p]
	if t := d.teamOf(p); t >= 0 {
		out.Team = "team " + string(rune('A'+t))
	}
	out.Removed = len(d.pl) > 2 && ps.lost
	if ps.dm != nil {
		fc := FieldCard{Card: ps.dm.name(), Position: "in the Deck Master Zone"}
		out.DeckMaster = &fc
	}
	out.DeckMasterReturns = ps.dmReturns
}

// pn is player p's name: "A", "B", … or a team player's "A1".
func (d *duel) pn(p int) string {
	if p >= 0 && p < len(d.s.Names) {
		return d.s.Names[p]
	}
	return playerName(p)
}

// teamOf is player p's team index, or -1 without teams.
func (d *duel) teamOf(p int) int {
	for t, team := range d.s.Teams {
		for _, q := range team {
			if q == p {
				return t
			}
		}
	}
	return -1
}

// setupSeats checks the number of players against the format and sets up
// the team rotation.
func (d *duel) setupSeats() {
	n := len(d.pl)
	limit := d.p.Seating.Value
	if len(d.s.Teams) > 0 && d.p.TeamRules.Value {
		limit = maxTeamPlayers
	}
	if n > 2 && limit < n {
		if limit > 2 {
			d.fail("the rules engine replays at most %d players in %s, a limit of its own (the format sets none): this game has %d", limit, d.p.Name, n)
			return
		}
		d.fail("%s is a two-player format: it has no rules for %d players (only Domain has)", d.p.Name, n)
		return
	}
	if len(d.s.Teams) > 0 && !d.p.TeamRules.Value {
		d.fail("%s has no team battles (only Domain has)", d.p.Name)
		return
	}
	if len(d.s.Teams) == 0 {
		return
	}
	// Each team's last player so far, from the first round's order (the
	// seats) up to the turn before the current one.
	d.teamLast = make([]int, len(d.s.Teams))
	for t, team := range d.s.Teams {
		d.teamLast[t] = team[len(team)-1]
	}
	for k := 1; k < d.turn; k++ {
		q := (k - 1) % n
		d.teamLast[d.teamOf(q)] = q
	}
}

// nextFrom is the player whose turn follows p's, given each team's last
// player (nil without teams). It updates last. Teams alternate, each in its
// own order, when TeamTurnOrder is "alternate" (the one place that reads the
// switch); otherwise turns follow the seats.
func (d *duel) nextFrom(p int, last []int) int {
	alternate := d.p.TeamTurnOrder.Value == "alternate"
	if len(d.s.Teams) == 0 || len(last) < len(d.s.Teams) || !alternate {
		for i := 1; i <= len(d.pl); i++ {
			if q := (p + i) % len(d.pl); d.inGame(q) {
				return q
			}
		}
		return p
	}
	teams := d.s.Teams
	t := d.teamOf(p)
	last[t] = p
	for i := 1; i <= len(teams); i++ {
		nt := (t + i) % len(teams)
		team := teams[nt]
		start := 0
		for j, q := range team {
			if q == last[nt] {
				start = j + 1
			}
		}
		for j := 0; j < len(team); j++ {
			if q := team[(start+j)%len(team)]; d.inGame(q) {
				return q
			}
		}
	}
	return p
}

// rotationNames lists the coming turns from the current turn player: two
// full rounds of the players still in the game.
func (d *duel) rotationNames() []string {
	left := 0
	for q := range d.pl {
		if d.inGame(q) {
			left++
		}
	}
	last := append([]int(nil), d.teamLast...)
	var out []string
	p := d.tp
	for i := 0; i < 2*left && i < 2*len(d.pl); i++ {
		out = append(out, d.pn(p))
		p = d.nextFrom(p, last)
	}
	return out
}

// removePlayer takes a player who lost out of a game that goes on
// (domain-player-removal): their chain links vanish, the cards they own
// leave the game (Tokens aside), and the cards they controlled that others
// own go back to their owners, or to the Graveyard.
func (d *duel) removePlayer(p int) {
	r := ref("Removing a player", d.p.PlayerRemoval)
	d.emit("rule", p, "", fmt.Sprintf("%s is removed from the game; the others stay where they sit", d.pn(p)), r)
	d.dropPlayersLinks(p, r)
	d.ownedLeaveGame(p, r)
	// Cards p controlled that others own go back to their owners.
	for _, c := range append(append([]*inst{}, d.pl[p].mz...), d.pl[p].st...) {
		d.backToOwner(c, r)
	}
	if d.atk != nil && d.atk.attacker.loc == locGone {
		d.atk = nil
	}
}

// dropPlayersLinks takes a removed player's Chain Links off the chain and
// their waiting triggers out of the queue.
func (d *duel) dropPlayersLinks(p int, r ruleRef) {
	for _, l := range d.chain {
		if l.ctrl == p && !l.gone {
			l.gone = true
			l.rec.Removed = true
			d.emit("rule", p, l.src.name(), fmt.Sprintf("CL%d %s is removed from the chain with its player", l.rec.N, l.rec.Effect), r)
		}
	}
	var keep []*trig
	for _, tr := range d.pending {
		if tr.ctrl != p {
			keep = append(keep, tr)
		}
	}
	d.pending = keep
}

// ownedLeaveGame takes out of the game every card a removed player owns,
// wherever it is: their hidden zones as a whole, then each card (a Token
// another player controls stays).
func (d *duel) ownedLeaveGame(p int, r ruleRef) {
	own := d.pl[p]
	for _, z := range []struct {
		list *[]*inst
		name string
	}{{&own.hand, "hand"}, {&own.deck, "Deck"}, {&own.extra, "Extra Deck"}} {
		if n := len(*z.list); n > 0 {
			for _, c := range *z.list {
				c.loc = locGone
			}
			*z.list = nil
			d.emit("move", p, "", fmt.Sprintf("%s's %s (%d cards) leaves the game", d.pn(p), z.name, n), r)
		}
	}
	for q := range d.pl {
		ps := d.pl[q]
		for _, list := range [][]*inst{ps.hand, ps.deck, ps.gy, ps.banished, ps.mz, ps.st, ps.extra} {
			for _, c := range append([]*inst{}, list...) {
				if c.owner != p || (c.c != nil && c.c.Has(SubToken) && c.ctrl != p) {
					continue
				}
				d.leaveGame(c)
			}
		}
		if ps.fz != nil && ps.fz.owner == p {
			d.leaveGame(ps.fz)
		}
		if ps.dm != nil && ps.dm.owner == p {
			d.leaveGame(ps.dm)
		}
	}
}

// backToOwner returns a card a removed player controlled to its owner's
// matching zone, or to the Graveyard when that zone is full; a Token
// leaves the game.
func (d *duel) backToOwner(c *inst, r ruleRef) {
	o := c.owner
	if c.c != nil && c.c.Has(SubToken) {
		d.leaveGame(c)
		return
	}
	to := locMonster
	if c.loc == locSpell {
		to = locSpell
	}
	if (to == locMonster && d.freeMZ(o) <= 0) || (to == locSpell && d.freeST(o) <= 0) {
		d.emit("rule", o, c.name(), fmt.Sprintf("%s has no free zone for %s: it goes to the Graveyard", d.pn(o), c.name()), r)
		d.moveTo(c, locGY, "returned to its owner, whose zones are full")
		return
	}
	d.remove(c)
	d.place(c, o, to)
	c.ctrlBack, c.ctrlUntil, c.equipTo = -1, false, nil
	d.emit("control", o, c.name(), fmt.Sprintf("%s goes back to its owner %s", c.name(), d.pn(o)), r)
}

// leaveGame removes a card from the game with its owner.
func (d *duel) leaveGame(c *inst) {
	where := d.locName(c)
	if c.loc == locDMZ {
		d.pl[c.owner].dm = nil
	} else {
		d.remove(c)
	}
	c.loc = locGone
	d.emit("move", c.owner, c.name(), fmt.Sprintf("%s leaves the game with its owner (from %s)", c.name(), where), ref("Removing a player", d.p.PlayerRemoval))
}

// responseTurn: with several players, the chance to respond to the newest
// link goes round in turn order from the player after its controller. A
// player who acts shows that those before them passed; a player who has
// already passed cannot act until something new is activated.
func (d *duel) responseTurn(p int) bool {
	if len(d.chain) == 0 || len(d.pl) <= 2 {
		return true
	}
	top := d.chain[len(d.chain)-1]
	if p == top.ctrl {
		return true
	}
	if d.passed[p] {
		d.illegal(fmt.Sprintf("%s already passed on %s: the chance to respond goes round in turn order (%s)", d.pn(p), top.rec.Effect, strings.Join(top.rec.Responders, ", ")), ref("Response order", d.p.ResponseOrder))
		return false
	}
	d.impliedPasses(p)
	return true
}

// actsOnOpponent: does the effect act on "your opponent"?
func actsOnOpponent(e *Effect) bool {
	for _, o := range e.Do {
		switch o.Op {
		case "destroy":
			if o.What.sweepsOpponents() {
				return true
			}
		case "damage":
			if o.To == "" || o.To == ToOpponent {
				return true
			}
		case "discard-random", "damage-per-card", "banish-from-opponent", "mind-crush", "eradicate", "destroy-discarded-kind", "exciton", "primal-being":
			return true
		case "summon-tokens":
			if o.To == ToOpponent {
				return true
			}
		}
	}
	return false
}

// chooseOpponent picks the opponent an effect on "your opponent" targets
// when several are left: the one the line names ("targeting C"), the
// player whose monster attacked for a trigger on an attack, or else the
// next opponent in turn order. It returns that player plus 1, or 0 in a
// two-player duel.
func (d *duel) chooseOpponent(p int, c *inst, e *Effect, a *Action) (int, bool) {
	named := a != nil && a.TargetPlayer > 0
	if len(d.pl) <= 2 || !actsOnOpponent(e) {
		if named && len(d.pl) > 2 {
			d.fail("%s does not target a player", effectName(c.c, e))
			return 0, false
		}
		return 0, true
	}
	r := ref("Effects on \"your opponent\"", d.p.OpponentTargeting)
	attacker := -1
	if hasDestroy(e, WhatOpponentAttackPos) && d.atk != nil {
		attacker = d.atk.attacker.ctrl
	}
	q := -1
	switch {
	case named:
		q = a.TargetPlayer - 1
	case attacker >= 0:
		q = attacker
	default:
		q = d.opp(p)
	}
	if q == p || !d.inGame(q) {
		d.illegal(fmt.Sprintf("%s must target an opponent who is still in the game", effectName(c.c, e)), r)
		return 0, false
	}
	if !d.opponentTargetFits(p, q, c, e) {
		return 0, false
	}
	if attacker >= 0 && q != attacker {
		d.illegal(fmt.Sprintf("%s must target the player whose monster declared the attack (%s)", effectName(c.c, e), d.pn(attacker)), r)
		return 0, false
	}
	how := ""
	if !named && attacker < 0 {
		how = " (the line names none: the engine takes the next opponent in turn order)"
	}
	d.emit("target", p, c.name(), fmt.Sprintf("%s targets %s with %s: only that opponent is affected%s", d.pn(p), d.pn(q), effectName(c.c, e), how), r)
	return q + 1, true
}

func hasDestroy(e *Effect, what What) bool {
	for _, o := range e.Do {
		if o.Op == "destroy" && o.What == what {
			return true
		}
	}
	return false
}

// lingering is an effect that lasts until its player's next Draw Phase.
type lingering struct {
	kind   string // "no-effect-summons", "eradicate"
	owner  int
	src    string
	target int      // "eradicate": the player whose cards are destroyed
	what   CardKind // "eradicate": the kind declared, spell or trap
	turns  int      // "eradicate": the target's turns still to end
}

// summonBanned: does a lasting effect stop this Summon of c?
func (d *duel) summonBanned(c *inst) string {
	if why := d.uniqueBarred(c); why != "" { // specialnegate.go
		return why
	}
	for _, l := range d.lingering {
		if l.kind == "no-effect-summons" && c.c != nil && c.c.Has(SubEffect) {
			return fmt.Sprintf("%s's effect still applies: no player can Normal or Special Summon an Effect Monster until %s's next Draw Phase", l.src, d.pn(l.owner))
		}
	}
	return ""
}

// summonBanRef cites the removal rule when the lingering effect belongs to
// a player who has left the game.
func (d *duel) summonBanRef() ruleRef {
	for _, l := range d.lingering {
		if !d.inGame(l.owner) {
			return ref("Removing a player", d.p.PlayerRemoval)
		}
	}
	return ruleRef{}
}

// expireLingering ends the effects that last until the Draw Phase of a
// player whose turn is starting, or whose turn has just been passed over
// because they left the game.
func (d *duel) expireLingering(from, to int) {
	var keep []*lingering
	for _, l := range d.lingering {
		gone := l.owner == to
		if !gone && !d.inGame(l.owner) {
			// The turn that would have been theirs: between from and to in seat order.
			for i := 1; i < len(d.pl); i++ {
				q := (from + i) % len(d.pl)
				if q == to {
					break
				}
				if q == l.owner {
					gone = true
				}
			}
		}
		if gone {
			r := ruleRef{}
			if !d.inGame(l.owner) {
				r = ref("Removing a player", d.p.PlayerRemoval)
			}
			d.emit("rule", l.owner, l.src, fmt.Sprintf("%s's effect ends as %s's turn begins", l.src, d.pn(to)), r)
			continue
		}
		keep = append(keep, l)
	}
	d.lingering = keep
}

// eradicate resolves "Eradicator Epidemic Virus": the targeted opponent's
// Spells or Traps on the field and in the hand are destroyed, and so is
// every card of that type they draw until the end of their third turn.
func (d *duel) eradicate(l *link) {
	p, q := l.ctrl, l.oppTarget(d, l.ctrl)
	what := strings.ToLower(strings.TrimSpace(l.declare))
	kind := CardKind(strings.TrimSuffix(strings.TrimSuffix(what, " cards"), " card"))
	if kind != CardSpell && kind != CardTrap {
		d.fail("%s: declare Spell or Trap, not %q", l.src.name(), l.declare)
		return
	}
	d.t.reveals[d.pn(q)+" hand"] = true
	d.emit("reveal", q, l.src.name(), fmt.Sprintf("%s reveals their hand to %s", d.pn(q), d.pn(p)), ruleRef{})
	for _, c := range append(d.fieldOf(q), d.pl[q].hand...) {
		if c.c != nil && c.c.Kind == kind {
			if c.onField() {
				d.destroy(c, l.src.name(), false)
			} else {
				d.t.destroy[c.name()] = "effect"
				d.moveTo(c, locGY, "destroyed from the hand by "+l.src.name())
			}
		}
	}
	turns := 3
	if d.tp == q {
		turns = 4 // the current turn is not one of the three after activation
	}
	d.lingering = append(d.lingering, &lingering{kind: "eradicate", owner: p, src: l.src.name(), target: q, what: kind, turns: turns})
}

// drawnCheck destroys a drawn card that a lasting "Eradicator Epidemic
// Virus" watches for.
func (d *duel) drawnCheck(p int, c *inst) {
	for _, l := range d.lingering {
		if l.kind != "eradicate" || l.target != p || c.c == nil || c.c.Kind != l.what {
			continue
		}
		r := ruleRef{}
		if !d.inGame(l.owner) {
			r = ref("Removing a player", d.p.PlayerRemoval)
		}
		d.emit("reveal", p, c.name(), fmt.Sprintf("%s shows the drawn %s: %s still destroys it", d.pn(p), c.name(), l.src), r)
		d.t.destroy[c.name()] = "effect"
		d.moveTo(c, locGY, "destroyed by "+l.src)
	}
}

// turnEnded counts down the lasting effects that end with one of a
// player's turns.
func (d *duel) turnEnded(p int) {
	var keep []*lingering
	for _, l := range d.lingering {
		if l.kind == "eradicate" && l.target == p {
			l.turns--
			if l.turns <= 0 {
				d.emit("rule", p, l.src, fmt.Sprintf("%s's effect ends with %s's third turn", l.src, d.pn(p)), ruleRef{})
				continue
			}
		}
		keep = append(keep, l)
	}
	d.lingering = keep
}
