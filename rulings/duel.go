package rulings

import (
	"fmt"
	"iter"
	"strings"
)

// location is where a card is: a zone or a pile. It is the engine's own
// word, not the vocabulary's; the interpreter writes it only as these
// constants (TestNoStringLocation).
type location string

// Card locations.
const (
	locDeck     location = "deck"
	locHand     location = "hand"
	locMonster  location = "monster"
	locSpell    location = "spell"
	locField    location = "field"
	locGY       location = "graveyard"
	locBanished location = "banished"
	locGone     location = "gone" // a Token that left the field, or a card removed from the game with its player
	locExtra    location = "extra"
	locDMZ      location = "dmz" // the Deck Master Zone (Domain)
)

// maxEvents bounds a replay: a hostile scenario stops with an error here.
const maxEvents = 5000

// inst is one physical card in a duel.
type inst struct {
	id       int
	c        *Card
	owner    int
	ctrl     int
	loc      location
	faceUp   bool
	def      bool
	counters int
	atkBase  int // printed or overridden ATK
	defBase  int
	atkAdd   int // lasting ATK changes
	zone     int // the zone it is in on the field (link.go), 0 elsewhere
	// reap: a card that targeted it resolved, and its own effect destroys
	// it later: after the chain (an Equip Spell) or after damage
	// calculation (targeted.go).
	reap   reapWhen
	reapBy string
	// pendSummoned: it was Pendulum Summoned and has not left the field;
	// oppImmune: the turn it is unaffected by its opponents' card effects
	// ("Rune-Eyes Pendulum Dragon": fusionmats.go).
	pendSummoned bool
	oppImmune    int
	wantZone     int // the zone it is to be placed in next, 0: the leftmost free one (link.go)
	defAdd       int // lasting DEF changes
	calcAdd      int // ATK changes that last only during damage calculation

	summonTurn   int
	setTurn      int
	attacks      int  // attacks declared this turn
	attackedOnce bool // a cancelled attack still counts (redirect replays)
	markedBattle bool // "destroyed by battle", not yet sent
	tributable   int  // player allowed to Tribute it although not its controller (-1)
	linked       *inst
	endDestroy   bool // destroyed in the End Phase (Limiter Removal)
	gyGrant      bool // has gained "when sent to the Graveyard" (Spear Cretin)
	effNegated   bool
	negTurn      int   // its effects are negated until the end of this turn (negation.go)
	negBy        *inst // its effects are negated while this card stays face-up (negation.go)
	destroyed    bool  // was destroyed at some point
	battleKilled bool  // was destroyed by battle at some point
	usedThisTurn bool  // a once-per-turn or already-activated marker

	moves           int             // how many times it has changed location (for triggers met before a move)
	summonedBy      int             // player who Summoned it (-1: not Summoned this way)
	flipChain       int             // number of the chain in which its card activation flipped it face-up (0: none)
	equipTo         *inst           // the monster this equip card (or Union, or equipped monster) is equipped to
	ctrlBack        int             // player who gets control back when a control effect ends (-1: none)
	ctrlUntil       bool            // control returns at the End Phase ("Mind Control")
	oppTurns        int             // opponent's End Phases it has stayed for ("Swords of Revealing Light", restrict.go)
	ctrlFree        bool            // with ctrlUntil: it may still attack and be Tributed ("Brain Control")
	trapMon         bool            // a Trap Card that is a monster in a Monster Zone (Trap Monster)
	holdsST         bool            // as a Trap Monster, it still holds its Spell & Trap Zone
	immune          bool            // unaffected by Spell Cards ("Pole Position")
	posTurn         int             // turn its battle position was last changed by hand
	eot             bool            // discarded by the end-of-turn discard for hand size
	gyTurn          int             // turn it was last sent to the Graveyard
	mats            []*inst         // an Xyz Monster's materials, first attached first (xyz.go)
	under           *inst           // the Xyz Monster this material is attached to
	detachInstead   bool            // its controller chose to detach a material instead of its destruction (detach.go)
	dsBoostTurn     int             // turn it gains ATK if it attacks an opponent's monster, in the Damage Step only (xyzfx.go)
	battledTurn     int             // turn it was last in a damage calculation (tagout.go)
	taggedMoves     int             // its moves plus 1 when it was Special Summoned as by a "Gladiator Beast" monster's effect (tagout.go)
	boundTo         *inst           // the monster it Special Summoned that is shuffled into the Deck when it leaves the field (tagout.go)
	selfTributeTurn int             // turn it was Tributed for its own effect (synchrofx.go)
	lastWillTurn    int             // turn its "Last Will" state was armed, 0 once spent (lastwill.go)
	zeroTurn        int             // turn its ATK is 0 until the end of (synchrofx.go)
	removedCounters int             // counters its last remove-all-counters cost removed (feathers.go)
	oppDestroyed    bool            // its last destruction was by an opponent's card, by battle or effect (synchrofx.go)
	onceTurn        map[*Effect]int // turn each once-per-turn effect was last activated (once.go)
	onceMoves       map[*Effect]int // moves at that time: a card that moved since is a new card
	noAttack        bool            // cannot attack while it stays on the field ("Instant Fusion")
	costFor         int             // id of the card it was last Tributed or discarded for, as a cost or for a Tribute Summon (0: none)
	pzone           bool            // a Pendulum Monster in a Pendulum Zone (pendulum.go)
	asSpell         bool            // a monster placed in the Spell & Trap Zone as a Continuous Spell (placed.go)
	hit             []int           // ids of the monsters it attacked this turn (attacklimits.go)
	relay           int             // the player (plus 1) who loses when it leaves the field ("Relay Soul", effectloss.go)
	blocks          int             // the player (plus 1) whose Monster Zones it blocks ("Ojama King", summonalt.go)
	special         bool            // it was Special Summoned and has stayed on the field since
	fromExtra       bool            // that Special Summon was from the Extra Deck (read with special: battleProof)
	proper          bool            // was Special Summoned by its own procedure (procedure.go); lost in the hand or Deck
	noAttackTurn    int             // turn it cannot attack in, by its own text (procedure.go)
	killTurn        int             // turn it last destroyed an opponent's monster by battle (secondattack.go)
	banishOnLeave   bool            // banished when it leaves the field (selfsummon.go)
	lvSet, lvAdd    int             // its Level set to lvSet (0: printed) plus lvAdd, by effects (levels.go)
	lvUntil         int             // the turn a lvSet lasts until (0: while on the field)
	duelUsed        []*Effect       // its once-per-Duel effects already used (once.go)
	destroyTurn     int             // turn it was last destroyed
	noSynchro       bool            // cannot be used as Synchro Material while on the field (synchromats.go)
	stShield        int             // the turn it is unaffected by other Spell and Trap effects ("Forbidden Lance")
	stShieldBy      *inst           // the card that gave it
	gemini          bool            // a Gemini monster Normal Summoned again: an Effect Monster (gemini.go)
	tiedTo          *inst           // destroyed when this card leaves the field ("Il Blud", gemini.go)
	dmgTaken        int             // battle damage its controller took, for its trigger (tokens.go)
	lpPaid          int             // LP its controller last paid, for its `lp-paid` trigger (lppaid.go)
	monShield       bool            // cannot be targeted by monster effects while on the field ("Fossil Fusion", fossil.go)
	turnAtk         int             // ATK gained until the End Phase of turn turnAtkTurn ("Card Trooper", ops_stats.go)
	turnAtkTurn     int
	spiritTurn      int // turn a Spirit monster was Normal Summoned or flipped face-up (spirit.go)
}

