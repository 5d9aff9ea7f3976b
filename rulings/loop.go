package rulings

import (
	"fmt"
	"maps"
	"slices"
)

// Infinite loops (goat-17, hat-09). A card like "Pole Position" makes the
// monster with the highest ATK unaffected by Spell Cards; when Spells are
// what put that monster on top, applying the rule changes who is on top,
// which changes it back, without end. The engine finds such a loop from
// the state alone: starting from the monster currently unaffected, it
// applies the rule again and again; if it never settles, there is a loop.
// Voluntary actions are checked on a trial copy of the duel before they
// are played (see wouldLoop).

// immunitySource is the face-up card whose effect makes the highest-ATK
// monster unaffected by Spell Cards, or nil.
func (d *duel) immunitySource() *inst {
	for _, f := range d.allField() {
		if f.faceUp && !f.isMonster() && f.hasOp(EffectContinuous, "highest-atk-immune-to-spells") != nil && !d.trapNegated(f) {
			return f
		}
	}
	return nil
}

// highestWith is the one monster with the highest ATK when im (or nobody)
// is unaffected by Spells; nil on a tie or with no monster.
func (d *duel) highestWith(mons []*inst, im *inst) *inst {
	saved := make([]bool, len(mons))
	for i, m := range mons {
		saved[i] = m.immune
		m.immune = m == im
	}
	var best *inst
	top, tie := -1, false
	for _, m := range mons {
		v := d.atkOf(m)
		switch {
		case v > top:
			best, top, tie = m, v, false
		case v == top:
			tie = true
		}
	}
	for i, m := range mons {
		m.immune = saved[i]
	}
	if tie {
		return nil
	}
	return best
}

// settleImmunity applies the immunity rule until it settles and returns
// the card causing a loop when it never does.
func (d *duel) settleImmunity() *inst {
	src := d.immunitySource()
	var mons []*inst
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, m := range d.pl[q].mz {
			if src == nil {
				m.immune = false
			} else if m.faceUp {
				mons = append(mons, m)
			}
		}
	}
	if src == nil {
		return nil
	}
	var cur *inst
	for _, m := range mons {
		if m.immune {
			cur = m
		}
	}
	seen := []*inst{cur}
	for i := 0; i <= len(mons)+1; i++ {
		next := d.highestWith(mons, cur)
		if next == cur {
			for _, m := range mons {
				m.immune = m == cur
			}
			return nil
		}
		for _, s := range seen {
			if s == next {
				return src
			}
		}
		seen = append(seen, next)
		cur = next
	}
	return src
}

// settle applies the rules that act on the state by themselves after
// every action and every resolved link: Trap Monsters under a Trap
// negator, and infinite loops.
func (d *duel) settle() {
	if d.stopped || d.over {
		return
	}
	if len(d.pl) > 2 && !d.inGame(d.tp) && len(d.chain) == 0 && !d.building && !d.forked {
		d.emit("phase", d.tp, "", fmt.Sprintf("%s has left the game, so their turn ends", d.pn(d.tp)), ref("Removing a player", d.p.PlayerRemoval))
		d.clearPasses()
		d.atk, d.ds = nil, -1
		d.startNextTurn()
		return
	}
	d.trapMonstersNegated()
	d.destroyIfDefense()
	cause := d.settleImmunity()
	if cause == nil {
		d.offerReturns()
		return
	}
	if d.forked {
		d.loopFound = true
		return
	}
	r := ref("Infinite loops", d.p.VoluntaryLoops)
	if d.loopsIllegal() {
		d.emit("rule", cause.ctrl, cause.name(), fmt.Sprintf("an infinite loop has started without any player's choice: %s, its cause, is destroyed by game mechanics", d.describe(cause)), r)
		d.destroy(cause, "game mechanics (infinite loop)", false)
	} else {
		d.emit("rule", cause.ctrl, cause.name(), fmt.Sprintf("an infinite loop has started: %s, its primary cause, is sent to the Graveyard by game mechanics", d.describe(cause)), r)
		d.sendToGY(cause, "game mechanics (infinite loop)", false)
	}
	d.settleImmunity()
	d.startBuildIfDue()
}

