package rulings

import (
	"fmt"
	"strings"
)

type attack struct {
	attacker      *inst
	target        *inst // nil: a direct attack
	defender      int   // the player attacked
	targetDefense bool
	oppCount      int
	declWindow    bool // cards that answer the declaration may be activated
	declChains    int
	declPassed    bool // both passed on the declaration itself (passDeclaration)
	replay        bool
	redirected    bool
	flipped       bool

	crossCounter     int // player whose "Cross Counter" applies, -1
	destroyAfterCalc bool
	selfAfterCalc    []*inst // monsters whose own effect destroys them after damage calculation (battlefx.go)
	res              *battleResult
}

type battleResult struct {
	dmg       []int
	by        []*inst // monster that inflicted the damage to each player
	destroyed []*inst
}

// declareAttack plays "P's X attacks Y" (or "attacks directly"): the
// attacker and its target, the rules that may forbid the attack, its cost,
// then the declaration and what it sets off.
func (d *duel) declareAttack(a *Action) {
	p, m, ok := d.attackerOf(a)
	if !ok {
		return
	}
	target, def, ok := d.attackTarget(a, m, p)
	if !ok {
		return
	}
	rr := ref("Replays", d.p.Replay)
	if done := d.attackDuringReplay(a, m, p, target, def, rr); done {
		return
	}
	if !d.mayDeclare(a, m, target, def, rr) {
		return
	}
	if !d.payAttackCost(p, m) {
		return
	}
	d.attackDeclared(p, m, target, def)
}

// attackerOf is the player declaring the attack and the attacking monster,
// after the checks that attacks come from the turn player's monsters in
// the Battle Step with no chain open (entering the Battle Phase from Main
// Phase 1 when the line needs it).
func (d *duel) attackerOf(a *Action) (int, *inst, bool) {
	p := a.Player
	if p < 0 {
		p = d.tp
		if c := d.find(a.Card, d.tp, locMonster); c != nil {
			p = c.ctrl
		}
	}
	if p != d.tp {
		d.illegal(fmt.Sprintf("only the turn player (%s) declares attacks", d.pn(d.tp)), ruleRef{})
		return p, nil, false
	}
	if d.phase == phaseMain1 && len(d.chain) == 0 {
		d.changePhase(p, phaseBattle)
	}
	if d.phase != phaseBattle || d.ds >= 0 {
		d.illegal(fmt.Sprintf("attacks are declared in the Battle Step, not the %s", d.timingName()), ruleRef{})
		return p, nil, false
	}
	if len(d.chain) > 0 {
		d.fail("a chain is still open; resolve it first (both pass)")
		return p, nil, false
	}
	m := d.find(a.Card, p, locMonster)
	if m == nil || m.ctrl != p {
		d.fail("%s", d.whereText(a.Card, p, "Monster Zone"))
		return p, nil, false
	}
	return p, m, true
}

// attackDeclared records the attack declaration, opens its window and
// applies what answers any attack ("halve-attacker-atk", the hand triggers
// of a direct attack).
func (d *duel) attackDeclared(p int, m, target *inst, def int) {
	m.attacks++
	d.lastAttackID = m.id
	m.noteAttack(target)
	d.t.attacks[m.name()]++
	d.atk = &attack{attacker: m, target: target, defender: def, oppCount: len(d.pl[def].mz), declWindow: true, crossCounter: -1}
	switch {
	case target != nil:
		d.atk.targetDefense = target.def || !target.faceUp
		d.emit("attack", p, m.name(), fmt.Sprintf("%s's %s attacks %s", d.pn(p), m.name(), d.targetText(target)), ruleRef{})
	case len(d.pl) > 2:
		d.emit("attack", p, m.name(), fmt.Sprintf("%s's %s attacks %s directly", d.pn(p), m.name(), d.pn(def)), ruleRef{})
	default:
		d.emit("attack", p, m.name(), fmt.Sprintf("%s's %s attacks directly", d.pn(p), m.name()), ruleRef{})
	}
	for _, c := range d.allField() {
		if c.ctrl != p && d.live(c, "halve-attacker-atk") != nil {
			d.halveAttacker(m, c)
		}
	}
	d.winEvents = []string{"attack-declared"}
	d.fresh = true
	d.clearPasses()
	d.directAttackHandTriggers(def, target) // selfsummon.go
}