func (c *inst) name() string {
	if c.c == nil {
		return "(card)"
	}
	return c.c.Name
}

func (c *inst) onField() bool {
	return c.loc == locMonster || c.loc == locSpell || c.loc == locField
}

// isMonster: a monster card, or a Trap Monster while it is a monster.
func (c *inst) isMonster() bool { return c.c != nil && (c.c.IsMonster() || c.trapMon) }

// triggersOn yields the card's Trigger Effects whose condition is when
// (none for a card without data): the one loop every "queue the triggers
// of this event" site runs.
func (c *inst) triggersOn(when When) iter.Seq[*Effect] {
	return func(yield func(*Effect) bool) {
		if c.c == nil {
			return
		}
		for i := range c.c.Effects {
			if e := &c.c.Effects[i]; e.Kind == EffectTrigger && e.When == when && !yield(e) {
				return
			}
		}
	}
}

func (c *inst) hasOp(kind EffectKind, op OpName) *Effect {
	if c.c == nil {
		return nil
	}
	for i := range c.c.Effects {
		e := &c.c.Effects[i]
		if kind != "" && e.Kind != kind {
			continue
		}
		for _, o := range e.Do {
			if o.Op == op {
				return e
			}
		}
	}
	return nil
}

func (c *inst) opN(kind EffectKind, op OpName) int {
	if e := c.hasOp(kind, op); e != nil {
		for _, o := range e.Do {
			if o.Op == op {
				return o.N
			}
		}
	}
	return 0
}

