package rulings

import (
	"fmt"
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
	TrigStartOfDamageStep = "start-of-damage-step"
	TrigBeforeCalc        = "before-damage-calculation"
	TrigDamageCalc        = "damage-calculation"
	TrigBattleDamage      = "battle-damage"
	TrigFlip              = "flip"
	TrigAfterCalc         = "after-damage-calculation"
	TrigDestroyedByBattle = "destroyed-by-battle"
	TrigDestroyedToGY     = "destroyed-by-battle-to-gy"
	TrigEndOfDamageStep   = "end-of-damage-step"
)

// Timing is one distinct timing ("substep") of the Damage Step in a format.
type Timing struct {
	ID    string // start, flip, before, calc, damage, after, resolve, end
	Name  string // "before damage calculation"
	Rule  string // page#anchor describing this timing
	Start []string
	After []string // after the timing's chains resolve (e.g. damage calculation itself)
	// Triggers are the battle trigger conditions that activate here.
	Triggers []string
	// Allows are the activation categories usable here besides triggers.
	Allows      []string
	AllowsRule  string
	Chains      Setting[int] // 0: any number of chains; 1: one chain started by players
	Description string
}

func (t *Timing) allows(cat string) bool { return contains(t.Allows, cat) }

// Profile is one format's rules as data: the switches that differ from
// today's rules, each naming the rule page that states it.
type Profile struct {
	ID      string
	Name    string
	Summary string

	FirstTurnDraw     Setting[bool]   // the first player draws in their first Draw Phase
	SharedFieldSpell  Setting[bool]   // one face-up Field Spell for both players
	ReplaceOwnField   Setting[string] // "destroy" (at once, no chain) or "send" (to the Graveyard)
	IgnitionPriority  Setting[bool]   // the turn player may open with an Ignition Effect
	SEGOC             Setting[string] // one of the SEGOC* orders
	LPCostToZero      Setting[bool]   // a cost may bring LP to exactly 0
	MaintenanceToZero Setting[bool]   // a maintenance cost may bring LP to 0 (else: destroy the card)
	ChainEnergyToZero Setting[bool]   // "Chain Energy"'s payments may bring LP to 0 anyway
	DrawPastDeck      Setting[bool]   // a draw effect may be used with too few cards in the Deck
	ZeroATKBothDie    Setting[bool]   // two 0-ATK Attack Position monsters destroy each other
	Replay            Setting[string] // ReplayNewAttack or ReplayRedirect
	OneChainOnAttack  Setting[bool]   // only one chain answers an attack declaration
	DamageStep        []Timing        // the Damage Step's timings in order
	DamageStepRule    Setting[int]    // number of timings, with its source
	DSNegators        Setting[string] // "monster-only" or "any"
}

// Switch is one rule switch as shown to people: on rule pages, the compare
// view and the replay page.
type Switch struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Value   string `json:"value"`
	Rule    string `json:"rule"`
	Assumed bool   `json:"assumed"`
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
	for _, p := range Profiles() {
		if p.ID == id {
			return p, true
		}
	}
	return nil, false
}

// FormatIDs lists the profile ids in order.
func FormatIDs() []string { return []string{"goat", "hat", "edison", "domain", "modern"} }

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