// attackTarget reads whom an attack goes at: the monster the script names
// (and its controller), or with a direct attack the player (which must be
// named when more than two play).
func (d *duel) attackTarget(a *Action, m *inst, p int) (*inst, int, bool) {
	var target *inst
	def := d.opp(p)
	if !a.Direct {
		target = d.find(a.Other, def, locMonster)
		if target == nil || target.ctrl == p {
			d.fail("%s", d.whereText(a.Other, def, "Monster Zone"))
			return nil, 0, false
		}
		def = target.ctrl
	} else if a.TargetPlayer > 0 {
		def = a.TargetPlayer - 1
		if def == p || !d.inGame(def) {
			d.fail("%s cannot attack %s directly", m.name(), d.pn(def))
			return nil, 0, false
		}
	} else if len(d.pl) > 2 {
		d.fail("say which player %s attacks directly (\"A attacks C directly with %s\")", m.name(), m.name())
		return nil, 0, false
	}
	return target, def, true
}

// attackDuringReplay handles a declaration made while a replay is pending:
// under ReplayRedirect the same attack picks its new target (done: true),
// under ReplayNewAttack play returns to the start of the Battle Step and the
// monster declares anew; another monster's declaration cancels the replayed
// attack. It reports true when the declaration has been fully handled or
// refused.
func (d *duel) attackDuringReplay(a *Action, m *inst, p int, target *inst, def int, rr ruleRef) bool {
	if d.atk != nil && d.atk.replay {
		if m == d.atk.attacker {
			if d.replayKind() == ReplayRedirect {
				if a.Direct && len(d.pl[def].mz) > 0 {
					d.illegal(fmt.Sprintf("%s controls monsters, so %s cannot attack directly", d.pn(def), m.name()), ruleRef{})
					return true
				}
				d.atk.replay, d.atk.redirected = false, true
				d.atk.target, d.atk.defender = target, def
				d.atk.targetDefense = target != nil && (target.def || !target.faceUp)
				d.atk.oppCount = len(d.pl[def].mz)
				d.atk.declWindow = false
				what := "directly"
				if target != nil {
					what = "at " + d.describe(target)
				}
				d.emit("attack", p, m.name(), fmt.Sprintf("replay: %s's attack is redirected %s; it is the same attack, not a new declaration", m.name(), what), rr)
				d.fresh = true
				return true
			}
			d.emit("replay", p, m.name(), fmt.Sprintf("replay: play returns to the start of the Battle Step and %s declares a new attack", m.name()), rr)
			m.attacks--
			d.atk = nil
		} else {
			d.cancelAttack()
		}
	} else if d.atk != nil {
		d.fail("an attack is already in progress")
		return true
	}
	return false
}

// mayDeclare checks that m may declare this attack now: its position, the
// cards that stop attacks, control until the End Phase, the format's rules,
// attacks already made, and a direct attack only at an empty field.
func (d *duel) mayDeclare(a *Action, m *inst, target *inst, def int, rr ruleRef) bool {
	if m.def || !m.faceUp {
		d.illegal(fmt.Sprintf("%s is not in face-up Attack Position", m.name()), ruleRef{})
		return false
	}
	if l := d.locker(m); l != nil {
		d.illegal(fmt.Sprintf("%s stops other monsters from attacking", d.describe(l)), ruleRef{})
		return false
	}
	if why := d.attackBanned(m); why != "" {
		d.illegal(why, ruleRef{})
		return false
	}
	if b := d.boundCannotAttack(m); b != nil {
		d.illegal(fmt.Sprintf("%s negates %s, which cannot attack while it stays face-up", d.describe(b), m.name()), ruleRef{})
		return false
	}
	if m.ctrlUntil && !m.ctrlFree {
		d.illegal(fmt.Sprintf("%s is controlled only until the End Phase and cannot declare an attack", m.name()), ruleRef{})
		return false
	}
	if !d.attackAllowed(m, target, def) {
		return false
	}
	if m.attackedOnce {
		d.illegal(fmt.Sprintf("%s already declared an attack this turn: its attack was cancelled after a replay, which still counts", m.name()), rr)
		return false
	}
	if m.attacks > 0 && !d.mayAttackAgain(m) && !d.attackAgain(m, target) {
		if !d.stopped {
			d.illegal(fmt.Sprintf("%s has already attacked this turn", m.name()), ruleRef{})
		}
		return false
	}
	if why := d.cannotAttackNow(m); why != "" {
		d.illegal(why, ruleRef{})
		return false
	}
	if a.Direct && len(d.pl[def].mz) > 0 {
		d.illegal(fmt.Sprintf("%s controls monsters, so %s cannot attack directly", d.pn(def), m.name()), ruleRef{})
		return false
	}
	return true
}

