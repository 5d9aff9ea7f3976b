package rulings

import (
	"fmt"
	"strings"
)

// Narration is one numbered step of a scenario's script told in the words
// a judge would use: "Player A activates "Soul Exchange" targeting Player
// B's "Sangan"." It is built from the parsed actions only, never from the
// script's text, so nothing a script carries beside its actions (title,
// notes, example link, comments, expect lines) reaches it.
type Narration struct {
	Step int    `json:"step"` // 1, 2, … in script order
	Line int    `json:"line"` // the script line it tells
	Text string `json:"text"`
}

// Narrate tells every action of the scenario, one step per action line, in
// script order.
func Narrate(s *Scenario) []Narration {
	out := make([]Narration, 0, len(s.Actions))
	for i, a := range s.Actions {
		out = append(out, Narration{Step: i + 1, Line: a.Line, Text: narrate(s, a)})
	}
	return out
}

// StepOf returns the step that tells script line n.
func StepOf(ns []Narration, line int) (int, bool) {
	for _, n := range ns {
		if n.Line == line {
			return n.Step, true
		}
	}
	return 0, false
}

var narrPhases = map[string]string{
	"draw": "the Draw Phase", "standby": "the Standby Phase", "main1": "Main Phase 1",
	"battle": "the Battle Phase", "main2": "Main Phase 2", "end": "the End Phase",
}

var narrContinues = map[string]string{
	"start": "the start of the Damage Step", "flip": "the flip timing", "before": "the timing before damage calculation",
	"calc": "damage calculation", "after": "the timing after damage calculation", "resolve": "the resolve-effects timing",
	"end": "the end of the Damage Step",
}

var narrTimings = map[string]string{
	"start": "At the start of the Damage Step", "flip": "At the flip timing", "before": "Before damage calculation",
	"calc": "During damage calculation", "after": "After damage calculation", "resolve": "At the resolve-effects timing",
	"end": "At the end of the Damage Step",
}

// narrate tells one action: its Damage Step timing, what it answers, then
// the action itself.
func narrate(s *Scenario, a *Action) string {
	var b strings.Builder
	if t, ok := narrTimings[a.Timing]; ok {
		b.WriteString(t + ", ")
	}
	if a.Resp != nil {
		b.WriteString("in response to " + narrCard(s, a.Resp) + ", ")
	}
	b.WriteString(narrAction(s, a, "Player "+narrSeat(s, a.Player)))
	return narrUpper(b.String()) + "."
}

// narrTellers tell the actions of one kind each; a teller reports false for
// a verb that is not its kind.
var narrTellers = []func(s *Scenario, a *Action, who string) (string, bool){
	narrSummon, narrBattle, narrTurn, narrChoice,
}

// narrAction tells the action by the first teller that knows its verb.
func narrAction(s *Scenario, a *Action, who string) string {
	for _, tell := range narrTellers {
		if text, ok := tell(s, a, who); ok {
			return text
		}
	}
	// A verb this narrator does not know yet: say the action is there
	// without repeating the script's words.
	return who + " takes an action the narrator cannot describe"
}

// narrSummon tells Summons, Sets and the placing of cards.
func narrSummon(s *Scenario, a *Action, who string) (string, bool) {
	switch a.Verb {
	case vNormalSummon:
		return who + " Normal Summons " + narrCard(s, a.Card), true
	case vTributeSummon:
		return who + " Tributes " + narrCards(s, a.Tribute) + " to Tribute Summon " + narrCard(s, a.Card), true
	case vFlipSummon:
		return who + " Flip Summons " + narrCard(s, a.Card), true
	case vGemini:
		return who + " Normal Summons " + narrCard(s, a.Card) + " again, a Gemini Summon", true
	case vSynchro:
		return who + " Synchro Summons " + narrCard(s, a.Card) + " using " + narrCards(s, a.Tribute), true
	case vLink:
		return who + " Link Summons " + narrCard(s, a.Card) + " using " + narrCards(s, a.Tribute), true
	case vXyz:
		return who + " Xyz Summons " + narrCard(s, a.Card) + " using " + narrCards(s, a.Tribute), true
	case vSet:
		return who + " Sets " + narrCard(s, a.Card), true
	case vSetAsSpell:
		return who + " Sets " + narrCard(s, a.Card) + " in the Spell & Trap Zone as a Spell", true
	case vPendulumSpell:
		return who + " activates " + narrCard(s, a.Card) + " as a Pendulum Spell", true
	case vPendulum:
		return who + " Pendulum Summons " + narrCards(s, a.Tribute), true
	case vProcedure:
		text := who + " Special Summons " + narrCard(s, a.Card) + " by its own procedure"
		if len(a.Choose) > 0 {
			text += ", using " + narrCards(s, a.Choose)
		}
		return text, true
	case vPosition:
		return who + " changes " + narrCard(s, a.Card) + " to " + narrUpper(a.Declare) + " Position", true
	}
	return "", false
}

// narrBattle tells attacks and the Damage Step's progress.
func narrBattle(s *Scenario, a *Action, who string) (string, bool) {
	switch a.Verb {
	case vAttack:
		attacker := narrCard(s, a.Card)
		if a.Player >= 0 && (a.Card == nil || a.Card.Player < 0) {
			attacker = who + "'s " + attacker
		}
		switch {
		case a.Direct && a.TargetPlayer > 0:
			return attacker + " attacks Player " + narrSeat(s, a.TargetPlayer-1) + " directly", true
		case a.Direct:
			return attacker + " attacks directly", true
		}
		return attacker + " attacks " + narrCard(s, a.Other), true
	case vNoAttack:
		if a.Card != nil {
			return who + " does not attack with " + narrCard(s, a.Card), true
		}
		return who + " does not attack", true
	case vContinue:
		if a.Declare == "done" {
			return "The battle moves on past the Damage Step", true
		}
		return "Play moves on to " + narrWord(narrContinues, a.Declare), true
	}
	return "", false
}

