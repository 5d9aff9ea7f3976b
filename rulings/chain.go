package rulings

import (
	"fmt"
	"slices"
	"strings"
)

// openChainRecord starts a new chain record if none is open.
func (d *duel) openChainRecord() *Chain {
	if d.chainRec < 0 {
		ch := Chain{N: len(d.t.Chains) + 1, Line: d.line, Phase: phaseTitle[d.phase]}
		if d.phase == phaseBattle {
			ch.Step = stepTitle[d.bstep]
		}
		if d.ds >= 0 {
			ch.Timing = d.p.DamageStep[d.ds].Name
			d.dsChains++
		}
		d.t.Chains = append(d.t.Chains, ch)
		d.chainRec = len(d.t.Chains) - 1
	}
	return &d.t.Chains[d.chainRec]
}

func (d *duel) timingName() string {
	if d.ds >= 0 {
		return d.p.DamageStep[d.ds].Name
	}
	if d.phase == phaseBattle {
		return stepTitle[d.bstep]
	}
	return phaseTitle[d.phase]
}

// pushLink puts a link on the chain and records it.
func (d *duel) pushLink(l *link, costs []string) {
	ch := d.openChainRecord()
	l.rec = &Link{N: len(ch.Links) + 1, Card: l.src.name(), Effect: effectName(l.src.c, l.eff), Controller: d.pn(l.ctrl),
		Kind: string(l.eff.Kind), Speed: l.eff.speed(l.src.c), Costs: costs, Line: d.line}
	for _, t := range l.targets {
		l.rec.Targets = append(l.rec.Targets, d.describe(t))
	}
	for _, q := range d.opponents(l.ctrl) {
		if !l.eff.NoResponse { // noresponse.go
			l.rec.Responders = append(l.rec.Responders, d.pn(q))
		}
	}
	if l.oppP > 0 {
		l.rec.Player = d.pn(l.oppP - 1)
	}
	ch.Links = append(ch.Links, *l.rec)
	l.rec = &ch.Links[len(ch.Links)-1]
	// Appending may have moved the records: point every link at its own.
	for _, x := range d.chain {
		if x.rec != nil && x.rec.N-1 < len(ch.Links) {
			x.rec = &ch.Links[x.rec.N-1]
		}
	}
	if len(d.chain) > 0 {
		l.respTo = d.chain[len(d.chain)-1]
	}
	l.summoned = d.summonedNow()
	d.chain = append(d.chain, l)
	for _, t := range l.targets {
		if t.ctrl == l.ctrl || t.c == nil {
			continue
		}
		for i := range t.c.Effects {
			if e := &t.c.Effects[i]; e.When == WhenTargetedByOpponent {
				d.queue(t, e, -1, nil)
			}
		}
	}
	if _, ok := d.t.timings[l.src.name()]; !ok {
		d.t.timings[l.src.name()] = d.timingName()
	}
	txt := fmt.Sprintf("%s activates %s as Chain Link %d", d.pn(l.ctrl), effectName(l.src.c, l.eff), l.rec.N)
	if len(l.targets) > 0 {
		txt += ", targeting " + d.describeAll(l.targets)
	}
	d.emit("activate", l.ctrl, l.src.name(), txt, ruleRef{})
	d.clearPasses()
}

// chosenCards finds the cards a line chooses (`choosing X`, `Special
// Summoning X`, `adding X`) wherever they are.
func (d *duel) chosenCards(a *Action, p int) []*inst {
	var out []*inst
	for _, r := range a.Choose {
		if t := d.find(r, p, locDeck, locGY, locHand, locMonster, locExtra, locBanished, locSpell, locField); t != nil {
			out = append(out, t)
		} else if dm := d.dmFor(r, p); dm != nil {
			out = append(out, dm)
		}
	}
	return out
}

// activateTrigger puts a queued trigger on the chain: it checks that the
// trigger still activates, builds its link with its targets, and pays its
// costs.
func (d *duel) activateTrigger(tr *trig) {
	if !d.triggerAfterMove(tr) {
		return
	}
	oppP, ok := d.chooseOpponent(tr.ctrl, tr.src, tr.eff, tr.act)
	if !ok {
		return
	}
	if tr.eff = d.chosen(tr.src, tr.eff, tr.act); tr.eff == nil {
		return
	}
	if why := d.ifMet(tr.src, tr.eff); why != "" {
		if tr.chosen && !tr.mandatory {
			d.onActLine(tr.act) // the verdict names the line that activates it
			d.illegal(fmt.Sprintf("%s's effect cannot be activated: %s", tr.src.name(), why), ruleRef{})
			return
		}
		d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s's effect does not activate: %s", tr.src.name(), why), ruleRef{})
		return
	}
	if tr.chosen && tr.act != nil && !d.searchAllowedAt(tr.act, tr.ctrl, tr.src, tr.eff) {
		return // an optional search under "Thunder King Rai-Oh"
	}
	l := &link{src: tr.src, eff: tr.eff, ctrl: tr.ctrl, trigger: true, battled: tr.battled, oppP: oppP}
	if tr.act != nil {
		if !d.declineFits(tr.src, tr.eff, tr.act) || !d.choiceFits(tr.ctrl, tr.src, tr.eff, tr.act) { // optional.go, chosenopp.go
			return
		}
		l.choose = d.chosenCards(tr.act, tr.ctrl) // "Special Summoning X" on the line that activates it
		l.declined, l.chosenP = tr.act.Decline, tr.act.ChoosePlayer
		l.faceDown = d.faceDownChoices(tr.act, tr.ctrl) // excavate.go
	}
	if tr.eff.Target != nil && !d.triggerTargets(tr, l) {
		return
	}
	if d.triggerOnceUsed(tr) { // once.go
		return
	}
	var costs []string
	if len(tr.eff.Cost) > 0 {
		a := tr.act
		if a == nil {
			a = &Action{Player: tr.ctrl}
		}
		if costs, ok = d.payCosts(tr.ctrl, tr.src, tr.eff, a, l.targets); !ok {
			return
		}
	}
	d.pushLink(l, costs)
	if d.ds >= 0 {
		d.note(fmt.Sprintf("%s's effect activates %s", tr.src.name(), atTiming(d.p.DamageStep[d.ds].Name)), d.dsRef(d.p.DamageStep[d.ds].Rule))
	}
}