// payAttackCost pays the Life Points a monster's continuous effect asks
// for each attack; false when they cannot be paid or the payment ends the
// duel.
func (d *duel) payAttackCost(p int, m *inst) bool {
	if n := m.opN(EffectContinuous, "attack-cost-lp"); n > 0 && d.live(m, "attack-cost-lp") != nil {
		if !d.canPayLP(p, n, "an attack with "+m.name()) {
			return false
		}
		d.changeLP(p, -n, "to attack with "+m.name(), ruleRef{})
		d.checkLoss()
		if d.over {
			return false
		}
	}
	return true
}

func (d *duel) targetText(t *inst) string {
	if !t.faceUp {
		return d.pn(t.ctrl) + "'s face-down monster (" + t.name() + ")"
	}
	return d.describe(t)
}

// cancelAttack ends the attack waiting on a replay without a new attack.
func (d *duel) cancelAttack() {
	if d.atk == nil {
		return
	}
	m := d.atk.attacker
	rr := ref("Replays", d.p.Replay)
	if d.replayKind() == ReplayNewAttack {
		if m.attacks > 0 {
			m.attacks--
		}
		d.emit("replay", m.ctrl, m.name(), fmt.Sprintf("%s does not attack after the replay; play went back to the start of the Battle Step, so it has not attacked and may attack later", m.name()), rr)
	} else {
		m.attackedOnce = true
		d.emit("replay", m.ctrl, m.name(), fmt.Sprintf("%s's attack is cancelled after the replay; it still counts as having declared an attack this turn", m.name()), rr)
	}
	d.atk = nil
}

func (d *duel) noAttack(a *Action) {
	if d.atk == nil || !d.atk.replay {
		d.fail("there is no replay to decline")
		return
	}
	if a.Card != nil && a.Card.Card != d.atk.attacker.c {
		d.fail("%s is not the monster whose attack is being replayed", a.Card.Card.Name)
		return
	}
	d.cancelAttack()
}

// checkReplay runs after a chain resolves in the Battle Step.
func (d *duel) checkReplay() {
	if d.atk == nil || d.ds >= 0 || d.bstep != stepBattle {
		return
	}
	m := d.atk.attacker
	if m.loc != locMonster || !m.faceUp || m.def || m.ctrl != d.tp {
		d.emit("attack", m.ctrl, m.name(), fmt.Sprintf("%s can no longer attack, so the attack stops", m.name()), ruleRef{})
		d.atk = nil
		return
	}
	if d.atk.declChains == 0 && !d.atk.declPassed {
		d.atk.declChains = 1
		if d.oneChainOnAttack() {
			d.note("the one chain that may answer the attack declaration has resolved", ref("Responses to an attack", d.p.OneChainOnAttack))
		}
	}
	n := len(d.pl[d.atk.defender].mz)
	targetGone := d.atk.target != nil && (d.atk.target.loc != locMonster || d.atk.target.ctrl == d.tp)
	if n != d.atk.oppCount || targetGone {
		d.atk.replay = true
		d.emit("replay", d.tp, m.name(), fmt.Sprintf("replay: %s's monsters changed from %d to %d during the Battle Step", d.pn(d.atk.defender), d.atk.oppCount, n), ref("Replays", d.p.Replay))
	}
}

// declPass is the Declare of a pass line that answers only the attack
// declaration: "both pass on the attack declaration".
const declPass = "attack declaration"

// passLine plays a pass line: an ordinary pass, or the players' pass on
// the attack declaration (passDeclaration).
func (d *duel) passLine(a *Action) {
	if a.Declare == declPass {
		d.passDeclaration()
		return
	}
	d.pass(a.Player)
}