type pstate struct {
	lp                       int
	hand, deck, gy, banished []*inst
	mz, st                   []*inst
	fz                       *inst
	lost                     bool
	noBattleDamage           bool // Waboku this turn
	noBattleDestroy          bool
	normalSummoned           bool
	noBattlePhase            bool
	noAttack                 bool // cannot declare an attack this turn ("Threatening Roar", restrict.go)
	noSpecial                bool // cannot Special Summon this turn ("Pot of Duality", summonwatch.go)
	maxx                     int  // draws for each opponent's Special Summon this turn ("Maxx \"C\"", summonwatch.go)
	noSummon                 bool // cannot Summon for the rest of the turn ("Scapegoat")
	noExtra                  bool // cannot Special Summon from the Extra Deck this turn
	burialTurn, burialUsed   int  // the turn it may banish from the Graveyards instead of Tributing, and the turn it did ("Tribute Burial", burial.go)
	dragonsGone              int  // Dragon monsters discarded or Tributed this turn ("Super Rejuvenation")
	mzBlocked                int  // Monster Zones held for a card banished for a while ("Dimensionhole")
	extra                    []*inst
	dm                       *inst // the Deck Master, while it is in the Deck Master Zone
	dmCard                   *inst // the Deck Master, wherever it is
	dmReturns                int   // times the Deck Master went back to its zone
	dmChanged                bool  // the Deck Master changed zones since the game state was last open
	dmNoReturn               bool  // another player's effect Summoned it from the Graveyard
	pendulumSummoned         bool  // has Pendulum Summoned this turn (pendulum.go)
	extraNormal              int   // additional Normal Summons or Sets granted this turn (summonalt.go)
	noDamageTurn             int   // turn in which this player takes no further damage ("Evilswarm Exciton Knight")
	gyLockTurn               int   // turn in which this player cannot activate card effects in their Graveyard ("Abyss Dweller", xyzfx.go)
	summons, summonsTurn     int   // Normal and Special Summons this player performed in turn summonsTurn (summoncount.go)
}

func (d *duel) cardList(p int, loc location) *[]*inst {
	ps := d.pl[p]
	switch loc {
	case locHand:
		return &ps.hand
	case locDeck:
		return &ps.deck
	case locGY:
		return &ps.gy
	case locBanished:
		return &ps.banished
	case locExtra:
		return &ps.extra
	case locMonster:
		return &ps.mz
	case locSpell:
		return &ps.st
	}
	return nil
}

