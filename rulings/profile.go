package rulings

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Setting is one rule switch of a format profile: its value and the rule
// page that states it ("goat-03#rule"). Assumed is set when the format's
// source says nothing about the topic, so the profile uses today's rule;
// Rule then names the page that states today's rule, when there is one.
type Setting[T any] struct {
	Value   T
	Rule    string
	Assumed bool
}

// Deck sizes (the deck-size switch).
const (
	deckGoat      = "Main Deck: at least 40 cards, no maximum; Fusion Deck: any number of cards"
	deckToday     = "Main Deck: 40 to 60 cards; Extra Deck: at most 15 cards"
	todayDeckRule = "goat-02#today"
)

func sourced[T any](v T, rule string) Setting[T] { return Setting[T]{Value: v, Rule: rule} }
func assumed[T any](v T, rule string) Setting[T] {
	return Setting[T]{Value: v, Rule: rule, Assumed: true}
}

// SEGOC orders for simultaneous triggers.
const (
	SEGOCTimeThenStep = "time-then-step" // Goat: each trigger time in turn, steps 1-4 within it
	SEGOCStepThenTime = "step-then-time" // HAT: steps 1-4, earlier triggers first within a step
	SEGOCStepAnyOrder = "step-any-order" // today: steps 1-4, any order within a step
)

// Replay kinds.
const (
	ReplayNewAttack = "new-attack" // Goat: rewind to the start of the Battle Step
	ReplayRedirect  = "redirect"   // today and Edison: the same attack picks a new target or is cancelled
)

// Activation categories a Damage Step timing may allow (see Timing.Allows).
const (
	AllowCounter        = "counter-trap"            // Spell Speed 3
	AllowMonsterNegator = "monster-negator"         // monster effects that negate activations
	AllowSpellNegator   = "spell-trap-negator"      // Spell Speed 2 Spells/Traps that negate
	AllowMonsterATK     = "monster-atk-modifier"    // monster fast effects that change ATK/DEF
	AllowSpellATK       = "spell-trap-atk-modifier" // Spell Speed 2 Spells/Traps that change ATK/DEF
	AllowNamedTiming    = "named-timing"            // cards whose text names this timing
	AllowMandatory      = "mandatory"               // mandatory effects at any timing
	AllowMetRequirement = "met-requirement"         // cards whose activation requirement an event of this timing met ("Michizure")
)

// Start-of-timing and after-chain events of a Damage Step timing.
const (
	evFlip        = "flip"           // the face-down attack target is turned face-up
	evResults     = "results"        // battle results are determined (not applied yet)
	evApplyDamage = "apply-damage"   // battle damage is applied
	evMarkDestroy = "mark-destroyed" // losers are marked "destroyed by battle"
	evAfterCalc   = "after-calc"     // lingering "after damage calculation" effects apply
	evSendDestroy = "send-destroyed" // marked monsters go to the Graveyard
	evEndOfDamage = "end"            // "until the end of the Damage Step" effects expire
)

// Battle trigger conditions that activate at a fixed Damage Step timing.
const (
	TrigStartOfDamageStep When = "start-of-damage-step"
	TrigBeforeCalc        When = "before-damage-calculation"
	TrigDamageCalc        When = "damage-calculation"
	TrigBattleDamage      When = "battle-damage"
	TrigFlip              When = "flip"
	TrigAfterCalc         When = "after-damage-calculation"
	TrigDestroyedByBattle When = "destroyed-by-battle"
	TrigDestroyedToGY     When = "destroyed-by-battle-to-gy"
	TrigEndOfDamageStep   When = "end-of-damage-step"
)

// Timing is one distinct timing ("substep") of the Damage Step in a format.
type Timing struct {
	ID    string // start, flip, before, calc, damage, after, resolve, end
	Name  string // "before damage calculation"
	Rule  string // page#anchor describing this timing
	Start []string
	After []string // after the timing's chains resolve (e.g. damage calculation itself)
	// Triggers are the battle trigger conditions that activate here.
	Triggers []When
	// Allows are the activation categories usable here besides triggers.
	Allows      []string
	AllowsRule  string
	Chains      Setting[int] // 0: any number of chains; 1: one chain started by players
	Description string
}

func (t *Timing) allows(cat string) bool { return slices.Contains(t.Allows, cat) }