// passDeclaration: neither player answers the attack just declared. The
// window for cards that need the declaration ("Dimensional Prison",
// "Mirror Force") closes, but the Battle Step goes on: cards that need no
// declaration may still be activated there, and the next pass enters the
// Damage Step (edison-battle-phase#before-damage-step;
// edison-dimensional-prison-window).
func (d *duel) passDeclaration() {
	if d.atk == nil || d.ds >= 0 || !d.atk.declWindow || len(d.chain) > 0 || d.atk.replay {
		d.fail("there is no attack declaration waiting for answers (say \"both pass\")")
		return
	}
	d.clearPasses()
	d.atk.declWindow, d.atk.declPassed = false, true
	d.emit("pass", -1, "", fmt.Sprintf("neither player answers the attack declaration of %s; the Battle Step goes on", d.describe(d.atk.attacker)), ruleRef{})
}

func (d *duel) enterDamageStep() {
	at := d.atk
	d.bstep = stepDamage
	if at.target != nil {
		d.emit("damage-step", d.tp, at.attacker.name(), fmt.Sprintf("%s and %s enter the Damage Step", d.describe(at.attacker), d.targetText(at.target)), ruleRef{})
	} else {
		d.emit("damage-step", d.tp, at.attacker.name(), fmt.Sprintf("%s enters the Damage Step (direct attack)", d.describe(at.attacker)), ruleRef{})
	}
	at.declWindow = false
	d.queueAttacked(at) // battlefx.go
	for _, m := range []*inst{at.attacker, at.target} {
		if m == nil || m.c == nil {
			continue
		}
		for i := range m.c.Effects {
			e := &m.c.Effects[i]
			if e.Kind != EffectTrigger {
				continue
			}
			switch e.When {
			case TrigStartOfDamageStep, TrigBeforeCalc, TrigDamageCalc, TrigEndOfDamageStep:
				d.queueBattle(m, e, e.When, other(at, m))
			}
		}
	}
	d.enterTiming(0)
}

func other(at *attack, m *inst) *inst {
	if m == at.attacker {
		return at.target
	}
	return at.attacker
}

func (d *duel) queueBattle(m *inst, e *Effect, cond When, battled *inst) {
	idx := d.p.triggerTiming(cond)
	if idx < 0 {
		idx = d.ds
	}
	d.queue(m, e, idx, battled)
}

func (d *duel) enterTiming(i int) {
	d.ds = i
	d.dsManual, d.dsChains = 0, 0
	t := &d.p.DamageStep[i]
	d.emit("timing", -1, "", fmt.Sprintf("Damage Step timing %d of %d: %s", i+1, len(d.p.DamageStep), t.Name), d.dsRef(t.Rule))
	d.tick()
	for _, ev := range t.Start {
		d.timingEvent(ev)
		if d.stopped || d.over {
			return
		}
	}
	if t.ID == "after" {
		d.reapDue(reapAfterCalc) // targeted.go
	}
	d.fresh = true
	d.startBuildIfDue()
}

func (d *duel) leaveTiming() {
	t := &d.p.DamageStep[d.ds]
	d.tick()
	for _, ev := range t.After {
		d.timingEvent(ev)
		if d.stopped || d.over {
			return
		}
	}
	if d.ds+1 < len(d.p.DamageStep) {
		d.enterTiming(d.ds + 1)
		return
	}
	d.endDamageStep()
}

func (d *duel) endDamageStep() {
	d.reapDue(reapAfterCalc) // targeted.go: a Damage Step cut short
	for _, c := range d.allField() {
		c.calcAdd = 0
	}
	for _, tr := range d.pending {
		if tr.at >= 0 {
			tr.at = -1
		}
	}
	if d.bpCut {
		d.emit("damage-step", d.tp, "", "the Damage Step ends, and with it the Battle Phase", ruleRef{})
		d.ds = -1
		d.leaveBattlePhase()
		d.startBuildIfDue()
		return
	}
	d.emit("damage-step", d.tp, "", "the Damage Step ends; play returns to the Battle Step", ruleRef{})
	d.ds = -1
	d.bstep = stepBattle
	d.atk = nil
	d.fresh = true
	d.startBuildIfDue()
}