// remove takes c out of wherever it is.
func (d *duel) remove(c *inst) {
	if c.loc == locMaterial {
		d.unattach(c)
		return
	}
	if c.loc == locDMZ {
		if d.pl[c.owner].dm == c {
			d.pl[c.owner].dm = nil
		}
		return
	}
	if c.loc == locField {
		for p := range d.pl {
			if d.pl[p].fz == c {
				d.pl[p].fz = nil
			}
		}
		return
	}
	pl := c.ctrl
	if c.loc != locMonster && c.loc != locSpell {
		pl = c.owner
	}
	list := d.cardList(pl, c.loc)
	if list == nil {
		return
	}
	for i, x := range *list {
		if x == c {
			*list = append((*list)[:i], (*list)[i+1:]...)
			return
		}
	}
}

// place puts c into loc for player p (controller for the field, owner elsewhere).
func (d *duel) place(c *inst, p int, loc location) {
	c.loc = loc
	switch loc {
	case locMonster, locSpell, locField:
		c.ctrl = p
	default:
		c.ctrl = c.owner
		p = c.owner
	}
	if loc == locField {
		d.pl[p].fz = c
		return
	}
	if loc == locMonster || loc == locSpell {
		d.assignZone(c, p, loc) // link.go
	} else {
		c.zone = 0
	}
	list := d.cardList(p, loc)
	if list == nil { // an Xyz Material: attach keeps it under its monster
		return
	}
	if loc == locDeck {
		*list = append([]*inst{c}, *list...)
		return
	}
	*list = append(*list, c)
}

// move sends c to a location and reports whether it left the field.
func (d *duel) move(c *inst, to location, p int) (fromField bool) {
	fromField = c.onField()
	d.remove(c)
	d.place(c, p, to)
	c.moves++
	if to != locMonster && to != locSpell && to != locField {
		c.trapMon, c.holdsST, c.immune, c.equipTo = false, false, false, nil
		c.ctrlBack, c.ctrlUntil, c.flipChain = -1, false, 0
		c.faceUp = to == locGY || to == locBanished
		c.def = false
		c.counters, c.oppTurns = 0, 0
		c.atkAdd, c.calcAdd, c.defAdd = 0, 0, 0
		c.turnAtk, c.turnAtkTurn = 0, 0
		c.pendSummoned, c.oppImmune = false, 0
		c.markedBattle = false
		c.tributable = -1
		c.effNegated, c.negTurn, c.negBy = false, 0, nil
		c.attacks, c.attackedOnce, c.summonTurn, c.endDestroy = 0, false, 0, false
		c.noAttack, c.pzone, c.asSpell, c.hit, c.special = false, false, false, nil, false
		c.noSynchro, c.stShield, c.stShieldBy = false, 0, nil
		c.gemini, c.tiedTo = false, nil
		c.monShield = false
		if to != locGY {
			c.gyGrant = false
		}
		if to == locHand || to == locDeck || to == locExtra {
			c.proper = false
		}
		c.banishOnLeave = false
		c.lvSet, c.lvAdd, c.lvUntil = 0, 0, 0
		if c.c != nil && !c.c.Has(SubToken) {
			c.atkBase, c.defBase = max(c.c.ATK, 0), max(c.c.DEF, 0)
		}
	}
	return fromField
}

func (d *duel) locName(c *inst) string {
	switch c.loc {
	case locHand:
		return d.pn(c.owner) + "'s hand"
	case locDeck:
		return d.pn(c.owner) + "'s Deck"
	case locGY:
		return d.pn(c.owner) + "'s Graveyard"
	case locBanished:
		return d.pn(c.owner) + "'s banished cards"
	case locExtra:
		return d.pn(c.owner) + "'s Extra Deck"
	case locDMZ:
		return d.pn(c.owner) + "'s Deck Master Zone"
	case locGone:
		return "out of the game"
	case locMaterial:
		if c.under != nil {
			return "Xyz Material of " + c.under.name()
		}
	case locMonster:
		return d.pn(c.ctrl) + "'s Monster Zone"
	case locSpell:
		return d.pn(c.ctrl) + "'s Spell & Trap Zone"
	case locField:
		return d.pn(c.ctrl) + "'s Field Zone"
	}
	return string(c.loc)
}