// narrTurn tells draws, phases, passes, payments and the turn's end.
func narrTurn(s *Scenario, a *Action, who string) (string, bool) {
	switch a.Verb {
	case vDraw:
		if a.N == 1 {
			return who + " draws a card", true
		}
		return fmt.Sprintf("%s draws %d cards", who, a.N), true
	case vRoll:
		return fmt.Sprintf("%s rolls a die: it shows %d", who, a.N), true
	case vPass:
		if a.Declare == declPass {
			return "Neither player answers the attack declaration", true
		}
		if a.Player < 0 {
			return "Neither player responds", true
		}
		return who + " does not respond", true
	case vPhase:
		return who + " enters " + narrWord(narrPhases, a.Declare), true
	case vEndTurn:
		return who + " ends the turn", true
	case vPay:
		if a.N > 0 {
			return fmt.Sprintf("%s pays %d LP to keep %s", who, a.N, narrCard(s, a.Card)), true
		}
		return who + " pays to keep " + narrCard(s, a.Card), true
	case vNoPay:
		return who + " does not pay to keep " + narrCard(s, a.Card), true
	case vHandDiscard:
		return who + " discards " + narrCards(s, a.Discard) + " for the hand size limit", true
	case vTimeCalled:
		return "Time is called", true
	}
	return "", false
}

// narrChoice tells activations and the choices a player makes: targets,
// chain order, replacements, the Deck Master's return.
func narrChoice(s *Scenario, a *Action, who string) (string, bool) {
	switch a.Verb {
	case vActivate:
		var b strings.Builder
		narrActivation(&b, s, a, who)
		return b.String(), true
	case vOrder:
		return who + " places the effects on the chain in this order: " + narrCards(s, a.Order), true
	case vChooseTarget:
		subject := narrCard(s, a.Card)
		if a.Player >= 0 {
			subject = who + "'s " + subject
		}
		return subject + " targets " + narrCards(s, a.Targets), true
	case vAnswerDiscard:
		return who + " will discard " + narrCards(s, a.Discard) + " to negate the effect of " + narrCard(s, a.Card), true
	case vReturnDM:
		if a.Card != nil {
			return who + " returns " + narrCard(s, a.Card) + " to the Deck Master Zone", true
		}
		return who + " returns their Deck Master to the Deck Master Zone", true
	case vKeepDM:
		return who + " leaves their Deck Master where it is", true
	case vDetachInstead:
		return who + " chooses to detach a material from " + narrCard(s, a.Card) + " instead if it would be destroyed", true
	case vInstead:
		return who + " chooses to destroy " + narrCard(s, a.Card) + " in place of " + narrCard(s, a.Other) + " if it would be destroyed", true
	}
	return "", false
}

// narrActivation tells an activation with its targets, costs and choices.
func narrActivation(b *strings.Builder, s *Scenario, a *Action, who string) {
	verb := " activates "
	if a.Chain {
		verb = " chains "
	}
	b.WriteString(who + verb + narrCard(s, a.Card))
	if a.UseEffect {
		b.WriteString(" and uses its effect at once")
	}
	switch {
	case len(a.Targets) > 0:
		b.WriteString(" targeting " + narrCards(s, a.Targets))
	case a.TargetPlayer > 0:
		b.WriteString(" targeting Player " + narrSeat(s, a.TargetPlayer-1))
	}
	if len(a.Discard) > 0 {
		b.WriteString(", discarding " + narrCards(s, a.Discard))
	}
	if len(a.Tribute) > 0 {
		b.WriteString(", Tributing " + narrCards(s, a.Tribute))
	}
	if a.N > 0 {
		fmt.Fprintf(b, ", paying %d LP", a.N)
	}
	if a.Declare != "" {
		b.WriteString(", declaring " + a.Declare)
	}
	if len(a.Choose) > 0 {
		b.WriteString(", choosing " + narrCards(s, a.Choose))
	}
	if a.Branch != "" {
		b.WriteString(", choosing its effect \"" + a.Branch + "\"")
	}
	if a.Before {
		b.WriteString(", keeping priority before the opponent can respond")
	}
}

// narrCard names a card as a judge says it: Player B's set "Mirror Force".
func narrCard(s *Scenario, r *CardRef) string {
	if r == nil || r.Card == nil {
		return "a card"
	}
	var b strings.Builder
	if r.Player >= 0 {
		b.WriteString("Player " + narrSeat(s, r.Player) + "'s ")
	}
	if r.Quals != "" {
		b.WriteString(r.Quals + " ")
	}
	b.WriteString(`"` + r.Card.Name + `"`)
	return b.String()
}

// narrCards joins card names: "A", "A" and "B", "A", "B" and "C".
func narrCards(s *Scenario, refs []*CardRef) string {
	names := make([]string, len(refs))
	for i, r := range refs {
		names[i] = narrCard(s, r)
	}
	switch len(names) {
	case 0:
		return "nothing"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// narrSeat is a player's name in the scenario: "A", "B", "A1", ….
func narrSeat(s *Scenario, p int) string {
	if p >= 0 && p < len(s.Names) {
		return s.Names[p]
	}
	if n := playerName(p); n != "" {
		return n
	}
	return "?"
}

func narrWord(m map[string]string, k string) string {
	if v, ok := m[k]; ok {
		return v
	}
	return k
}

func narrUpper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
