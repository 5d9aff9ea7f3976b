package rulings

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Verbs of script actions.
const (
	vDraw          = "draw"
	vNormalSummon  = "normal-summon"
	vTributeSummon = "tribute-summon"
	vFlipSummon    = "flip-summon"
	vSet           = "set"
	vActivate      = "activate"
	vPass          = "pass"
	vAttack        = "attack"
	vNoAttack      = "no-attack"
	vPhase         = "phase"
	vEndTurn       = "end-turn"
	vOrder         = "order"
	vPay           = "pay"
	vNoPay         = "no-pay"
	vPosition      = "position"
	vContinue      = "continue"
	vChooseTarget  = "choose-target"
	vHandDiscard   = "hand-size-discard"
	vTimeCalled    = "time-called"
	vReturnDM      = "return-deck-master"
	vKeepDM        = "keep-deck-master"
	vSynchro       = "synchro-summon"
	vXyz           = "xyz-summon"
	vProcedure     = "procedure-summon"
	vSetAsSpell    = "set-as-spell"
	vInstead       = "destroy-instead"
	vDetachInstead = "detach-instead"
	vPendulumSpell = "pendulum-activate"
	vPendulum      = "pendulum-summon"
	vRoll          = "roll"
	vLink          = "link-summon"
	vAnswerDiscard = "answer-discard" // discardnegate.go
	vGemini        = "gemini-summon"
)