// atk is c's current ATK.
func (d *duel) atkOf(c *inst) int {
	v := c.atkBase + c.atkAdd
	if n := c.opN(EffectContinuous, "atk-per-counter"); n != 0 && d.live(c, "atk-per-counter") != nil { // n < 0: "Black-Winged Dragon"
		v += n * c.counters
	}
	if d.inCalc {
		v += c.calcAdd
	}
	v += d.boost(c, false) + d.equipBoost(c, false) + d.handBoost(c) + d.gyBoost(c) + d.xyzBoost(c) + d.tagBoost(c) + d.fewCardsBoost(c)
	v = d.atkOverride(c, v) // synchrofx.go
	if v < 0 {
		v = 0
	}
	return v
}

func (d *duel) def(c *inst) int {
	v := c.defBase + c.defAdd + d.boost(c, true) + d.equipBoost(c, true) + d.handBoost(c)
	if v < 0 {
		v = 0
	}
	return v
}

// fewCardsBoost: "Blade Knight" gains ATK while its controller holds 1 or
// fewer cards.
func (d *duel) fewCardsBoost(c *inst) int {
	if c.turnAtkTurn == d.turn && d.phase != phaseEnd { // "Card Trooper": until the End Phase
		return c.turnAtk + d.fewCardsBoostOnly(c)
	}
	return d.fewCardsBoostOnly(c)
}

// fewCardsBoostOnly is "Blade Knight"'s gain alone.
func (d *duel) fewCardsBoostOnly(c *inst) int {
	n := c.opN(EffectContinuous, "atk-if-hand-1-or-fewer")
	if n <= 0 || c.loc != locMonster || len(d.pl[c.ctrl].hand) > 1 || d.live(c, "atk-if-hand-1-or-fewer") == nil {
		return 0
	}
	return n
}

// handBoost: "Muka Muka" gains ATK and DEF for each card in its
// controller's hand.
func (d *duel) handBoost(c *inst) int {
	if c.loc != locMonster || d.live(c, "atk-per-hand-card") == nil {
		return 0
	}
	e := c.hasOp(EffectContinuous, "atk-per-hand-card")
	for _, o := range e.Do {
		if o.Op != "atk-per-hand-card" || o.N <= 0 {
			continue
		}
		if o.What != WhatAll {
			return o.N * len(d.pl[c.ctrl].hand)
		}
		// `what: all`: every player's hand ("Arcana Triumph Joker";
		// in Domain every player still in the game).
		n := 0
		for _, q := range d.turnOrderFrom(d.tp) {
			n += len(d.pl[q].hand)
		}
		return o.N * n
	}
	return 0
}

// boost sums the ATK (or DEF) changes of face-up Field and Continuous
// cards. A monster unaffected by Spell Cards ignores those of Spells, and
// a negated Trap changes nothing.
func (d *duel) boost(c *inst, def bool) int {
	if c.loc != locMonster || !c.faceUp {
		return 0
	}
	n := 0
	for _, f := range d.allField() {
		if !f.faceUp || f.c == nil || f.isMonster() || (c.immune && f.c.Kind == CardSpell) || d.trapNegated(f) {
			continue
		}
		for _, e := range f.c.Effects {
			if e.Kind != EffectContinuous {
				continue
			}
			for _, o := range e.Do {
				switch {
				case o.Op == "boost", o.Op == "atk-boost" && !def, o.Op == "def-boost" && def:
					if d.matches(c, o.Filter) {
						n += o.N
					}
				}
			}
		}
	}
	return n
}

