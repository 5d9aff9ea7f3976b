package rulings

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// duel is the state of one replay.
type duel struct {
	p *Profile
	s *Scenario
	t *Timeline

	pl     []*pstate
	nextID int
	turn   int
	tp     int
	phase  string // draw standby main1 battle main2 end
	bstep  string // start battle damage end ("" outside the Battle Phase)
	ds     int    // Damage Step timing index, -1 outside it
	inCalc bool

	dsManual int // chains started by players at the current timing
	dsChains int // chains of any kind at the current timing

	chain     []*link
	chainRec  int // index of the open chain in t.Chains, -1
	pending   []*trig
	building  bool
	buildLine int
	orders    [][]*Card
	trigSeq   int
	time      int

	winEvents []string // what the open response window answers: "monster-summoned", ...
	fresh     bool     // a Summon or a chain has just resolved: the turn player acts first
	passed    []bool

	atk   *attack
	maint []*maintenance

	mirroring  bool          // a "Forced Requisition" discard is being applied
	away       []*tempBanish // cards banished for a while
	forked     bool          // a trial copy checking whether an action would start a loop
	eotLock    bool          // the discard for hand size was made: only its triggers' chain may follow
	destroying *inst         // the card being destroyed right now
	timeTurn   int           // turn in which time was called (0: not called)
	sudden     bool          // the extra duel goes on until the Life Points first change
	teamLast   []int         // each team\'s player who played its last turn
	dmOffers   []int         // players who may return their Deck Master now, in turn order
	lingering  []*lingering  // effects that last until a player\'s next Draw Phase ("Heat Wave")
	loopFound  bool          // the trial copy met an infinite loop

	line    int
	act     *Action
	stopped bool
	over    bool
	steps   int

	ctx    context.Context
	budget *Budget            // shared by the replays of one request
	last   *State             // the state at the last step, which the next step is told against
	zc     [][zcZones][]*Card // per player and pile: the cards d.last's names were read from
}

type link struct {
	src          *inst
	eff          *Effect
	ctrl         int
	targets      []*inst
	choose       []*inst
	declare      string
	negated      bool
	cardAct      bool // a Spell or Trap Card activation: the card is on the field
	trigger      bool
	battled      *inst
	respTo       *link
	rec          *Link
	random       *inst // the card discarded at random, for a follow-up op
	lastATK      int   // ATK of the monster the effect destroyed
	destroyedOne bool
	oppP         int            // the opponent the effect targets, plus 1 (0: none chosen)
	spare        map[*inst]bool // cards another card was destroyed in place of ("Fake Trap")
	gone         bool           // its player left the game: it is removed without resolving
}

// oppTarget is the opponent an effect on "your opponent" acts on.
func (l *link) oppTarget(d *duel, p int) int {
	if l.oppP > 0 {
		return l.oppP - 1
	}
	return d.opp(p)
}

func (l *link) spares(c *inst) bool { return l.spare[c] }

type trig struct {
	src       *inst
	eff       *Effect
	ctrl      int
	time      int
	at        int // Damage Step timing index it waits for; -1: the next chain
	battled   *inst
	seq       int
	chosen    bool
	targets   []*inst
	mandatory bool
	moves     int     // its card's moves when it triggered
	eot       bool    // set off by the discard for hand size
	act       *Action // the line that activates it, with its choices
}

type maintenance struct {
	c    *inst
	eff  *Effect
	n    int
	done bool
}

type ruleRef struct {
	name    string
	rule    string
	assumed bool
}

func ref[T any](name string, s Setting[T]) ruleRef {
	return ruleRef{name: name, rule: s.Rule, assumed: s.Assumed}
}

func plain(rule string) ruleRef { return ruleRef{rule: rule} }

var phaseTitle = map[string]string{
	"draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1", "battle": "Battle Phase",
	"main2": "Main Phase 2", "end": "End Phase",
}

var stepTitle = map[string]string{"start": "Start Step", "battle": "Battle Step", "damage": "Damage Step", "end": "End Step"}

// Replay replays a scenario under a format. It never panics and always ends:
// an illegal action ends it with a Verdict, a mistake in the scenario with
// Error, and a scenario that runs too long, passes the budget b or outlives
// ctx with Error too. The replays of one request share one budget; a nil b
// is a budget of DefaultBudget for this replay alone.
func Replay(ctx context.Context, s *Scenario, p *Profile, b *Budget) (t *Timeline) {
	t = &Timeline{Format: p.ID, FormatName: p.Name, profile: p,
		attacks: map[string]int{}, timings: map[string]string{}, destroy: map[string]string{}, reveals: map[string]bool{}}
	if s == nil {
		t.Error = &ParseError{Msg: "no scenario"}
		return t
	}
	t.Scenario, t.Title, t.Example, t.acts, t.cat = s.Name, s.Title, s.Example, s.Actions, s.cat
	if b == nil {
		b = NewBudget(0)
	}
	d := &duel{p: p, s: s, t: t, ds: -1, chainRec: -1, ctx: ctx, budget: b}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopReplay); !ok {
				t.Error = &ParseError{Line: d.line, Msg: fmt.Sprintf("the engine failed on this line: %v", r)}
			}
			d.stopped = true
		}
		t.Final = d.state()
		t.first = d.tp
		d.checkExpectations()
	}()
	d.setup()
	d.beginPhase(s.Phase)
	d.snapshot(0) // the starting position, for step-by-step viewers (Steps)
	for _, a := range s.Actions {
		if d.stopped || d.over {
			break
		}
		d.line, d.act = a.Line, a
		d.checkContext()
		d.prepare(a)
		if !d.stopped && !d.over {
			d.do(a)
		}
		if !d.stopped {
			d.snapshot(a.Line)
		}
	}
	if !d.stopped && !d.over && d.building {
		d.line = 0
		d.finishBuild()
	}
	return t
}