// triggerAfterMove: does a trigger whose card moved after its effect
// triggered still activate (Profile.TriggerAfterMove)? Both answers are
// told.
func (d *duel) triggerAfterMove(tr *trig) bool {
	if tr.src.moves == tr.moves {
		return true
	}
	r := ref("Triggers mid-chain and from the Deck", d.p.TriggerAfterMove)
	if !d.p.TriggerAfterMove.Value {
		d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s moved to %s after its effect triggered, so the effect is not activated", tr.src.name(), d.locName(tr.src)), r)
		return false
	}
	d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s's trigger was met before it moved to %s: the effect still activates", tr.src.name(), d.locName(tr.src)), r)
	return true
}

// triggerTargets gives a targeting trigger's link its targets: the ones
// the line chose, else the default one; false when it has none or one is
// not a valid target (that ends the replay).
func (d *duel) triggerTargets(tr *trig, l *link) bool {
	l.targets = tr.targets
	if len(l.targets) == 0 {
		if t := d.defaultTarget(tr.eff.Target, tr.ctrl, tr.src); t != nil {
			l.targets = []*inst{t}
		}
	}
	if len(l.targets) == 0 {
		d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s's effect has no target, so it cannot activate", tr.src.name()), ruleRef{})
		return false
	}
	for _, t := range l.targets {
		if why := d.badTarget(tr.eff.Target, tr.ctrl, t, tr.src); why != "" {
			d.illegal(why, ruleRef{})
			return false
		}
	}
	return true
}

// activate handles "P activates X ..." and "P chains X ...": a trigger
// waiting for the chain being built is chosen; anything else is checked,
// targets and costs are settled, and it goes on the chain.
func (d *duel) activate(a *Action) {
	p := a.Player
	if tr := d.pendingFor(a.Card.Card, p); tr != nil && d.building {
		if tr.eff.Unsupported != "" { // an optional trigger the vocabulary lacks waits until it is used (segoc.go: queue)
			d.fail("%s", refusedEffect(tr.src.c, tr.eff))
			return
		}
		d.chooseTrigger(tr, a)
		return
	}
	if d.missedOutsideBuild(a) { // geartown.go
		return
	}
	c, e, cardAct, ok := d.mayActivate(a)
	if !ok {
		return
	}
	targets, oppP, costs, ok := d.targetAndPay(p, c, e, a, cardAct)
	if !ok {
		return
	}
	if len(d.chain) == 0 && e.speed(c.c) == 1 {
		if a.Before {
			d.priorityAction()
		} else {
			d.slowAction()
		}
	}
	if len(d.chain) == 0 && d.ds >= 0 {
		d.dsManual++
	}
	if cardAct {
		d.placeActivated(p, c)
	}
	c.usedThisTurn = true
	l := &link{src: c, eff: e, ctrl: p, targets: targets, declare: a.Declare, cardAct: cardAct, oppP: oppP, chosenP: a.ChoosePlayer}
	l.choose, l.declined = d.chosenCards(a, p), a.Decline
	l.faceDown = d.faceDownChoices(a, p) // excavate.go
	l.tributes = d.ritualTributes(e, a, p)
	l.fuse = d.fuseMaterials(e, a, p) // fusionmats.go
	l.spellSeen = d.spellWatchers(l)  // spellcounter.go
	d.pushLink(l, costs)
	if cardAct {
		c.flipChain = d.t.Chains[d.chainRec].N
	}
	if d.ds >= 0 {
		d.note(fmt.Sprintf("%s is activated %s", c.name(), atTiming(d.p.DamageStep[d.ds].Name)), d.dsRef(d.p.DamageStep[d.ds].Rule))
	}
	d.forcedResponses()
}

// mayActivate finds the card and effect the line activates and checks, in
// order, every rule that may forbid it before targets and costs (each
// check ends the replay with its verdict). cardAct: a Spell or Trap Card
// is activated, not an effect of a card already face-up.
func (d *duel) mayActivate(a *Action) (c *inst, e *Effect, cardAct, ok bool) {
	p := a.Player
	c, e = d.findActivatable(a)
	if d.stopped || c == nil || !d.dmChoiceAllowed(p, c, e, a) {
		return nil, nil, false, false
	}
	if e = d.chosen(c, e, a); e == nil {
		return nil, nil, false, false
	}
	if !d.responseTurn(p) || d.responseBarred(p, c, e) {
		return nil, nil, false, false
	}
	cardAct = !c.isMonster() && e.Kind == EffectActivate
	if cardAct {
		if e, ok = d.continuousTrapUse(c, e, a); !ok {
			return nil, nil, false, false
		}
	} else if !d.faceUpTrapUse(c, e) {
		return nil, nil, false, false
	}
	ok = d.activationAllowed(p, c, e, cardAct) &&
		d.speedAllows(p, c, e, a) && d.placeAllows(p, c) &&
		d.damageStepAllows(c, e) &&
		d.conditionMet(p, c, e) && d.onceFree(c, e) && d.trapUseResolving(c, e) &&
		d.findCheck(p, c, e) && d.searchAllowed(p, c, e)
	return c, e, cardAct, ok
}