var (
	reSubject    = regexp.MustCompile(`^(?:[Pp]layer\s+)?([A-F][1-9]?)\b[,:]?\s+(.*)$`)
	reDeclPass   = regexp.MustCompile(`(?i)^(?:both(?: players)?|all(?: players)?|everyone|neither player|no one|nobody)\s+(?:pass(?:es)?|respond(?:s)?|answers?)\s+(?:(?:on|to)\s+)?the attack declaration$`)
	reBoth       = regexp.MustCompile(`(?i)^(?:both(?: players)?|all(?: players)?|everyone|every player|neither player|no one|nobody|no player)\s+(?:pass(?:es)?|respond(?:s)?|chains?|ha(?:s|ve) (?:a |any )?response|activates? anything)(?:\s.*)?$`)
	rePass       = regexp.MustCompile(`(?i)^(?:passes|pass|has no response|does not respond|does not chain|declines to respond|does nothing|has no responses)(?:\s.*)?$`)
	reDraw       = regexp.MustCompile(`(?i)^draws(?:\s+(\d+|a|one|two|three)\s+cards?)?(?:\s+for (?:the|his|her|their) (?:turn|draw phase|normal draw))?$`)
	reNSummonLP  = regexp.MustCompile(`(?i)^(?:normal summons|summons|tribute summons)\s+(.+?),?\s+paying\s+(\d+)\s+(?:lp|life points)(?:\s+instead of tributing)?$`)
	reNSummon    = regexp.MustCompile(`(?i)^(?:normal summons|summons)\s+(.+)$`)
	reTSummon    = regexp.MustCompile(`(?i)^tribute summons\s+(.+?),?\s+(?:by )?tributing\s+(.+)$`)
	reTSummonBan = regexp.MustCompile(`(?i)^tribute summons\s+(.+?),?\s+(?:by )?banishing\s+(.+?)(?:\s+instead of tributing)?$`)
	reTSummon2   = regexp.MustCompile(`(?i)^tributes\s+(.+?)\s+to tribute summon\s+(.+)$`)
	reFSummon    = regexp.MustCompile(`(?i)^flip summons\s+(.+)$`)
	reGemini     = regexp.MustCompile(`(?i)^gemini summons\s+(.+)$`)
	reSet        = regexp.MustCompile(`(?i)^sets\s+(.+?)(?:\s+face-down)?$`)
	reActivate   = regexp.MustCompile(`(?i)^(activates|chains|uses|activate|chain)\s+(?:the effect of\s+)?(.+)$`)
	reDirectP    = regexp.MustCompile(`(?i)^attacks\s+(?:player\s+)?([a-f][1-9]?)\s+directly\s+with\s+(.+)$`)
	reDirect     = regexp.MustCompile(`(?i)^(?:attacks directly with|declares a direct attack with)\s+(.+)$`)
	reAttackW    = regexp.MustCompile(`(?i)^(?:attacks|declares an attack on)\s+(.+)\s+with\s+(.+)$`)
	reHasAtk     = regexp.MustCompile(`(?i)^(?:has|lets)\s+(.+?)\s+attack\s+(.+)$`)
	reNoAttack   = regexp.MustCompile(`(?i)^(?:does not attack|cancels the attack|stops the attack|chooses not to attack|declines to attack)(?:\s+with\s+(.+))?$`)
	rePhase      = regexp.MustCompile(`(?i)^(?:enters|goes to|moves to|proceeds to|enters into)\s+(?:the\s+)?(draw phase|standby phase|main phase 1|main phase 2|main phase|battle phase|end phase)$`)
	reEndBP      = regexp.MustCompile(`(?i)^ends (?:the|his|her|their) battle phase$`)
	reEndTurn    = regexp.MustCompile(`(?i)^ends (?:the|his|her|their) turn$`)
	reOrder      = regexp.MustCompile(`(?i)^(?:orders|arranges) (?:the |his |her |their )?(?:triggers|trigger effects|chain|effects)\s*:\s*(.+)$`)
	rePlaces     = regexp.MustCompile(`(?i)^places\s+(.+?)\s+(?:before|under)\s+(.+)$`)
	rePay        = regexp.MustCompile(`(?i)^pays\s+(?:(\d+)\s+(?:lp|life points)\s+)?(?:for|to keep)\s+(.+)$`)
	reNoPay      = regexp.MustCompile(`(?i)^(?:does not pay|chooses not to pay|declines to pay)\s+(?:for\s+)?(.+)$`)
	rePosition   = regexp.MustCompile(`(?i)^(?:changes|switches)\s+(.+?)\s+to\s+(attack|defense) position$`)
	reTargets    = regexp.MustCompile(`(?i)^targets\s+(.+?)\s+with\s+(.+)$`)
	reCardAtk    = regexp.MustCompile(`(?i)^attacks\s+(.+)$`)
	reCardTgt    = regexp.MustCompile(`(?i)^targets\s+(.+)$`)
	reContinue   = regexp.MustCompile(`(?i)^(?:play\s+)?(?:continues|continue|goes on|go on|proceeds|proceed|moves on|move on|goes|go)\s+to\s+(.+)$`)
	rePossessive = regexp.MustCompile(`(?i)^(?:player\s+)?([a-f][1-9]?)(?:'s|’s)\s+`)
	reDSEnds     = regexp.MustCompile(`(?i)^the (?:damage step|battle) ends$`)
	reXyz        = regexp.MustCompile(`(?i)^xyz summons\s+(.+?),?\s+(?:using|with|by overlaying)\s+(.+)$`)
	reProcedure  = regexp.MustCompile(`(?i)^special summons\s+(.+?)(?:,?\s+(?:by\s+)?(?:revealing|banishing|returning|shuffling)\s+(.+?)(?:\s+(?:to|into) (?:the|his|her|their) deck)?)?(?:\s+by its (?:own )?(?:summon )?procedure)?$`)
	reSetAs      = regexp.MustCompile(`(?i)^sets\s+(.+?)\s+(?:as a spell(?: card)?|in (?:the|his|her|their) spell (?:&|and) trap zone(?: as a spell)?)$`)
	rePendSpell  = regexp.MustCompile(`(?i)^(?:activates|places)\s+(.+?)\s+(?:as a pendulum spell|in (?:a|the|his|her|their) pendulum zone)$`)
	rePendulum   = regexp.MustCompile(`(?i)^pendulum summons\s+(.+)$`)
	reRoll       = regexp.MustCompile(`(?i)^rolls\s+(?:a\s+|an\s+)?([1-6])(?:\s+for\s+.+?)?(?:,?\s+choosing\s+(?:player\s+)?([a-f][1-9]?))?$`)
	reLink       = regexp.MustCompile(`(?i)^link summons\s+(.+?),?\s+(?:using|with)\s+(.+)$`)
	reSynchro    = regexp.MustCompile(`(?i)^synchro summons\s+(.+?),?\s+(?:using|with|from)\s+(.+)$`)
	reReturnDM   = regexp.MustCompile(`(?i)^returns\s+(.+?)\s+to\s+(?:the|his|her|their)\s+deck master zone$`)
	reKeepDM     = regexp.MustCompile(`(?i)^(?:keeps|leaves)\s+.+?\s+(?:in|on)\s+(?:the|his|her|their)\s+(?:graveyard|deck|hand|banished cards|field)$|^does not return\s+.+$`)
	reDMWord     = regexp.MustCompile(`(?i)^(?:the|his|her|their)?\s*deck master$`)
	reTime       = regexp.MustCompile(`(?i)^(?:time is called|the judge calls time|time runs out)$`)
	reHandSize   = regexp.MustCompile(`(?i)^discards\s+(.+?)\s+(?:for (?:the )?(?:hand size|end-of-turn discard|hand-size discard|discard for hand size)|to (?:get|bring (?:his|her|their) hand) down to 6(?: cards)?)$`)
	reAnswerDisc = regexp.MustCompile(`(?i)^discards\s+(.+?)\s+(?:for|against|to stop)\s+(.+)$`)
	reRespPf     = regexp.MustCompile(`(?i)^(?:in response to|when|once)\s+(.+?)(?:'s effect|’s effect)?(?:\s+(?:activates|is activated))?\s*[,:]\s+`)
)