// Profile is one format's rules as data: the switches that differ from
// today's rules, each naming the rule page that states it.
type Profile struct {
	ID      string
	Name    string
	Summary string

	FirstTurnDraw     Setting[bool]     // the first player draws in their first Draw Phase; applied in duel.beginPhase (phases.go)
	SharedFieldSpell  Setting[bool]     // one face-up Field Spell for both players; applied in duel.fieldResolved (chain.go)
	ReplaceOwnField   Setting[string]   // "destroy" (at once, no chain) or "send" (to the Graveyard); applied in duel.replaceOwnField (summon.go)
	DeckLimits        Setting[string]   // the Main and Extra (Fusion) Deck sizes a player may register; read by the deck-size questions (quizzes) from its text, not by replays
	IgnitionPriority  Setting[bool]     // the turn player may open with an Ignition Effect; applied in ignitionFirst (chain.go)
	SEGOC             Setting[string]   // one of the SEGOC* orders; applied in duel.segocOrder (segoc.go)
	LPCostToZero      Setting[bool]     // a cost may bring LP to exactly 0; applied in duel.costMayReachZero (costs.go)
	MaintenanceToZero Setting[bool]     // a maintenance cost may bring LP to 0 (else: destroy the card); applied in duel.maintenanceMayReachZero (costs.go)
	ChainEnergyToZero Setting[bool]     // "Chain Energy"'s payments may bring LP to 0 anyway; applied in duel.payToPlace (summon.go)
	DrawPastDeck      Setting[bool]     // a draw effect may be used with too few cards in the Deck; applied in duel.drawCheck (chain.go)
	ZeroATKBothDie    Setting[bool]     // two 0-ATK Attack Position monsters destroy each other; applied in duel.calcAgainstAttack (battle.go)
	Replay            Setting[string]   // ReplayNewAttack or ReplayRedirect; applied in duel.replayKind (battle.go)
	OneChainOnAttack  Setting[bool]     // only one chain answers an attack declaration; applied in duel.oneChainOnAttack (battle.go)
	DamageStep        []Timing          // the Damage Step's timings in order; the timings battle.go walks through (duel.timingEvent)
	DamageStepRule    Setting[int]      // number of timings, with its source; cited by duel.dsRef (battle.go)
	DSNegators        Setting[string]   // "monster-only" or "any"; applied in duel.damageStepAllows (chain.go)
	FirstOverTriggers Setting[bool]     // a card whose effect is marked `first` ("Flashbang") is activated before the triggers waiting at its timing go on a chain, and they miss their timing if it ends the Battle Phase; applied in duel.activatesFirst (battlecut.go)
	DSPoints          map[string]string // Damage Step class (see dsClass) -> the anchor of the point that states whether that class may be activated; cited by duel.dsPoint (chain.go) so a refusal names the narrowest rule

	ContinuousTrapFlipUse  Setting[bool]   // a Set Continuous Trap may be activated and its Ignition-like effect used at once; applied in duel.continuousTrapFlipUse (rules.go)
	AlwaysReveal           Setting[bool]   // hands and Decks are revealed to verify a resolution even when public information proves it; applied in duel.verify (reveal.go)
	FailToFind             Setting[bool]   // a Deck search may be activated with no legal card to find; applied in duel.failToFindAllowed (rules.go)
	TriggerAfterMove       Setting[bool]   // a trigger met mid-chain (or in the Deck) activates although its card has moved; applied in duel.triggerAfterMove (chain.go)
	PhaseTriggerRetry      Setting[bool]   // a phase-dependent mandatory Trigger Effect whose activation is negated activates again until it resolves; applied in duel.retryPhaseTrigger (phasetrigger.go)
	MissTiming             Setting[bool]   // an optional "when ... you can" Trigger Effect whose event was not the last thing to happen misses the timing; applied in duel.missedTiming (timingmiss.go)
	EquipFailKeeps         Setting[bool]   // a failed monster equip leaves the target where it is (else: Graveyard); applied in duel.equipMonster (ops.go)
	OpponentSummonPosition Setting[bool]   // a monster the turn player's opponent Summoned may change position that turn; applied in duel.positionFree (rules.go)
	VoluntaryLoops         Setting[string] // LoopsIllegal or LoopsBroken; applied in duel.loopsIllegal (loop.go)
	UnionLimit             Setting[int]    // Union monsters one monster may carry; 0: no limit; applied in duel.unionLimit (equip.go)
	UnionProtection        Setting[string] // UnionPrinted or UnionAny; applied in duel.unionShield (equip.go)
	HandSizeDiscard        Setting[string] // DiscardRespond, DiscardLocked or DiscardToday; applied in duel.handSizeDiscard (handsize.go)
	TrapMonsterZones       Setting[bool]   // a Trap Monster keeps its Spell & Trap Zone while it is a monster; applied in duel.trapMonsterHoldsZone (trapmon.go)
	MatchDraws             Setting[bool]   // a match may end in a draw (else: an extra duel decides it); applied in duel.matchMayDraw (match.go)

	// Multiplayer and Deck Master rules (Domain). A zero Setting (no rule,
	// not assumed) is not part of the profile and is not listed.
	Seating            Setting[int]    // most players in one game (2: a duel); applied in duel.setupSeats (players.go)
	FirstTurnDrawMulti Setting[bool]   // with 3 or more players every player draws on their first turn; cited by duel.beginPhase (phases.go)
	ResponseOrder      Setting[string] // "clockwise": responses go round from the player after the activator; cited where responses go round (phases.go, players.go)
	FirstBattlePhase   Setting[string] // "last-in-rotation": the last player of the first round battles first; applied in duel.changePhase (phases.go)
	TeamTurnOrder      Setting[string] // "alternate": teams alternate, each in its own order; applied in duel.nextFrom (players.go)
	TeamRules          Setting[bool]   // teams: 8000 LP each, teammates are opponents, last team standing wins; applied in duel.setupSeats (players.go)
	PlayerRemoval      Setting[bool]   // a player at 0 LP leaves; the game goes on; cited where a player leaves (duel.removePlayer, players.go); with 3 or more players removal always applies
	OpponentTargeting  Setting[bool]   // "your opponent" effects target one opponent; cited by duel.chooseOpponent (players.go)
	EachMeansAll       Setting[bool]   // "each/both" means all players, "neither" no player; cited where "each" or "both" is read as every player (chain.go, ops)
	ExchangesPass      Setting[bool]   // effects that pass cards between players pass them to the next player in turn order; cited by exchanges between players (multifx.go, rules.go)
	OpponentConditions Setting[bool]   // a condition on "your opponent" needs one opponent to meet it; applied in duel.anOpponent (opponents.go)
	ContinuousAllOpps  Setting[bool]   // continuous effects reach every opponent (or every player meeting the condition); applied in duel.opponentsReached (opponents.go)
	DeckMasterZone     Setting[bool]   // each player's Deck Master starts in its own zone, inert and untouchable; applied in duel.deckMasterInZone (deckmaster.go)
	DeckMasterLeave    Setting[string] // how it may leave the zone; cited by duel.dmMayLeave (deckmaster.go)
	DeckMasterCost     Setting[int]    // LP per earlier return, paid to leave the zone; applied in duel.dmCost (deckmaster.go)
	DeckMasterCostLP   Setting[bool]   // that payment is a Life Point cost like any other; cited by duel.payDMCost (deckmaster.go)
	DeckMasterReturn   Setting[string] // "before-open": the return is decided just before the game state opens; cited by duel.returnDM (deckmaster.go)

	// Gaps lists the topics of the format's pages the engine does not
	// model, each with its reason.
	Gaps []Gap
}

// Gap is a topic of a format's rule page that the engine does not model.
type Gap struct {
	Topic  string `json:"topic"`
	Page   string `json:"page"`   // page id[#anchor]
	Reason string `json:"reason"` // "not modelled, because ..."
}

// NotModelled lists the topics the profile does not model, with the reason.
func (p *Profile) NotModelled() []Gap { return append([]Gap(nil), p.Gaps...) }

// Values of the string switches.
const (
	LoopsIllegal   = "illegal" // a voluntary action that would start a loop is illegal
	LoopsBroken    = "broken"  // every loop is broken by removing its primary cause
	UnionPrinted   = "printed" // the Union protects as printed in its time (battle only, except Heavy Mech Support Platform)
	UnionAny       = "battle-or-effect"
	DiscardRespond = "respond"     // Goat: players respond to the hand-size discard freely
	DiscardLocked  = "locked"      // HAT: no responses; a mandatory trigger gets a restricted chain; optional ones cannot activate
	DiscardToday   = "no-response" // today: no response to the discard itself; its triggers activate and are answered as usual
)

// Switch is one rule switch as shown to people: on rule pages, the compare
// view and the replay page.
type Switch struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Value   string `json:"value"`
	Rule    string `json:"rule"`
	Assumed bool   `json:"assumed"`
	// Topic is the compare topic (content/topics.yaml) the switch belongs to.
	Topic string `json:"topic"`
	// Today is the same switch under today's rules, with its page.
	Today     string `json:"today"`
	TodayRule string `json:"today_rule,omitempty"`
}

// Profiles returns every format profile: goat, hat, edison, domain, modern.
// Each call builds fresh values, so callers may not disturb one another.
func Profiles() []*Profile {
	return []*Profile{goatProfile(), hatProfile(), edisonProfile(), domainProfile(), modernProfile()}
}

// ProfileByID finds a profile by its id ("goat"); "today" and "current" are
// accepted for "modern".
func ProfileByID(id string) (*Profile, bool) {
	id = strings.ToLower(strings.TrimSpace(id))
	switch id {
	case "today", "current", "tcg":
		id = "modern"
	}
	switch id { // build only the profile asked for: Profiles() builds all five
	case "goat":
		return goatProfile(), true
	case "hat":
		return hatProfile(), true
	case "edison":
		return edisonProfile(), true
	case "domain":
		return domainProfile(), true
	case "modern":
		return modernProfile(), true
	}
	return nil, false
}

// FormatIDs lists the profile ids in order.
func FormatIDs() []string { return []string{"goat", "hat", "edison", "domain", "modern"} }