// voluntary lists the actions a player chooses to take.
var voluntary = map[string]bool{vNormalSummon: true, vTributeSummon: true, vFlipSummon: true, vActivate: true, vChooseTarget: true}

// wouldLoop reports whether a voluntary action would start an infinite
// loop once it and the chain it opens resolve, trying it on a copy.
func (d *duel) wouldLoop(a *Action) bool {
	if d.forked || !d.loopsIllegal() || !voluntary[a.Verb] {
		return false
	}
	relevant := d.immunitySource() != nil
	if !relevant && a.Card != nil {
		for _, e := range a.Card.Card.Effects {
			for _, o := range e.Do {
				relevant = relevant || o.Op == "highest-atk-immune-to-spells"
			}
		}
	}
	if !relevant {
		return false
	}
	f := d.fork()
	func() {
		defer func() {
			if r := recover(); r != nil {
				f.stopped = true
			}
		}()
		f.do(a)
		for guard := 0; guard < 50 && !f.stopped && !f.over && (len(f.chain) > 0 || f.building); guard++ {
			f.impliedPass()
		}
		f.settle()
	}()
	return f.loopFound
}

// fork copies the duel for a trial run: every card, chain link and
// pending trigger, so the copy never touches the original. A card reached
// twice (in a zone and as a link's target) is copied once (cloner).
func (d *duel) fork() *duel {
	cl := &cloner{im: map[*inst]*inst{}}
	f := *d
	f.resolving = nil
	f.forked, f.loopFound, f.steps = true, false, 0
	f.nameUsed = maps.Clone(d.nameUsed)
	f.t = &Timeline{Format: d.t.Format, profile: d.p, attacks: map[string]int{}, timings: map[string]string{}, destroy: map[string]string{}, reveals: map[string]bool{}, triggered: map[string]bool{}}
	for _, ch := range d.t.Chains {
		ch.Links = append([]Link(nil), ch.Links...)
		f.t.Chains = append(f.t.Chains, ch)
	}
	f.pl = make([]*pstate, len(d.pl))
	for i, ps := range d.pl {
		if ps == nil {
			continue
		}
		x := *ps
		x.hand, x.deck, x.gy, x.banished = cl.list(ps.hand), cl.list(ps.deck), cl.list(ps.gy), cl.list(ps.banished)
		x.mz, x.st, x.fz = cl.list(ps.mz), cl.list(ps.st), cl.inst(ps.fz)
		f.pl[i] = &x
	}
	f.forkChain(d, cl)
	f.forkBattle(d, cl)
	for i, ps := range d.pl {
		if ps != nil {
			f.pl[i].extra, f.pl[i].dm, f.pl[i].dmCard = cl.list(ps.extra), cl.inst(ps.dm), cl.inst(ps.dmCard)
		}
	}
	f.forkRest(d, cl)
	cl.link()
	return &f
}

// cloner copies cards for fork, each at most once.
type cloner struct{ im map[*inst]*inst }

// inst is c's copy (nil for nil).
func (cl *cloner) inst(c *inst) *inst {
	if c == nil {
		return nil
	}
	if x, ok := cl.im[c]; ok {
		return x
	}
	x := *c
	cl.im[c] = &x
	return &x
}

// link points the copies at each other: every card copied, and the cards
// reached only through them (Xyz Materials), gets copies of the cards it
// points to and maps of its own, so a trial run on the fork never writes
// into the original's cards.
func (cl *cloner) link() {
	done := map[*inst]bool{}
	for len(done) < len(cl.im) {
		for _, old := range slices.Collect(maps.Keys(cl.im)) {
			if done[old] {
				continue
			}
			done[old] = true
			x := cl.im[old]
			x.linked, x.equipTo, x.negBy = cl.inst(old.linked), cl.inst(old.equipTo), cl.inst(old.negBy)
			x.mats, x.under, x.boundTo = cl.list(old.mats), cl.inst(old.under), cl.inst(old.boundTo)
			x.onceTurn, x.onceMoves = maps.Clone(old.onceTurn), maps.Clone(old.onceMoves)
		}
	}
}