var continueTargets = map[string]string{
	"the start of the damage step": "start", "the flip timing": "flip", "before damage calculation": "before",
	"damage calculation": "calc", "after damage calculation": "after", "resolve effects": "resolve",
	"the end of the damage step": "end", "the end of the battle": "done", "the battle step": "done",
}

// action reads one script line: an optional Damage Step timing and "in
// response to X" before it, then a line without a player, a line whose
// subject is a card, or a player's phrase (playerPhrases).
func (p *parser) action(n int, line string) (*Action, string) {
	line = reBullet.ReplaceAllString(line, "")
	line = strings.TrimSpace(strings.TrimRight(line, ". "))
	a := &Action{Line: n, Text: line, Player: -1}
	if m := reTimingPf.FindStringSubmatch(line); m != nil {
		a.Timing = timingPrefix[strings.ToLower(m[1])]
		line = strings.TrimSpace(line[len(m[0]):])
	}
	if m := reRespPf.FindStringSubmatch(line); m != nil {
		if err := p.ref(stripEffect(m[1]), &a.Resp); err != "" {
			return nil, err
		}
		line = strings.TrimSpace(line[len(m[0]):])
	}
	if ok, err := playerlessAction(a, line); ok {
		if err != "" {
			return nil, err
		}
		return a, ""
	}
	m := reSubject.FindStringSubmatch(line)
	if m != nil && p.playerIndex(m[1]) < 0 {
		m = nil
	}
	if m == nil {
		return p.cardAction(a, line)
	}
	a.Player = p.playerIndex(m[1])
	rest := strings.TrimSpace(m[2])
	for _, ph := range playerPhrases {
		if mm := ph.re.FindStringSubmatch(rest); mm != nil {
			return a, ph.read(p, a, mm)
		}
	}
	return nil, fmt.Sprintf("cannot read the action %q (the scenario guide at /replay/help lists the phrases Substep knows)", rest)
}

// playerlessAction reads the lines no player says: both players pass (or
// pass on the attack declaration only), time is called, the Damage Step
// ends, play continues to a timing. ok is false for any other line.
func playerlessAction(a *Action, line string) (ok bool, err string) {
	switch {
	case reDeclPass.MatchString(line):
		// Only the attack declaration's window closes; the Battle Step
		// goes on (battle.go: passDeclaration).
		a.Verb, a.Declare = vPass, declPass
	case reBoth.MatchString(line):
		a.Verb = vPass
	case reTime.MatchString(line):
		a.Verb = vTimeCalled
	case reDSEnds.MatchString(line):
		a.Verb, a.Declare = vContinue, "done"
	default:
		m := reContinue.FindStringSubmatch(line)
		if m == nil {
			return false, ""
		}
		t, known := continueTargets[strings.ToLower(strings.TrimSpace(m[1]))]
		if !known {
			return true, fmt.Sprintf("cannot continue to %q (say: before damage calculation, damage calculation, after damage calculation, the end of the Damage Step)", m[1])
		}
		a.Verb, a.Declare = vContinue, t
	}
	return true, ""
}