// Switches lists the profile's rule switches in a fixed order.
func (p *Profile) Switches() []Switch {
	sw := func(name, summary, value string, rule string, asm bool) Switch {
		return Switch{Name: name, Summary: summary, Value: value, Rule: rule, Assumed: asm}
	}
	out := []Switch{
		sw("First-turn draw", "Whether the player who goes first draws in their first Draw Phase.",
			yesNo(p.FirstTurnDraw.Value, "the first player draws (starts with 6 cards)", "the first player does not draw"),
			p.FirstTurnDraw.Rule, p.FirstTurnDraw.Assumed),
		sw("Field Spells", "How many face-up Field Spells may exist, and what a resolving activation does to the opponent's.",
			yesNo(p.SharedFieldSpell.Value,
				"one face-up Field Spell for both players: a resolving activation destroys the opponent's; it must stay face-up to resolve; a Set one destroys nothing",
				"one Field Spell per player"),
			p.SharedFieldSpell.Rule, p.SharedFieldSpell.Assumed),
		sw("Replacing your own Field Spell", "What happens to your Field Spell when you place a new one in your Field Zone.",
			yesNo(p.ReplaceOwnField.Value == "destroy", "the old one is destroyed at once, without a chain", "the old one is sent to the Graveyard"),
			p.ReplaceOwnField.Rule, p.ReplaceOwnField.Assumed),
		sw("Priority", "What the turn player may do first after a chain or a Summon resolves.",
			yesNo(p.IgnitionPriority.Value, "fast effects or an Ignition Effect, before the opponent may respond", "fast effects only"),
			p.IgnitionPriority.Rule, p.IgnitionPriority.Assumed),
		sw("SEGOC", "How simultaneous Trigger Effects are ordered on a chain.", segocText(p.SEGOC.Value), p.SEGOC.Rule, p.SEGOC.Assumed),
		sw("Life Point costs", "Whether a cost may bring Life Points to exactly 0.",
			yesNo(p.LPCostToZero.Value, "you may pay down to 0 and lose", "a cost may not bring LP to 0"),
			p.LPCostToZero.Rule, p.LPCostToZero.Assumed),
		sw("Maintenance costs", "What happens when a maintenance cost equals your Life Points.",
			yesNo(p.MaintenanceToZero.Value, "you pay and lose", "the card is destroyed instead"),
			p.MaintenanceToZero.Rule, p.MaintenanceToZero.Assumed),
		sw("Chain Energy", "Whether \"Chain Energy\"'s payments may bring LP to 0.",
			yesNo(p.ChainEnergyToZero.Value, "yes, even where other costs may not", "as any other cost"),
			p.ChainEnergyToZero.Rule, p.ChainEnergyToZero.Assumed),
		sw("Decking out by your own draw", "Whether a draw effect may be used when the Deck has too few cards.",
			yesNo(p.DrawPastDeck.Value, "allowed: the player who cannot draw loses", "not allowed"),
			p.DrawPastDeck.Rule, p.DrawPastDeck.Assumed),
		sw("0-ATK battles", "Two Attack Position monsters with 0 ATK battle.",
			yesNo(p.ZeroATKBothDie.Value, "both are destroyed", "neither is destroyed"),
			p.ZeroATKBothDie.Rule, p.ZeroATKBothDie.Assumed),
		sw("Replays", "What a replay is when the opponent's monsters change during the Battle Step.",
			yesNo(p.Replay.Value == ReplayNewAttack,
				"a new attack: the monster may attack later if it does not attack now, and attack costs are paid again",
				"the same attack: it picks a new target or is cancelled, and a cancelled attack counts as declared"),
			p.Replay.Rule, p.Replay.Assumed),
		sw("Responses to an attack", "How many chains may answer an attack declaration.",
			yesNo(p.OneChainOnAttack.Value, "one chain only", "cards that answer the declaration only in the first chain; other fast effects after it"),
			p.OneChainOnAttack.Rule, p.OneChainOnAttack.Assumed),
		sw("Damage Step timings", "How many distinct timings the Damage Step has.",
			fmt.Sprintf("%d: %s", len(p.DamageStep), timingNames(p.DamageStep)),
			p.DamageStepRule.Rule, p.DamageStepRule.Assumed),
		sw("Negation in the Damage Step", "Which effects that negate activations may be used in the Damage Step.",
			yesNo(p.DSNegators.Value == "monster-only", "monster effects and Counter Traps only; no Spell Speed 2 Spells or Traps",
				"any Spell Speed 2 or 3 effect that negates an activation"),
			p.DSNegators.Rule, p.DSNegators.Assumed),
	}
	for i := range p.DamageStep {
		t := &p.DamageStep[i]
		out = append(out, sw(fmt.Sprintf("Damage Step timing %d: %s", i+1, t.Name), t.Description,
			yesNo(t.Chains.Value == 1, "one chain started by the players", "any number of chains"),
			t.Chains.Rule, t.Chains.Assumed))
	}
	return out
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
func (p *Profile) triggerTiming(cond string) int {
	for i, t := range p.DamageStep {
		if contains(t.Triggers, cond) {
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
)

func goatProfile() *Profile {
	t := func(n int) string { return fmt.Sprintf("goat-10#substep-%d", n) }
	one := sourced(1, "goat-10#10b")
	base := []string{AllowCounter, AllowMonsterNegator, AllowNamedTiming}
	atk := append(append([]string{}, base...), AllowMonsterATK, AllowSpellATK)
	return &Profile{
		ID: "goat", Name: "Goat",
		Summary:           "April 2005 rules: first player draws, one Field Spell for both players, Ignition priority, six Damage Step timings.",
		FirstTurnDraw:     sourced(true, "goat-01#rule"),
		SharedFieldSpell:  sourced(true, "goat-03#rule"),
		ReplaceOwnField:   assumed("send", todayFieldRule),
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
		DamageStep: []Timing{
			{ID: "start", Name: "start of the Damage Step", Rule: t(1), Triggers: []string{TrigStartOfDamageStep},
				Allows: atk, AllowsRule: "goat-10#10c", Chains: one,
				Description: "Start-of-Damage-Step triggers; the target is still face-down. Counter Traps and monster effects that negate activations."},
			{ID: "before", Name: "before damage calculation", Rule: t(2), Start: []string{evFlip}, Triggers: []string{TrigBeforeCalc},
				Allows: atk, AllowsRule: "goat-10#10c", Chains: one,
				Description: "The target is flipped face-up; \"before damage calculation\" cards and triggers; Counter Traps and monster negators."},
			{ID: "calc", Name: "damage calculation", Rule: t(3), Triggers: []string{TrigDamageCalc}, After: []string{evResults},
				Allows: atk, AllowsRule: t(3), Chains: one,
				Description: "\"During damage calculation\" effects (turn player first), ATK/DEF changes, Counter Traps, monster negators; then the results of battle are fixed."},
			{ID: "damage", Name: "damage calculation (battle damage)", Rule: t(4), Start: []string{evApplyDamage}, Triggers: []string{TrigBattleDamage},
				Allows: base, AllowsRule: t(4), Chains: one,
				Description: "Battle damage is applied; triggers on inflicting battle damage."},
			{ID: "after", Name: "after damage calculation", Rule: t(5), Start: []string{evMarkDestroy, evAfterCalc},
				Triggers: []string{TrigFlip, TrigAfterCalc, TrigDestroyedByBattle},
				Allows:   base, AllowsRule: t(5), Chains: one,
				Description: "Losers are destroyed by battle but stay on the field; Flip Effects, \"after damage calculation\" and destroyed-by-battle triggers."},
			{ID: "end", Name: "end of the Damage Step", Rule: t(6), Start: []string{evSendDestroy}, After: []string{evEndOfDamage},
				Triggers: []string{TrigDestroyedToGY, TrigEndOfDamageStep},
				Allows:   base, AllowsRule: t(6), Chains: one,
				Description: "Monsters destroyed by battle go to the Graveyard; their triggers activate."},
		},
	}
}

func hatProfile() *Profile {
	t := func(n int) string { return fmt.Sprintf("hat-06#timing-%d", n) }
	several := assumed(0, todayDSChains)
	one := func(n int) Setting[int] { return sourced(1, t(n)) }
	negs := []string{AllowCounter, AllowMonsterNegator, AllowMandatory, AllowNamedTiming}
	early := append(append([]string{}, negs...), AllowMonsterATK, AllowSpellATK)
	late := append(append([]string{}, negs...), AllowMonsterATK)
	return &Profile{
		ID: "hat", Name: "HAT",
		Summary:           "2011 rules as played at the July 2014 NAWCQ: first player draws, one active Field Spell, SEGOC by step then time, seven Damage Step timings.",
		FirstTurnDraw:     sourced(true, "hat-01#rule"),
		SharedFieldSpell:  sourced(true, "hat-02#rule"),
		ReplaceOwnField:   sourced("destroy", "hat-02#rule"),
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
		DamageStep: []Timing{
			{ID: "start", Name: "start of the Damage Step", Rule: t(1), Triggers: []string{TrigStartOfDamageStep},
				Allows: early, AllowsRule: t(1), Chains: several,
				Description: "\"During the Damage Step\" effects apply; start-of-Damage-Step triggers; ATK/DEF changes."},
			{ID: "flip", Name: "flip", Rule: t(2), Start: []string{evFlip},
				Allows: early, AllowsRule: t(2), Chains: several,
				Description: "A face-down target is flipped face-up; its Flip Effect waits; ATK/DEF changes."},
			{ID: "before", Name: "before damage calculation", Rule: t(3), Triggers: []string{TrigBeforeCalc},
				Allows: early, AllowsRule: t(3), Chains: several,
				Description: "\"Before damage calculation\" effects; ATK/DEF changes."},
			{ID: "calc", Name: "damage calculation", Rule: t(4), Triggers: []string{TrigDamageCalc},
				After:  []string{evResults, evApplyDamage, evMarkDestroy},
				Allows: late, AllowsRule: t(4), Chains: one(4),
				Description: "\"Damage calculation\" effects and monster Quick Effects that change ATK/DEF; after the chain, battle damage and destruction by battle."},
			{ID: "after", Name: "after damage calculation", Rule: t(5), Start: []string{evAfterCalc}, Triggers: []string{TrigBattleDamage},
				Allows: late, AllowsRule: t(5), Chains: several,
				Description: "Self-destructing continuous effects apply; triggers on inflicting battle damage."},
			{ID: "resolve", Name: "resolve effects", Rule: t(6), Triggers: []string{TrigFlip, TrigAfterCalc},
				Allows: late, AllowsRule: t(6), Chains: one(6),
				Description: "One chain: Flip Effects and \"after damage calculation\" triggers."},
			{ID: "end", Name: "end of the Damage Step", Rule: t(7), Start: []string{evSendDestroy}, After: []string{evEndOfDamage},
				Triggers: []string{TrigDestroyedByBattle, TrigDestroyedToGY, TrigEndOfDamageStep},
				Allows:   late, AllowsRule: t(7), Chains: one(7),
				Description: "Monsters destroyed by battle go to the Graveyard; one chain of destroyed-by-battle triggers."},
		},
	}
}

func edisonProfile() *Profile {
	t := func(n int) string { return fmt.Sprintf("%s#timing-%d", edisonPage, n) }
	several := sourced(0, edisonPage+"#damage-step")
	one := sourced(1, edisonPage+"#one-manual-chain")
	negs := []string{AllowCounter, AllowMonsterNegator, AllowNamedTiming}
	early := append(append([]string{}, negs...), AllowMonsterATK, AllowSpellATK)
	calc := append(append([]string{}, negs...), AllowMonsterATK)
	return &Profile{
		ID: "edison", Name: "Edison",
		Summary:           "2010 rules: a seven-timing Damage Step with several chains in the first three timings and one manual chain in each later one.",
		FirstTurnDraw:     assumed(false, todayFirstDraw),
		SharedFieldSpell:  assumed(false, todayFieldRule),
		ReplaceOwnField:   assumed("send", todayFieldRule),
		IgnitionPriority:  assumed(false, todayPriority),
		SEGOC:             assumed(SEGOCStepAnyOrder, todaySEGOC),
		LPCostToZero:      assumed(true, todayLPCost),
		MaintenanceToZero: assumed(true, todayLPCost),
		ChainEnergyToZero: assumed(false, todayLPCost),
		DrawPastDeck:      assumed(false, todayLPCost),
		ZeroATKBothDie:    assumed(false, todayZeroATK),
		Replay:            sourced(ReplayRedirect, edisonReplayRule),
		OneChainOnAttack:  sourced(true, edisonAttackRule),
		DamageStepRule:    sourced(7, edisonPage+"#damage-step"),
		DSNegators:        sourced("monster-only", edisonPage+"#damage-step"),
		DamageStep: []Timing{
			{ID: "start", Name: "start of the Damage Step", Rule: t(1), Triggers: []string{TrigStartOfDamageStep},
				Allows: early, AllowsRule: t(1), Chains: several,
				Description: "The target stays face-down; Counter Traps, start-of-Damage-Step and other triggers, ATK/DEF modifiers, monster negators; any number of chains."},
			{ID: "flip", Name: "reveal the set monster", Rule: t(2), Start: []string{evFlip},
				Allows: early, AllowsRule: t(2), Chains: several,
				Description: "The face-down target is flipped face-up; its Flip Effect waits for timing 6."},
			{ID: "before", Name: "before damage calculation", Rule: t(3), Triggers: []string{TrigBeforeCalc},
				Allows: early, AllowsRule: t(3), Chains: several,
				Description: "Counter Traps, ATK/DEF modifiers, \"before damage calculation\" effects and triggers; any number of chains."},
			{ID: "calc", Name: "damage calculation", Rule: t(4), Triggers: []string{TrigDamageCalc},
				After:  []string{evResults, evApplyDamage, evMarkDestroy},
				Allows: calc, AllowsRule: t(4), Chains: one,
				Description: "One manual chain of monster ATK/DEF modifiers, Counter Traps, \"during damage calculation\" cards; then continuous effects re-apply, damage is inflicted and losers are marked."},
			{ID: "after", Name: "after damage calculation", Rule: t(5), Start: []string{evAfterCalc}, Triggers: []string{TrigBattleDamage},
				Allows: negs, AllowsRule: t(5), Chains: one,
				Description: "Self-destructing continuous effects apply; one manual chain with battle-damage triggers."},
			{ID: "resolve", Name: "resolve effects", Rule: t(6), Triggers: []string{TrigFlip, TrigAfterCalc},
				Allows: negs, AllowsRule: t(6), Chains: one,
				Description: "One manual chain with Flip Effects and other triggers met earlier."},
			{ID: "end", Name: "end of the Damage Step", Rule: t(7), Start: []string{evSendDestroy}, After: []string{evEndOfDamage},
				Triggers: []string{TrigDestroyedByBattle, TrigDestroyedToGY, TrigEndOfDamageStep},
				Allows:   negs, AllowsRule: t(7), Chains: one,
				Description: "Monsters destroyed by battle leave the field; one manual chain with destroyed-by-battle and end-of-Damage-Step triggers."},
		},
	}
}

// modernTimings are today's five Damage Step timings.
func modernTimings(asm bool) []Timing {
	mk := func(v int, rule string) Setting[int] { return Setting[int]{Value: v, Rule: rule, Assumed: asm} }
	negs := []string{AllowCounter, AllowMonsterNegator, AllowSpellNegator, AllowMandatory, AllowNamedTiming}
	early := append(append([]string{}, negs...), AllowMonsterATK, AllowSpellATK)
	return []Timing{
		{ID: "start", Name: "start of the Damage Step", Rule: todayDSTimings, Triggers: []string{TrigStartOfDamageStep},
			Allows: early, AllowsRule: todayDSAllowed, Chains: mk(0, todayDSChains),
			Description: "Start-of-Damage-Step triggers; ATK/DEF modifiers, negators and Counter Traps."},
		{ID: "before", Name: "before damage calculation", Rule: todayDSTimings, Start: []string{evFlip}, Triggers: []string{TrigBeforeCalc},
			Allows: early, AllowsRule: todayDSAllowed, Chains: mk(0, todayDSChains),
			Description: "The target is flipped face-up; any number of chains of ATK/DEF modifiers, negators and Counter Traps."},
		{ID: "calc", Name: "damage calculation", Rule: todayDSTimings, Triggers: []string{TrigDamageCalc},
			After:  []string{evResults, evApplyDamage, evMarkDestroy},
			Allows: negs, AllowsRule: todayDSAllowed, Chains: mk(1, todayDSChains),
			Description: "Only effects that name damage calculation, negators and Counter Traps; then damage is applied."},
		{ID: "after", Name: "after damage calculation", Rule: todayDSTimings, Start: []string{evAfterCalc},
			Triggers: []string{TrigBattleDamage, TrigFlip, TrigAfterCalc},
			Allows:   negs, AllowsRule: todayDSAllowed, Chains: mk(0, todayDSChains),
			Description: "Battle-damage triggers, Flip Effects and \"after damage calculation\" triggers form one SEGOC chain."},
		{ID: "end", Name: "end of the Damage Step", Rule: todayDSTimings, Start: []string{evSendDestroy}, After: []string{evEndOfDamage},
			Triggers: []string{TrigDestroyedByBattle, TrigDestroyedToGY, TrigEndOfDamageStep},
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
		DamageStep:        modernTimings(false),
	}
}

// domainProfile: Domain plays on today's rules; its source covers
// multiplayer and the Deck Master, none of the switches here, so every
// switch is today's rule, marked assumed.
func domainProfile() *Profile {
	p := modernProfile()
	p.ID, p.Name = "domain", "Domain"
	p.Summary = "A multiplayer singleton format on today's rules; none of these switches is stated by its source."
	for _, s := range []*Setting[bool]{&p.FirstTurnDraw, &p.SharedFieldSpell, &p.IgnitionPriority, &p.LPCostToZero,
		&p.MaintenanceToZero, &p.ChainEnergyToZero, &p.DrawPastDeck, &p.ZeroATKBothDie, &p.OneChainOnAttack} {
		s.Assumed = true
	}
	for _, s := range []*Setting[string]{&p.ReplaceOwnField, &p.SEGOC, &p.Replay, &p.DSNegators} {
		s.Assumed = true
	}
	p.DamageStepRule.Assumed = true
	p.DamageStep = modernTimings(true)
	return p
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
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
	}
	out := make([]string, 0, len(seen))
	for r := range seen {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}