// seatingText describes the Seating switch: when the limit is assumed it is
// the engine's own, not the format's.
func seatingText(s Setting[int]) string {
	if s.Assumed {
		return fmt.Sprintf("2 or more players around a table, in facing pairs; turns pass clockwise (the rules engine replays at most %d, a limit of its own)", s.Value)
	}
	return fmt.Sprintf("2 to %d players around a table, in facing pairs; turns pass clockwise", s.Value)
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

// Switches lists the profile's rule switches in a fixed order, each with
// its topic and today's value beside it. Switches the profile does not have
// (the multiplayer ones outside Domain) are left out.
func (p *Profile) Switches() []Switch {
	out := p.switches()
	today := map[string]Switch{}
	if p.ID != "modern" {
		for _, s := range modernProfile().switches() {
			today[s.Name] = s
		}
	}
	for i := range out {
		s := &out[i]
		if p.ID == "modern" {
			s.Today, s.TodayRule = s.Value, s.Rule
			continue
		}
		if t, ok := today[s.Name]; ok {
			s.Today, s.TodayRule = t.Value, t.Rule
		} else if strings.HasPrefix(s.Name, "Damage Step timing ") {
			s.Today, s.TodayRule = "no such timing: today's Damage Step has 5 timings", todayDSTimings
		} else if s.Today == "" {
			s.Today = "not part of today's two-player rules"
		}
	}
	return out
}

// switchList collects a profile's switches; a switch with neither a rule
// nor an assumption is left out.
type switchList struct{ out []Switch }

func (l *switchList) add(topic, name, summary, value, rule string, asm bool) {
	if rule == "" && !asm {
		return
	}
	l.out = append(l.out, Switch{Name: name, Summary: summary, Value: value, Rule: rule, Assumed: asm, Topic: topic})
}

func (l *switchList) addB(topic, name, summary string, s Setting[bool], yes, no string) {
	l.add(topic, name, summary, yesNo(s.Value, yes, no), s.Rule, s.Assumed)
}

// switches lists the profile's rule switches in the order the compare and
// format pages show them, one group per function below.
func (p *Profile) switches() []Switch {
	var l switchList
	p.duelSwitches(&l)
	p.battleSwitches(&l)
	p.cardSwitches(&l)
	p.multiplayerSwitches(&l)
	return l.out
}

// duelSwitches: the duel's start, Field Spells, priority, SEGOC, costs and decking out.
func (p *Profile) duelSwitches(l *switchList) {
	l.addB("first-turn-draw", "First-turn draw", "Whether the player who goes first draws in their first Draw Phase.", p.FirstTurnDraw,
		"the first player draws (starts with 6 cards)", "the first player does not draw")
	l.addB("field-spell", "Field Spells", "How many face-up Field Spells may exist, and what a resolving activation does to the opponent's.", p.SharedFieldSpell,
		"one face-up Field Spell for both players: a resolving activation destroys the opponent's; it must stay face-up to resolve; a Set one destroys nothing",
		"one Field Spell per player")
	l.add("field-spell", "Replacing your own Field Spell", "What happens to your Field Spell when you place a new one in your Field Zone.",
		yesNo(p.ReplaceOwnField.Value == "destroy", "the old one is destroyed at once, without a chain", "the old one is sent to the Graveyard"),
		p.ReplaceOwnField.Rule, p.ReplaceOwnField.Assumed)
	l.add("deck-size", "Deck size", "How many cards the Main Deck and the Extra (Fusion) Deck may hold.", p.DeckLimits.Value, p.DeckLimits.Rule, p.DeckLimits.Assumed)
	l.addB("priority", "Priority", "What the turn player may do first after a chain or a Summon resolves.", p.IgnitionPriority,
		"fast effects or an Ignition Effect, before the opponent may respond", "fast effects only")
	l.add("segoc", "SEGOC", "How simultaneous Trigger Effects are ordered on a chain.", segocText(p.SEGOC.Value), p.SEGOC.Rule, p.SEGOC.Assumed)
	l.addB("lp-cost", "Life Point costs", "Whether a cost may bring Life Points to exactly 0.", p.LPCostToZero,
		"you may pay down to 0 and lose", "a cost may not bring LP to 0")
	l.addB("lp-cost", "Maintenance costs", "What happens when a maintenance cost equals your Life Points.", p.MaintenanceToZero,
		"you pay and lose", "the card is destroyed instead")
	l.addB("lp-cost", "Chain Energy", "Whether \"Chain Energy\"'s payments may bring LP to 0.", p.ChainEnergyToZero,
		"yes, even where other costs may not", "as any other cost")
	l.addB("deck-out", "Decking out by your own draw", "Whether a draw effect may be used when the Deck has too few cards.", p.DrawPastDeck,
		"allowed: the player who cannot draw loses", "not allowed")
}

// battleSwitches: battles, replays and the Damage Step.
func (p *Profile) battleSwitches(l *switchList) {
	l.addB("zero-atk-battle", "0-ATK battles", "Two Attack Position monsters with 0 ATK battle.", p.ZeroATKBothDie,
		"both are destroyed", "neither is destroyed")
	l.add("replay", "Replays", "What a replay is when the opponent's monsters change during the Battle Step.",
		yesNo(p.Replay.Value == ReplayNewAttack,
			"a new attack: the monster may attack later if it does not attack now, and attack costs are paid again",
			"the same attack: it picks a new target or is cancelled, and a cancelled attack counts as declared"),
		p.Replay.Rule, p.Replay.Assumed)
	l.addB("battle-phase", "Responses to an attack", "How many chains may answer an attack declaration.", p.OneChainOnAttack,
		"one chain only", "cards that answer the declaration only in the first chain; other fast effects after it")
	l.add("damage-step", "Damage Step timings", "How many distinct timings the Damage Step has.",
		fmt.Sprintf("%d: %s", len(p.DamageStep), timingNames(p.DamageStep)),
		p.DamageStepRule.Rule, p.DamageStepRule.Assumed)
	l.add("damage-step", "Negation in the Damage Step", "Which effects that negate activations may be used in the Damage Step.",
		yesNo(p.DSNegators.Value == "monster-only", "monster effects and Counter Traps only; no Spell Speed 2 Spells or Traps",
			"any Spell Speed 2 or 3 effect that negates an activation"),
		p.DSNegators.Rule, p.DSNegators.Assumed)
	l.addB("damage-step", "Flashbang first", "Whether \"Flashbang\" is activated after damage calculation before the triggers waiting there go on a chain.", p.FirstOverTriggers,
		"yes: it goes first, alone, and the waiting triggers miss their timing when the Battle Phase ends", "no: the waiting triggers go on a chain first, and it may be chained to them")
	for i := range p.DamageStep {
		t := &p.DamageStep[i]
		l.add("damage-step", fmt.Sprintf("Damage Step timing %d: %s", i+1, t.Name), t.Description,
			yesNo(t.Chains.Value == 1, "one chain started by the players", "any number of chains"),
			t.Chains.Rule, t.Chains.Assumed)
	}
}

// cardSwitches: Continuous Traps, reveals, searches, triggers, equips, positions, loops, Unions, the end-of-turn discard, Trap Monsters and match draws.
func (p *Profile) cardSwitches(l *switchList) {
	l.addB("continuous-trap", "Continuous Traps with Ignition-like effects", "Whether a Set Continuous Trap can be activated and have its Ignition-like effect used at the same time.",
		p.ContinuousTrapFlipUse,
		"yes: it may answer the very card it is flipped in response to",
		"no: flipping it only activates the card; it must already be face-up to use the effect against something")
	l.addB("verifying-hands", "Verifying hands and Decks", "Whether a hand or Deck is revealed to verify a resolution that public information already proves.",
		p.AlwaysReveal,
		"always: the reveal is carried out even when the rules or the Forbidden & Limited List already prove the result",
		"only when needed: no reveal when public information already proves the result")
	l.addB("failure-to-find", "Failure to find", "Whether a card that searches the Deck may be activated when the Deck holds no card it can get.",
		p.FailToFind,
		"yes: it finds nothing and the Deck is shuffled (except \"The Agent of Creation - Venus\", which needs a \"Mystical Shine Ball\")",
		"no: the Deck must hold a card it can get")
	l.addB("trigger-timing", "Triggers mid-chain and from the Deck", "Whether a trigger met while a chain resolves still activates after its card has moved, even into the Deck.",
		p.TriggerAfterMove,
		"yes: the trigger is recognized when it is met and activates after the chain wherever the card went",
		"no: a card that moved before its effect could activate loses the activation")
	l.addB("trigger-timing", "Phase-dependent mandatory triggers", "What a mandatory Trigger Effect tied to a point of a Phase (a Spirit's return in the End Phase) does when its activation is negated.",
		p.PhaseTriggerRetry,
		"it activates again, until it resolves (a negated effect does not)",
		"it is not activated again")
	l.addB("trigger-timing", "Missing the timing", "Whether an optional \"when ... you can\" Trigger Effect can still be activated when its event was not the last thing to happen.",
		p.MissTiming,
		"no: it misses the timing (a card sent as a cost, or by a Chain Link after which more links resolved); \"if ... you can\" and mandatory effects never miss",
		"yes: it can always be activated")
	l.addB("monster-equip", "Monsters equipping monsters", "What happens to the target when a monster's equip effect fails because that monster left the field or was turned face-down.",
		p.EquipFailKeeps,
		"the target stays where it is", "the target is sent to the Graveyard")
	l.addB("battle-position", "Changing battle positions", "Whether a monster Summoned this turn may have its position changed by hand.",
		p.OpponentSummonPosition,
		"only a monster the turn player Summoned is locked; one Summoned by the opponent (or taken from them) may change position",
		"no monster Summoned this turn may change position by hand")
	l.add("infinite-loop", "Infinite loops", "What happens when an action would start an infinite loop.",
		yesNo(p.VoluntaryLoops.Value == LoopsIllegal,
			"a voluntary action that would start a loop is illegal; a loop the game starts by itself destroys its cause",
			"every loop is broken by sending its primary cause to the Graveyard"),
		p.VoluntaryLoops.Rule, p.VoluntaryLoops.Assumed)
	l.add("union", "Unions per monster", "How many Union monsters one monster may carry.",
		yesNo(p.UnionLimit.Value == 1, "one", "any number"), p.UnionLimit.Rule, p.UnionLimit.Assumed)
	l.add("union", "Union protection", "What destruction an equipped Union monster protects from.",
		yesNo(p.UnionProtection.Value == UnionPrinted, "as printed then: destruction by battle only, except \"Heavy Mech Support Platform\" (battle or effect)",
			"destruction by battle or by card effect"),
		p.UnionProtection.Rule, p.UnionProtection.Assumed)
	l.add("end-of-turn-discard", "End-of-turn discard", "Whether players may respond to the discard for hand size, and what it triggers.",
		discardText(p.HandSizeDiscard.Value), p.HandSizeDiscard.Rule, p.HandSizeDiscard.Assumed)
	l.addB("trap-monster", "Trap Monster zones", "Which zones a Trap Monster occupies once it is a monster.", p.TrapMonsterZones,
		"a Monster Zone and the Spell & Trap Zone it was activated in", "a Monster Zone only")
	l.addB("match-draw", "Match draws", "Whether a match may end in a draw when time is called with duel wins level.", p.MatchDraws,
		"yes: a match with equal duel wins is a draw", "no: an extra duel of at most four turns decides the match")
}

// multiplayerSwitches: several players, teams, player removal, Domain's errata and the Deck Master.
func (p *Profile) multiplayerSwitches(l *switchList) {
	if p.Seating.Rule != "" || p.Seating.Assumed {
		l.add("multiplayer", "Players", "How many players a game may have, and how they sit.",
			seatingText(p.Seating), p.Seating.Rule, p.Seating.Assumed)
	}
	l.addB("first-turn-draw", "First-turn draw with three or more players", "Whether every player draws on their first turn in a game of three or more.",
		p.FirstTurnDrawMulti, "every player draws on their first turn, the first player too", "the first player does not draw")
	l.add("multiplayer", "Response order", "Who may respond first to an activation.",
		"clockwise from the player after the one who activated; a new activation restarts the round after its player",
		p.ResponseOrder.Rule, p.ResponseOrder.Assumed)
	l.add("multiplayer", "First Battle Phase", "Who conducts the first Battle Phase of the game.",
		"the last player in the turn rotation; the players before them have no Battle Phase in their first turn",
		p.FirstBattlePhase.Rule, p.FirstBattlePhase.Assumed)
	l.add("multiplayer", "Team turn order", "How turns pass in a team battle.",
		"teams alternate, and each team's players take its turns in their own order (A1, B1, A2, B2)",
		p.TeamTurnOrder.Rule, p.TeamTurnOrder.Assumed)
	l.addB("team-battle", "Teams", "How team battles are scored.", p.TeamRules,
		"every player has 8000 LP; teammates are opponents for card effects; the last team with players left wins", "no teams")
	l.addB("player-removal", "Removing a player", "What happens when a player loses while others play on.", p.PlayerRemoval,
		"their chain links vanish, cards they own leave the game (Tokens aside), others' cards go back to their owners or to the Graveyard, and their resolved effects keep applying",
		"the duel ends")
	l.addB("card-errata", "Effects on \"your opponent\"", "How an effect that acts on \"your opponent\" chooses among several.", p.OpponentTargeting,
		"it targets one opponent on activation and affects only that player; a trigger targets the opponent who set it off", "there is one opponent")
	l.addB("card-errata", "\"Each\", \"both\" and \"neither\"", "How \"each player\", \"both players\" and \"neither player\" are read.", p.EachMeansAll,
		"\"each\" and \"both\" mean all players; \"neither\" means no player", "the two players")
	l.addB("card-errata", "Exchanges between players", "How an effect that moves cards between players works with several.", p.ExchangesPass,
		"each player passes to the next player in turn order, starting with the turn player", "the two players swap")
	l.addB("card-errata", "Conditions on \"your opponent\"", "How a condition on \"your opponent\" is met with several opponents.", p.OpponentConditions,
		"one opponent meeting it is enough; if it affects that player's cards, the effect targets that player", "the one opponent must meet it")
	l.addB("card-errata", "Continuous effects with several opponents", "Whom a continuous effect on \"your opponent\" reaches.", p.ContinuousAllOpps,
		"every opponent, or every player who meets its condition", "the one opponent")
	l.addB("deck-master", "Deck Master Zone", "Where the Deck Master starts and what it can do there.", p.DeckMasterZone,
		"it starts in its own Deck Master Zone, outside the field, hand and Graveyard; there it cannot use effects, be targeted or be affected", "no Deck Master")
	l.add("deck-master", "Leaving the Deck Master Zone", "How the Deck Master may leave its zone.",
		"by Normal or Tribute Summon or Set, by its own Summon mechanic or procedure, or by Pendulum means; never by an effect that Special Summons from another zone",
		p.DeckMasterLeave.Rule, p.DeckMasterLeave.Assumed)
	l.add("deck-master", "Deck Master cost", "What leaving the Deck Master Zone costs.",
		fmt.Sprintf("%d LP for each earlier return to the zone (0, %d, %d, ...)", p.DeckMasterCost.Value, p.DeckMasterCost.Value, 2*p.DeckMasterCost.Value),
		p.DeckMasterCost.Rule, p.DeckMasterCost.Assumed)
	l.addB("lp-cost", "Deck Master cost as a Life Point cost", "Whether the Deck Master's payment counts as a Life Point cost.", p.DeckMasterCostLP,
		"yes: it is a cost like any other and does not start a chain", "no")
	l.add("deck-master", "Returning the Deck Master", "When a Deck Master that changed zones may go back to its zone.",
		"just before the game state opens, once every chain has resolved, each owner in turn order from the turn player; a Deck Master not returned then stays until it changes zones again",
		p.DeckMasterReturn.Rule, p.DeckMasterReturn.Assumed)
}

func discardText(v string) string {
	switch v {
	case DiscardRespond:
		return "players may respond to it freely, and what it sets off is used as usual"
	case DiscardLocked:
		return "no responses; optional triggers from it cannot activate; a mandatory one forms a chain that only effects negating at Spell Speed 2, or Spell Speed 3 effects, may join"
	}
	return "no response to the discard itself; the triggers it sets off activate on a new chain that may be answered as usual"
}

func segocText(v string) string {
	switch v {
	case SEGOCTimeThenStep:
		return "trigger time first: for each time, steps 1-4 (turn player's mandatory, opponent's mandatory, turn player's optional, opponent's optional)"
	case SEGOCStepThenTime:
		return "step first (1-4); within a step, earlier triggers before later ones"
	default:
		return "step first (1-4); any order within a step"
	}
}

func timingNames(ts []Timing) string {
	var names []string
	for _, t := range ts {
		names = append(names, t.Name)
	}
	return strings.Join(names, ", ")
}

// timingIndex finds a timing by id; -1 when the format lacks it.
func (p *Profile) timingIndex(id string) int {
	for i, t := range p.DamageStep {
		if t.ID == id {
			return i
		}
	}
	return -1
}

// triggerTiming is the index of the timing at which a battle trigger
// condition activates in this format; -1 if none.
func (p *Profile) triggerTiming(cond When) int {
	for i, t := range p.DamageStep {
		if slices.Contains(t.Triggers, cond) {
			return i
		}
	}
	return -1
}

// Rule anchors used by the profiles. Keep in step with content/: every one
// must exist as a page id and heading id (see Citations).
const (
	todayFieldRule   = "goat-03#today"
	todayPriority    = "goat-04#today"
	todayReplay      = "goat-05#today"
	todaySEGOC       = "goat-09#today"
	todayDSTimings   = "goat-10#today"
	todayDSChains    = "goat-10#today"
	todayDSAllowed   = "goat-10#today"
	todayZeroATK     = "goat-15#today"
	todayLPCost      = "goat-16#today"
	todayFirstDraw   = "goat-01#today"
	edisonPage       = "edison-battle-phase"
	edisonAttackRule = edisonPage + "#attack-declaration"
	edisonReplayRule = edisonPage + "#replay"
	todayContTrap    = "goat-06#today"
	todayReveal      = "goat-07#today"
	todayFailFind    = "goat-08#today"
	todayMatch       = "goat-11#today"
	todayTrigger     = "goat-12#today"
	todayMissTiming  = "goat-09#today"
	todayEquip       = "goat-13#today"
	todayPosition    = "goat-14#today"
	todayLoops       = "goat-17#today"
	todayUnion       = "goat-18#today"
	todayDiscard     = "hat-08#today"
	todayTrapMon     = "goat-20#today"
)

func goatProfile() *Profile {
	return &Profile{
		ID: "goat", Name: "Goat",
		Summary:           "April 2005 rules: first player draws, one Field Spell for both players, Ignition priority, six Damage Step timings.",
		FirstTurnDraw:     sourced(true, "goat-01#rule"),
		SharedFieldSpell:  sourced(true, "goat-03#rule"),
		ReplaceOwnField:   assumed("send", todayFieldRule),
		DeckLimits:        sourced(deckGoat, "goat-02#rule"),
		IgnitionPriority:  sourced(true, "goat-04#rule"),
		SEGOC:             sourced(SEGOCTimeThenStep, "goat-09#rule"),
		LPCostToZero:      sourced(false, "goat-16#lp-cost"),
		MaintenanceToZero: sourced(false, "goat-16#lp-cost"),
		ChainEnergyToZero: sourced(true, "goat-16#chain-energy"),
		DrawPastDeck:      sourced(true, "goat-16#deck-out"),
		ZeroATKBothDie:    sourced(true, "goat-15#rule"),
		Replay:            sourced(ReplayNewAttack, "goat-05#rule"),
		OneChainOnAttack:  assumed(false, "battle-phase-reference#battle-step"),
		DamageStepRule:    sourced(6, "goat-10#10a"),
		DSNegators:        sourced("monster-only", "goat-10#10c"),
		FirstOverTriggers: assumed(false, todaySEGOC),

		ContinuousTrapFlipUse:  sourced(false, "goat-06#rule"),
		AlwaysReveal:           sourced(true, "goat-07#rule"),
		FailToFind:             sourced(true, "goat-08#rule"),
		TriggerAfterMove:       sourced(true, "goat-12#rule"),
		MissTiming:             sourced(true, "goat-09#step-3"),
		PhaseTriggerRetry:      assumed(false, "edison-04#rule"),
		EquipFailKeeps:         sourced(true, "goat-13#rule"),
		OpponentSummonPosition: sourced(true, "goat-14#rule"),
		VoluntaryLoops:         sourced(LoopsIllegal, "goat-17#rule"),
		UnionLimit:             sourced(1, "goat-18#rule"),
		UnionProtection:        sourced(UnionPrinted, "goat-18#rule"),
		HandSizeDiscard:        sourced(DiscardRespond, "goat-19#rule"),
		TrapMonsterZones:       sourced(true, "goat-20#rule"),
		MatchDraws:             sourced(false, "goat-11#rule"),
		Gaps:                   []Gap{},
		DamageStep:             goatDamageStep(),
	}
}

// goatDamageStep is Goat's six Damage Step timings (goat-10).
func goatDamageStep() []Timing {
	t := func(n int) string { return fmt.Sprintf("goat-10#substep-%d", n) }
	one := sourced(1, "goat-10#10b")
	base := []string{AllowCounter, AllowMonsterNegator, AllowNamedTiming}
	atk := append(append([]string{}, base...), AllowMonsterATK, AllowSpellATK)
	return []Timing{
		{ID: "start", Name: "start of the Damage Step", Rule: t(1), Triggers: []When{TrigStartOfDamageStep},
			Allows: atk, AllowsRule: "goat-10#10c", Chains: one,
			Description: "Start-of-Damage-Step triggers; the target is still face-down. Counter Traps and monster effects that negate activations."},
		{ID: "before", Name: "before damage calculation", Rule: t(2), Start: []string{evFlip}, Triggers: []When{TrigBeforeCalc},
			Allows: atk, AllowsRule: "goat-10#10c", Chains: one,
			Description: "The target is flipped face-up; \"before damage calculation\" cards and triggers; Counter Traps and monster negators."},
		{ID: "calc", Name: "damage calculation", Rule: t(3), Triggers: []When{TrigDamageCalc}, After: []string{evResults},
			Allows: atk, AllowsRule: t(3), Chains: one,
			Description: "\"During damage calculation\" effects (turn player first), ATK/DEF changes, Counter Traps, monster negators; then the results of battle are fixed."},
		{ID: "damage", Name: "damage calculation (battle damage)", Rule: t(4), Start: []string{evApplyDamage}, Triggers: []When{TrigBattleDamage},
			Allows: base, AllowsRule: t(4), Chains: one,
			Description: "Battle damage is applied; triggers on inflicting battle damage."},
		{ID: "after", Name: "after damage calculation", Rule: t(5), Start: []string{evMarkDestroy, evAfterCalc},
			Triggers: []When{TrigFlip, TrigAfterCalc, TrigDestroyedByBattle},
			Allows:   base, AllowsRule: t(5), Chains: one,
			Description: "Losers are destroyed by battle but stay on the field; Flip Effects, \"after damage calculation\" and destroyed-by-battle triggers."},
		{ID: "end", Name: "end of the Damage Step", Rule: t(6), Start: []string{evSendDestroy}, After: []string{evEndOfDamage},
			Triggers: []When{TrigDestroyedToGY, TrigEndOfDamageStep},
			Allows:   base, AllowsRule: t(6), Chains: one,
			Description: "Monsters destroyed by battle go to the Graveyard; their triggers activate."},
	}
}

func hatProfile() *Profile {
	return &Profile{
		ID: "hat", Name: "HAT",
		Summary:           "2011 rules as played at the July 2014 NAWCQ: first player draws, one active Field Spell, SEGOC by step then time, seven Damage Step timings.",
		FirstTurnDraw:     sourced(true, "hat-01#rule"),
		SharedFieldSpell:  sourced(true, "hat-02#rule"),
		ReplaceOwnField:   sourced("destroy", "hat-02#rule"),
		DeckLimits:        assumed(deckToday, todayDeckRule),
		IgnitionPriority:  assumed(false, todayPriority),
		SEGOC:             sourced(SEGOCStepThenTime, "hat-05#rule"),
		LPCostToZero:      sourced(false, "hat-07#rule"),
		MaintenanceToZero: sourced(false, "hat-07#rule"),
		ChainEnergyToZero: assumed(false, todayLPCost),
		DrawPastDeck:      assumed(false, todayLPCost),
		ZeroATKBothDie:    assumed(false, todayZeroATK),
		Replay:            assumed(ReplayRedirect, todayReplay),
		OneChainOnAttack:  assumed(false, "battle-phase-reference#battle-step"),
		DamageStepRule:    sourced(7, "hat-06#rule"),
		DSNegators:        sourced("monster-only", "hat-06#activation"),
		FirstOverTriggers: assumed(false, todaySEGOC),
		DSPoints: map[string]string{
			AllowCounter:             "hat-06#point-1",
			AllowMonsterNegator:      "hat-06#point-2",
			dsMonsterEffectNegator:   "hat-06#point-3",
			dsSpellActivationNegator: "hat-06#point-4",
			dsSpellEffectNegator:     "hat-06#point-5",
			AllowMandatory:           "hat-06#point-6",
			AllowMonsterATK:          "hat-06#point-8",
			AllowSpellATK:            "hat-06#point-9",
		},

		ContinuousTrapFlipUse:  assumed(true, todayContTrap),
		AlwaysReveal:           assumed(false, todayReveal),
		FailToFind:             assumed(false, todayFailFind),
		TriggerAfterMove:       assumed(false, todayTrigger),
		MissTiming:             sourced(true, "hat-05#step-3"),
		PhaseTriggerRetry:      assumed(false, "edison-04#rule"),
		EquipFailKeeps:         assumed(false, todayEquip),
		OpponentSummonPosition: assumed(false, todayPosition),
		VoluntaryLoops:         sourced(LoopsIllegal, "hat-09#rule"),
		UnionLimit:             sourced(1, "hat-03#rule"),
		UnionProtection:        sourced(UnionPrinted, "hat-03#rule"),
		HandSizeDiscard:        sourced(DiscardLocked, "hat-08#rule"),
		TrapMonsterZones:       sourced(true, "hat-04#rule"),
		MatchDraws:             assumed(true, todayMatch),
		DamageStep:             hatDamageStep(),
	}
}

// hatDamageStep is HAT's seven Damage Step timings (hat-06).
func hatDamageStep() []Timing {
	t := func(n int) string { return fmt.Sprintf("hat-06#timing-%d", n) }
	several := assumed(0, todayDSChains)
	one := func(n int) Setting[int] { return sourced(1, t(n)) }
	negs := []string{AllowCounter, AllowMonsterNegator, AllowMandatory, AllowNamedTiming}
	early := append(append([]string{}, negs...), AllowMonsterATK, AllowSpellATK)
	late := append(append([]string{}, negs...), AllowMonsterATK)
	return []Timing{
		{ID: "start", Name: "start of the Damage Step", Rule: t(1), Triggers: []When{TrigStartOfDamageStep},
			Allows: early, AllowsRule: t(1), Chains: several,
			Description: "\"During the Damage Step\" effects apply; start-of-Damage-Step triggers; ATK/DEF changes."},
		{ID: "flip", Name: "flip", Rule: t(2), Start: []string{evFlip},
			Allows: early, AllowsRule: t(2), Chains: several,
			Description: "A face-down target is flipped face-up; its Flip Effect waits; ATK/DEF changes."},
		{ID: "before", Name: "before damage calculation", Rule: t(3), Triggers: []When{TrigBeforeCalc},
			Allows: early, AllowsRule: t(3), Chains: several,
			Description: "\"Before damage calculation\" effects; ATK/DEF changes."},
		{ID: "calc", Name: "damage calculation", Rule: t(4), Triggers: []When{TrigDamageCalc},
			After:  []string{evResults, evApplyDamage, evMarkDestroy},
			Allows: late, AllowsRule: t(4), Chains: one(4),
			Description: "\"Damage calculation\" effects and monster Quick Effects that change ATK/DEF; after the chain, battle damage and destruction by battle."},
		{ID: "after", Name: "after damage calculation", Rule: t(5), Start: []string{evAfterCalc}, Triggers: []When{TrigBattleDamage},
			Allows: late, AllowsRule: t(5), Chains: several,
			Description: "Self-destructing continuous effects apply; triggers on inflicting battle damage."},
		{ID: "resolve", Name: "resolve effects", Rule: t(6), Triggers: []When{TrigFlip, TrigAfterCalc},
			Allows: late, AllowsRule: t(6), Chains: one(6),
			Description: "One chain: Flip Effects and \"after damage calculation\" triggers."},
		{ID: "end", Name: "end of the Damage Step", Rule: t(7), Start: []string{evSendDestroy}, After: []string{evEndOfDamage},
			Triggers: []When{TrigDestroyedByBattle, TrigDestroyedToGY, TrigEndOfDamageStep},
			Allows:   append(append([]string{}, late...), AllowMetRequirement), AllowsRule: t(7), Chains: one(7),
			Description: "Monsters destroyed by battle go to the Graveyard; one chain of destroyed-by-battle triggers."},
	}
}

func edisonProfile() *Profile {
	// Each switch cites the Edison rule that states it (edison-01 ... edison-13,
	// the community's numbered list of differences from today). Where the
	// list is silent the value is assumed and cites the section of
	// edison-fallbacks that names the fallback and why: the list presents
	// itself as every difference from today, so the fallback is today's rule.
	fb := func(anchor string) string { return "edison-fallbacks#fallback-" + anchor }
	return &Profile{
		ID: "edison", Name: "Edison",
		Summary:           "2010 rules (TCG 2008, Master Rule 1): the first player draws, one Field Spell for both, Ignition priority, early-trigger SEGOC, no paying LP to 0, a locked hand-size discard, illegal voluntary loops and a seven-timing Damage Step.",
		FirstTurnDraw:     sourced(true, "edison-01#rule"),
		SharedFieldSpell:  sourced(true, "edison-02#rule"),
		ReplaceOwnField:   sourced("destroy", "edison-02#own-field"),
		DeckLimits:        assumed(deckToday, fb("deck-size")),
		IgnitionPriority:  sourced(true, "edison-06#rule"),
		SEGOC:             sourced(SEGOCStepThenTime, "edison-07#rule"),
		LPCostToZero:      sourced(false, "edison-10#rule"),
		MaintenanceToZero: sourced(false, "edison-10#rule"),
		ChainEnergyToZero: assumed(false, fb("chain-energy")),
		DrawPastDeck:      assumed(false, fb("deck-out")),
		ZeroATKBothDie:    sourced(true, "edison-13#rule"),
		Replay:            sourced(ReplayRedirect, edisonReplayRule),
		OneChainOnAttack:  sourced(true, edisonAttackRule),
		DamageStepRule:    sourced(7, "edison-08#rule"),
		DSNegators:        sourced("monster-only", edisonPage+"#damage-step"),
		FirstOverTriggers: sourced(true, edisonPage+"#timing-5"),

		ContinuousTrapFlipUse:  assumed(true, fb("continuous-trap")),
		AlwaysReveal:           assumed(false, fb("verifying-hands")),
		FailToFind:             assumed(false, fb("failure-to-find")),
		TriggerAfterMove:       sourced(true, "edison-09#rule"),
		MissTiming:             assumed(true, "edison-fallbacks#fallback-missing-the-timing"),
		PhaseTriggerRetry:      sourced(true, "edison-04#rule"),
		EquipFailKeeps:         assumed(false, fb("monster-equip")),
		OpponentSummonPosition: assumed(false, fb("battle-position")),
		VoluntaryLoops:         sourced(LoopsIllegal, "edison-12#rule"),
		UnionLimit:             sourced(1, "edison-03#rule"),
		UnionProtection:        assumed(UnionPrinted, fb("union-protection")),
		HandSizeDiscard:        sourced(DiscardLocked, "edison-11#rule"),
		TrapMonsterZones:       sourced(true, "edison-05#rule"),
		MatchDraws:             assumed(true, fb("match-draw")),
		Gaps:                   []Gap{},
		DamageStep:             edisonDamageStep(),
	}
}

// edisonDamageStep is Edison's seven Damage Step timings (edison-battle-phase).
func edisonDamageStep() []Timing {
	t := func(n int) string { return fmt.Sprintf("%s#timing-%d", edisonPage, n) }
	several := sourced(0, edisonPage+"#damage-step")
	one := sourced(1, edisonPage+"#one-manual-chain")
	negs := []string{AllowCounter, AllowMonsterNegator, AllowNamedTiming}
	early := append(append([]string{}, negs...), AllowMonsterATK, AllowSpellATK)
	calc := append(append([]string{}, negs...), AllowMonsterATK)
	return []Timing{
		{ID: "start", Name: "start of the Damage Step", Rule: t(1), Triggers: []When{TrigStartOfDamageStep},
			Allows: early, AllowsRule: t(1), Chains: several,
			Description: "The target stays face-down; Counter Traps, start-of-Damage-Step and other triggers, ATK/DEF modifiers, monster negators; any number of chains."},
		{ID: "flip", Name: "reveal the set monster", Rule: t(2), Start: []string{evFlip},
			Allows: early, AllowsRule: t(2), Chains: several,
			Description: "The face-down target is flipped face-up; its Flip Effect waits for timing 6."},
		{ID: "before", Name: "before damage calculation", Rule: t(3), Triggers: []When{TrigBeforeCalc},
			Allows: early, AllowsRule: t(3), Chains: several,
			Description: "Counter Traps, ATK/DEF modifiers, \"before damage calculation\" effects and triggers; any number of chains."},
		{ID: "calc", Name: "damage calculation", Rule: t(4), Triggers: []When{TrigDamageCalc},
			After:  []string{evResults, evApplyDamage, evMarkDestroy},
			Allows: calc, AllowsRule: t(4), Chains: one,
			Description: "One manual chain of monster ATK/DEF modifiers, Counter Traps, \"during damage calculation\" cards; then continuous effects re-apply, damage is inflicted and losers are marked."},
		{ID: "after", Name: "after damage calculation", Rule: t(5), Start: []string{evAfterCalc}, Triggers: []When{TrigBattleDamage},
			Allows: negs, AllowsRule: t(5), Chains: one,
			Description: "Self-destructing continuous effects apply; one manual chain with battle-damage triggers."},
		{ID: "resolve", Name: "resolve effects", Rule: t(6), Triggers: []When{TrigFlip, TrigAfterCalc},
			Allows: negs, AllowsRule: t(6), Chains: one,
			Description: "One manual chain with Flip Effects and other triggers met earlier."},
		{ID: "end", Name: "end of the Damage Step", Rule: t(7), Start: []string{evSendDestroy}, After: []string{evEndOfDamage},
			Triggers: []When{TrigDestroyedByBattle, TrigDestroyedToGY, TrigEndOfDamageStep},
			Allows:   append(append([]string{}, negs...), AllowMetRequirement), AllowsRule: t(7), Chains: one,
			Description: "Monsters destroyed by battle leave the field; one manual chain with destroyed-by-battle and end-of-Damage-Step triggers."},
	}
}

// modernTimings are today's five Damage Step timings.
func modernTimings(asm bool) []Timing {
	mk := func(v int, rule string) Setting[int] { return Setting[int]{Value: v, Rule: rule, Assumed: asm} }
	negs := []string{AllowCounter, AllowMonsterNegator, AllowSpellNegator, AllowMandatory, AllowNamedTiming}
	early := append(append([]string{}, negs...), AllowMonsterATK, AllowSpellATK)
	return []Timing{
		{ID: "start", Name: "start of the Damage Step", Rule: todayDSTimings, Triggers: []When{TrigStartOfDamageStep},
			Allows: early, AllowsRule: todayDSAllowed, Chains: mk(0, todayDSChains),
			Description: "Start-of-Damage-Step triggers; ATK/DEF modifiers, negators and Counter Traps."},
		{ID: "before", Name: "before damage calculation", Rule: todayDSTimings, Start: []string{evFlip}, Triggers: []When{TrigBeforeCalc},
			Allows: early, AllowsRule: todayDSAllowed, Chains: mk(0, todayDSChains),
			Description: "The target is flipped face-up; any number of chains of ATK/DEF modifiers, negators and Counter Traps."},
		{ID: "calc", Name: "damage calculation", Rule: todayDSTimings, Triggers: []When{TrigDamageCalc},
			After:  []string{evResults, evApplyDamage, evMarkDestroy},
			Allows: negs, AllowsRule: todayDSAllowed, Chains: mk(1, todayDSChains),
			Description: "Only effects that name damage calculation, negators and Counter Traps; then damage is applied."},
		{ID: "after", Name: "after damage calculation", Rule: todayDSTimings, Start: []string{evAfterCalc},
			Triggers: []When{TrigBattleDamage, TrigFlip, TrigAfterCalc},
			Allows:   negs, AllowsRule: todayDSAllowed, Chains: mk(0, todayDSChains),
			Description: "Battle-damage triggers, Flip Effects and \"after damage calculation\" triggers form one SEGOC chain."},
		{ID: "end", Name: "end of the Damage Step", Rule: todayDSTimings, Start: []string{evSendDestroy}, After: []string{evEndOfDamage},
			Triggers: []When{TrigDestroyedByBattle, TrigDestroyedToGY, TrigEndOfDamageStep},
			Allows:   negs, AllowsRule: todayDSAllowed, Chains: mk(0, todayDSChains),
			Description: "Monsters destroyed by battle go to the Graveyard; their triggers activate."},
	}
}

func modernProfile() *Profile {
	return &Profile{
		ID: "modern", Name: "Today",
		Summary:           "Today's rules, the baseline every format page compares against.",
		FirstTurnDraw:     sourced(false, todayFirstDraw),
		SharedFieldSpell:  sourced(false, todayFieldRule),
		ReplaceOwnField:   sourced("send", todayFieldRule),
		DeckLimits:        sourced(deckToday, todayDeckRule),
		IgnitionPriority:  sourced(false, todayPriority),
		SEGOC:             sourced(SEGOCStepAnyOrder, todaySEGOC),
		LPCostToZero:      sourced(true, todayLPCost),
		MaintenanceToZero: sourced(true, todayLPCost),
		ChainEnergyToZero: sourced(false, todayLPCost),
		DrawPastDeck:      sourced(false, todayLPCost),
		ZeroATKBothDie:    sourced(false, todayZeroATK),
		Replay:            sourced(ReplayRedirect, todayReplay),
		OneChainOnAttack:  sourced(false, "battle-phase-reference#battle-step"),
		DamageStepRule:    sourced(5, todayDSTimings),
		DSNegators:        sourced("any", todayDSAllowed),
		FirstOverTriggers: sourced(false, todaySEGOC),
		DamageStep:        modernTimings(false),

		ContinuousTrapFlipUse:  sourced(true, todayContTrap),
		AlwaysReveal:           sourced(false, todayReveal),
		FailToFind:             sourced(false, todayFailFind),
		TriggerAfterMove:       sourced(false, todayTrigger),
		MissTiming:             assumed(true, todayMissTiming),
		PhaseTriggerRetry:      sourced(false, "edison-04#rule"),
		EquipFailKeeps:         sourced(false, todayEquip),
		OpponentSummonPosition: sourced(false, todayPosition),
		VoluntaryLoops:         sourced(LoopsBroken, todayLoops),
		UnionLimit:             sourced(0, todayUnion),
		UnionProtection:        sourced(UnionAny, todayUnion),
		HandSizeDiscard:        sourced(DiscardToday, todayDiscard),
		TrapMonsterZones:       sourced(false, todayTrapMon),
		MatchDraws:             sourced(true, todayMatch),
		Gaps: []Gap{
			{Topic: "damage-step", Page: "battle-phase-reference#damage-step", Reason: "not modelled as a profile of its own, because the page is a reference model: its seven-substep Damage Step is the one the HAT (hat-06) and Edison (edison-battle-phase) profiles replay, and today's five timings follow goat-10#today"},
			{Topic: "priority", Page: "core-judging#point-1", Reason: "not modelled as a switch, because Spell Speeds are the same in every format and today: the engine checks them on every chain link under every profile, and who acts first is each format's own switch (goat-04, edison-06)"},
			{Topic: "trigger-timing", Page: "core-judging#point-6", Reason: "not modelled as a switch of its own, because the page sums up the rule that each profile's MissTiming and TriggerAfterMove switches replay from the formats' own pages (goat-09, goat-12, hat-05, edison-09, edison-fallbacks)"},
			{Topic: "damage-step", Page: "core-judging#point-5", Reason: "not modelled as a profile of its own, because the page sums up the Damage Step limits that the Goat (goat-10), HAT (hat-06), Edison (edison-battle-phase) and modern profiles each replay"},
			{Topic: "replay", Page: "battle-phase-reference#replay", Reason: "not modelled as a profile of its own, because the page is a reference model; its replay (the same attack, costs not paid again) is today's, replayed by this profile from goat-05#today"},
		},
	}
}

// domainProfile: Domain plays on today's rules with its own multiplayer
// and Deck Master rules. The switches its pages state cite them; the rest
// are today's rules, marked assumed.
func domainProfile() *Profile {
	p := modernProfile()
	p.ID, p.Name = "domain", "Domain"
	p.Summary = "A multiplayer singleton format on today's rules: two or more players (or teams) in facing pairs, clockwise turns and responses, and a Deck Master for each player. The engine replays up to 6 players, its own limit."
	for _, s := range []*Setting[bool]{&p.SharedFieldSpell, &p.IgnitionPriority, &p.LPCostToZero,
		&p.MaintenanceToZero, &p.ChainEnergyToZero, &p.DrawPastDeck, &p.ZeroATKBothDie, &p.OneChainOnAttack,
		&p.ContinuousTrapFlipUse, &p.AlwaysReveal, &p.FailToFind, &p.TriggerAfterMove, &p.MissTiming, &p.PhaseTriggerRetry, &p.EquipFailKeeps,
		&p.OpponentSummonPosition, &p.TrapMonsterZones, &p.MatchDraws, &p.FirstOverTriggers} {
		s.Assumed = true
	}
	for _, s := range []*Setting[string]{&p.ReplaceOwnField, &p.SEGOC, &p.Replay, &p.DSNegators, &p.VoluntaryLoops,
		&p.UnionProtection, &p.HandSizeDiscard} {
		s.Assumed = true
	}
	p.DamageStepRule.Assumed = true
	p.UnionLimit.Assumed = true
	p.DamageStep = modernTimings(true)
	p.Gaps = nil

	p.DeckLimits = sourced("Main Deck: exactly 60 cards; Extra Deck: at most 15 cards; one copy of each card, Deck Master included", "domain-deckbuilding#rule")
	p.FirstTurnDraw = sourced(false, "domain-turn-proceedings#rule")
	p.FirstTurnDrawMulti = sourced(true, "domain-turn-proceedings#rule")
	// Domain's rules set no upper limit on the players of a game; 6 is the
	// engine's own limit (the most seats it replays), marked as assumed and
	// explained on domain-gameplay#players.
	p.Seating = assumed(6, "domain-gameplay#players")
	p.ResponseOrder = sourced("clockwise", "domain-turn-proceedings#response-order")
	p.FirstBattlePhase = sourced("last-in-rotation", "domain-turn-proceedings#rule")
	p.TeamTurnOrder = sourced("alternate", "domain-team-battle#turn-order")
	p.TeamRules = sourced(true, "domain-team-battle#rule")
	p.PlayerRemoval = sourced(true, "domain-player-removal#rule")
	p.OpponentTargeting = sourced(true, "domain-targeting-opponents#rule")
	p.EachMeansAll = sourced(true, "domain-general-errata#each-both")
	p.ExchangesPass = sourced(true, "domain-general-errata#exchanges")
	p.OpponentConditions = sourced(true, "domain-opponent-conditions#rule")
	p.ContinuousAllOpps = sourced(true, "domain-continuous-effects#rule")
	p.DeckMasterZone = sourced(true, "domain-deck-master#rule")
	p.DeckMasterLeave = sourced("summon", "domain-summoning#rule")
	p.DeckMasterCost = sourced(500, "domain-summon-cost#rule")
	p.DeckMasterCostLP = sourced(true, "domain-summon-cost#point-1")
	p.DeckMasterReturn = sourced("before-open", "domain-returning#timing")
	p.Gaps = []Gap{
		{Topic: "deckbuilding", Page: "domain-deckbuilding#rule", Reason: "not modelled in replays, because Deck legality (one Deck Master, 60 cards, up to 15 in the Extra Deck, one copy of each card) is checked by the Domain deck checker in rulings/domain, before a game"},
		{Topic: "domain", Page: "domain-domain#rule", Reason: "not modelled in replays, because a Deck Master's Domain decides which cards a Deck may hold, which the Domain deck checker in rulings/domain computes from card data"},
		{Topic: "deckbuilding", Page: "domain-domain#rule", Reason: "not modelled in replays, because it is a deckbuilding rule, checked by the Domain deck checker in rulings/domain"},
		{Topic: "multiplayer", Page: "domain-player-positioning#rule", Reason: "not modelled as a rule switch, because Domain is the only format with more than two seats: the seating is the scenario's order, and link.go reads who sits in front for columns, the shared Extra Monster Zones and Link Arrows"},
		{Topic: "card-errata", Page: "domain-additional-examples#rule", Reason: "not modelled as a rule switch of its own, because its examples apply the general errata, opponent-targeting and continuous-effect switches; its cards replay in content/scenarios"},
	}
	return p
}

// Citations lists every rule page id[#anchor] the profiles cite, sorted.
// Each must exist in content/ (TestCitations checks it).
func Citations() []string {
	seen := map[string]bool{}
	add := func(r string) {
		if r != "" {
			seen[r] = true
		}
	}
	for _, p := range Profiles() {
		for _, s := range p.Switches() {
			add(s.Rule)
		}
		for _, t := range p.DamageStep {
			add(t.Rule)
			add(t.AllowsRule)
			add(t.Chains.Rule)
		}
		for _, g := range p.Gaps {
			add(g.Page)
		}
		for _, point := range p.DSPoints {
			add(point)
		}
	}
	out := make([]string, 0, len(seen))
	for r := range seen {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}