// targetAndPay chooses the activation's targets and opponent and pays its
// costs. A Graveyard target may be a card the cost puts there ("A Feather
// of the Phoenix"), so it is chosen after the costs are paid. A Spell or
// Trap activated from the hand pays to be placed ("pay-to-place") last.
func (d *duel) targetAndPay(p int, c *inst, e *Effect, a *Action, cardAct bool) (targets []*inst, oppP int, costs []string, ok bool) {
	gyTarget := e.Target.inGY()
	if !gyTarget {
		if targets, ok = d.pickTargets(p, c, e, a); !ok {
			return nil, 0, nil, false
		}
		if !d.targetRules(p, c, e, targets) {
			return nil, 0, nil, false
		}
	}
	if !d.drawCheck(p, c, e) {
		return nil, 0, nil, false
	}
	oppP, ok = d.chooseOpponent(p, c, e, a)
	if !ok || !d.choiceFits(p, c, e, a) || !d.declineFits(c, e, a) {
		return nil, 0, nil, false
	}
	if costs, ok = d.payCosts(p, c, e, a, targets); !ok {
		return nil, 0, nil, false
	}
	d.markOnce(c, e)
	if gyTarget {
		if targets, ok = d.pickTargets(p, c, e, a); !ok {
			return nil, 0, nil, false
		}
	}
	if c.loc == locHand && cardAct && !d.payToPlace(p, c) {
		return nil, 0, nil, false
	}
	return targets, oppP, costs, true
}

// chooseTrigger records a player's "P activates X" for a trigger that is
// waiting to go on the chain being built: its targets, and that an optional
// effect was chosen.
func (d *duel) chooseTrigger(tr *trig, a *Action) {
	p := a.Player
	if d.optionalBlocked(tr) {
		d.illegal(fmt.Sprintf("%s's optional effect was set off by the discard for hand size, so it cannot be activated", tr.src.name()), ref("End-of-turn discard", d.p.HandSizeDiscard))
		return
	}
	if why, r := d.missedTiming(tr); why != "" {
		d.illegal(why+", so it cannot be activated", r)
		return
	}
	tr.act = a
	if tr.mandatory {
		d.emit("trigger", p, tr.src.name(), fmt.Sprintf("%s's effect is mandatory and goes on the chain by itself", tr.src.name()), ruleRef{})
	}
	tr.chosen = true
	if len(a.Targets) > 0 {
		for _, r := range a.Targets {
			t := d.find(r, d.opp(p), locMonster, locSpell, locField, locGY)
			if t == nil {
				d.fail("%s is not on the field", r.Card.Name)
				return
			}
			tr.targets = append(tr.targets, t)
		}
	}
	if !tr.mandatory {
		d.emit("trigger", p, tr.src.name(), fmt.Sprintf("%s chooses to activate %s's optional effect", d.pn(p), tr.src.name()), ruleRef{})
	}
}

// speedAllows checks Spell Speeds against the chain, and for a Spell
// Speed 1 activation that opens a chain, the Main Phase and priority.
func (d *duel) speedAllows(p int, c *inst, e *Effect, a *Action) bool {
	sp := e.speed(c.c)
	if len(d.chain) > 0 {
		top := d.chain[len(d.chain)-1]
		if sp == 1 {
			d.illegal(fmt.Sprintf("%s is Spell Speed 1 and cannot be chained", effectName(c.c, e)), ruleRef{})
			return false
		}
		if ts := top.eff.speed(top.src.c); sp < ts {
			d.illegal(fmt.Sprintf("%s is Spell Speed %d and cannot respond to %s (Spell Speed %d)", effectName(c.c, e), sp, effectName(top.src.c, top.eff), ts), ruleRef{})
			return false
		}
	} else if sp == 1 {
		if !d.mainPhaseAction(p, "activate "+effectName(c.c, e)) {
			return false
		}
		if a.Before || d.fresh {
			if !d.priorityCheck(p, c, e, a.Before) {
				return false
			}
		}
	}
	if a.Before && sp >= 2 && p == d.tp {
		d.note(fmt.Sprintf("%s uses priority for a fast effect", d.pn(p)), ref("Priority", d.p.IgnitionPriority))
	}
	return true
}

// placeAllows checks where the card is activated from: a Set Spell or
// Trap waits a turn, a Trap is never activated from the hand, and a
// Quick-Play Spell only in its controller's turn.
func (d *duel) placeAllows(p int, c *inst) bool {
	if c.loc == locSpell && !c.faceUp && c.setTurn == d.turn && (c.c.Kind == CardTrap || c.c.Has(SubQuickPlay)) {
		d.illegal(fmt.Sprintf("%s was Set this turn and cannot be activated until the next turn", c.name()), ruleRef{})
		return false
	}
	if c.c.Kind == CardTrap && c.loc == locHand {
		d.illegal(fmt.Sprintf("%s is a Trap Card and must be Set before it is activated", c.name()), ruleRef{})
		return false
	}
	if c.c.Has(SubQuickPlay) && c.loc == locHand && p != d.tp {
		d.illegal(fmt.Sprintf("%s can be activated from the hand only during its controller's turn", c.name()), ruleRef{})
		return false
	}
	return true
}