// cardAction reads a line whose subject is a card: "Sangan attacks ..."
// or "Caius the Shadow Monarch targets Umi".
func (p *parser) cardAction(a *Action, line string) (*Action, string) {
	c, rest, ok := p.matchCard(line)
	if !ok {
		return nil, "cannot read this line: start with A, B, both, or a card name (the scenario guide at /replay/help lists the phrases)"
	}
	rest = strings.TrimSpace(rest)
	if mm := reCardAtk.FindStringSubmatch(rest); mm != nil {
		a.Verb, a.Card = vAttack, c
		return a, p.attackTarget(a, mm[1])
	}
	if mm := reCardTgt.FindStringSubmatch(rest); mm != nil {
		a.Verb, a.Card = vChooseTarget, c
		return a, p.refList(mm[1], &a.Targets)
	}
	return nil, fmt.Sprintf("cannot read what %s does here: %q", c.Card.Name, rest)
}

// phrase is one way a player's action is written: its pattern (matched
// after "A "), and what it sets on the Action from the pattern's groups
// (an error text, or "").
type phrase struct {
	re   *regexp.Regexp
	read func(p *parser, a *Action, m []string) string
}

// playerPhrases are the actions a player takes, tried in order: the first
// pattern that matches reads the line. A new verb is a new entry here and
// a new entry in verbs (replay.go).
var playerPhrases = []phrase{
	{rePass, func(_ *parser, a *Action, _ []string) string { a.Verb = vPass; return "" }},
	{reDraw, readDraw},
	{reXyz, func(p *parser, a *Action, m []string) string {
		a.Verb = vXyz
		return firstErr(p.ref(m[1], &a.Card), p.refList(m[2], &a.Tribute))
	}},
	{reLink, func(p *parser, a *Action, m []string) string {
		a.Verb = vLink
		return firstErr(p.ref(m[1], &a.Card), p.refList(m[2], &a.Tribute))
	}},
	{reSynchro, func(p *parser, a *Action, m []string) string {
		a.Verb = vSynchro
		return firstErr(p.ref(m[1], &a.Card), p.refList(m[2], &a.Tribute))
	}},
	{reProcedure, func(p *parser, a *Action, m []string) string {
		a.Verb = vProcedure
		if m[2] != "" {
			return firstErr(p.ref(m[1], &a.Card), p.refList(m[2], &a.Choose))
		}
		return p.ref(m[1], &a.Card)
	}},
	{rePendSpell, func(p *parser, a *Action, m []string) string { a.Verb = vPendulumSpell; return p.ref(m[1], &a.Card) }},
	{rePendulum, func(p *parser, a *Action, m []string) string { a.Verb = vPendulum; return p.refList(m[1], &a.Tribute) }},
	{reRoll, func(p *parser, a *Action, m []string) string {
		a.Verb = vRoll
		a.N, _ = strconv.Atoi(m[1])
		if m[2] != "" {
			if a.TargetPlayer = p.playerIndex(m[2]) + 1; a.TargetPlayer == 0 {
				return fmt.Sprintf("there is no player %s", m[2])
			}
		}
		return ""
	}},
	{reReturnDM, func(p *parser, a *Action, m []string) string {
		a.Verb = vReturnDM
		if !reDMWord.MatchString(m[1]) {
			return p.ref(m[1], &a.Card)
		}
		return ""
	}},
	{reKeepDM, func(_ *parser, a *Action, _ []string) string { a.Verb = vKeepDM; return "" }},
	{reHandSize, func(p *parser, a *Action, m []string) string {
		a.Verb = vHandDiscard
		return p.refList(m[1], &a.Discard)
	}},
	{reAnswerDisc, func(p *parser, a *Action, m []string) string {
		a.Verb = vAnswerDiscard
		return firstErr(p.refList(m[1], &a.Discard), p.ref(stripEffect(m[2]), &a.Card))
	}},
	{reTSummonBan, func(p *parser, a *Action, m []string) string { // burial.go
		a.Verb = vTributeSummon
		return firstErr(p.ref(m[1], &a.Card), p.refList(m[2], &a.Banish))
	}},
	{reTSummon, func(p *parser, a *Action, m []string) string {
		a.Verb = vTributeSummon
		return firstErr(p.ref(m[1], &a.Card), p.refList(m[2], &a.Tribute))
	}},
	{reTSummon2, func(p *parser, a *Action, m []string) string {
		a.Verb = vTributeSummon
		return firstErr(p.ref(m[2], &a.Card), p.refList(m[1], &a.Tribute))
	}},
	{reFSummon, func(p *parser, a *Action, m []string) string { a.Verb = vFlipSummon; return p.ref(m[1], &a.Card) }},
	{reGemini, func(p *parser, a *Action, m []string) string { a.Verb = vGemini; return p.ref(m[1], &a.Card) }}, // gemini.go
	{reNSummonLP, func(p *parser, a *Action, m []string) string {
		a.Verb = vNormalSummon
		a.N, _ = strconv.Atoi(m[2])
		return p.ref(m[1], &a.Card)
	}},
	{reNSummon, func(p *parser, a *Action, m []string) string { a.Verb = vNormalSummon; return p.ref(m[1], &a.Card) }},
	{reSetAs, func(p *parser, a *Action, m []string) string { a.Verb = vSetAsSpell; return p.ref(m[1], &a.Card) }},
	{reDetachInstead, func(p *parser, a *Action, m []string) string { a.Verb = vDetachInstead; return p.ref(m[1], &a.Card) }},
	{reInstead, func(p *parser, a *Action, m []string) string {
		a.Verb = vInstead
		return firstErr(p.ref(m[1], &a.Card), p.ref(m[2], &a.Other))
	}},
	{reSet, func(p *parser, a *Action, m []string) string { a.Verb = vSet; return p.ref(m[1], &a.Card) }},
	{reDirectP, func(p *parser, a *Action, m []string) string {
		if a.TargetPlayer = p.playerIndex(m[1]) + 1; a.TargetPlayer == 0 {
			return fmt.Sprintf("there is no player %s", m[1])
		}
		a.Verb, a.Direct = vAttack, true
		return p.ref(m[2], &a.Card)
	}},
	{reDirect, func(p *parser, a *Action, m []string) string {
		a.Verb, a.Direct = vAttack, true
		return p.ref(m[1], &a.Card)
	}},
	{reNoAttack, func(p *parser, a *Action, m []string) string {
		a.Verb = vNoAttack
		if m[1] != "" {
			return p.ref(m[1], &a.Card)
		}
		return ""
	}},
	{reHasAtk, func(p *parser, a *Action, m []string) string {
		a.Verb = vAttack
		return firstErr(p.ref(m[1], &a.Card), p.attackTarget(a, m[2]))
	}},
	{reAttackW, func(p *parser, a *Action, m []string) string {
		a.Verb = vAttack
		return firstErr(p.ref(m[2], &a.Card), p.ref(m[1], &a.Other))
	}},
	{rePhase, func(_ *parser, a *Action, m []string) string {
		a.Verb, a.Declare = vPhase, string(phaseNames[strings.ToLower(m[1])])
		return ""
	}},
	{reEndBP, func(_ *parser, a *Action, _ []string) string {
		a.Verb, a.Declare = vPhase, string(phaseMain2)
		return ""
	}},
	{reEndTurn, func(_ *parser, a *Action, _ []string) string { a.Verb = vEndTurn; return "" }},
	{reOrder, func(p *parser, a *Action, m []string) string { a.Verb = vOrder; return p.refList(m[1], &a.Order) }},
	{rePlaces, func(p *parser, a *Action, m []string) string {
		a.Verb = vOrder
		return firstErr(p.refList(stripEffect(m[1]), &a.Order), p.refList(stripEffect(m[2]), &a.Order))
	}},
	{rePay, func(p *parser, a *Action, m []string) string {
		a.Verb = vPay
		if m[1] != "" {
			a.N, _ = strconv.Atoi(m[1])
		}
		return p.ref(stripEffect(m[2]), &a.Card)
	}},
	{reNoPay, func(p *parser, a *Action, m []string) string {
		a.Verb = vNoPay
		return p.ref(stripEffect(m[1]), &a.Card)
	}},
	{rePosition, func(p *parser, a *Action, m []string) string {
		a.Verb, a.Declare = vPosition, strings.ToLower(m[2])
		return p.ref(m[1], &a.Card)
	}},
	{reTargets, func(p *parser, a *Action, m []string) string {
		a.Verb = vChooseTarget
		return firstErr(p.ref(m[2], &a.Card), p.refList(m[1], &a.Targets))
	}},
	{reActivate, func(p *parser, a *Action, m []string) string {
		a.Verb = vActivate
		a.Chain = strings.HasPrefix(strings.ToLower(m[1]), "chain")
		return p.activation(a, m[2])
	}},
}