// timingEvent plays what the game does at one event of the Damage Step:
// flipping the attacked monster, damage calculation, applying battle
// damage, marking and then sending the monsters destroyed by battle.
func (d *duel) timingEvent(ev string) {
	at := d.atk
	rule := d.dsRef(d.p.DamageStep[d.ds].Rule)
	switch ev {
	case evFlip:
		if at.target != nil && at.target.loc == locMonster && !at.target.faceUp {
			d.flipAttacked(at, rule)
		}
	case evResults:
		d.results()
	case evApplyDamage:
		if at.res != nil {
			d.applyBattleDamage(at, rule)
		}
	case evMarkDestroy:
		if at.res == nil {
			return
		}
		for _, m := range at.res.destroyed {
			if m.loc == locMonster {
				d.markBattleDestroyed(at, m, rule)
			}
		}
	case evAfterCalc:
		d.typeLockAfterCalc(at) // rivalry.go
		if at.destroyAfterCalc && at.attacker.loc == locMonster {
			d.destroy(at.attacker, "Cross Counter's effect after damage calculation", false)
		}
		d.destroySelvesAfterCalc(at) // battlefx.go
	case evSendDestroy:
		if at.res != nil {
			d.sendBattleDestroyed(at)
		}
	case evEndOfDamage:
	}
}

// flipAttacked turns the face-down attacked monster face-up and queues
// its Flip Effects at the format's flip timing.
func (d *duel) flipAttacked(at *attack, rule ruleRef) {
	tg := at.target
	tg.faceUp = true
	at.flipped = true
	d.emit("flip", tg.ctrl, tg.name(), fmt.Sprintf("%s is flipped face-up", d.describe(tg)), rule)
	// A Trap Monster attacking a monster that negates Traps: asked before
	// the flip, which may take the Trap Monster off the field.
	trapMonVsNegator := at.attacker.trapMon && tg.hasOp(EffectContinuous, "negate-traps") != nil
	d.faceUpNow(tg)
	if trapMonVsNegator && at.attacker.loc != locMonster {
		d.note(fmt.Sprintf("%s is no longer a monster, so there is no damage calculation", at.attacker.name()), plain("hat-04#point-4"))
	}
	for i := range tg.c.Effects {
		e := &tg.c.Effects[i]
		if e.Kind == EffectFlip || (e.Kind == EffectTrigger && e.When == TrigFlip) {
			idx := d.p.triggerTiming(TrigFlip)
			d.queue(tg, e, idx, at.attacker)
			if idx > d.ds {
				d.note(fmt.Sprintf("%s's Flip Effect waits until the timing %q", tg.name(), d.p.DamageStep[idx].Name), d.dsRef(d.p.DamageStep[idx].Rule))
			}
		}
	}
}

// applyBattleDamage inflicts the battle damage damage calculation fixed,
// player by player in turn order, with what it sets off: damage shared by
// an equipped monster and the triggers of the monster that inflicted it.
func (d *duel) applyBattleDamage(at *attack, rule ruleRef) {
	for _, q := range d.turnOrderFrom(d.tp) {
		n := at.res.dmg[q]
		if n <= 0 {
			continue
		}
		d.battleDamage(q, n, "battle damage", rule)
		d.damageTakenTriggers(q, n) // tokens.go
		for _, m := range []*inst{at.attacker, at.target} {
			if m != nil && m.ctrl == q && m.loc == locMonster && d.live(m, "share-battle-damage") != nil && len(d.equipsOf(m)) > 0 {
				d.battleDamage(d.opp(q), n, m.name()+" shares its battle damage", ruleRef{})
			}
		}
		if by := at.res.by[q]; by != nil && by.c != nil {
			for i := range by.c.Effects {
				e := &by.c.Effects[i]
				if e.Kind == EffectTrigger && (e.When == TrigBattleDamage || e.When == WhenDirectBattleDamage && at.target == nil) {
					d.queueBattle(by, e, TrigBattleDamage, other(at, by))
				}
			}
		}
	}
	d.checkLoss()
}

// markBattleDestroyed marks monster m destroyed by battle (it stays on the
// field until the end of the Damage Step), unless a Union or a replacement
// effect takes its place, and queues its "destroyed by battle" triggers.
func (d *duel) markBattleDestroyed(at *attack, m *inst, rule ruleRef) {
	if u := d.unionShield(m, true); u != nil {
		d.emit("rule", m.ctrl, u.name(), fmt.Sprintf("%s is destroyed instead of %s", d.describe(u), d.describe(m)), ref("Union protection", d.p.UnionProtection))
		d.destroy(u, "its Union effect", false)
		return
	}
	if d.replacedBy(m) || d.typeLockSpares(at, m) { // rivalry.go
		return
	}
	m.markedBattle = true
	d.noteBattleKill(other(at, m), m)
	d.emit("battle", m.ctrl, m.name(), fmt.Sprintf("%s is destroyed by battle; it stays on the field until the end of the Damage Step", d.describe(m)), rule)
	if o := other(at, m); o != nil && o.loc == locMonster && d.live(o, "negate-battled-effects") != nil && m.c != nil && !m.c.Has(SubNormal) {
		m.effNegated = true
		d.emit("rule", o.ctrl, o.name(), fmt.Sprintf("%s negates the effects of %s, which it destroyed by battle", o.name(), m.name()), ruleRef{})
	}
	for e := range m.triggersOn(TrigDestroyedByBattle) {
		d.queueBattle(m, e, TrigDestroyedByBattle, other(at, m))
	}
}