// placeActivated puts an activated Spell or Trap Card face-up where it
// resolves: a Field Spell in the Field Zone (replacing the player's own),
// any other in the Spell & Trap Zone.
func (d *duel) placeActivated(p int, c *inst) {
	if c.c.Has(SubField) {
		if c.loc != locField {
			d.replaceOwnFieldForActivation(p, c) // geartown.go
			d.remove(c)
			d.place(c, p, locField)
		}
	} else if c.loc != locSpell {
		d.remove(c)
		d.place(c, p, locSpell)
	}
	c.faceUp = true
}

// pickTargets resolves an activation's targets: those the script names,
// else its choices, else the first legal target.
func (d *duel) pickTargets(p int, c *inst, e *Effect, a *Action) ([]*inst, bool) {
	if e.Target == nil {
		return nil, true
	}
	var targets []*inst
	for _, r := range a.Targets {
		t := d.findTarget(r, p, e.Target)
		if t == nil {
			if d.dmTargeted(r) {
				return nil, false
			}
			d.fail("%s is not where %s can target it", r.String(), c.name())
			return nil, false
		}
		targets = append(targets, t)
	}
	if len(a.Targets) == 0 {
		targets = d.fillTargets(e.Target, p, c)
	}
	if len(targets) == 0 {
		for _, r := range a.Choose {
			if t := d.findTarget(r, p, e.Target); t != nil {
				targets = append(targets, t)
			}
		}
	}
	if len(targets) == 0 {
		if t := d.defaultTarget(e.Target, p, c); t != nil {
			targets = []*inst{t}
		}
	}
	if len(targets) == 0 {
		d.illegal(fmt.Sprintf("%s needs a target and there is none", effectName(c.c, e)), ruleRef{})
		return nil, false
	}
	for _, t := range targets {
		if why := d.badTarget(e.Target, p, t, c); why != "" {
			d.illegal(why, ruleRef{})
			return nil, false
		}
	}
	if why := d.badPair(e.Target, p, targets, c); why != "" { // pairtarget.go
		d.illegal(why, d.pairRef(e.Target))
		return nil, false
	}
	return targets, true
}

// fillTargets picks the targets of an effect that takes several when the
// line names none: the first legal ones in pool order, or those its kind's
// pick chooses (1 monster on each field: pairtarget.go).
func (d *duel) fillTargets(t *Target, p int, c *inst) []*inst {
	if pick := t.What.kind().pick; pick != nil {
		return pick(d, t, p, c)
	}
	var targets []*inst
	for t.Count > 1 && len(targets) < t.Count {
		var more *inst
		for _, x := range d.targetPool(t, p) {
			if x != c && !slices.Contains(targets, x) && d.badTarget(t, p, x, c) == "" {
				more = x
				break
			}
		}
		if more == nil {
			break
		}
		targets = append(targets, more)
	}
	return targets
}

// priorityCheck: after a Summon or a resolved chain, may the turn player
// open with this Spell Speed 1 effect before the opponent responds?
func (d *duel) priorityCheck(p int, c *inst, e *Effect, asked bool) bool {
	r := ref("Priority", d.p.IgnitionPriority)
	if !asked {
		return true // the opponent had the chance and declined
	}
	if p != d.tp {
		d.illegal(fmt.Sprintf("only the turn player acts first after a Summon or a chain resolves"), r)
		return false
	}
	if ignitionFirst(d.p) && c.isMonster() && e.Kind == EffectIgnition {
		d.note(fmt.Sprintf("%s uses priority: a monster's Ignition Effect before %s may respond", d.pn(p), d.pn(d.opp(p))), r)
		return true
	}
	d.illegal(fmt.Sprintf("%s's first chance to act covers only fast effects; %s may respond before %s can be activated", d.pn(p), d.pn(d.opp(p)), effectName(c.c, e)), r)
	return false
}

