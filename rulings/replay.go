package rulings

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// duel is the state of one replay.
type duel struct {
	lastTurn *lastTurnState  // a resolved "Last Turn" waiting for its battle and End Phase check (lastturn.go)
	nameUsed map[nameUse]int // turn each player last activated each once-per-name card (once.go)
	p        *Profile
	s        *Scenario
	t        *Timeline

	pl        []*pstate
	resolving *link // the link whose effect is resolving now, if any (synchrofx.go: who destroys a card; reflect.go: whose damage is reflected)
	nextID    int
	turn      int
	tp        int
	phase     phase      // draw standby main1 battle main2 end
	bstep     battleStep // start battle damage end ("" outside the Battle Phase)
	ds        int        // Damage Step timing index, -1 outside it
	inCalc    bool

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
	execLink  *link    // the Chain Link whose op is running (exec, op.go), for destroyedby.go
	fresh     bool     // a Summon or a chain has just resolved: the turn player acts first
	passed    []bool

	atk   *attack
	maint []*maintenance

	mirroring    bool            // a "Forced Requisition" discard is being applied
	away         []*tempBanish   // cards banished for a while
	later        []*setAside     // cards banished to come back to the hand (delayed.go)
	forked       bool            // a trial copy checking whether an action would start a loop
	eotLock      bool            // the discard for hand size was made: only its triggers' chain may follow
	destroying   *inst           // the card being destroyed right now
	timeTurn     int             // turn in which time was called (0: not called)
	sudden       bool            // the extra duel goes on until the Life Points first change
	teamLast     []int           // each team\'s player who played its last turn
	dmOffers     []int           // players who may return their Deck Master now, in turn order
	lingering    []*lingering    // effects that last until a player\'s next Draw Phase ("Heat Wave")
	dice         []dieRoll       // die results the script stated, not yet used (dice.go)
	delayed      []delayedFx     // effects applied later this turn on a chosen opponent (chosenopp.go)
	zonesShown   bool            // the scenario uses zones and columns: the State names each card's zone (link.go)
	loopFound    bool            // the trial copy met an infinite loop
	lastAttackID int             // id of the monster that declared the latest attack (secondattack.go)
	replaceWith  map[*inst]*inst // the card to destroy in place of another, chosen by its controller (replace.go)
	bpCut        bool            // an effect ended the Battle Phase during the Damage Step (battlecut.go)
	trapStunTurn int             // turn in which "Trap Stun" negates the other Traps (negation.go)
	trapStunSrc  *inst           // that "Trap Stun"

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
	tributes     []*inst // monsters the line names to Tribute on resolution (a Ritual Summon, ritual.go)
	fuse         []*inst // monsters the line names as Fusion Material (fusionmats.go)
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
	chosenP      int            // the opponent the line chooses without targeting, plus 1 (chosenopp.go)
	spare        map[*inst]bool // cards another card was destroyed in place of ("Fake Trap")
	gone         bool           // its player left the game: it is removed without resolving
	summoned     []*inst        // the monsters whose Summon the window it was activated in answers (summonreact.go)
	reflect      []int          // players whose damage from this link goes to its controller instead (reflect.go)
	answer       *inst          // the card the answered player will discard to negate this link's effect (discardnegate.go)
	declined     bool           // its line declined the effect's optional part (optional.go)
	spellSeen    map[*inst]int  // monsters face-up when this Spell Card was activated, with their moves (spellcounter.go)
	faceDown     []*inst        // monsters its line Special Summons face-down ("Special Summoning face-down Sangan": excavate.go)
	drawToGY     bool           // its draws send the cards to the Graveyard instead ("Null and Void": nullvoid.go)
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
	overtaken string  // what happened after its event, for missing the timing (timingmiss.go)
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

var phaseTitle = map[phase]string{
	phaseDraw: "Draw Phase", phaseStandby: "Standby Phase", phaseMain1: "Main Phase 1", phaseBattle: "Battle Phase",
	phaseMain2: "Main Phase 2", phaseEnd: "End Phase",
}

var stepTitle = map[battleStep]string{stepStart: "Start Step", stepBattle: "Battle Step", stepDamage: "Damage Step", stepEnd: "End Step"}

// Replay replays a scenario under a format. It never panics and always ends:
// an illegal action ends it with a Verdict, a mistake in the scenario with
// Error, and a scenario that runs too long, passes the budget b or outlives
// ctx with Error too. The replays of one request share one budget; a nil b
// is a budget of DefaultBudget for this replay alone.
func Replay(ctx context.Context, s *Scenario, p *Profile, b *Budget) (t *Timeline) {
	t = &Timeline{Format: p.ID, FormatName: p.Name, profile: p,
		attacks: map[string]int{}, timings: map[string]string{}, destroy: map[string]string{}, reveals: map[string]bool{}, triggered: map[string]bool{}}
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
	d.beginPhase(phase(s.Phase)) // the parser's phaseNames give one of the constants
	d.snapshot(0)                // the starting position, for step-by-step viewers (Steps)
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

// setup builds the starting position: each player's cards where the
// scenario puts them, then seats, equips, the match and the turn.
func (d *duel) setup() {
	d.pl = make([]*pstate, len(d.s.Players))
	d.passed = make([]bool, len(d.s.Players))
	d.orders = make([][]*Card, len(d.s.Players))
	for pi := range d.s.Players {
		d.setupPlayer(pi)
	}
	d.turn, d.tp = d.s.TurnNumber, d.s.Turn
	d.phase = phase(d.s.Phase)
	d.setupSeats()
	d.setupEquips()
	d.setupMatch()
	d.settle()
	if d.phase == phaseBattle {
		d.bstep = stepBattle
	}
}

// setupPlayer puts player pi's starting cards in their piles and zones.
func (d *duel) setupPlayer(pi int) {
	su := d.s.Players[pi]
	ps := &pstate{lp: su.LP}
	d.pl[pi] = ps
	for _, sp := range su.Hand {
		ps.hand = append(ps.hand, d.startCard(pi, sp, locHand))
	}
	for _, sp := range su.Deck {
		ps.deck = append(ps.deck, d.startCard(pi, sp, locDeck))
	}
	for _, sp := range su.GY {
		ps.gy = append(ps.gy, d.startCard(pi, sp, locGY))
	}
	for _, sp := range su.Banished {
		ps.banished = append(ps.banished, d.startCard(pi, sp, locBanished))
	}
	for _, sp := range su.Monsters {
		ps.mz = append(ps.mz, d.startMonster(pi, sp))
	}
	for _, sp := range su.Spells {
		ps.st = append(ps.st, d.startSpell(pi, sp))
	}
	for _, sp := range su.Field {
		ps.fz = d.startCard(pi, sp, locField)
	}
	for _, sp := range su.Extra {
		ps.extra = append(ps.extra, d.startCard(pi, sp, locExtra))
	}
	for _, sp := range su.DeckMaster {
		ps.dm = d.startCard(pi, sp, locDMZ)
		ps.dmCard, ps.dmReturns = ps.dm, sp.Returns
	}
	// A card owned by the other player sits in its controller's zone.
	for _, c := range append(append([]*inst{}, ps.mz...), ps.st...) {
		c.ctrl = pi
	}
}

// startMonster is a starting card in player pi's Monster Zone.
func (d *duel) startMonster(pi int, sp CardSpec) *inst {
	c := d.startCard(pi, sp, locMonster)
	if sp.TrapMon {
		c.trapMon, c.holdsST = true, d.trapMonsterHoldsZone()
	}
	if c.owner != pi {
		c.ctrlBack = c.owner
	}
	c.wantZone = sp.Zone
	d.zonesShown = d.zonesShown || sp.Zone > 0 || sp.Card != nil && sp.Card.Has(SubLink)
	d.assignZone(c, pi, locMonster)
	return c
}

// startSpell is a starting card in player pi's Spell & Trap or Pendulum Zone.
func (d *duel) startSpell(pi int, sp CardSpec) *inst {
	c := d.startCard(pi, sp, locSpell)
	if sp.Defense {
		c.def = false
	}
	c.pzone = sp.Pendulum
	c.wantZone = sp.Zone
	d.zonesShown = d.zonesShown || sp.Zone > 0
	d.assignZone(c, pi, locSpell)
	return c
}

// startCard makes the card a scenario gives player pi at loc, with its
// stats, counters, position and history as the scenario states them.
func (d *duel) startCard(pi int, sp CardSpec, loc location) *inst {
	d.nextID++
	c := &inst{id: d.nextID, c: sp.Card, owner: pi, ctrl: pi, loc: loc, tributable: -1, summonedBy: -1, ctrlBack: -1}
	if sp.Owner >= 0 {
		c.owner = sp.Owner
	}
	c.atkBase, c.defBase = startStats(sp)
	c.counters = sp.Counters
	// A card that must first be Special Summoned by its procedure is
	// taken to have been, when it starts on the field, in the
	// Graveyard or banished (procedure.go).
	c.proper = loc == locMonster || loc == locGY || loc == locBanished
	c.faceUp = !sp.FaceDown
	c.def = sp.Defense
	if sp.SetTurn {
		c.setTurn = d.s.TurnNumber
	}
	if sp.Summoned {
		c.summonTurn, c.summonedBy = d.s.TurnNumber, pi
		d.countSummon(pi, d.s.TurnNumber)
	}
	c.special = sp.Special
	if ps := d.pl[pi]; sp.IsDM && sp.Card != nil {
		if ps.dmCard != nil {
			d.fail("%s has two Deck Masters", d.pn(pi))
		}
		ps.dmCard, ps.dmReturns = c, sp.Returns
	}
	return c
}

// startStats are a starting card's base ATK and DEF: the card's (never
// below 0), or what the scenario states.
func startStats(sp CardSpec) (atk, def int) {
	if sp.Card != nil {
		atk, def = max(sp.Card.ATK, 0), max(sp.Card.DEF, 0)
	}
	if sp.ATK > 0 {
		atk = sp.ATK
	}
	if sp.DEF > 0 {
		def = sp.DEF
	}
	return atk, def
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
	if d.phase == phaseBattle {
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

// ---- phases ----

// phase is a phase of a turn: the engine's own word, written only as these
// constants (TestNoStringPhase).
type phase string

// The phases, in their order (phaseOrder).
const (
	phaseDraw    phase = "draw"
	phaseStandby phase = "standby"
	phaseMain1   phase = "main1"
	phaseBattle  phase = "battle"
	phaseMain2   phase = "main2"
	phaseEnd     phase = "end"
)

// battleStep is a step of the Battle Phase ("" outside it).
type battleStep string

// The steps of the Battle Phase.
const (
	stepStart  battleStep = "start"
	stepBattle battleStep = "battle"
	stepDamage battleStep = "damage"
	stepEnd    battleStep = "end"
)

var phaseOrder = []phase{phaseDraw, phaseStandby, phaseMain1, phaseBattle, phaseMain2, phaseEnd}

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
	if d.building && !d.isBuildAction(a) && !d.activatesFirst(a) && !d.summonWindowFirst(a) {
		d.finishBuild()
	}
	switch {
	case d.stopped || d.over:
	case a.Resp != nil:
		d.reachResponse(a)
	case a.Timing != "":
		d.reachTiming(a)
	default:
		d.skipBattleFor(a)
	}
}

// reachResponse plays on until the card the line answers ("in response to
// X") is on top of the chain.
func (d *duel) reachResponse(a *Action) {
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
}

// reachTiming plays on to the Damage Step timing the line names ("before
// damage calculation, ...").
func (d *duel) reachTiming(a *Action) {
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
}

// skipBattleFor plays out the parts of the Battle Phase the line skips
// over: the attack in progress before a new attack or phase, and the
// Damage Step up to where a trigger the line activates is met.
func (d *duel) skipBattleFor(a *Action) {
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
		if d.endStepFor(a) { // tagout.go
			return
		}
		if d.ds < 0 && (d.atk == nil || d.atk.replay) {
			return
		}
		if d.pendingFor(a.Card.Card, a.Player) != nil || !onlyTriggers(a.Card.Card) {
			return
		}
		if d.handTriggerChained(a) { // selfsummon.go
			return
		}
		d.advanceUntil(func() bool { return d.pendingFor(a.Card.Card, a.Player) != nil || d.atk == nil })
	}
}

func onlyTriggers(c *Card) bool {
	for _, e := range c.Effects {
		switch e.Kind {
		case EffectActivate, EffectIgnition, EffectQuick:
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

// act1 plays one action through verbs.
func (d *duel) act1(a *Action) {
	play, ok := verbs[a.Verb]
	if !ok {
		d.fail("the engine cannot play %q yet", a.Verb)
		return
	}
	play(d, a)
}

// verbs maps each verb of the script (action.go's playerPhrases read them)
// to the function that plays it, in the room of its mechanic.
var verbs = map[string]func(d *duel, a *Action){
	vHandDiscard:   (*duel).handDiscard,
	vTimeCalled:    func(d *duel, _ *Action) { d.timeCalled() },
	vSynchro:       (*duel).synchroSummon,
	vXyz:           (*duel).xyzSummon,
	vLink:          (*duel).linkSummon, // link.go
	vProcedure:     (*duel).procedureSummon,
	vSetAsSpell:    (*duel).setAsSpell,
	vInstead:       (*duel).instead,
	vDetachInstead: (*duel).chooseDetachInstead,
	vPendulumSpell: (*duel).pendulumActivate,
	vPendulum:      (*duel).pendulumSummon,
	vRoll:          (*duel).roll,
	vAnswerDiscard: (*duel).answerDiscard, // discardnegate.go
	vReturnDM:      (*duel).returnDM,
	vKeepDM:        (*duel).keepDM,
	vPass:          (*duel).passLine,
	vDraw:          func(d *duel, a *Action) { d.draw(a.Player, a.N, ""); d.checkLoss() },
	vNormalSummon:  (*duel).summon,
	vTributeSummon: (*duel).summon,
	vFlipSummon:    (*duel).flipSummon,
	vGemini:        (*duel).geminiSummon, // gemini.go
	vSet:           (*duel).set,
	vActivate:      (*duel).activate,
	vAttack:        (*duel).declareAttack,
	vNoAttack:      (*duel).noAttack,
	vPhase:         func(d *duel, a *Action) { d.changePhase(a.Player, phase(a.Declare)) },
	vEndTurn:       func(d *duel, a *Action) { d.endTurn(a.Player) },
	vOrder:         (*duel).order,
	vChooseTarget:  (*duel).chooseTarget,
	vPay:           (*duel).payMaintenance,
	vNoPay:         (*duel).payMaintenance,
	vPosition:      (*duel).changePosition,
	vContinue:      func(d *duel, a *Action) { d.continueTo(a.Declare) },
}

// ---- summons ----

// ---- maintenance ----

// ---- trigger bookkeeping ----

// tick starts a new "time" for triggers: effects triggered by different
// events are not simultaneous.
func (d *duel) tick() { d.time++ }

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