// sendBattleDestroyed sends the monsters marked destroyed by battle to
// where they go, and queues the triggers of their sending and of their
// destroyers.
func (d *duel) sendBattleDestroyed(at *attack) {
	d.tick()
	for _, m := range at.res.destroyed {
		if m.loc != locMonster || !m.markedBattle {
			continue
		}
		d.destroyTo(m, "battle", true, d.battleDestination(at, m)) // battlefx.go
		if m.loc == locGY {
			for e := range m.triggersOn(TrigDestroyedToGY) {
				d.queueBattle(m, e, TrigDestroyedToGY, other(at, m))
			}
		}
		d.destroyerTriggers(at, m) // battlefx.go
	}
}

// results performs damage calculation: it fixes battle damage and which
// monsters are destroyed by battle.
func (d *duel) results() {
	at := d.atk
	a, tg := at.attacker, at.target
	if a.loc != locMonster || (tg != nil && tg.loc != locMonster) {
		d.emit("battle", d.tp, a.name(), "a battling monster left the field: no damage calculation", ruleRef{})
		return
	}
	d.inCalc = true
	defer func() { d.inCalc = false }()
	d.markBattled(a, tg) // tagout.go
	d.fieldBoost(a, tg)
	res := &battleResult{dmg: make([]int, len(d.pl)), by: make([]*inst, len(d.pl))}
	at.res = res
	rule := d.dsRef(d.p.DamageStep[d.ds].Rule)
	switch {
	case tg == nil:
		av := d.atkOf(a)
		res.dmg[at.defender], res.by[at.defender] = av, a
		d.emit("battle", a.ctrl, a.name(), fmt.Sprintf("damage calculation: %s (%d ATK) attacks directly", a.name(), av), rule)
	case tg.faceUp && !tg.def:
		d.calcAgainstAttack(res, a, tg, rule)
	default:
		d.calcAgainstDefense(res, a, tg, rule)
	}
	d.battleLimits(res)
	res.destroyed = d.spareBattleProof(res.destroyed)
	d.fieldDamageShield(res, a, tg)
	for q := range d.pl {
		if res.dmg[q] > 0 {
			d.emit("battle", q, "", fmt.Sprintf("%s will take %d battle damage", d.pn(q), res.dmg[q]), ruleRef{})
		}
	}
	d.queueAfterCalc(a, tg)
}

// calcAgainstAttack compares the attacker's ATK with an Attack Position
// monster's: the lower is destroyed and its controller takes the
// difference; equal ATK destroys both, and two 0-ATK monsters as the
// format says.
func (d *duel) calcAgainstAttack(res *battleResult, a, tg *inst, rule ruleRef) {
	ap, av, tv := a.ctrl, d.atkOf(a), d.atkOf(tg)
	d.emit("battle", ap, a.name(), fmt.Sprintf("damage calculation: %s (%d ATK) against %s (%d ATK)", a.name(), av, tg.name(), tv), rule)
	switch {
	case av > tv:
		res.destroyed = append(res.destroyed, tg)
		res.dmg[tg.ctrl], res.by[tg.ctrl] = av-tv, a
	case av < tv:
		res.destroyed = append(res.destroyed, a)
		res.dmg[ap], res.by[ap] = tv-av, tg
	case av == 0:
		r := ref("0-ATK battles", d.p.ZeroATKBothDie)
		if d.p.ZeroATKBothDie.Value {
			res.destroyed = append(res.destroyed, a, tg)
			d.emit("rule", ap, "", "two 0-ATK monsters battle: both are destroyed", r)
		} else {
			d.emit("rule", ap, "", "two 0-ATK monsters battle: neither is destroyed", r)
		}
	default:
		res.destroyed = append(res.destroyed, a, tg)
	}
}