// findActivatable finds the card a player activates and the effect used.
func (d *duel) findActivatable(a *Action) (*inst, *Effect) {
	p := a.Player
	c := d.find(a.Card, p, locSpell, locField, locMonster, locHand, locGY)
	if c == nil || (c.onField() && c.ctrl != p) || (!c.onField() && c.owner != p) {
		if c2 := d.findOwn(a.Card, p); c2 != nil {
			c = c2
		} else if d.dmActivated(a) {
			return nil, nil
		} else {
			d.fail("%s", d.whereText(a.Card, p, "hand or field"))
			return nil, nil
		}
	}
	if why := c.c.refusedUse(); why != "" {
		d.fail("%s", why)
		return nil, nil
	}
	if c.loc == locMonster && !c.faceUp {
		d.illegal(fmt.Sprintf("%s is face-down, so its effect cannot be activated", c.name()), ruleRef{})
		return nil, nil
	}
	for i := range c.c.Effects {
		e := &c.c.Effects[i]
		ok := false
		switch {
		case c.loc == locHand:
			ok = (e.Kind == EffectActivate && !c.isMonster()) || ((e.Kind == EffectQuick || e.Kind == EffectIgnition) && e.From == FromHand)
		case c.loc == locGY:
			ok = e.From == FromGraveyard && (e.Kind == EffectQuick || e.Kind == EffectIgnition)
		case !c.faceUp && c.loc != locMonster:
			ok = e.Kind == EffectActivate
		case c.faceUp && c.onField():
			ok = (e.Kind == EffectIgnition || e.Kind == EffectQuick) && e.From == ""
		}
		if hasOp(e, "union-equip") && c.loc != locMonster || hasOp(e, "union-unequip") && (c.loc != locSpell || c.equipTo == nil) {
			ok = false
		}
		if !ok || otherBranch(e, a) { // choice.go
			continue
		}
		if e.Unsupported != "" {
			d.fail("%s", refusedEffect(c.c, e))
			return nil, nil
		}
		return c, e
	}
	if why := untriggered(c); why != "" { // specialnegate.go
		d.illegal(why, ruleRef{})
		return nil, nil
	}
	d.fail("%s has no effect %s can activate from %s now", c.name(), d.pn(p), d.locName(c))
	return nil, nil
}

// findOwn looks for an activatable copy controlled by p.
func (d *duel) findOwn(r *CardRef, p int) *inst {
	ps := d.pl[p]
	lists := [][]*inst{ps.st, ps.mz, ps.hand, ps.gy}
	if ps.fz != nil {
		lists = append([][]*inst{{ps.fz}}, lists...)
	}
	for _, list := range lists {
		for _, c := range list {
			if c.c == r.Card {
				return c
			}
		}
	}
	return nil
}

// category is the Damage Step class of an activation.
func (d *duel) categories(c *inst, e *Effect) []string {
	var cats []string
	sp := e.speed(c.c)
	if sp >= 3 {
		cats = append(cats, AllowCounter)
	}
	if e.Negates == NegatesActivation || e.Negates == NegatesEffect {
		if c.isMonster() {
			if e.Negates == NegatesActivation {
				cats = append(cats, AllowMonsterNegator)
			}
		} else {
			cats = append(cats, AllowSpellNegator)
		}
	}
	if e.Modifies == ModifiesATK {
		if c.isMonster() {
			cats = append(cats, AllowMonsterATK)
		} else {
			cats = append(cats, AllowSpellATK)
		}
	}
	if e.Timing != "" {
		cats = append(cats, AllowNamedTiming)
	}
	if e.Kind == EffectActivate && conditions[e.When].event {
		cats = append(cats, AllowMetRequirement)
	}
	return cats
}

// Damage Step classes finer than the Allow* categories, for the points a
// format's page numbers one by one (Profile.DSPoints).
const (
	dsMonsterEffectNegator   = "monster-effect-negator"        // a monster effect that negates an effect, not an activation
	dsSpellActivationNegator = "spell-trap-activation-negator" // a Spell Speed 2 Spell or Trap that negates an activation
	dsSpellEffectNegator     = "spell-trap-effect-negator"     // a Spell Speed 2 Spell or Trap that negates an effect
)

// dsClass is the narrowest Damage Step class of an activation: what a
// format's numbered points speak of ("a Spell Speed 2 Trap that negates an
// activation"), or "" when it is none of them.
func dsClass(c *inst, e *Effect) string {
	monster := c.isMonster()
	switch {
	case e.speed(c.c) >= 3:
		return AllowCounter
	case e.Negates == NegatesActivation && monster:
		return AllowMonsterNegator
	case e.Negates == NegatesEffect && monster:
		return dsMonsterEffectNegator
	case e.Negates == NegatesActivation && e.Kind == EffectActivate:
		return dsSpellActivationNegator
	case e.Negates != "":
		return dsSpellEffectNegator
	case e.Modifies == ModifiesATK && monster:
		return AllowMonsterATK
	case e.Modifies == ModifiesATK:
		return AllowSpellATK
	}
	return ""
}

// dsPoint is the anchor of the format's numbered point about this
// activation's class, when the format's page numbers its points; a refusal
// cites it rather than the section that holds it.
func (d *duel) dsPoint(c *inst, e *Effect) string {
	return d.p.DSPoints[dsClass(c, e)]
}