// readDraw reads "A draws", "A draws two cards", "A draws 3 cards".
func readDraw(_ *parser, a *Action, m []string) string {
	a.Verb, a.N = vDraw, 1
	switch strings.ToLower(m[1]) {
	case "", "a", "one":
	case "two":
		a.N = 2
	case "three":
		a.N = 3
	default:
		a.N, _ = strconv.Atoi(m[1])
	}
	if a.N < 1 || a.N > 60 {
		return "a player draws from 1 to 60 cards"
	}
	return ""
}

func firstErr(es ...string) string {
	for _, e := range es {
		if e != "" {
			return e
		}
	}
	return ""
}

func stripEffect(s string) string {
	s = strings.TrimSpace(s)
	for _, suf := range []string{"'s effect", "’s effect", "'s maintenance cost", "'s maintenance", "'s trigger", "'s", "’s"} {
		if strings.HasSuffix(strings.ToLower(s), suf) {
			return strings.TrimSpace(s[:len(s)-len(suf)])
		}
	}
	return s
}

func (p *parser) attackTarget(a *Action, s string) string {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "directly") || strings.EqualFold(s, "the opponent directly") {
		a.Direct = true
		return ""
	}
	return p.ref(s, &a.Other)
}

var clauseWords = []string{
	"and uses its effect", "and using its effect", "using its effect", "and uses it at once",
	"targeting", "discarding", "tributing", "banishing", "returning", "declaring", "special summoning", "searching for", "searching",
	"adding", "paying", "fusing", "removing", "setting", "choosing", "selecting", "to destroy", "on",
	"before", "using priority", "with priority", "in response", "as chain link", "for the cost", "as a cost", "from",
	"declining",
}