// stopReplay unwinds the engine when the event bound is reached.
type stopReplay struct{}

func (d *duel) setup() {
	d.pl = make([]*pstate, len(d.s.Players))
	d.passed = make([]bool, len(d.s.Players))
	d.orders = make([][]*Card, len(d.s.Players))
	for pi := range d.s.Players {
		su := d.s.Players[pi]
		ps := &pstate{lp: su.LP}
		d.pl[pi] = ps
		mk := func(sp CardSpec, loc string) *inst {
			d.nextID++
			c := &inst{id: d.nextID, c: sp.Card, owner: pi, ctrl: pi, loc: loc, tributable: -1, summonedBy: -1, ctrlBack: -1}
			if sp.Owner >= 0 {
				c.owner = sp.Owner
			}
			if sp.Card != nil {
				c.atkBase, c.defBase = sp.Card.ATK, sp.Card.DEF
				if c.atkBase < 0 {
					c.atkBase = 0
				}
				if c.defBase < 0 {
					c.defBase = 0
				}
			}
			if sp.ATK > 0 {
				c.atkBase = sp.ATK
			}
			if sp.DEF > 0 {
				c.defBase = sp.DEF
			}
			c.counters = sp.Counters
			c.faceUp = !sp.FaceDown
			c.def = sp.Defense
			if sp.SetTurn {
				c.setTurn = d.s.TurnNumber
			}
			if sp.Summoned {
				c.summonTurn, c.summonedBy = d.s.TurnNumber, pi
			}
			if sp.IsDM && sp.Card != nil {
				if ps.dmCard != nil {
					d.fail("%s has two Deck Masters", d.pn(pi))
				}
				ps.dmCard, ps.dmReturns = c, sp.Returns
			}
			return c
		}
		for _, sp := range su.Hand {
			ps.hand = append(ps.hand, mk(sp, locHand))
		}
		for _, sp := range su.Deck {
			ps.deck = append(ps.deck, mk(sp, locDeck))
		}
		for _, sp := range su.GY {
			ps.gy = append(ps.gy, mk(sp, locGY))
		}
		for _, sp := range su.Banished {
			ps.banished = append(ps.banished, mk(sp, locBanished))
		}
		for _, sp := range su.Monsters {
			c := mk(sp, locMonster)
			if sp.TrapMon {
				c.trapMon, c.holdsST = true, d.p.TrapMonsterZones.Value
			}
			if c.owner != pi {
				c.ctrlBack = c.owner
			}
			ps.mz = append(ps.mz, c)
		}
		for _, sp := range su.Spells {
			c := mk(sp, locSpell)
			if sp.Defense {
				c.def = false
			}
			ps.st = append(ps.st, c)
		}
		for _, sp := range su.Field {
			ps.fz = mk(sp, locField)
		}
		for _, sp := range su.Extra {
			ps.extra = append(ps.extra, mk(sp, locExtra))
		}
		for _, sp := range su.DeckMaster {
			ps.dm = mk(sp, locDMZ)
			ps.dmCard, ps.dmReturns = ps.dm, sp.Returns
		}
		// A card owned by the other player sits in its controller's zone.
		for _, c := range append(append([]*inst{}, ps.mz...), ps.st...) {
			c.ctrl = pi
		}
	}
	d.turn, d.tp = d.s.TurnNumber, d.s.Turn
	d.phase = d.s.Phase
	d.setupSeats()
	d.setupEquips()
	d.setupMatch()
	d.settle()
	if d.phase == "battle" {
		d.bstep = "battle"
	}
}

// emit records an event at the current point of the duel.
func (d *duel) emit(kind string, player int, card, text string, r ruleRef) {
	d.steps++
	if !d.budget.spend(eventCost(text)) {
		d.overBudget()
	}
	if d.steps%128 == 0 {
		d.checkContext()
	}
	if d.steps > maxEvents {
		d.t.Error = &ParseError{Line: d.line, Msg: fmt.Sprintf("the replay passed %d events; it is stopped here", maxEvents)}
		d.stopped = true
		panic(stopReplay{})
	}
	e := Event{Seq: len(d.t.Events) + 1, Line: d.line, Turn: d.turn, Phase: phaseTitle[d.phase], Kind: kind,
		Player: d.pn(player), Card: card, Text: text, Rule: r.rule, Assumed: r.assumed}
	if d.phase == "battle" {
		e.Step = stepTitle[d.bstep]
	}
	if d.ds >= 0 && d.ds < len(d.p.DamageStep) {
		e.Timing = d.p.DamageStep[d.ds].Name
	}
	d.t.Events = append(d.t.Events, e)
	if r.assumed && r.name != "" {
		label := r.name
		if r.rule != "" {
			label += " (" + r.rule + ")"
		}
		if !slices.Contains(d.t.Assumed, label) {
			d.t.Assumed = append(d.t.Assumed, label)
		}
	}
}