// damageStepAllows applies the current timing's activation rules.
func (d *duel) damageStepAllows(c *inst, e *Effect) bool {
	if d.ds < 0 {
		if e.Timing != "" && d.p.triggerTiming(e.Timing) >= 0 {
			d.illegal(fmt.Sprintf("%s can only be activated %s", c.name(), conditions[e.Timing].about), ruleRef{})
			return false
		}
		return true
	}
	t := &d.p.DamageStep[d.ds]
	if e.Timing != "" {
		at := d.p.triggerTiming(e.Timing)
		if at != d.ds {
			name := "another timing"
			if at >= 0 {
				name = d.p.DamageStep[at].Name
			}
			d.illegal(fmt.Sprintf("%s can only be activated %s, not %s", c.name(), atTiming(name), atTiming(t.Name)), d.dsRef(t.Rule))
			return false
		}
	}
	ok := false
	for _, cat := range d.categories(c, e) {
		if cat == AllowSpellNegator && d.p.DSNegators.Value == "monster-only" {
			continue
		}
		if t.allows(cat) {
			ok = true
		}
	}
	if !ok && !d.dsSpecialRuling(c, e) { // nullvoid.go
		r := d.dsRef(t.AllowsRule)
		what := "it is not a Counter Trap, a monster effect that negates an activation, or a card that names this timing"
		cats := d.categories(c, e)
		switch {
		case slices.Contains(cats, AllowSpellNegator) && d.p.DSNegators.Value == "monster-only":
			what = "Spell Speed 2 Spells and Traps that negate cannot be activated in the Damage Step; only monster effects and Counter Traps may negate"
			r = ref("Negation in the Damage Step", d.p.DSNegators)
		case slices.Contains(cats, AllowSpellATK):
			what = "Spells and Traps that change ATK or DEF cannot be activated at this timing"
		case slices.Contains(cats, AllowMonsterATK):
			what = "effects that change ATK or DEF cannot be activated at this timing"
		case c.isMonster() && e.Negates == NegatesEffect:
			what = "a monster effect that negates an effect, but not its activation, cannot be activated in the Damage Step"
		}
		if point := d.dsPoint(c, e); point != "" {
			r = plain(point)
		}
		d.illegal(fmt.Sprintf("%s cannot be activated %s: %s", effectName(c.c, e), atTiming(t.Name), what), r)
		return false
	}
	if len(d.chain) == 0 && t.Chains.Value == 1 && d.dsManual >= 1 {
		d.illegal(fmt.Sprintf("only one chain may be started %s, and it has already resolved", atTiming(t.Name)), ref("Damage Step chains", t.Chains))
		return false
	}
	if len(d.chain) == 0 && t.Chains.Value == 0 && d.dsManual >= 1 {
		d.note(fmt.Sprintf("a new chain may start %s", atTiming(t.Name)), ref("Damage Step chains", t.Chains))
	}
	return true
}

// conditionMet checks an activation requirement ("when").
func (d *duel) conditionMet(p int, c *inst, e *Effect) bool {
	if e.Kind == EffectTrigger {
		return true
	}
	if check := conditions[e.When].check; check != nil {
		var top *link
		if len(d.chain) > 0 {
			top = d.chain[len(d.chain)-1]
		}
		if why, r := check(d, p, c, e, top); why != "" {
			d.illegal(fmt.Sprintf("%s cannot be activated: %s", c.name(), why), r)
			return false
		}
	}
	if why := d.ifMet(c, e); why != "" {
		d.illegal(fmt.Sprintf("%s cannot be activated: %s", c.name(), why), ruleRef{})
		return false
	}
	return true
}

// summonsSpecial: would the effect Special Summon a monster?
func summonsSpecial(e *Effect) bool {
	for _, o := range e.Do {
		switch o.Op {
		case "special-summon", "special-summon-from-deck", "special-summon-from-gy-each", "special-summon-from-hand-or-deck",
			"special-summon-self", "summon-tokens", "summon-self-as-monster", "banish-self-and-summon-copy",
			"special-summon-zeroed", "special-summon-from-hand-or-gy", "fusion-summon", "special-summon-extra-same-level", "ritual-summon", "relay-soul",
			"tag-in", "special-summon-bound", "special-summon-from-banished", "special-summon-tied":
			return true
		}
	}
	return false
}

// destroysTraps: would the link destroy a Trap Card player p controls?
func (d *duel) destroysTraps(l *link, p int) bool {
	for _, o := range l.eff.Do {
		if o.Op != "destroy" {
			continue
		}
		if o.What == WhatAllSpellTraps {
			for _, c := range d.fieldOf(p) {
				if c.c != nil && c.c.Kind == CardTrap {
					return true
				}
			}
		}
		if o.What == "" || o.What == WhatTarget {
			for _, t := range l.targets {
				if t.ctrl == p && t.onField() && t.c.Kind == CardTrap {
					return true
				}
			}
		}
	}
	return false
}

// hitsTrapMonster: would the link destroy a Trap Monster?
func (d *duel) hitsTrapMonster(l *link) bool {
	for _, o := range l.eff.Do {
		if o.Op != "destroy" {
			continue
		}
		switch o.What {
		case WhatAllSpellTraps:
			for _, c := range d.allField() {
				if c.trapMon {
					return true
				}
			}
		case WhatOpponentFaceUpMonster, WhatOpponentMonsters, WhatAllMonsters:
			for _, c := range d.allField() {
				if c.trapMon && c.ctrl != l.ctrl {
					return true
				}
			}
		}
	}
	return false
}

// trapMonsterJustLeft: did a Trap Monster p controlled just leave the
// field (so a card waiting for "a monster" finds a Trap Card instead)?
func (d *duel) trapMonsterJustLeft(p int) bool {
	return slices.Contains(d.winEvents, fmt.Sprintf("trap-monster-left:%d", p))
}

func (d *duel) destroysMonsters(l *link) bool {
	for _, o := range l.eff.Do {
		if o.Op == "destroy" || o.Op == "negate-and-destroy" {
			if o.Op == "destroy" && o.What.sweepsMonsters() {
				return true
			}
			for _, t := range l.targets {
				if t.isMonster() && t.loc == locMonster {
					return true
				}
			}
		}
	}
	return false
}

func (d *duel) lightBattler(p int) *inst {
	if d.atk == nil {
		return nil
	}
	for _, m := range []*inst{d.atk.attacker, d.atk.target} {
		if m != nil && m.ctrl == p && m.c.Attribute == "LIGHT" {
			return m
		}
	}
	return nil
}