// activation parses "Call of the Haunted, Special Summoning Dark Magician",
// "Tribe-Infecting Virus, discarding Sangan, declaring Warrior, before B responds".
func (p *parser) activation(a *Action, s string) string {
	ref, rest, ok := p.matchCard(s)
	if !ok {
		return unknownCard(p.cat, cutClause(s))
	}
	a.Card = ref
	if why := ref.Card.refusedUse(); why != "" {
		return why
	}
	rest = strings.TrimSpace(rest)
	rest = strings.TrimPrefix(strings.TrimPrefix(rest, "'s effect"), "’s effect")
	rest = strings.TrimPrefix(strings.TrimPrefix(rest, "'s"), "’s")
	for _, cl := range splitClauses(rest) {
		if err := p.activationClause(a, cl[0], strings.TrimSpace(cl[1])); err != "" {
			return err
		}
	}
	return ""
}

// handOrDeckTails are the words after a card chosen to go to the hand or
// come from a pile, which the line may add.
var handOrDeckTails = []string{"to the hand", "to his hand", "to her hand", "to their hand", "from the deck", "from his deck", "from the graveyard"}

// activationClause reads one clause after the activated card: its targets,
// costs, declarations, choices and priority.
func (p *parser) activationClause(a *Action, kw, arg string) string {
	if err, ok := p.costClause(a, kw, arg); ok {
		return err
	}
	switch kw {
	case "targeting", "to destroy", "on":
		if pi := p.playerIndex(arg); pi >= 0 && len(strings.Fields(arg)) <= 2 {
			a.TargetPlayer = pi + 1
			return ""
		}
		return p.refList(arg, &a.Targets)
	case "declaring":
		a.Declare = strings.TrimSpace(arg)
	case "choosing", "selecting":
		if l := choiceLabel(a.Card.Card, arg); l != "" {
			a.Branch = l
			return ""
		}
		if pi := p.playerIndex(arg); pi >= 0 && len(strings.Fields(arg)) <= 2 {
			a.ChoosePlayer = pi + 1
			return ""
		}
		return p.refList(trimTail(arg, handOrDeckTails...), &a.Choose)
	case "special summoning", "searching for", "searching", "adding", "setting":
		return p.refList(trimTail(arg, handOrDeckTails...), &a.Choose)
	case "declining": // optional.go
		a.Decline = true
	case "before", "using priority", "with priority":
		a.Before = true
	case "and uses its effect", "and using its effect", "using its effect", "and uses it at once":
		a.UseEffect = true
	case "removing", "in response", "as chain link", "for the cost", "as a cost", "from":
	case "":
		if strings.TrimSpace(arg) != "" {
			return fmt.Sprintf("cannot read %q after %s", arg, a.Card.Card.Name)
		}
	}
	return ""
}