func (d *duel) note(text string, r ruleRef) { d.emit("rule", -1, "", text, r) }

// illegal ends the replay: the action is forbidden in this format.
func (d *duel) illegal(reason string, r ruleRef) {
	if d.stopped {
		return
	}
	text := ""
	if d.act != nil {
		text = d.act.Text
	}
	d.emit("verdict", -1, "", "illegal: "+reason, r)
	d.t.Verdict = &Verdict{Line: d.line, Action: text, Reason: reason, Rule: r.rule, Assumed: r.assumed}
	d.stopped = true
}

// fail ends the replay: the scenario says something impossible.
func (d *duel) fail(format string, args ...any) {
	if d.stopped {
		return
	}
	d.t.Error = &ParseError{Line: d.line, Msg: fmt.Sprintf(format, args...)}
	d.stopped = true
}

func (d *duel) state() State {
	st := State{Turn: d.turn, TurnPlayer: d.pn(d.tp), Phase: phaseTitle[d.phase]}
	if d.phase == "battle" {
		st.Step = stepTitle[d.bstep]
	}
	if d.ds >= 0 && d.ds < len(d.p.DamageStep) {
		st.Timing = d.p.DamageStep[d.ds].Name
	}
	for _, l := range d.chain {
		st.Pending = append(st.Pending, fmt.Sprintf("CL%d %s", l.rec.N, l.rec.Effect))
	}
	for pi := range d.pl {
		ps := d.pl[pi]
		if ps == nil {
			continue
		}
		out := PlayerState{Player: d.pn(pi), LP: ps.lp, DeckSize: len(ps.deck), Lost: ps.lost,
			Hand: d.zoneNames(pi, zcHand, ps.hand), Graveyard: d.zoneNames(pi, zcGY, ps.gy),
			Banished: d.zoneNames(pi, zcBanished, ps.banished), deck: d.zoneNames(pi, zcDeck, ps.deck),
			FreeMonsterZones: d.freeMZ(pi), FreeSpellTrapZones: d.freeST(pi)}
		d.statePlayer(pi, &out)
		for _, c := range ps.mz {
			out.Monsters = append(out.Monsters, d.fieldCard(c))
		}
		for _, c := range ps.st {
			out.SpellTraps = append(out.SpellTraps, d.fieldCard(c))
		}
		if ps.fz != nil {
			fc := d.fieldCard(ps.fz)
			out.FieldZone = &fc
		}
		if out.Hand == nil {
			out.Hand = []string{}
		}
		if out.Graveyard == nil {
			out.Graveyard = []string{}
		}
		if out.Banished == nil {
			out.Banished = []string{}
		}
		if out.Monsters == nil {
			out.Monsters = []FieldCard{}
		}
		if out.SpellTraps == nil {
			out.SpellTraps = []FieldCard{}
		}
		st.Players = append(st.Players, out)
	}
	st.Winner = d.winner()
	st.Order, st.Next = d.rotationNames(), ""
	if len(st.Order) > 1 {
		st.Next = st.Order[1]
	}
	if len(d.pl) == 2 && len(d.s.Teams) == 0 {
		st.Order = nil
	}
	return st
}

// winner names who won: a player, a team ("team A"), "draw", or "" while
// the game goes on.
func (d *duel) winner() string {
	if len(d.pl) == 2 && len(d.s.Teams) == 0 {
		switch {
		case d.pl[0] == nil || d.pl[1] == nil:
		case d.pl[0].lost && d.pl[1].lost:
			return "draw"
		case d.pl[0].lost:
			return d.pn(1)
		case d.pl[1].lost:
			return d.pn(0)
		}
		return ""
	}
	var left []int
	for q := range d.pl {
		if d.inGame(q) {
			left = append(left, q)
		}
	}
	switch {
	case len(left) == 0:
		return "draw"
	case len(d.s.Teams) > 0:
		t := d.teamOf(left[0])
		for _, q := range left {
			if d.teamOf(q) != t {
				return ""
			}
		}
		return "team " + string(rune('A'+t))
	case len(left) == 1:
		return d.pn(left[0])
	}
	return ""
}

func (d *duel) fieldCard(c *inst) FieldCard {
	fc := FieldCard{Card: c.name(), Position: d.positionText(c), Counters: c.counters}
	if c.isMonster() {
		fc.ATK, fc.DEF = d.atkOf(c), d.def(c)
	}
	if c.owner != c.ctrl {
		fc.Owner = d.pn(c.owner)
	}
	fc.TrapMonster, fc.HoldsSpellTrapZone = c.trapMon, c.holdsST
	if c.equipTo != nil {
		fc.EquippedTo = d.describe(c.equipTo)
	}
	return fc
}

func names(list []*inst) []string {
	var out []string
	for _, c := range list {
		out = append(out, c.name())
	}
	return out
}

// ---- phases ----

var phaseOrder = []string{"draw", "standby", "main1", "battle", "main2", "end"}

func phaseIndex(ph string) int {
	for i, p := range phaseOrder {
		if p == ph {
			return i
		}
	}
	return -1
}