// level is a monster's current Level ("A Legendary Ocean" lowers it).
func (d *duel) level(c *inst) int {
	lv := d.levelChanged(c, c.c.Level) // levels.go
	for _, f := range d.allField() {
		if !f.faceUp || f.c == nil || f.isMonster() {
			continue
		}
		for _, e := range f.c.Effects {
			for _, o := range e.Do {
				if e.Kind == EffectContinuous && o.Op == "level-down" && d.matches(c, o.Filter) {
					lv -= o.N
				}
			}
		}
	}
	if lv < 1 {
		lv = 1
	}
	return lv
}

func (d *duel) positionText(c *inst) string {
	if !c.isMonster() || c.loc != locMonster {
		if c.onField() {
			return yesNo(c.faceUp, "face-up", "face-down")
		}
		return "not on the field"
	}
	switch {
	case !c.faceUp:
		return "face-down Defense Position"
	case c.def:
		return "face-up Defense Position"
	}
	return "face-up Attack Position"
}

func (d *duel) monsters(p int) []*inst { return d.pl[p].mz }

func (d *duel) allField() []*inst {
	var out []*inst
	for p := range d.pl {
		out = append(out, d.pl[p].mz...)
		out = append(out, d.pl[p].st...)
		if d.pl[p].fz != nil {
			out = append(out, d.pl[p].fz)
		}
	}
	return out
}

// describe names a card for an event: "B's Sangan".
func (d *duel) describe(c *inst) string {
	if c == nil {
		return ""
	}
	p := c.ctrl
	if !c.onField() {
		p = c.owner
	}
	return d.pn(p) + "'s " + c.name()
}

// find resolves a card reference against the current state. where lists the
// locations to look in; the reference's player narrows the search.
func (d *duel) find(r *CardRef, defaultPlayer int, where ...location) *inst {
	var found []*inst
	order := d.turnOrderFrom(0)
	if defaultPlayer >= 0 && defaultPlayer < len(d.pl) {
		order = d.turnOrderFrom(defaultPlayer)
	}
	for _, p := range order {
		if r.Player >= 0 && r.Player != p {
			continue
		}
		for _, loc := range where {
			var list []*inst
			if loc == locField {
				if d.pl[p].fz != nil {
					list = []*inst{d.pl[p].fz}
				}
			} else {
				list = *d.cardList(p, loc)
			}
			for _, c := range list {
				if c.c == r.Card {
					found = append(found, c)
				}
			}
		}
	}
	if len(found) == 0 {
		return nil
	}
	quals := " " + r.Quals + " "
	pick := func(ok func(*inst) bool) *inst {
		for _, c := range found {
			if ok(c) {
				return c
			}
		}
		return nil
	}
	if strings.Contains(quals, " set ") || strings.Contains(quals, " face-down ") {
		if c := pick(func(c *inst) bool { return !c.faceUp }); c != nil {
			return c
		}
	}
	if strings.Contains(quals, " face-up ") {
		if c := pick(func(c *inst) bool { return c.faceUp }); c != nil {
			return c
		}
	}
	if strings.Contains(quals, " second ") || strings.Contains(quals, " another ") || strings.Contains(quals, " other ") {
		if c := pick(func(c *inst) bool { return !c.usedThisTurn && !c.faceUp }); c != nil {
			return c
		}
		if len(found) > 1 {
			return found[1]
		}
	}
	return found[0]
}

func (d *duel) whereText(r *CardRef, p int, what string) string {
	who := d.pn(p) + "'s"
	if r.Player >= 0 {
		who = d.pn(r.Player) + "'s"
	} else if p < 0 {
		who = "either player's"
	}
	switch what {
	case "Monster Zone", "hand or field", "face-down monsters":
		if what == "hand or field" {
			return fmt.Sprintf("%s is not in %s hand or on %s field", r.Card.Name, who, who)
		}
		return fmt.Sprintf("%s is not on %s field", r.Card.Name, who)
	}
	return fmt.Sprintf("%s is not in %s %s", r.Card.Name, who, what)
}