// costClause reads a clause that names what a cost takes (discarding,
// returning, tributing, banishing, fusing, paying); ok is false for
// another clause.
func (p *parser) costClause(a *Action, kw, arg string) (err string, ok bool) {
	switch kw {
	case "discarding":
		return p.refList(trimTail(arg, "for the cost", "as a cost", "as the cost"), &a.Discard), true
	case "returning": // a card from the hand to the top of the Deck, as a cost
		return p.refList(trimTail(arg, "to the top of the deck", "to the top of his deck", "to the top of her deck", "to the top of their deck"), &a.Discard), true
	case "tributing", "banishing":
		return p.refList(trimTail(arg, "for the cost", "as a cost", "from the graveyard"), &a.Tribute), true
	case "fusing":
		return p.refList(arg, &a.Fuse), true
	case "paying":
		if v := strings.Fields(arg); len(v) > 0 {
			if k, e := strconv.Atoi(v[0]); e == nil {
				a.N = k
			}
		}
		return "", true
	}
	return "", false
}

func trimTail(s string, tails ...string) string {
	s = strings.TrimSpace(s)
	for _, t := range tails {
		if strings.HasSuffix(strings.ToLower(s), t) {
			s = strings.TrimSpace(s[:len(s)-len(t)])
		}
	}
	return s
}

// splitClauses cuts "…, targeting X, discarding Y before B responds" into
// keyword/argument pairs. Text before the first keyword has keyword "".
func splitClauses(s string) [][2]string {
	low := strings.ToLower(s)
	type hit struct{ at, end int }
	var hits []hit
	var kws []string
	for i := 0; i < len(low); i++ {
		if i > 0 && isWordChar(low[i-1]) {
			continue
		}
		for _, kw := range clauseWords {
			if strings.HasPrefix(low[i:], kw) && (i+len(kw) == len(low) || !isWordChar(low[i+len(kw)])) {
				hits = append(hits, hit{i, i + len(kw)})
				kws = append(kws, kw)
				i += len(kw) - 1
				break
			}
		}
	}
	var out [][2]string
	prevEnd, prevKw := 0, ""
	for i, h := range hits {
		arg := strings.Trim(strings.TrimSpace(s[prevEnd:h.at]), ",")
		if i > 0 || strings.TrimSpace(arg) != "" {
			out = append(out, [2]string{prevKw, arg})
		}
		prevEnd, prevKw = h.end, kws[i]
	}
	out = append(out, [2]string{prevKw, strings.Trim(strings.TrimSpace(s[prevEnd:]), ",")})
	return out
}

func isWordChar(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-' || b == '\''
}

func cutClause(s string) string {
	low := strings.ToLower(s)
	end := len(s)
	for _, kw := range clauseWords {
		if i := strings.Index(low, " "+kw+" "); i >= 0 && i < end {
			end = i
		}
	}
	if i := strings.Index(s, ","); i >= 0 && i < end {
		end = i
	}
	return strings.TrimSpace(s[:end])
}

// ref parses exactly one card reference.
func (p *parser) ref(s string, dst **CardRef) string {
	r, rest, ok := p.matchCard(s)
	if !ok {
		return unknownCard(p.cat, stripEffect(cutClause(stripQuals(s))))
	}
	if rest = strings.TrimSpace(rest); rest != "" && !ignorableTail(rest) {
		return fmt.Sprintf("cannot read %q after %s", rest, r.Card.Name)
	}
	*dst = r
	return ""
}

func ignorableTail(s string) bool {
	s = strings.ToLower(strings.Trim(s, " ,"))
	for _, t := range []string{"'s effect", "’s effect", "'s", "’s", "face-down", "face-up", "in attack position", "in defense position", "in face-down defense position", "from the graveyard", "from his graveyard", "from her graveyard", "from their graveyard", "from the hand", "from his hand", "from her hand", "from their hand", "for the cost", "as a cost",
		"from the deck master zone", "from his deck master zone", "from her deck master zone", "from their deck master zone", "from the extra deck", "from his extra deck"} {
		if s == t {
			return true
		}
	}
	return false
}