// beginPhase runs what happens as a phase starts.
func (d *duel) beginPhase(ph string) {
	d.phase = ph
	d.bstep = ""
	d.winEvents, d.fresh = nil, false
	d.clearPasses()
	switch ph {
	case "draw":
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
	case "standby":
		d.emit("phase", d.tp, "", fmt.Sprintf("%s's Standby Phase", d.pn(d.tp)), ruleRef{})
		d.returnBanished("standby")
		d.standbyMaintenance()
		d.standbyTriggers()
	case "battle":
		d.bstep = "start"
		d.emit("phase", d.tp, "", fmt.Sprintf("%s enters the Battle Phase", d.pn(d.tp)), ruleRef{})
		d.bstep = "battle"
	case "end":
		d.emit("phase", d.tp, "", fmt.Sprintf("%s's End Phase", d.pn(d.tp)), ruleRef{})
		for _, c := range d.allField() {
			if c.endDestroy && c.ctrl == d.tp {
				d.destroy(c, "Limiter Removal's effect", false)
			}
		}
		d.endPhaseControl()
		d.returnBanished("end")
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

func (d *duel) checkLoss() {
	for p := range d.pl {
		if d.pl[p].lp <= 0 && !d.pl[p].lost {
			d.lose(p, "0 LP")
		}
	}
}

// ---- the script ----

// prepare plays out what must happen before the action can be taken:
// finishing a SEGOC build, default maintenance choices, and the parts of the
// Battle Phase the action skips over.
func (d *duel) prepare(a *Action) {
	if len(d.dmOffers) > 0 && a.Verb != vReturnDM && a.Verb != vKeepDM {
		d.declineReturns(-1)
	}
	if len(d.maint) > 0 && a.Verb != vPay && a.Verb != vNoPay {
		d.defaultMaintenance()
	}
	if d.building && !d.isBuildAction(a) {
		d.finishBuild()
	}
	if d.stopped || d.over {
		return
	}
	if a.Resp != nil {
		top := func() bool {
			n := len(d.chain)
			return n > 0 && d.chain[n-1].src.c == a.Resp.Card
		}
		if !top() {
			d.advanceUntil(func() bool { return top() || (d.atk == nil && d.ds < 0 && !d.building && len(d.chain) == 0) })
			if d.building && !top() {
				d.finishBuild()
			}
		}
		if !d.stopped && !top() {
			d.fail("%s's effect is not on the chain to respond to", a.Resp.Card.Name)
		}
		return
	}
	if a.Timing != "" {
		target := d.timingFor(a.Timing)
		if target < 0 {
			d.fail("%s has no timing called %q", d.p.Name, a.Timing)
			return
		}
		if d.atk == nil && d.ds < 0 {
			d.fail("there is no attack in progress, so there is no Damage Step to reach")
			return
		}
		if d.ds > target {
			d.fail("the Damage Step is already past %s", d.p.DamageStep[target].Name)
			return
		}
		d.advanceUntil(func() bool { return d.ds == target })
		return
	}
	switch a.Verb {
	case vAttack:
		if d.atk != nil && !d.atk.replay {
			d.advanceUntil(func() bool { return d.atk == nil })
		}
	case vPhase, vEndTurn:
		if d.atk != nil && !d.atk.replay {
			d.advanceUntil(func() bool { return d.atk == nil })
		}
		if d.atk != nil && d.atk.replay {
			d.cancelAttack()
		}
	case vActivate:
		if d.ds < 0 && (d.atk == nil || d.atk.replay) {
			return
		}
		if d.pendingFor(a.Card.Card, a.Player) != nil || !onlyTriggers(a.Card.Card) {
			return
		}
		d.advanceUntil(func() bool { return d.pendingFor(a.Card.Card, a.Player) != nil || d.atk == nil })
	}
}

func onlyTriggers(c *Card) bool {
	for _, e := range c.Effects {
		switch e.Kind {
		case "activate", "ignition", "quick":
			return false
		}
	}
	return true
}

func (d *duel) timingFor(id string) int {
	if i := d.p.timingIndex(id); i >= 0 {
		return i
	}
	switch id {
	case "flip":
		return d.p.timingIndex("before")
	case "resolve":
		return d.p.timingIndex("after")
	}
	return -1
}

// advanceUntil lets both players pass until cond holds or nothing is left
// to pass through.
func (d *duel) advanceUntil(cond func() bool) {
	for guard := 0; guard < 200 && !d.stopped && !d.over; guard++ {
		if cond() {
			return
		}
		if !d.impliedPass() {
			return
		}
	}
}

// impliedPass moves the duel one step as if both players passed.
func (d *duel) impliedPass() bool {
	switch {
	case d.building:
		d.finishBuild()
	case len(d.chain) > 0:
		d.emit("pass", -1, "", "both players pass (implied)", ruleRef{})
		d.resolveChain()
	case d.atk != nil && d.atk.replay:
		return false
	case d.atk != nil && d.ds < 0:
		d.enterDamageStep()
	case d.ds >= 0:
		d.leaveTiming()
	default:
		return false
	}
	return true
}

func (d *duel) isBuildAction(a *Action) bool {
	switch a.Verb {
	case vOrder, vChooseTarget:
		return true
	case vActivate:
		return d.pendingFor(a.Card.Card, a.Player) != nil
	}
	return false
}

func (d *duel) do(a *Action) {
	if a.Player >= 0 && d.pl[a.Player].lost {
		d.fail("%s has already lost", d.pn(a.Player))
		return
	}
	if d.wouldLoop(a) {
		d.illegal("this would start an infinite loop, and a player may not choose an action that does", ref("Infinite loops", d.p.VoluntaryLoops))
		return
	}
	d.act1(a)
	d.settle()
}

// act1 plays one action of the script.
func (d *duel) act1(a *Action) {
	switch a.Verb {
	case vHandDiscard:
		d.handDiscard(a)
	case vTimeCalled:
		d.timeCalled()
	case vSynchro:
		d.synchroSummon(a)
	case vReturnDM:
		d.returnDM(a)
	case vKeepDM:
		d.keepDM(a)
	case vPass:
		d.pass(a.Player)
	case vDraw:
		d.draw(a.Player, a.N, "")
		d.checkLoss()
	case vNormalSummon, vTributeSummon:
		d.summon(a)
	case vFlipSummon:
		d.flipSummon(a)
	case vSet:
		d.set(a)
	case vActivate:
		d.activate(a)
	case vAttack:
		d.declareAttack(a)
	case vNoAttack:
		d.noAttack(a)
	case vPhase:
		d.changePhase(a.Player, a.Declare)
	case vEndTurn:
		d.endTurn(a.Player)
	case vOrder:
		d.order(a)
	case vChooseTarget:
		d.chooseTarget(a)
	case vPay, vNoPay:
		d.payMaintenance(a)
	case vPosition:
		d.changePosition(a)
	case vContinue:
		d.continueTo(a.Declare)
	default:
		d.fail("the engine cannot play %q yet", a.Verb)
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

func (d *duel) changePhase(p int, to string) {
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
	if to == "battle" && d.pl[p].noBattlePhase {
		d.illegal(fmt.Sprintf("%s cannot conduct a Battle Phase this turn", d.pn(p)), ruleRef{})
		return
	}
	if to == "battle" && d.p.FirstBattlePhase.Value == "last-in-rotation" && d.turn < len(d.pl) {
		d.illegal(fmt.Sprintf("%s cannot conduct a Battle Phase in turn %d: the first Battle Phase of the game belongs to the last player of the first round", d.pn(p), d.turn), ref("First Battle Phase", d.p.FirstBattlePhase))
		return
	}
	if d.phase == "battle" {
		d.emit("phase", p, "", fmt.Sprintf("%s ends the Battle Phase", d.pn(p)), ruleRef{})
	}
	for i := from + 1; i <= want && !d.stopped && !d.over; i++ {
		if phaseOrder[i] == "battle" && to != "battle" {
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
	if d.phase != "end" {
		d.changePhase(p, "end")
	}
	if d.stopped || d.over {
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
	d.phase, d.bstep = "draw", ""
	d.expireLingering(from, d.tp)
	d.eotLock = false
	for pi := range d.pl {
		d.pl[pi].noSummon, d.pl[pi].noExtra, d.pl[pi].dragonsGone = false, false, 0
		d.pl[pi].normalSummoned = false
		d.pl[pi].noBattleDamage, d.pl[pi].noBattleDestroy, d.pl[pi].noBattlePhase = false, false, false
		for _, c := range d.pl[pi].mz {
			c.attacks, c.attackedOnce, c.usedThisTurn = 0, false, false
		}
		for _, c := range d.pl[pi].st {
			c.usedThisTurn = false
		}
	}
	d.beginPhase("draw")
}

// ---- summons ----

func (d *duel) mainPhaseAction(p int, what string) bool {
	if p != d.tp {
		d.illegal(fmt.Sprintf("%s may %s only in their own Main Phase", d.pn(p), what), ruleRef{})
		return false
	}
	if d.phase != "main1" && d.phase != "main2" {
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

func (d *duel) summon(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "Summon") {
		return
	}
	c := d.find(a.Card, p, locHand)
	fromDMZ := false
	if c == nil {
		if c = d.dmFor(a.Card, p); c != nil {
			fromDMZ = true
		}
	}
	if c == nil {
		d.fail("%s", d.whereText(a.Card, p, "hand"))
		return
	}
	if d.pl[p].normalSummoned {
		d.illegal(fmt.Sprintf("%s has already Normal Summoned or Set this turn", d.pn(p)), ruleRef{})
		return
	}
	if fromDMZ && !d.dmMayLeave(c, "be Normal or Tribute Summoned") {
		return
	}
	if d.pl[p].noSummon {
		d.illegal(fmt.Sprintf("%s cannot Summon monsters for the rest of this turn", d.pn(p)), ruleRef{})
		return
	}
	if why := d.summonBanned(c); why != "" {
		d.illegal(why, d.summonBanRef())
		return
	}
	need := 0
	switch lv := d.level(c); {
	case lv >= 7:
		need = 2
	case lv >= 5:
		need = 1
	}
	var tributes []*inst
	for _, r := range a.Tribute {
		t := d.find(r, p, locMonster)
		if t == nil {
			d.fail("%s", d.whereText(r, -1, "Monster Zone"))
			return
		}
		if t.ctrl != p && t.tributable != p {
			d.illegal(fmt.Sprintf("%s cannot Tribute %s, which it does not control", d.pn(p), d.describe(t)), ruleRef{})
			return
		}
		if t.ctrlUntil {
			d.illegal(fmt.Sprintf("%s is controlled only until the End Phase and cannot be Tributed", t.name()), ruleRef{})
			return
		}
		tributes = append(tributes, t)
	}
	if len(tributes) != need {
		d.illegal(fmt.Sprintf("%s (Level %d) needs %d Tribute(s), not %d", c.name(), d.level(c), need, len(tributes)), ruleRef{})
		return
	}
	if fromDMZ && !d.payDMCost(p, c) {
		return
	}
	if !d.payToPlace(p, c) {
		return
	}
	d.slowAction()
	d.pl[p].normalSummoned = true
	if len(tributes) > 0 {
		d.tick()
		for _, t := range tributes {
			d.tribute(t, fmt.Sprintf("Tributed for %s", c.name()))
		}
	}
	d.tick()
	d.remove(c)
	d.place(c, p, locMonster)
	c.moves++
	c.faceUp, c.def, c.summonTurn, c.summonedBy = true, false, d.turn, p
	d.faceUpNow(c)
	kind := "Normal Summons"
	cond := "normal-summoned"
	if len(tributes) > 0 {
		kind, cond = "Tribute Summons", "tribute-summoned"
	}
	d.emit("summon", p, c.name(), fmt.Sprintf("%s %s %s", d.pn(p), kind, c.name()), ruleRef{})
	d.selfTrigger(c, cond, "normal-summoned", "summoned")
	d.afterSummon(c)
}

func (d *duel) afterSummon(c *inst) {
	d.winEvents = []string{"monster-summoned"}
	d.fresh = true
	d.clearPasses()
	d.startBuildIfDue()
}

func (d *duel) flipSummon(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "Flip Summon") {
		return
	}
	c := d.find(a.Card, p, locMonster)
	if c == nil || c.faceUp {
		d.fail("%s", d.whereText(a.Card, p, "face-down monsters"))
		return
	}
	if d.pl[p].noSummon {
		d.illegal(fmt.Sprintf("%s cannot Summon monsters for the rest of this turn", d.pn(p)), ruleRef{})
		return
	}
	if !d.positionFree(c, "be Flip Summoned") {
		return
	}
	d.slowAction()
	d.tick()
	c.faceUp, c.def, c.posTurn = true, false, d.turn
	d.faceUpNow(c)
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Flip Summons %s", d.pn(p), c.name()), ruleRef{})
	d.selfTrigger(c, "flip", "summoned")
	d.afterSummon(c)
}

func (d *duel) set(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "Set a card") {
		return
	}
	c := d.find(a.Card, p, locHand)
	fromDMZ := false
	if c == nil {
		if c = d.dmFor(a.Card, p); c != nil {
			fromDMZ = true
		}
	}
	if c == nil {
		d.fail("%s", d.whereText(a.Card, p, "hand"))
		return
	}
	if fromDMZ && (!d.dmMayLeave(c, "be Set") || !d.payDMCost(p, c)) {
		return
	}
	if !d.payToPlace(p, c) {
		return
	}
	d.slowAction()
	switch {
	case c.isMonster():
		if d.pl[p].normalSummoned {
			d.illegal(fmt.Sprintf("%s has already Normal Summoned or Set this turn", d.pn(p)), ruleRef{})
			return
		}
		if d.freeMZ(p) <= 0 {
			d.illegal(fmt.Sprintf("%s has no free Monster Zone", d.pn(p)), ruleRef{})
			return
		}
		d.pl[p].normalSummoned = true
		d.remove(c)
		d.place(c, p, locMonster)
		c.moves++
		c.faceUp, c.def, c.setTurn = false, true, d.turn
		d.emit("set", p, c.name(), fmt.Sprintf("%s Sets a monster (%s)", d.pn(p), c.name()), ruleRef{})
	case c.c.Has("field"):
		d.replaceOwnField(p)
		d.remove(c)
		d.place(c, p, locField)
		c.faceUp, c.setTurn = false, d.turn
		r := ref("Field Spells", d.p.SharedFieldSpell)
		opp := d.pl[d.opp(p)].fz
		txt := fmt.Sprintf("%s Sets %s face-down in the Field Zone", d.pn(p), c.name())
		if opp != nil && opp.faceUp {
			txt += fmt.Sprintf("; a Set Field Spell destroys nothing, so %s stays", d.describe(opp))
		}
		d.emit("set", p, c.name(), txt, r)
	default:
		if d.freeST(p) <= 0 {
			d.illegal(fmt.Sprintf("%s has no free Spell & Trap Zone to Set %s", d.pn(p), c.name()), d.stZoneRef(p))
			return
		}
		d.remove(c)
		d.place(c, p, locSpell)
		c.moves++
		c.faceUp, c.setTurn = false, d.turn
		d.emit("set", p, c.name(), fmt.Sprintf("%s Sets %s", d.pn(p), c.name()), ruleRef{})
	}
}

// replaceOwnField clears p's Field Zone before a new Field Spell goes there.
func (d *duel) replaceOwnField(p int) {
	old := d.pl[p].fz
	if old == nil {
		return
	}
	r := ref("Replacing your own Field Spell", d.p.ReplaceOwnField)
	if d.p.ReplaceOwnField.Value == "destroy" {
		d.emit("rule", p, old.name(), fmt.Sprintf("%s's %s is destroyed at once, without a chain, as a new Field Spell takes its place", d.pn(p), old.name()), r)
		d.destroy(old, "game mechanics", false)
		return
	}
	d.emit("rule", p, old.name(), fmt.Sprintf("%s's %s is sent to the Graveyard as a new Field Spell takes its place", d.pn(p), old.name()), r)
	d.sendToGY(old, "replaced", false)
}

// payToPlace charges "Chain Energy" for placing c from the hand.
func (d *duel) payToPlace(p int, c *inst) bool {
	for _, ce := range d.allField() {
		if !ce.faceUp || ce.hasOp("continuous", "pay-to-place") == nil {
			continue
		}
		n := ce.opN("continuous", "pay-to-place")
		lp := d.pl[p].lp
		r := ref("Chain Energy", d.p.ChainEnergyToZero)
		if lp < n {
			d.illegal(fmt.Sprintf("%s must pay %d LP to %s to place %s, and has only %d", d.pn(p), n, ce.name(), c.name(), lp), ruleRef{})
			return false
		}
		if lp == n && !d.p.ChainEnergyToZero.Value && !d.p.LPCostToZero.Value {
			d.illegal(fmt.Sprintf("paying %d LP to %s would bring %s to 0 LP", n, ce.name(), d.pn(p)), ref("Life Point costs", d.p.LPCostToZero))
			return false
		}
		if lp == n && d.p.ChainEnergyToZero.Value && !d.p.LPCostToZero.Value {
			d.emit("rule", p, ce.name(), fmt.Sprintf("%s may pay %s's %d LP even though it brings them to 0", d.pn(p), ce.name(), n), r)
		}
		d.changeLP(p, -n, fmt.Sprintf("paid to %s to place %s", ce.name(), c.name()), ruleRef{})
		d.checkLoss()
		if d.over {
			return false
		}
	}
	return true
}

func (d *duel) changePosition(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "change a battle position") {
		return
	}
	c := d.find(a.Card, p, locMonster)
	if c == nil || c.ctrl != p {
		d.fail("%s", d.whereText(a.Card, p, "Monster Zone"))
		return
	}
	if c.attacks > 0 || c.attackedOnce {
		d.illegal(fmt.Sprintf("%s cannot change its battle position this turn", c.name()), ruleRef{})
		return
	}
	if !d.positionFree(c, "change its battle position") {
		return
	}
	d.slowAction()
	c.def = a.Declare == "defense"
	c.faceUp = true
	c.posTurn = d.turn
	d.emit("position", p, c.name(), fmt.Sprintf("%s changes %s to %s", d.pn(p), c.name(), d.positionText(c)), ruleRef{})
}

// ---- maintenance ----

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
	case lp == m.n && !d.p.MaintenanceToZero.Value:
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
			if lp == m.n && !d.p.MaintenanceToZero.Value {
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

// ---- trigger bookkeeping ----

// tick starts a new "time" for triggers: effects triggered by different
// events are not simultaneous.
func (d *duel) tick() { d.time++ }

// selfTrigger queues c's own triggers whose condition is one of conds.
func (d *duel) selfTrigger(c *inst, conds ...string) {
	if c.c == nil {
		return
	}
	for i := range c.c.Effects {
		e := &c.c.Effects[i]
		if e.Kind != "trigger" && e.Kind != "flip" {
			continue
		}
		cond := e.When
		if e.Kind == "flip" && cond == "" {
			cond = "flip"
		}
		if !slices.Contains(conds, cond) {
			continue
		}
		d.queue(c, e, -1, nil)
	}
}

func (d *duel) queue(c *inst, e *Effect, at int, battled *inst) {
	if e.Unsupported != "" {
		d.fail("%s", refusedEffect(c.c, e))
		return
	}
	d.trigSeq++
	tr := &trig{src: c, eff: e, ctrl: c.ctrl, time: d.time, at: at, battled: battled, seq: d.trigSeq,
		mandatory: !e.Optional, moves: c.moves}
	if !c.onField() {
		tr.ctrl = c.owner
	}
	d.pending = append(d.pending, tr)
	what := "mandatory"
	if e.Optional {
		what = "optional"
	}
	d.emit("trigger", tr.ctrl, c.name(), fmt.Sprintf("%s's effect triggers (%s)", d.describe(c), what), ruleRef{})
}

func (d *duel) due(tr *trig) bool {
	if tr.at < 0 {
		return true
	}
	return d.ds >= tr.at || d.ds < 0
}

func (d *duel) pendingFor(c *Card, p int) *trig {
	for _, tr := range d.pending {
		if tr.src.c == c && (p < 0 || tr.ctrl == p) && d.due(tr) && !tr.chosen {
			return tr
		}
	}
	return nil
}

// startBuildIfDue opens SEGOC chain building when triggers are waiting.
func (d *duel) startBuildIfDue() {
	if len(d.chain) > 0 || d.building {
		return
	}
	for _, tr := range d.pending {
		if d.due(tr) {
			d.building = true
			d.buildLine = d.line
			d.orders = make([][]*Card, len(d.pl))
			return
		}
	}
}

func (d *duel) order(a *Action) {
	if !d.building {
		d.fail("there are no simultaneous triggers to order now")
		return
	}
	p := a.Player
	for _, r := range a.Order {
		if d.pendingFor(r.Card, p) == nil {
			found := false
			for _, tr := range d.pending {
				if tr.src.c == r.Card && tr.ctrl == p && tr.chosen {
					found = true
				}
			}
			if !found {
				d.fail("%s has no triggered effect of %s waiting to go on the chain", d.pn(p), r.Card.Name)
				return
			}
		}
		d.orders[p] = append(d.orders[p], r.Card)
	}
	d.emit("order", p, "", fmt.Sprintf("%s orders their triggers: %s", d.pn(p), refNames(a.Order)), ruleRef{})
	d.checkOrder(p)
}

// checkOrder: a requested order must not break the profile's SEGOC order.
func (d *duel) checkOrder(p int) bool {
	var mine []*trig
	for _, c := range d.orders[p] {
		for _, tr := range d.pending {
			if tr.src.c == c && tr.ctrl == p && d.due(tr) && !slices.Contains(mine, tr) {
				mine = append(mine, tr)
				break
			}
		}
	}
	for i := 1; i < len(mine); i++ {
		a1, a2 := d.segocKey(mine[i-1])
		b1, b2 := d.segocKey(mine[i])
		if a1 > b1 || (a1 == b1 && a2 > b2) {
			d.illegal(fmt.Sprintf("%s's effect must go on the chain before %s's: %s", mine[i].src.name(), mine[i-1].src.name(), segocWhy(d.p.SEGOC.Value, mine[i], mine[i-1])), ref("SEGOC", d.p.SEGOC))
			return false
		}
	}
	return true
}

func refNames(rs []*CardRef) string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Card.Name)
	}
	return strings.Join(out, ", ")
}

func (d *duel) chooseTarget(a *Action) {
	var tr *trig
	for _, x := range d.pending {
		if x.src.c == a.Card.Card && d.due(x) && (a.Player < 0 || x.ctrl == a.Player) {
			tr = x
			break
		}
	}
	if tr == nil {
		d.fail("%s has no triggered effect waiting for a target", a.Card.Card.Name)
		return
	}
	tr.targets = nil
	for _, r := range a.Targets {
		t := d.find(r, 1-tr.ctrl, locMonster, locSpell, locField, locGY)
		if t == nil {
			d.fail("%s is not on the field", r.Card.Name)
			return
		}
		tr.targets = append(tr.targets, t)
	}
	d.emit("target", tr.ctrl, tr.src.name(), fmt.Sprintf("%s's %s will target %s", d.pn(tr.ctrl), tr.src.name(), d.describeAll(tr.targets)), ruleRef{})
}

func (d *duel) describeAll(cs []*inst) string {
	var out []string
	for _, c := range cs {
		out = append(out, d.describe(c))
	}
	return strings.Join(out, ", ")
}

// segocKey gives the sort key of a trigger under the profile's SEGOC order.
func (d *duel) segocKey(tr *trig) (int, int) {
	step := 1
	if tr.ctrl != d.tp {
		step = 2
	}
	if !tr.mandatory {
		step += 2
	}
	switch d.p.SEGOC.Value {
	case SEGOCTimeThenStep:
		return tr.time, step
	case SEGOCStepThenTime:
		return step, tr.time
	}
	return step, 0
}

// finishBuild puts the due triggers on a new chain in SEGOC order.
func (d *duel) finishBuild() {
	d.building = false
	if d.buildLine > 0 && d.line != d.buildLine {
		saved := d.line
		d.line = d.buildLine
		defer func() { d.line = saved }()
	}
	for p := range d.pl {
		if !d.checkOrder(p) {
			return
		}
	}
	var due, later []*trig
	for _, tr := range d.pending {
		if d.due(tr) {
			due = append(due, tr)
		} else {
			later = append(later, tr)
		}
	}
	d.pending = later
	var use []*trig
	for _, tr := range due {
		if d.optionalBlocked(tr) {
			d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s's optional effect was set off by the discard for hand size and cannot be activated", tr.src.name()), ref("End-of-turn discard", d.p.HandSizeDiscard))
			continue
		}
		if tr.mandatory || tr.chosen {
			use = append(use, tr)
			continue
		}
		d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s does not activate %s's optional effect", d.pn(tr.ctrl), tr.src.name()), ruleRef{})
	}
	if len(use) == 0 {
		return
	}
	// Requested orders: position of each card in its player's list.
	pos := func(tr *trig) int {
		for i, c := range d.orders[tr.ctrl] {
			if c == tr.src.c {
				return i
			}
		}
		return -1
	}
	r := ref("SEGOC", d.p.SEGOC)
	sort.SliceStable(use, func(i, j int) bool {
		a1, a2 := d.segocKey(use[i])
		b1, b2 := d.segocKey(use[j])
		if a1 != b1 {
			return a1 < b1
		}
		if a2 != b2 {
			return a2 < b2
		}
		pi, pj := pos(use[i]), pos(use[j])
		if pi >= 0 && pj >= 0 && pi != pj {
			return pi < pj
		}
		return use[i].seq < use[j].seq
	})
	if len(use) > 1 {
		d.emit("rule", -1, "", fmt.Sprintf("simultaneous triggers go on the chain: %s", d.trigNames(use)), r)
	}
	for _, tr := range use {
		if d.stopped {
			return
		}
		d.activateTrigger(tr)
	}
	d.fresh = false
	d.forcedResponses()
}

func segocWhy(order string, later, earlier *trig) string {
	switch order {
	case SEGOCTimeThenStep:
		return "earlier triggers go on the chain before later ones"
	case SEGOCStepThenTime:
		return "within a step, earlier triggers go on the chain before later ones"
	}
	return "the turn player's mandatory effects come first, then the opponent's, then optional ones"
}

func (d *duel) trigNames(ts []*trig) string {
	var out []string
	for i, tr := range ts {
		out = append(out, fmt.Sprintf("CL%d %s (%s)", i+1, tr.src.name(), d.pn(tr.ctrl)))
	}
	return strings.Join(out, ", ")
}