// list is a copy of cs with every card copied (nil for nil).
func (cl *cloner) list(cs []*inst) []*inst {
	if cs == nil {
		return nil
	}
	out := make([]*inst, len(cs))
	for i, c := range cs {
		out[i] = cl.inst(c)
	}
	return out
}

// forkChain copies the chain being built or resolved and the triggers
// waiting to go on the next one.
func (f *duel) forkChain(d *duel, cl *cloner) {
	lm := map[*link]*link{}
	f.chain = nil
	for _, l := range d.chain {
		x := *l
		x.src, x.targets, x.choose, x.battled, x.random = cl.inst(l.src), cl.list(l.targets), cl.list(l.choose), cl.inst(l.battled), cl.inst(l.random)
		x.summoned = cl.list(l.summoned)
		x.tributes = cl.list(l.tributes)
		x.answer = cl.inst(l.answer) // discardnegate.go
		x.reflect = append([]int(nil), l.reflect...)
		x.respTo = lm[l.respTo]
		if f.chainRec >= 0 && l.rec != nil {
			x.rec = &f.t.Chains[f.chainRec].Links[l.rec.N-1]
		}
		if l.spare != nil {
			x.spare = map[*inst]bool{}
			for c, v := range l.spare {
				x.spare[cl.inst(c)] = v
			}
		}
		lm[l] = &x
		f.chain = append(f.chain, &x)
	}
	f.pending = nil
	for _, tr := range d.pending {
		x := *tr
		x.src, x.battled, x.targets = cl.inst(tr.src), cl.inst(tr.battled), cl.list(tr.targets)
		f.pending = append(f.pending, &x)
	}
}

// forkBattle copies the attack under way and its result.
func (f *duel) forkBattle(d *duel, cl *cloner) {
	if d.atk == nil {
		return
	}
	x := *d.atk
	x.attacker, x.target = cl.inst(d.atk.attacker), cl.inst(d.atk.target)
	if d.atk.res != nil {
		r := *d.atk.res
		r.destroyed = cl.list(d.atk.res.destroyed)
		for i := range r.by {
			r.by[i] = cl.inst(d.atk.res.by[i])
		}
		x.res = &r
	}
	f.atk = &x
}

// forkRest copies the rest of the duel's state: maintenance costs, cards
// away until a later turn, replacement choices, Domain's offers and team
// state, and the slices the copy appends to.
func (f *duel) forkRest(d *duel, cl *cloner) {
	f.maint = nil
	for _, m := range d.maint {
		x := *m
		x.c = cl.inst(m.c)
		f.maint = append(f.maint, &x)
	}
	f.dmOffers = append([]int(nil), d.dmOffers...)
	f.away = nil
	for _, tb := range d.away {
		x := *tb
		x.c = cl.inst(tb.c)
		f.away = append(f.away, &x)
	}
	f.later = nil
	for _, s := range d.later { // delayed.go
		x := *s
		x.c = cl.inst(s.c)
		f.later = append(f.later, &x)
	}
	if d.lastTurn != nil { // lastturn.go
		x := *d.lastTurn
		x.champ, x.pick = cl.inst(d.lastTurn.champ), cl.inst(d.lastTurn.pick)
		f.lastTurn = &x
	}
	f.trapStunSrc = cl.inst(d.trapStunSrc)
	f.replaceWith = nil
	for k, v := range d.replaceWith {
		if f.replaceWith == nil {
			f.replaceWith = map[*inst]*inst{}
		}
		f.replaceWith[cl.inst(k)] = cl.inst(v)
	}
	f.teamLast = append([]int(nil), d.teamLast...)
	f.orders = append([][]*Card(nil), d.orders...)
	f.winEvents = append([]string(nil), d.winEvents...)
	f.passed = append([]bool(nil), d.passed...)
}

// loopsIllegal is whether starting an infinite loop is illegal (LoopsIllegal); otherwise the loop is broken by game mechanics (VoluntaryLoops): the one place that reads the switch.
func (d *duel) loopsIllegal() bool { return d.p.VoluntaryLoops.Value == LoopsIllegal }