// refList parses "Sangan and Mystic Tomato" or "X, Y".
func (p *parser) refList(s string, dst *[]*CardRef) string {
	s = strings.TrimSpace(s)
	for s != "" {
		r, rest, ok := p.matchCard(s)
		if !ok {
			return unknownCard(p.cat, stripEffect(cutClause(stripQuals(s))))
		}
		*dst = append(*dst, r)
		rest = strings.TrimSpace(rest)
		rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(rest, "'s effect"), "'s"))
		low := strings.ToLower(rest)
		switch {
		case rest == "":
			return ""
		case strings.HasPrefix(low, ","):
			rest = strings.TrimSpace(rest[1:])
			if strings.HasPrefix(strings.ToLower(rest), "and ") {
				rest = rest[4:]
			}
		case strings.HasPrefix(low, "and "):
			rest = rest[4:]
		case strings.HasPrefix(low, "then "):
			rest = rest[5:]
		default:
			if ignorableTail(rest) {
				return ""
			}
			return fmt.Sprintf("cannot read %q after %s", rest, r.Card.Name)
		}
		s = strings.TrimSpace(rest)
	}
	return ""
}

var qualWords = []string{
	"player a's", "player b's", "a's", "b's", "his", "her", "their", "its", "the", "a", "an", "set", "face-up", "face-down",
	"another", "second", "other", "own", "your", "opponent's", "copy of", "first", "new", "newly summoned", "now",
}

func stripQuals(s string) string {
	s = strings.TrimSpace(s)
	for changed := true; changed; {
		changed = false
		low := strings.ToLower(s)
		for _, q := range qualWords {
			if strings.HasPrefix(low, q+" ") {
				s = strings.TrimSpace(s[len(q)+1:])
				changed = true
				break
			}
		}
	}
	return s
}

// matchCard reads the longest card name at the start of s, after optional
// qualifiers ("B's set Cross Counter"). It returns the reference and the
// unread rest.
func (p *parser) matchCard(s string) (*CardRef, string, bool) {
	s = strings.TrimSpace(strings.Trim(s, `"“”`))
	ref := &CardRef{Player: -1}
	cur := s
	for round := 0; round < 8; round++ {
		if c, rest, ok := p.longestName(cur); ok {
			ref.Card, ref.Text = c, strings.TrimSpace(s[:len(s)-len(rest)])
			return ref, rest, true
		}
		low := strings.ToLower(cur)
		if m := rePossessive.FindStringSubmatch(cur); m != nil && p.playerIndex(m[1]) >= 0 {
			ref.Player = p.playerIndex(m[1])
			cur = strings.TrimSpace(cur[len(m[0]):])
			continue
		}
		stripped := false
		for _, q := range qualWords {
			if strings.HasPrefix(low, q+" ") {
				switch q {
				case "set", "face-up", "face-down", "second", "another", "other", "first":
					if ref.Quals != "" {
						ref.Quals += " "
					}
					ref.Quals += q
				}
				cur = strings.TrimSpace(cur[len(q)+1:])
				stripped = true
				break
			}
		}
		if !stripped {
			return nil, s, false
		}
	}
	return nil, s, false
}

// longestName finds the longest prefix of s (by words, up to 10) that is a
// card name or alias, ignoring quotes and a possessive "'s".
func (p *parser) longestName(s string) (*Card, string, bool) {
	words := strings.Fields(s)
	if len(words) > 10 {
		words = words[:10]
	}
	for k := len(words); k >= 1; k-- {
		cand := strings.Join(words[:k], " ")
		raw := cand
		cand = strings.Trim(cand, `"“”,.;:`)
		for _, suf := range []string{"'s", "’s"} {
			if c, ok := p.cat.Lookup(cand); ok {
				return c, restAfter(s, raw), true
			}
			if strings.HasSuffix(cand, suf) {
				cand = strings.TrimSuffix(cand, suf)
				if c, ok := p.cat.Lookup(cand); ok {
					// keep the possessive in the rest so callers see "'s effect"
					return c, "'s" + restAfter(s, raw), true
				}
			}
		}
		if c, ok := p.cat.Lookup(cand); ok {
			return c, restAfter(s, raw), true
		}
	}
	return nil, s, false
}

// restAfter returns s after its prefix made of the words in raw, keeping a
// trailing comma or period of the last word in the rest.
func restAfter(s, raw string) string {
	words := strings.Fields(raw)
	i := 0
	for _, w := range words {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return ""
		}
		i += j + len(w)
	}
	last := words[len(words)-1]
	trimmed := strings.TrimRight(last, `"“”,.;:`)
	if cut := len(last) - len(trimmed); cut > 0 {
		i -= cut
	}
	// Keep closing quotes out of the rest.
	rest := s[i:]
	rest = strings.TrimLeft(rest, `"“”`)
	return rest
}