// calcAgainstDefense compares the attacker's ATK with a Defense Position
// (or face-down) monster's DEF: piercing damage, or damage to the
// attacker's controller ("Cross Counter" doubles it).
func (d *duel) calcAgainstDefense(res *battleResult, a, tg *inst, rule ruleRef) {
	at, ap, av, dv := d.atk, a.ctrl, d.atkOf(a), d.def(tg)
	d.emit("battle", ap, a.name(), fmt.Sprintf("damage calculation: %s (%d ATK) against %s (%d DEF)", a.name(), av, tg.name(), dv), rule)
	switch {
	case av > dv:
		res.destroyed = append(res.destroyed, tg)
		if d.pierces(a, tg.ctrl) {
			res.dmg[tg.ctrl], res.by[tg.ctrl] = av-dv, a
		}
	case av < dv:
		res.dmg[ap] = dv - av
		if at.crossCounter == tg.ctrl {
			res.dmg[ap] *= 2
			at.destroyAfterCalc = true
			d.emit("rule", tg.ctrl, "Cross Counter", fmt.Sprintf("Cross Counter doubles the battle damage to %d and will destroy %s after damage calculation", res.dmg[ap], a.name()), ruleRef{})
		}
	}
}

// battleLimits applies "takes no battle damage" and "cannot be destroyed
// by battle" for the turn, player by player.
func (d *duel) battleLimits(res *battleResult) {
	for q := range d.pl {
		if d.pl[q].noBattleDamage && res.dmg[q] > 0 {
			res.dmg[q] = 0
			d.emit("rule", q, "", fmt.Sprintf("%s takes no battle damage this turn", d.pn(q)), ruleRef{})
		}
		if d.pl[q].noBattleDestroy {
			var keep []*inst
			for _, m := range res.destroyed {
				if m.ctrl != q {
					keep = append(keep, m)
				}
			}
			res.destroyed = keep
		}
	}
}

// queueAfterCalc queues the battling monsters' "after damage calculation"
// triggers.
func (d *duel) queueAfterCalc(a, tg *inst) {
	for _, m := range []*inst{a, tg} {
		if m == nil || m.c == nil {
			continue
		}
		for e := range m.triggersOn(TrigAfterCalc) {
			d.queueBattle(m, e, TrigAfterCalc, other(d.atk, m))
		}
	}
}

// fieldBoost applies Field Spells that change ATK during damage calculation
// only ("Skyscraper"); they are applied after the timing's chain.
func (d *duel) fieldBoost(a, tg *inst) {
	if tg == nil {
		return
	}
	for p := range d.pl {
		f := d.pl[p].fz
		if f == nil || !f.faceUp {
			continue
		}
		n := f.opN(EffectContinuous, "field-hero-boost")
		if n == 0 {
			continue
		}
		if !d.matches(a, "archetype=Elemental HERO") || d.atkOf(a) >= d.atkOf(tg) {
			continue
		}
		a.calcAdd += n
		d.emit("atk", a.ctrl, a.name(), fmt.Sprintf("%s applies after the chain: %s gains %d ATK during damage calculation (%d)", f.name(), a.name(), n, d.atkOf(a)), d.dsRef(d.p.DamageStep[d.ds].Rule))
	}
}

// atTiming phrases a timing name after a verb: "at the start of the Damage
// Step", "before damage calculation", "at the timing \"resolve effects\"".
func atTiming(name string) string {
	switch {
	case strings.HasPrefix(name, "before "), strings.HasPrefix(name, "after "):
		return name
	case strings.HasPrefix(name, "start "), strings.HasPrefix(name, "end "):
		return "at the " + name
	case strings.HasPrefix(name, "damage calculation"):
		return "during " + name
	}
	return fmt.Sprintf("at the timing %q", name)
}

// dsRef cites a Damage Step rule, marked assumed when the format's source
// does not describe its Damage Step (Domain).
func (d *duel) dsRef(rule string) ruleRef {
	return ruleRef{name: "Damage Step timings", rule: rule, assumed: d.p.DamageStepRule.Assumed}
}

// replayKind is the Replay switch: ReplayNewAttack (the attacker may attack again or stop) or ReplayRedirect (it may redirect to a new target): the one place that reads the switch.
func (d *duel) replayKind() string { return d.p.Replay.Value }

// oneChainOnAttack is whether only one chain may answer an attack declaration (OneChainOnAttack): the one place that reads the switch.
func (d *duel) oneChainOnAttack() bool { return d.p.OneChainOnAttack.Value }