// drawCheck: may a draw effect be activated with too few cards in the Deck?
func (d *duel) drawCheck(p int, c *inst, e *Effect) bool {
	for _, o := range e.Do {
		need := map[int]int{}
		switch o.Op {
		case "draw":
			need[p] = o.N
		case "discard-hands-draw":
			for q := range d.pl {
				n := len(d.pl[q].hand)
				if q == p && c.loc == locHand {
					n--
				}
				need[q] = n
			}
		default:
			continue
		}
		for q := range d.pl {
			n, ok := need[q]
			if !ok || len(d.pl[q].deck) >= n {
				continue
			}
			r := ref("Decking out by your own draw", d.p.DrawPastDeck)
			if !d.p.DrawPastDeck.Value {
				d.illegal(fmt.Sprintf("%s would make %s draw %d with %d card(s) in the Deck", c.name(), d.pn(q), n, len(d.pl[q].deck)), r)
				return false
			}
			d.note(fmt.Sprintf("%s may be activated although %s has only %d card(s) to draw %d", c.name(), d.pn(q), len(d.pl[q].deck), n), r)
		}
	}
	return true
}

func (d *duel) canPayLP(p, n int, what string) bool {
	lp := d.pl[p].lp
	if lp < n {
		d.illegal(fmt.Sprintf("%s cannot pay %d LP for %s with %d LP", d.pn(p), n, what, lp), ruleRef{})
		return false
	}
	if lp == n {
		r := ref("Life Point costs", d.p.LPCostToZero)
		if !d.costMayReachZero() {
			d.illegal(fmt.Sprintf("paying %d LP for %s would bring %s to 0 LP", n, what, d.pn(p)), r)
			return false
		}
		d.note(fmt.Sprintf("%s may pay all of their %d LP for %s, and then loses", d.pn(p), n, what), r)
	}
	return true
}

// ---- targets ----

// targetPool is every card t's kind may pick on the sides t.Side allows,
// from the opponents' to p's own, each side in its kind's order.
func (d *duel) targetPool(t *Target, p int) []*inst {
	var pool []*inst
	sides := append(d.opponents(p), p)
	switch t.Side {
	case SideYours:
		sides = []int{p}
	case SideOpponent:
		sides = d.opponents(p)
	}
	k := t.What.kind()
	for _, s := range sides {
		if k.pool != nil {
			pool = append(pool, k.pool(d, d.pl[s], s == p)...)
		}
	}
	return pool
}

func (d *duel) findTarget(r *CardRef, p int, t *Target) *inst {
	var matches []*inst
	for _, c := range d.targetPool(t, p) {
		if c.c == r.Card && (r.Player < 0 || (c.onField() && c.ctrl == r.Player) || (!c.onField() && c.owner == r.Player)) {
			matches = append(matches, c)
		}
	}
	if len(matches) == 0 {
		return nil
	}
	if strings.Contains(r.Quals, "set") || strings.Contains(r.Quals, "face-down") {
		for _, c := range matches {
			if !c.faceUp {
				return c
			}
		}
	}
	return matches[0]
}

func (d *duel) badTarget(t *Target, p int, c *inst, src *inst) string {
	if c == nil {
		return "no target"
	}
	k := t.What.kind()
	if k.check != nil {
		if why := k.check(d, c, src); why != "" {
			return why
		}
	}
	if c.markedBattle && c.loc == locMonster { // said before the filter
		return d.untargetable(c, src)
	}
	if f := d.srcFilter(t.Filter, src); f != "" && k.pair == nil && !d.matchesAny(c, f) {
		return fmt.Sprintf("%s must target a card that is %s, and %s is not", src.name(), f, d.describe(c))
	}
	return d.untargetable(c, src)
}

// untargetable says why src's effect cannot target c whatever its target
// kind asks, or "": a monster already destroyed by battle, or a card
// protected from src (noresponse.go). The kinds whose functions check each
// target (badEachField) ask this rather than badTarget, which reads the
// registry of kinds.
func (d *duel) untargetable(c, src *inst) string {
	if c.markedBattle && c.loc == locMonster {
		return fmt.Sprintf("%s is already destroyed by battle and cannot be targeted", d.describe(c))
	}
	return d.untargetableBy(c, src) // noresponse.go
}

// defaultTarget picks a target deterministically: the opponent's cards
// first, in zone order.
func (d *duel) defaultTarget(t *Target, p int, src *inst) *inst {
	for _, c := range d.targetPool(t, p) {
		if c == src {
			continue
		}
		if d.badTarget(t, p, c, src) == "" {
			return c
		}
	}
	return nil
}

// ---- resolution ----

func (d *duel) resolveChain() {
	if len(d.chain) == 0 {
		return
	}
	ch := &d.t.Chains[d.chainRec]
	d.emit("resolve", -1, "", fmt.Sprintf("Chain %d resolves", ch.N), ruleRef{})
	d.tick()
	since := d.trigSeq
	for i := len(d.chain) - 1; i >= 0 && !d.stopped && !d.over; i-- {
		l := d.chain[i]
		d.overtake(since, fmt.Sprintf("Chain Link %d resolved after it", l.rec.N))
		d.resolveLink(l)
		d.checkLoss()
		d.settle()
	}
	if !d.stopped && !d.over {
		d.reapDue(reapChainEnd) // targeted.go: after an Equip Spell's chain
	}
	ch.Resolved = true
	d.chain = nil
	d.chainRec = -1
	if d.atk != nil && d.atk.declWindow {
		d.atk.declWindow = false
	}
	d.winEvents = keepMoveEvents(d.winEvents)
	d.fresh = true
	d.clearPasses()
	if d.stopped || d.over {
		return
	}
	d.checkReplay()
	if len(d.pending) == 0 {
		d.lastTurnBattle() // lastturn.go: after the triggers its resolution met
	}
	d.startBuildIfDue()
}

