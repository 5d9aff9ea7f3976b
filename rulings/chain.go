package rulings

import (
	"fmt"
	"strconv"
	"strings"
)

// openChainRecord starts a new chain record if none is open.
func (d *duel) openChainRecord() *Chain {
	if d.chainRec < 0 {
		ch := Chain{N: len(d.t.Chains) + 1, Line: d.line, Phase: phaseTitle[d.phase]}
		if d.phase == "battle" {
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
	if d.phase == "battle" {
		return stepTitle[d.bstep]
	}
	return phaseTitle[d.phase]
}

// pushLink puts a link on the chain and records it.
func (d *duel) pushLink(l *link, costs []string) {
	ch := d.openChainRecord()
	l.rec = &Link{N: len(ch.Links) + 1, Card: l.src.name(), Effect: effectName(l.src.c, l.eff), Controller: playerName(l.ctrl),
		Kind: l.eff.Kind, Speed: l.eff.speed(l.src.c), Costs: costs, Line: d.line}
	for _, t := range l.targets {
		l.rec.Targets = append(l.rec.Targets, describe(t))
	}
	ch.Links = append(ch.Links, *l.rec)
	l.rec = &ch.Links[len(ch.Links)-1]
	if len(d.chain) > 0 {
		l.respTo = d.chain[len(d.chain)-1]
	}
	d.chain = append(d.chain, l)
	for _, t := range l.targets {
		if t.ctrl == l.ctrl || t.c == nil {
			continue
		}
		for i := range t.c.Effects {
			if e := &t.c.Effects[i]; e.When == "targeted-by-opponent" {
				d.queue(t, e, -1, nil)
			}
		}
	}
	if _, ok := d.t.timings[l.src.name()]; !ok {
		d.t.timings[l.src.name()] = d.timingName()
	}
	txt := fmt.Sprintf("%s activates %s as Chain Link %d", playerName(l.ctrl), effectName(l.src.c, l.eff), l.rec.N)
	if len(l.targets) > 0 {
		txt += ", targeting " + describeAll(l.targets)
	}
	d.emit("activate", l.ctrl, l.src.name(), txt, ruleRef{})
	d.passed = [2]bool{}
}

// activateTrigger puts a queued trigger on the chain.
func (d *duel) activateTrigger(tr *trig) {
	l := &link{src: tr.src, eff: tr.eff, ctrl: tr.ctrl, trigger: true, battled: tr.battled}
	if tr.eff.Target != nil {
		l.targets = tr.targets
		if len(l.targets) == 0 {
			if t := d.defaultTarget(tr.eff.Target, tr.ctrl, tr.src); t != nil {
				l.targets = []*inst{t}
			}
		}
		if len(l.targets) == 0 {
			d.emit("trigger", tr.ctrl, tr.src.name(), fmt.Sprintf("%s's effect has no target, so it cannot activate", tr.src.name()), ruleRef{})
			return
		}
		for _, t := range l.targets {
			if why := d.badTarget(tr.eff.Target, tr.ctrl, t, tr.src); why != "" {
				d.illegal(why, ruleRef{})
				return
			}
		}
	}
	var costs []string
	for _, o := range tr.eff.Cost {
		if o.Op == "pay-lp" {
			if !d.canPayLP(tr.ctrl, o.N, tr.src.name()) {
				return
			}
			d.changeLP(tr.ctrl, -o.N, "cost of "+tr.src.name(), ruleRef{})
			costs = append(costs, fmt.Sprintf("%d LP", o.N))
		}
	}
	d.pushLink(l, costs)
	if d.ds >= 0 {
		d.note(fmt.Sprintf("%s's effect activates %s", tr.src.name(), atTiming(d.p.DamageStep[d.ds].Name)), d.dsRef(d.p.DamageStep[d.ds].Rule))
	}
}

// activate handles "P activates X ..." and "P chains X ...".
func (d *duel) activate(a *Action) {
	p := a.Player
	if tr := d.pendingFor(a.Card.Card, p); tr != nil && d.building {
		if tr.mandatory {
			d.emit("trigger", p, tr.src.name(), fmt.Sprintf("%s's effect is mandatory and goes on the chain by itself", tr.src.name()), ruleRef{})
		}
		tr.chosen = true
		if len(a.Targets) > 0 {
			for _, r := range a.Targets {
				t := d.find(r, 1-p, locMonster, locSpell, locField, locGY)
				if t == nil {
					d.fail("%s is not on the field", r.Card.Name)
					return
				}
				tr.targets = append(tr.targets, t)
			}
		}
		if !tr.mandatory {
			d.emit("trigger", p, tr.src.name(), fmt.Sprintf("%s chooses to activate %s's optional effect", playerName(p), tr.src.name()), ruleRef{})
		}
		return
	}
	c, e := d.findActivatable(a)
	if d.stopped || c == nil {
		return
	}
	sp := e.speed(c.c)
	isSpellTrap := !c.isMonster()
	cardAct := isSpellTrap && e.Kind == "activate"

	// Spell Speed and the chain.
	if len(d.chain) > 0 {
		top := d.chain[len(d.chain)-1]
		if sp == 1 {
			d.illegal(fmt.Sprintf("%s is Spell Speed 1 and cannot be chained", effectName(c.c, e)), ruleRef{})
			return
		}
		if ts := top.eff.speed(top.src.c); sp < ts {
			d.illegal(fmt.Sprintf("%s is Spell Speed %d and cannot respond to %s (Spell Speed %d)", effectName(c.c, e), sp, effectName(top.src.c, top.eff), ts), ruleRef{})
			return
		}
	} else if sp == 1 {
		if !d.mainPhaseAction(p, "activate "+effectName(c.c, e)) {
			return
		}
		if a.Before || d.fresh {
			if !d.priorityCheck(p, c, e, a.Before) {
				return
			}
		}
	}
	if a.Before && sp >= 2 && p == d.tp {
		d.note(fmt.Sprintf("%s uses priority for a fast effect", playerName(p)), ref("Priority", d.p.IgnitionPriority))
	}
	// Set Spells and Traps wait a turn.
	if c.loc == locSpell && !c.faceUp && c.setTurn == d.turn && (c.c.Kind == "trap" || c.c.Has("quick-play")) {
		d.illegal(fmt.Sprintf("%s was Set this turn and cannot be activated until the next turn", c.name()), ruleRef{})
		return
	}
	if c.c.Kind == "trap" && c.loc == locHand {
		d.illegal(fmt.Sprintf("%s is a Trap Card and must be Set before it is activated", c.name()), ruleRef{})
		return
	}
	if c.c.Has("quick-play") && c.loc == locHand && p != d.tp {
		d.illegal(fmt.Sprintf("%s can be activated from the hand only during its controller's turn", c.name()), ruleRef{})
		return
	}
	if !d.damageStepAllows(c, e) {
		return
	}
	if !d.conditionMet(p, c, e) {
		return
	}
	// Targets.
	var targets []*inst
	if e.Target != nil {
		for _, r := range a.Targets {
			t := d.findTarget(r, p, e.Target)
			if t == nil {
				d.fail("%s is not where %s can target it", r.String(), c.name())
				return
			}
			targets = append(targets, t)
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
			return
		}
		for _, t := range targets {
			if why := d.badTarget(e.Target, p, t, c); why != "" {
				d.illegal(why, ruleRef{})
				return
			}
		}
	}
	if !d.drawCheck(p, c, e) {
		return
	}
	// Costs.
	costs, ok := d.payCosts(p, c, e, a)
	if !ok {
		return
	}
	if c.loc == locHand && cardAct && !d.payToPlace(p, c) {
		return
	}
	if sp == 1 || len(d.chain) == 0 && p == d.tp && !a.Chain {
		if len(d.chain) == 0 && sp == 1 {
			d.slowAction()
		}
	}
	if len(d.chain) == 0 && d.ds >= 0 {
		d.dsManual++
	}
	if cardAct {
		if c.c.Has("field") {
			if c.loc != locField {
				d.replaceOwnField(p)
				d.remove(c)
				d.place(c, p, locField)
			}
		} else if c.loc != locSpell {
			d.remove(c)
			d.place(c, p, locSpell)
		}
		c.faceUp = true
	}
	c.usedThisTurn = true
	l := &link{src: c, eff: e, ctrl: p, targets: targets, declare: a.Declare, cardAct: cardAct}
	for _, r := range a.Choose {
		if t := d.find(r, p, locDeck, locGY, locHand, locMonster); t != nil {
			l.choose = append(l.choose, t)
		}
	}
	d.pushLink(l, costs)
	if d.ds >= 0 {
		d.note(fmt.Sprintf("%s is activated %s", c.name(), atTiming(d.p.DamageStep[d.ds].Name)), d.dsRef(d.p.DamageStep[d.ds].Rule))
	}
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
	if d.p.IgnitionPriority.Value && c.isMonster() && e.Kind == "ignition" {
		d.note(fmt.Sprintf("%s uses priority: a monster's Ignition Effect before %s may respond", playerName(p), playerName(1-p)), r)
		return true
	}
	d.illegal(fmt.Sprintf("%s's first chance to act covers only fast effects; %s may respond before %s can be activated", playerName(p), playerName(1-p), effectName(c.c, e)), r)
	return false
}

// findActivatable finds the card a player activates and the effect used.
func (d *duel) findActivatable(a *Action) (*inst, *Effect) {
	p := a.Player
	c := d.find(a.Card, p, locSpell, locField, locMonster, locHand, locGY)
	if c == nil || (c.onField() && c.ctrl != p) || (!c.onField() && c.owner != p) {
		if c2 := d.findOwn(a.Card, p); c2 != nil {
			c = c2
		} else {
			d.fail("%s", whereText(a.Card, p, "hand or field"))
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
			ok = (e.Kind == "activate" && !c.isMonster()) || (e.Kind == "quick" && e.From == "hand")
		case c.loc == locGY:
			ok = e.From == "graveyard" && (e.Kind == "quick" || e.Kind == "ignition")
		case !c.faceUp && c.loc != locMonster:
			ok = e.Kind == "activate"
		case c.faceUp && c.onField():
			ok = e.Kind == "ignition" || (e.Kind == "quick" && e.From == "")
		}
		if !ok {
			continue
		}
		if e.Unsupported != "" {
			d.fail("%s", refusedEffect(c.c, e))
			return nil, nil
		}
		return c, e
	}
	d.fail("%s has no effect %s can activate from %s now", c.name(), playerName(p), d.locName(c))
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
	if e.Negates == "activation" || e.Negates == "effect" {
		if c.isMonster() {
			if e.Negates == "activation" {
				cats = append(cats, AllowMonsterNegator)
			}
		} else {
			cats = append(cats, AllowSpellNegator)
		}
	}
	if e.Modifies == "atk" {
		if c.isMonster() {
			cats = append(cats, AllowMonsterATK)
		} else {
			cats = append(cats, AllowSpellATK)
		}
	}
	if e.Timing != "" {
		cats = append(cats, AllowNamedTiming)
	}
	return cats
}

// damageStepAllows applies the current timing's activation rules.
func (d *duel) damageStepAllows(c *inst, e *Effect) bool {
	if d.ds < 0 {
		if e.Timing != "" && d.p.triggerTiming(e.Timing) >= 0 {
			d.illegal(fmt.Sprintf("%s can only be activated %s", c.name(), whenConditions[e.Timing]), ruleRef{})
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
	if !ok {
		r := d.dsRef(t.AllowsRule)
		what := "it is not a Counter Trap, a monster effect that negates an activation, or a card that names this timing"
		cats := d.categories(c, e)
		switch {
		case contains(cats, AllowSpellNegator) && d.p.DSNegators.Value == "monster-only":
			what = "Spell Speed 2 Spells and Traps that negate cannot be activated in the Damage Step; only monster effects and Counter Traps may negate"
			r = ref("Negation in the Damage Step", d.p.DSNegators)
		case contains(cats, AllowSpellATK):
			what = "Spells and Traps that change ATK or DEF cannot be activated at this timing"
		case contains(cats, AllowMonsterATK):
			what = "effects that change ATK or DEF cannot be activated at this timing"
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
	if e.When == "" || e.Kind == "trigger" {
		return true
	}
	var top *link
	if len(d.chain) > 0 {
		top = d.chain[len(d.chain)-1]
	}
	ok := true
	why := ""
	switch e.When {
	case "monster-summoned":
		ok = contains(d.winEvents, "monster-summoned")
		why = "no monster has just been Summoned"
	case "opponent-attack-declared", "opponent-direct-attack":
		ok = d.atk != nil && d.atk.declWindow && p != d.tp && (e.When != "opponent-direct-attack" || d.atk.target == nil)
		why = "it answers an attack declaration, and no attack has just been declared"
		if d.atk != nil && d.atk.redirected && p != d.tp {
			why = "the replay did not declare a new attack; the attack was only redirected"
			d.illegal(fmt.Sprintf("%s cannot be activated: %s", c.name(), why), ref("Replays", d.p.Replay))
			return false
		}
		if !ok && d.atk != nil && !d.atk.declWindow && d.atk.declChains > 0 && p != d.tp {
			r := plain("battle-phase-reference#battle-step")
			if d.p.OneChainOnAttack.Value {
				r = ref("Responses to an attack", d.p.OneChainOnAttack)
			}
			d.illegal(fmt.Sprintf("%s cannot be activated: the chain that answered the attack declaration has resolved", c.name()), r)
			return false
		}
	case "attack-on-defense":
		ok = d.atk != nil && d.atk.target != nil && d.atk.target.ctrl == p && d.atk.targetDefense
		why = "its condition (an attack on a Defense Position monster you control) is not met"
	case "trap-activated":
		ok = top != nil && top.cardAct && top.src.c.Kind == "trap"
		why = "there is no Trap Card activation to answer"
	case "spell-activated":
		ok = top != nil && top.cardAct && top.src.c.Kind == "spell"
		why = "there is no Spell Card activation to answer"
	case "spell-trap-activated", "summon":
		ok = top != nil && top.cardAct
		why = "there is no Spell or Trap Card activation to answer"
	case "monster-effect-activated":
		ok = top != nil && top.src.isMonster() && !top.cardAct
		why = "there is no monster effect activation to answer"
	case "destroying-effect-activated":
		ok = top != nil && d.destroysMonsters(top)
		why = "there is no activation that would destroy a monster on the field"
	case "light-monster-battles":
		ok = d.atk != nil && d.ds >= 0 && d.lightBattler(p) != nil
		why = "no LIGHT monster of yours is battling"
	case TrigDamageCalc, TrigBeforeCalc, TrigStartOfDamageStep:
		ok = d.ds >= 0 && d.atk != nil && (d.atk.attacker == c || d.atk.target == c || !c.isMonster())
		why = "it is used only while its monster battles"
	case "standby":
		ok = d.phase == "standby"
		why = "it is used in the Standby Phase"
	}
	if !ok {
		d.illegal(fmt.Sprintf("%s cannot be activated: %s", c.name(), why), ruleRef{})
	}
	return ok
}

func (d *duel) destroysMonsters(l *link) bool {
	for _, o := range l.eff.Do {
		if o.Op == "destroy" || o.Op == "negate-and-destroy" {
			if o.Op == "destroy" && (o.What == "all-monsters" || o.What == "attacker" || o.What == "declared-type") {
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
			for q := 0; q < 2; q++ {
				n := len(d.pl[q].hand)
				if q == p && c.loc == locHand {
					n--
				}
				need[q] = n
			}
		default:
			continue
		}
		for q := 0; q < 2; q++ {
			n, ok := need[q]
			if !ok || len(d.pl[q].deck) >= n {
				continue
			}
			r := ref("Decking out by your own draw", d.p.DrawPastDeck)
			if !d.p.DrawPastDeck.Value {
				d.illegal(fmt.Sprintf("%s would make %s draw %d with %d card(s) in the Deck", c.name(), playerName(q), n, len(d.pl[q].deck)), r)
				return false
			}
			d.note(fmt.Sprintf("%s may be activated although %s has only %d card(s) to draw %d", c.name(), playerName(q), len(d.pl[q].deck), n), r)
		}
	}
	return true
}

func (d *duel) canPayLP(p, n int, what string) bool {
	lp := d.pl[p].lp
	if lp < n {
		d.illegal(fmt.Sprintf("%s cannot pay %d LP for %s with %d LP", playerName(p), n, what, lp), ruleRef{})
		return false
	}
	if lp == n {
		r := ref("Life Point costs", d.p.LPCostToZero)
		if !d.p.LPCostToZero.Value {
			d.illegal(fmt.Sprintf("paying %d LP for %s would bring %s to 0 LP", n, what, playerName(p)), r)
			return false
		}
		d.note(fmt.Sprintf("%s may pay all of their %d LP for %s, and then loses", playerName(p), n, what), r)
	}
	return true
}

// payCosts checks and pays an activation's costs.
func (d *duel) payCosts(p int, c *inst, e *Effect, a *Action) ([]string, bool) {
	var out []string
	// Check everything first, then pay.
	for _, o := range e.Cost {
		switch o.Op {
		case "pay-lp":
			if a.N != 0 && a.N != o.N {
				d.fail("%s costs %d LP, not %d", c.name(), o.N, a.N)
				return nil, false
			}
			if !d.canPayLP(p, o.N, c.name()) {
				return nil, false
			}
		case "pay-half-lp":
			if d.pl[p].lp/2 <= 0 {
				d.illegal(fmt.Sprintf("%s cannot pay half of %d LP", playerName(p), d.pl[p].lp), ruleRef{})
				return nil, false
			}
		case "discard":
			n := max(o.N, 1)
			avail := len(d.pl[p].hand)
			if c.loc == locHand {
				avail--
			}
			if avail < n {
				d.illegal(fmt.Sprintf("%s has no card to discard for %s", playerName(p), c.name()), ruleRef{})
				return nil, false
			}
		case "tribute":
			if len(a.Tribute) == 0 && len(d.pl[p].mz) == 0 {
				d.illegal(fmt.Sprintf("%s has no monster to Tribute for %s", playerName(p), c.name()), ruleRef{})
				return nil, false
			}
		case "remove-counter":
			if c.counters < max(o.N, 1) {
				d.illegal(fmt.Sprintf("%s has no Spell Counter to remove", c.name()), ruleRef{})
				return nil, false
			}
		}
	}
	d.tick()
	for _, o := range e.Cost {
		switch o.Op {
		case "pay-lp":
			d.changeLP(p, -o.N, "cost of "+c.name(), ruleRef{})
			out = append(out, fmt.Sprintf("%d LP", o.N))
		case "pay-half-lp":
			n := d.pl[p].lp / 2
			d.changeLP(p, -n, "cost of "+c.name(), ruleRef{})
			out = append(out, fmt.Sprintf("%d LP", n))
		case "discard-self":
			d.moveTo(c, locGY, "discarded as a cost")
			out = append(out, "discard "+c.name())
		case "discard":
			for i := 0; i < max(o.N, 1); i++ {
				var x *inst
				if i < len(a.Discard) {
					x = d.find(a.Discard[i], p, locHand)
					if x == nil {
						d.fail("%s", whereText(a.Discard[i], p, "hand"))
						return nil, false
					}
				} else {
					for _, h := range d.pl[p].hand {
						if h != c {
							x = h
							break
						}
					}
				}
				d.moveTo(x, locGY, "discarded as a cost")
				out = append(out, "discard "+x.name())
			}
		case "tribute":
			for i := 0; i < max(o.N, 1); i++ {
				var x *inst
				if i < len(a.Tribute) {
					x = d.find(a.Tribute[i], p, locMonster)
					if x == nil || x.ctrl != p {
						d.fail("%s", whereText(a.Tribute[i], p, "Monster Zone"))
						return nil, false
					}
				} else {
					x = d.pl[p].mz[0]
				}
				d.sendToGY(x, "Tributed as a cost", false)
				out = append(out, "Tribute "+x.name())
			}
		case "remove-counter":
			c.counters -= max(o.N, 1)
			d.emit("cost", p, c.name(), fmt.Sprintf("%s removes a Spell Counter from %s", playerName(p), c.name()), ruleRef{})
			out = append(out, "remove 1 Spell Counter")
		}
	}
	d.checkLoss()
	return out, !d.over
}

// ---- targets ----

func (d *duel) targetPool(t *Target, p int) []*inst {
	var pool []*inst
	sides := []int{1 - p, p}
	switch t.Side {
	case "yours":
		sides = []int{p}
	case "opponent":
		sides = []int{1 - p}
	}
	for _, s := range sides {
		ps := d.pl[s]
		switch t.What {
		case "monster", "face-up-monster":
			pool = append(pool, ps.mz...)
		case "spell-trap":
			pool = append(pool, ps.st...)
			if ps.fz != nil {
				pool = append(pool, ps.fz)
			}
		case "card":
			pool = append(pool, ps.mz...)
			pool = append(pool, ps.st...)
			if ps.fz != nil {
				pool = append(pool, ps.fz)
			}
		case "monster-in-your-gy":
			if s == p {
				pool = append(pool, ps.gy...)
			}
		case "monster-in-any-gy":
			pool = append(pool, ps.gy...)
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
	switch t.What {
	case "face-up-monster":
		if !c.faceUp || c.loc != locMonster {
			return fmt.Sprintf("%s must target a face-up monster, and %s is not one", src.name(), describe(c))
		}
	case "monster-in-your-gy", "monster-in-any-gy":
		if !c.isMonster() || c.loc != locGY {
			return fmt.Sprintf("%s must target a monster in a Graveyard", src.name())
		}
	}
	if c.markedBattle && c.loc == locMonster {
		return fmt.Sprintf("%s is already destroyed by battle and cannot be targeted", describe(c))
	}
	return ""
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
	for i := len(d.chain) - 1; i >= 0 && !d.stopped && !d.over; i-- {
		l := d.chain[i]
		d.resolveLink(l)
		d.checkLoss()
	}
	ch.Resolved = true
	d.chain = nil
	d.chainRec = -1
	if d.atk != nil && d.atk.declWindow {
		d.atk.declWindow = false
	}
	d.winEvents = nil
	d.fresh = true
	d.passed = [2]bool{}
	if d.stopped || d.over {
		return
	}
	d.checkReplay()
	d.startBuildIfDue()
}

func (d *duel) resolveLink(l *link) {
	name := effectName(l.src.c, l.eff)
	if l.negated {
		d.emit("resolve", l.ctrl, l.src.name(), fmt.Sprintf("CL%d %s is negated", l.rec.N, name), ruleRef{})
		d.cleanupLink(l)
		return
	}
	if l.cardAct && (!l.src.onField() || !l.src.faceUp) {
		r := ruleRef{}
		if l.src.c.Has("field") {
			r = ref("Field Spells", d.p.SharedFieldSpell)
		}
		d.emit("resolve", l.ctrl, l.src.name(), fmt.Sprintf("CL%d %s is no longer face-up on the field, so it does not resolve", l.rec.N, name), r)
		return
	}
	if l.src.effNegated && l.src.isMonster() {
		d.emit("resolve", l.ctrl, l.src.name(), fmt.Sprintf("CL%d %s resolves, but its effect is negated", l.rec.N, name), ruleRef{})
		return
	}
	d.emit("resolve", l.ctrl, l.src.name(), fmt.Sprintf("CL%d %s resolves", l.rec.N, name), ruleRef{})
	for _, o := range l.eff.Do {
		if d.stopped || d.over {
			return
		}
		d.exec(l, o)
	}
	if l.cardAct && l.src.c.Has("field") {
		d.fieldResolved(l)
	}
	d.cleanupLink(l)
}

// cleanupLink sends a resolved Normal or Quick-Play Spell, Normal or Counter
// Trap to the Graveyard.
func (d *duel) cleanupLink(l *link) {
	c := l.src
	if !l.cardAct || !c.onField() {
		return
	}
	if c.c.Has("continuous") || c.c.Has("field") || c.c.Has("equip") {
		if c.c.Has("equip") && (c.linked == nil || c.linked.loc != locMonster) {
			d.sendToGY(c, "no monster to equip", false)
		}
		if l.negated && c.onField() {
			d.sendToGY(c, "its activation was negated", false)
		}
		return
	}
	d.sendToGY(c, "resolved", false)
}

// fieldResolved applies the Field Spell switch when an activation resolves.
func (d *duel) fieldResolved(l *link) {
	p := l.ctrl
	opp := d.pl[1-p].fz
	if opp == nil || !opp.faceUp {
		return
	}
	r := ref("Field Spells", d.p.SharedFieldSpell)
	if d.p.SharedFieldSpell.Value {
		d.emit("rule", p, opp.name(), fmt.Sprintf("only one face-up Field Spell may exist: %s is destroyed", describe(opp)), r)
		d.destroy(opp, "game mechanics", false)
		return
	}
	d.emit("rule", p, opp.name(), fmt.Sprintf("each player may have a face-up Field Spell: %s stays", describe(opp)), r)
}

func (d *duel) exec(l *link, o Op) {
	p := l.ctrl
	src := l.src
	valid := func() []*inst {
		var out []*inst
		for _, t := range l.targets {
			if t.onField() || (l.eff.Target != nil && strings.Contains(l.eff.Target.What, "gy") && t.loc == locGY) {
				out = append(out, t)
			}
		}
		return out
	}
	switch o.Op {
	case "destroy":
		switch o.What {
		case "all-monsters":
			for _, m := range append(append([]*inst{}, d.pl[d.tp].mz...), d.pl[1-d.tp].mz...) {
				d.destroy(m, src.name(), false)
			}
		case "attacker":
			if d.atk != nil && d.atk.attacker.onField() {
				d.destroy(d.atk.attacker, src.name(), false)
			}
		case "declared-type":
			typ := strings.TrimSpace(l.declare)
			for _, m := range append(append([]*inst{}, d.pl[0].mz...), d.pl[1].mz...) {
				if m.faceUp && strings.EqualFold(m.c.Type, typ) {
					d.destroy(m, src.name(), false)
				}
			}
		case "self":
			if src.onField() {
				d.destroy(src, src.name(), false)
			}
		case "opponent-attack-position":
			for _, m := range append([]*inst{}, d.pl[1-p].mz...) {
				if m.faceUp && !m.def {
					d.destroy(m, src.name(), false)
				}
			}
		default:
			for _, t := range valid() {
				l.lastATK, l.destroyedOne = d.atkOf(t), true
				d.destroy(t, src.name(), false)
			}
		}
	case "banish":
		switch o.What {
		case "self":
			if src.onField() || src.loc == locGY {
				d.moveTo(src, locBanished, "banished by "+src.name())
			}
		case "battled":
			if b := l.battled; b != nil && b.onField() {
				d.moveTo(b, locBanished, "banished by "+src.name())
			}
		default:
			for _, t := range valid() {
				d.moveTo(t, locBanished, "banished by "+src.name())
			}
		}
	case "negate-activation", "negate-and-destroy":
		if t := l.respTo; t != nil {
			t.negated = true
			t.rec.Negated = true
			d.emit("negate", p, t.src.name(), fmt.Sprintf("%s negates the activation of %s", src.name(), effectName(t.src.c, t.eff)), ruleRef{})
			if o.Op == "negate-and-destroy" && t.src.onField() {
				d.destroy(t.src, src.name(), false)
			}
		}
	case "draw":
		if o.To == "both" {
			d.draw(d.tp, max(o.N, 1), "by "+src.name())
			d.draw(1-d.tp, max(o.N, 1), "by "+src.name())
		} else {
			d.draw(p, max(o.N, 1), "by "+src.name())
		}
	case "search":
		var pick *inst
		for _, c := range l.choose {
			if c.loc == locDeck && c.owner == p && d.matches(c, o.Filter) {
				pick = c
			}
		}
		if pick == nil {
			for _, c := range d.pl[p].deck {
				if d.matches(c, o.Filter) {
					pick = c
					break
				}
			}
		}
		if pick == nil {
			d.emit("move", p, src.name(), fmt.Sprintf("%s finds no card to add", playerName(p)), ruleRef{})
			return
		}
		d.moveTo(pick, locHand, "added from the Deck by "+src.name())
	case "special-summon":
		if d.gyLocked(src) {
			return
		}
		for _, t := range valid() {
			if t.loc != locGY {
				continue
			}
			d.specialSummon(t, p, src.name())
			if src.c.Has("continuous") || src.c.Has("equip") {
				src.linked, t.linked = t, src
			}
		}
	case "special-summon-from-deck":
		for _, c := range d.pl[p].deck {
			if d.matches(c, o.Filter) {
				d.specialSummon(c, p, src.name())
				return
			}
		}
		d.emit("move", p, src.name(), fmt.Sprintf("%s has no monster to Special Summon", playerName(p)), ruleRef{})
	case "special-summon-from-gy-each":
		if d.gyLocked(src) {
			return
		}
		for _, q := range []int{d.tp, 1 - d.tp} {
			for _, c := range d.pl[q].gy {
				if c.isMonster() && c != src {
					d.specialSummon(c, q, src.name())
					break
				}
			}
		}
	case "send-from-deck-to-gy":
		for _, c := range d.pl[p].deck {
			if d.matches(c, o.Filter) {
				d.moveTo(c, locGY, "sent from the Deck by "+src.name())
				return
			}
		}
	case "mill":
		for i := 0; i < max(o.N, 1) && len(d.pl[p].deck) > 0; i++ {
			d.moveTo(d.pl[p].deck[0], locGY, "sent from the top of the Deck by "+src.name())
		}
	case "banish-self-and-summon-copy":
		if src.loc != locGY || d.gyLocked(src) {
			return
		}
		d.moveTo(src, locBanished, "banished by its own effect")
		for _, c := range d.pl[p].deck {
			if c.c == src.c {
				d.specialSummon(c, p, src.name())
				return
			}
		}
	case "set-face-down":
		for _, t := range valid() {
			if t.loc == locMonster {
				t.faceUp, t.def = false, true
				d.emit("move", p, t.name(), fmt.Sprintf("%s is turned face-down in Defense Position", describe(t)), ruleRef{})
			}
		}
	case "damage":
		to := p
		switch o.To {
		case "opponent", "":
			to = 1 - p
		case "you":
			to = p
		}
		d.changeLP(to, -o.N, "damage from "+src.name(), ruleRef{})
	case "damage-target-atk":
		if !l.destroyedOne || l.lastATK == 0 {
			return
		}
		for _, q := range []int{d.tp, 1 - d.tp} {
			if o.To == "both" || (o.To == "opponent" && q != p) || (o.To == "you" && q == p) {
				d.changeLP(q, -l.lastATK, "damage from "+src.name(), ruleRef{})
			}
		}
	case "add-counter":
		if src.onField() && src.faceUp {
			src.counters += max(o.N, 1)
			d.emit("counter", p, src.name(), fmt.Sprintf("%s gets a Spell Counter (%d)", src.name(), src.counters), ruleRef{})
		}
	case "double-atk":
		for _, m := range d.pl[p].mz {
			if m.faceUp && d.matches(m, o.Filter) {
				v := d.atkOf(m)
				m.atkAdd += v
				m.endDestroy = true
				d.emit("atk", p, m.name(), fmt.Sprintf("%s's ATK doubles to %d", describe(m), d.atkOf(m)), ruleRef{})
			}
		}
	case "gain-atk":
		m := src
		if o.What == "target" && len(l.targets) > 0 {
			m = l.targets[0]
		}
		if !m.onField() {
			return
		}
		if d.ds >= 0 && l.eff.Timing == TrigDamageCalc {
			m.calcAdd += o.N
			d.inCalc = true
			d.emit("atk", p, m.name(), fmt.Sprintf("%s gains %d ATK during damage calculation: %d", describe(m), o.N, d.atkOf(m)), ruleRef{})
			d.inCalc = false
			return
		}
		m.atkAdd += o.N
		d.emit("atk", p, m.name(), fmt.Sprintf("%s gains %d ATK: %d", describe(m), o.N, d.atkOf(m)), ruleRef{})
	case "gain-battle-opponent-atk":
		m := d.lightBattler(p)
		if m == nil || !m.onField() || d.atk == nil {
			return
		}
		other := d.atk.attacker
		if other == m {
			other = d.atk.target
		}
		if other == nil {
			return
		}
		m.atkAdd += d.atkOf(other)
		d.emit("atk", p, m.name(), fmt.Sprintf("%s gains %d ATK: %d", describe(m), d.atkOf(other), d.atkOf(m)), ruleRef{})
	case "discard-random":
		hand := d.pl[1-p].hand
		if len(hand) == 0 {
			d.emit("move", 1-p, "", fmt.Sprintf("%s has no card to discard", playerName(1-p)), ruleRef{})
			return
		}
		x := hand[0]
		l.random = x
		d.moveTo(x, locGY, "discarded at random by "+src.name()+" (the engine takes the first card listed)")
	case "damage-level-x100":
		if x := l.random; x != nil && x.isMonster() {
			d.changeLP(1-p, -100*x.c.Level, fmt.Sprintf("%s discarded a Level %d monster", src.name(), x.c.Level), ruleRef{})
		}
	case "damage-if-dark":
		for _, t := range l.targets {
			if t.isMonster() && t.c.Attribute == "DARK" {
				d.changeLP(t.ctrl, -o.N, src.name()+" banished a DARK monster", ruleRef{})
			}
		}
	case "allow-tribute":
		for _, t := range valid() {
			t.tributable = p
			d.emit("rule", p, t.name(), fmt.Sprintf("%s may Tribute %s this turn", playerName(p), describe(t)), ruleRef{})
		}
	case "no-battle-damage":
		d.pl[p].noBattleDamage = true
		d.emit("rule", p, src.name(), fmt.Sprintf("%s takes no battle damage this turn", playerName(p)), ruleRef{})
	case "no-battle-destruction":
		d.pl[p].noBattleDestroy = true
		d.emit("rule", p, src.name(), fmt.Sprintf("%s's monsters cannot be destroyed by battle this turn", playerName(p)), ruleRef{})
	case "double-battle-damage-if-lower":
		if d.atk != nil {
			d.atk.crossCounter = p
		}
	case "destroy-attacker-after-calc":
		if d.atk != nil {
			d.atk.destroyAfterCalc = true
		}
	case "discard-hands-draw":
		counts := [2]int{}
		for q := 0; q < 2; q++ {
			counts[q] = len(d.pl[q].hand)
			for _, h := range append([]*inst{}, d.pl[q].hand...) {
				d.moveTo(h, locGY, "discarded by "+src.name())
			}
		}
		for _, q := range []int{d.tp, 1 - d.tp} {
			d.draw(q, counts[q], "by "+src.name())
			if d.over {
				return
			}
		}
	case "set-from-hand":
		for _, c := range l.choose {
			if c.loc == locHand && c.owner == p && !c.isMonster() && len(d.pl[p].st) < maxFieldZone {
				d.remove(c)
				d.place(c, p, locSpell)
				c.faceUp, c.setTurn = false, d.turn
				d.emit("set", p, c.name(), fmt.Sprintf("%s Sets %s with %s", playerName(p), c.name(), src.name()), ruleRef{})
				return
			}
		}
	case "destroy-at-end-phase":
		for _, m := range d.pl[p].mz {
			if m.faceUp && d.matches(m, o.Filter) {
				m.endDestroy = true
			}
		}
	case "halve-original-atk":
		for _, t := range valid() {
			if t.loc == locMonster && t.faceUp {
				t.atkAdd -= t.atkBase / 2
				d.emit("atk", p, t.name(), fmt.Sprintf("%s's original ATK is halved: %d", describe(t), d.atkOf(t)), ruleRef{})
			}
		}
	case "halve-attacker-atk":
		if d.atk != nil && d.atk.attacker.loc == locMonster {
			d.halveAttacker(d.atk.attacker, src)
		}
	case "negate-attack":
		if d.atk != nil {
			d.emit("attack", p, src.name(), fmt.Sprintf("%s negates the attack of %s", src.name(), d.atk.attacker.name()), ruleRef{})
			d.atk = nil
		}
	case "damage-attacker-atk":
		if d.atk != nil && d.atk.attacker.loc == locMonster {
			a := d.atk.attacker
			d.changeLP(a.ctrl, -d.atkOf(a), "damage from "+src.name(), ruleRef{})
		}
	case "no-battle-phase":
		d.pl[p].noBattlePhase = true
		d.emit("rule", p, src.name(), fmt.Sprintf("%s cannot conduct a Battle Phase this turn", playerName(p)), ruleRef{})
	case "grant-sent-to-gy-trigger":
		src.gyGrant = true
		d.emit("rule", p, src.name(), fmt.Sprintf("%s will Special Summon from each Graveyard when it is sent to the Graveyard", src.name()), ruleRef{})
	default:
		d.fail("%s: the engine cannot run op %q yet", src.name(), o.Op)
	}
}

// matches reads filters like "monster,atk<=1500", "monster,dark", "type=Machine".
func (d *duel) matches(c *inst, filter string) bool {
	if c.c == nil {
		return false
	}
	for _, term := range strings.Split(filter, ",") {
		term = strings.TrimSpace(strings.ToLower(term))
		switch {
		case term == "":
		case term == "monster":
			if !c.isMonster() {
				return false
			}
		case term == "face-up":
			if !c.faceUp {
				return false
			}
		case strings.HasPrefix(term, "atk<="):
			n, _ := strconv.Atoi(term[5:])
			if !c.isMonster() || c.c.ATK > n {
				return false
			}
		case strings.HasPrefix(term, "level<="):
			n, _ := strconv.Atoi(term[7:])
			if !c.isMonster() || c.c.Level > n {
				return false
			}
		case strings.HasPrefix(term, "type="):
			if !strings.EqualFold(c.c.Type, term[5:]) {
				return false
			}
		case strings.HasPrefix(term, "name="):
			if nameKey(c.c.Name) != nameKey(term[5:]) {
				return false
			}
		case strings.HasPrefix(term, "archetype="):
			ok := false
			for _, a := range c.c.Archetypes {
				if nameKey(a) == nameKey(term[10:]) {
					ok = true
				}
			}
			if !ok {
				return false
			}
		default:
			if !strings.EqualFold(c.c.Attribute, term) {
				return false
			}
		}
	}
	return true
}

// gyLocked reports whether a Graveyard lock ("Necrovalley") negates an
// effect that would move a card out of a Graveyard.
func (d *duel) gyLocked(src *inst) bool {
	for _, c := range d.allField() {
		if c.faceUp && c.hasOp("continuous", "graveyard-lock") != nil {
			d.emit("negate", c.ctrl, c.name(), fmt.Sprintf("%s negates %s: cards cannot leave the Graveyard", c.name(), src.name()), ruleRef{})
			return true
		}
	}
	return false
}

func (d *duel) halveAttacker(a *inst, src *inst) {
	v := d.atkOf(a)
	a.atkAdd -= v / 2
	d.emit("atk", src.ctrl, a.name(), fmt.Sprintf("%s halves the ATK of %s: %d", src.name(), describe(a), d.atkOf(a)), ruleRef{})
}

// ---- movements ----

func (d *duel) moveTo(c *inst, to, why string) {
	from := d.locName(c)
	wasField := c.onField()
	p := c.owner
	d.move(c, to, p)
	d.emit("move", p, c.name(), fmt.Sprintf("%s: %s → %s (%s)", c.name(), from, d.locName(c), why), ruleRef{})
	d.left(c, wasField, to)
}

// left runs what follows a card leaving the field or reaching the Graveyard.
func (d *duel) left(c *inst, wasField bool, to string) {
	if wasField && c.linked != nil {
		other := c.linked
		c.linked, other.linked = nil, nil
		if other.onField() {
			d.destroy(other, c.name()+" left the field", false)
		}
	}
	if !c.onField() {
		c.linked = nil
	}
	if to == locGY {
		if wasField {
			d.selfTrigger(c, "sent-to-gy-from-field", "sent-to-gy")
		} else {
			d.selfTrigger(c, "sent-to-gy")
		}
		if c.gyGrant {
			c.gyGrant = false
			d.queueGranted(c)
		}
	}
}

// queueGranted queues "Spear Cretin"'s granted effect.
func (d *duel) queueGranted(c *inst) {
	e := &Effect{Kind: "trigger", When: "sent-to-gy", Do: []Op{{Op: "special-summon-from-gy-each"}}, Label: "granted"}
	d.queue(c, e, -1, nil)
}

func (d *duel) sendToGY(c *inst, why string, battle bool) { d.moveTo(c, locGY, why) }

func (d *duel) destroy(c *inst, by string, battle bool) {
	if !c.onField() {
		return
	}
	c.destroyed = true
	if battle {
		c.battleKilled = true
		d.t.destroy[c.name()] = "battle"
	} else if _, ok := d.t.destroy[c.name()]; !ok {
		d.t.destroy[c.name()] = "effect"
	}
	how := "destroyed by " + by
	if battle {
		how = "destroyed by battle"
	}
	d.moveTo(c, locGY, how)
}

func (d *duel) specialSummon(c *inst, p int, by string) {
	if len(d.pl[p].mz) >= maxFieldZone {
		d.emit("move", p, c.name(), fmt.Sprintf("%s has no free Monster Zone for %s", playerName(p), c.name()), ruleRef{})
		return
	}
	from := d.locName(c)
	d.remove(c)
	d.place(c, p, locMonster)
	c.faceUp, c.def, c.summonTurn = true, false, d.turn
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Special Summons %s from %s (%s)", playerName(p), c.name(), from, by), ruleRef{})
	d.selfTrigger(c, "special-summoned", "summoned")
	if d.ds < 0 {
		d.winEvents = append(d.winEvents, "monster-summoned")
	}
}