func (d *duel) resolveLink(l *link) {
	name := effectName(l.src.c, l.eff)
	if l.gone {
		d.emit("resolve", l.ctrl, l.src.name(), fmt.Sprintf("CL%d %s was removed with its player and does not resolve", l.rec.N, name), ref("Removing a player", d.p.PlayerRemoval))
		return
	}
	if l.negated {
		d.emit("resolve", l.ctrl, l.src.name(), fmt.Sprintf("CL%d %s is negated", l.rec.N, name), ruleRef{})
		d.cleanupLink(l)
		d.retryPhaseTrigger(l) // phasetrigger.go
		return
	}
	if l.cardAct && mustStayToResolve(l.src.c) && (!l.src.onField() || !l.src.faceUp) {
		r := ruleRef{}
		if l.src.c.Has(SubField) {
			r = ref("Field Spells", d.p.SharedFieldSpell)
		}
		d.emit("resolve", l.ctrl, l.src.name(), fmt.Sprintf("CL%d %s is no longer face-up on the field, so it does not resolve", l.rec.N, name), r)
		return
	}
	if why := d.negatedAtResolution(l); why != "" {
		d.emit("resolve", l.ctrl, l.src.name(), fmt.Sprintf("CL%d %s resolves, but %s", l.rec.N, name, why), ruleRef{})
		d.spellResolved(l) // spellcounter.go
		d.cleanupLink(l)
		d.targetedResolved(l) // targeted.go
		return
	}
	d.emit("resolve", l.ctrl, l.src.name(), fmt.Sprintf("CL%d %s resolves", l.rec.N, name), ruleRef{})
	d.resolving = l
	defer func() { d.resolving = nil }()
	for _, o := range l.eff.Do {
		if d.stopped || d.over {
			d.resolving = nil
			return
		}
		d.exec(l, o)
	}
	d.resolving = nil
	if l.cardAct && l.src.c.Has(SubField) {
		d.fieldResolved(l)
	}
	d.spellResolved(l) // spellcounter.go
	d.cleanupLink(l)
	d.equipWatch()        // equiprules.go
	d.targetedResolved(l) // targeted.go
}

// mustStayToResolve is whether an activated card resolves only while it is
// still face-up on the field: a Continuous, Field or Equip Spell, a
// Continuous Trap, a Pendulum Scale. A Normal or Quick-Play Spell, a Ritual
// Spell, a Normal or Counter Trap resolves even if it was destroyed or
// removed in the chain ("Mirror Force" destroyed by a chained "Mystical
// Space Typhoon" still destroys the attackers).
func mustStayToResolve(c *Card) bool {
	return c.Has(SubContinuous) || c.Has(SubField) || c.Has(SubEquip) || c.Has(SubPendulum)
}

// cleanupLink sends a resolved Normal or Quick-Play Spell, Normal or Counter
// Trap to the Graveyard.
func (d *duel) cleanupLink(l *link) {
	c := l.src
	if !l.cardAct || !c.onField() {
		return
	}
	if c.c.Has(SubContinuous) || c.c.Has(SubField) || c.c.Has(SubEquip) {
		if c.c.Has(SubEquip) && (c.linked == nil || c.linked.loc != locMonster) && (c.equipTo == nil || c.equipTo.loc != locMonster) {
			d.sendToGY(c, "no monster to equip", false)
		}
		if l.negated && c.onField() {
			d.sendToGY(c, "its activation was negated", false)
		}
		return
	}
	if staysFor(c) > 0 { // restrict.go
		return
	}
	if equippedItself(l) { // equip.go
		return
	}
	d.sendToGY(c, "resolved", false)
}

// fieldResolved applies the Field Spell switch when an activation resolves.
func (d *duel) fieldResolved(l *link) {
	p := l.ctrl
	for _, q := range d.opponents(p) {
		opp := d.pl[q].fz
		if opp == nil || !opp.faceUp {
			continue
		}
		r := ref("Field Spells", d.p.SharedFieldSpell)
		if d.p.SharedFieldSpell.Value {
			d.emit("rule", p, opp.name(), fmt.Sprintf("only one face-up Field Spell may exist: %s is destroyed", d.describe(opp)), r)
			d.destroy(opp, "game mechanics", false)
			continue
		}
		d.emit("rule", p, opp.name(), fmt.Sprintf("each player may have a face-up Field Spell: %s stays", d.describe(opp)), r)
	}
}

func (d *duel) halveAttacker(a *inst, src *inst) {
	v := d.atkOf(a)
	a.atkAdd -= v / 2
	d.emit("atk", src.ctrl, a.name(), fmt.Sprintf("%s halves the ATK of %s: %d", src.name(), d.describe(a), d.atkOf(a)), ruleRef{})
}

// ---- movements ----

// ignitionFirst is whether the turn player may open a response window with
// an Ignition Effect (IgnitionPriority): the one place that reads the switch.
func ignitionFirst(p *Profile) bool { return p.IgnitionPriority.Value }
