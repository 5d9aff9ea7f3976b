package rulings

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Limits that keep a hostile scenario small.
const (
	maxScenarioBytes = 64 << 10
	maxScenarioLines = 2000
	maxZoneCards     = 200 // copies in one "N cards" or "Nx" item (the zone's own cap is smaller: see budget.go)
	maxFieldZone     = 5   // Monster Zones and Spell & Trap Zones per player
)

// ParseError is a mistake in a scenario file, with its line.
type ParseError struct {
	Line int    `json:"line"`
	Msg  string `json:"msg"`
}

func (e *ParseError) Error() string {
	if e.Line <= 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// ParseErrors is every mistake found in one scenario file.
type ParseErrors []*ParseError

func (es ParseErrors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Scenario is a parsed scenario file: an initial duel state, a script of
// actions and optional expectations.
type Scenario struct {
	Name       string   `json:"name"`
	Title      string   `json:"title"`
	Example    string   `json:"example,omitempty"` // "goat-03#example-1"
	Formats    []string `json:"formats"`
	Notes      string   `json:"notes,omitempty"`
	Turn       int      `json:"-"` // turn player: 0 = A, 1 = B
	TurnNumber int      `json:"turn_number"`
	Phase      string   `json:"phase"`
	Players    []Setup  `json:"-"` // in seating order, which is also the turn order of the first round
	// Names are the players' names in seating order: "A", "B" by default;
	// "players: A, B, C, D"; or team players "A1", "B1", … ("teams:").
	Names []string `json:"players"`
	// Teams lists each team's players (indices into Names) in the team's
	// own order; nil when there are no teams.
	Teams   [][]int   `json:"teams,omitempty"`
	Actions []*Action `json:"-"`
	Expects []*Expect `json:"-"`
	Source  []string  `json:"-"` // the file's lines, for verdict texts
	// Match is the duel wins each player had before this duel ("match: A 1,
	// B 0"); nil when the scenario does not play a match. ExtraDuel marks
	// the Goat extra duel that settles a match with level wins.
	Match     map[string]int `json:"match,omitempty"`
	ExtraDuel bool           `json:"extra_duel,omitempty"`
	// Limits is the scenario's Forbidden & Limited list: the most copies of
	// a card a Deck may hold ("limited: D.D. Warrior Lady"); 3 otherwise.
	Limits map[string]int `json:"limits,omitempty"`
	cat    *Catalogue     `json:"-"`
}

// TurnPlayer is "A" or "B".
func (s *Scenario) TurnPlayer() string {
	if s.Turn >= 0 && s.Turn < len(s.Names) {
		return s.Names[s.Turn]
	}
	return playerName(s.Turn)
}

// Setup is one player's starting position.
type Setup struct {
	LP       int
	LPLine   int
	Hand     []CardSpec
	Deck     []CardSpec // top card first
	GY       []CardSpec
	Banished []CardSpec
	Monsters []CardSpec
	Spells   []CardSpec
	Field    []CardSpec // at most one
	Extra    []CardSpec // the Extra Deck
	// DeckMaster is the player's Deck Master (Domain), in its zone.
	DeckMaster []CardSpec
}

// CardSpec is one card in a starting zone. Card is nil for an anonymous
// card ("5 cards").
type CardSpec struct {
	Card     *Card
	Line     int
	FaceDown bool
	Defense  bool
	Counters int
	ATK, DEF int // overrides, 0 = printed
	Owner    int // -1: the player whose zone it is
	SetTurn  bool
	Summoned bool   // Summoned this turn
	EquipTo  string // an equip card's monster, by name ("equipped to Opticlops")
	TrapMon  bool   // a Trap Card that starts as a Trap Monster in a Monster Zone
	Returns  int    // a Deck Master: times it has already gone back to its zone
	IsDM     bool   // the player's Deck Master, starting outside its zone ("deck master")
	Pendulum bool   // a Pendulum Monster in a Pendulum Zone ("pendulum", among the Spells & Traps)
	Special  bool   // a monster that was Special Summoned ("special summoned")
	Zone     int    // the zone it starts in: "column 3" (1-5), "extra monster zone" (link.go)
}

// Expect is an expectation line: a query, its wanted answer and the formats
// it applies to (none: every format of the file).
type Expect struct {
	Line    int
	Formats []string
	Query   string
	Want    string
}

// Action is one line of the script.
type Action struct {
	Line    int
	Text    string
	Timing  string // Damage Step timing id named by a prefix ("calc"), or ""
	Player  int    // 0, 1; -1 for "both" or none
	Verb    string
	Resp    *CardRef // "in response to X,": wait for X's effect to be on the chain
	Card    *CardRef // the card acted with
	Other   *CardRef // attack target, or the Tribute Summoned monster's tributes' first
	Refs    []*CardRef
	Targets []*CardRef
	Discard []*CardRef
	Tribute []*CardRef
	Choose  []*CardRef // searched / Special Summoned / set choices
	Order   []*CardRef
	Declare string
	N       int
	Direct  bool
	Before  bool // "before B responds": uses priority
	Chain   bool // "chains": asserts there is a chain to add to
	// UseEffect: "… and uses its effect": a Set Continuous Trap is activated
	// and its Ignition-like effect used at the same time.
	UseEffect bool
	// Branch is the choice of a choose-one effect the line names
	// ("choosing mill"), by its label (choice.go).
	Branch string
	// TargetPlayer is the player an effect targets ("targeting C"), plus
	// 1; 0 when none is named.
	TargetPlayer int
	// ChoosePlayer is the opponent an effect chooses without targeting
	// ("choosing C": chosenopp.go), plus 1; 0 when none is named.
	ChoosePlayer int
	// Fuse are the Fusion Materials a line names ("fusing X and Y":
	// fusionmats.go).
	Fuse []*CardRef
	// Decline: "declining …": the effect's optional "then you can" part is
	// not used (optional.go).
	Decline bool
	// Banish are the monsters a Tribute Summon banishes from the
	// Graveyards instead of Tributing ("banishing X and Y": burial.go).
	Banish []*CardRef
}

// CardRef names a card in an action, optionally with its controller.
type CardRef struct {
	Card   *Card
	Player int    // -1 when not given
	Quals  string // "set", "face-up", "second", ...
	Text   string
}

func (r *CardRef) String() string {
	if r == nil {
		return ""
	}
	if r.Player >= 0 {
		return playerName(r.Player) + "'s " + r.Card.Name
	}
	return r.Card.Name
}

// playerName is the default name of seat p: "A", "B", "C", …
func playerName(p int) string {
	if p >= 0 && p < 6 {
		return string(rune('A' + p))
	}
	return ""
}

var (
	reHeader   = regexp.MustCompile(`(?i)^(title|example|formats?|turn|turn number|phase|notes?|limited|semi-limited|forbidden|players|teams|match|duel)\s*:\s*(.*)$`)
	reSetup    = regexp.MustCompile(`(?i)^(?:player\s+)?([a-f][1-9]?)(?:'s)?\s+(lp|life points|hand|deck master|deck|extra deck|monsters?|monster zones?|spells?(?:\s*(?:/|&|and)\s*traps?)?(?:\s+zones?)?|traps?|field(?:\s+(?:zone|spell))?|graveyard|gy|banished)\s*:\s*(.*)$`)
	reExpect   = regexp.MustCompile(`(?i)^expect\s+(.*)$`)
	reBullet   = regexp.MustCompile(`^(?:\d+[.)]|[-*•])\s+`)
	reCount    = regexp.MustCompile(`(?i)^(\d+)\s+cards?$`)
	reTimes    = regexp.MustCompile(`(?i)^(\d+)\s*x\s+(.+)$|^(.+?)\s+x\s*(\d+)$`)
	reParen    = regexp.MustCompile(`^(.*?)\s*\(([^()]*)\)\s*$`)
	reTimingPf = regexp.MustCompile(`(?i)^(at the start of the damage step|at start of the damage step|at the flip timing|when the target is flipped|before damage calculation|during damage calculation|at damage calculation|after damage calculation|at the resolve effects timing|at resolve effects|during resolve effects|at the end of the damage step)\s*[,:]?\s+`)
)

var timingPrefix = map[string]string{
	"at the start of the damage step": "start", "at start of the damage step": "start",
	"at the flip timing": "flip", "when the target is flipped": "flip",
	"before damage calculation": "before", "during damage calculation": "calc", "at damage calculation": "calc",
	"after damage calculation": "after", "at the resolve effects timing": "resolve", "at resolve effects": "resolve",
	"during resolve effects": "resolve", "at the end of the damage step": "end",
}

var phaseNames = map[string]phase{
	"draw": phaseDraw, "draw phase": phaseDraw, "standby": phaseStandby, "standby phase": phaseStandby,
	"main 1": phaseMain1, "main phase 1": phaseMain1, "main1": phaseMain1, "main phase": phaseMain1,
	"battle": phaseBattle, "battle phase": phaseBattle, "main 2": phaseMain2, "main phase 2": phaseMain2, "main2": phaseMain2,
	"end": phaseEnd, "end phase": phaseEnd,
}

// ParseScenario parses a scenario file. cat resolves card names; when nil,
// the embedded catalogue is used. The error is a *ParseError, or
// ParseErrors when there are several.
func ParseScenario(name string, src []byte, cat *Catalogue) (*Scenario, error) {
	if cat == nil {
		var err error
		if cat, err = DefaultCatalogue(); err != nil {
			return nil, err
		}
	}
	if len(src) > maxScenarioBytes {
		return nil, &ParseError{Msg: fmt.Sprintf("scenario is %d bytes; the limit is %d", len(src), maxScenarioBytes)}
	}
	text := strings.ReplaceAll(string(src), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	if len(lines) > maxScenarioLines {
		return nil, &ParseError{Msg: fmt.Sprintf("scenario has %d lines; the limit is %d", len(lines), maxScenarioLines)}
	}
	p := &parser{s: &Scenario{Name: name, TurnNumber: 3, Phase: "main1", Source: lines, cat: cat}, cat: cat}
	p.setPlayers([]string{"A", "B"})
	p.s.Turn = -1
	for i, raw := range lines {
		p.line(i+1, raw)
		if len(p.errs) >= 20 {
			break
		}
	}
	p.finish()
	switch len(p.errs) {
	case 0:
		return p.s, nil
	case 1:
		return nil, p.errs[0]
	}
	return nil, p.errs
}

type parser struct {
	s              *Scenario
	cat            *Catalogue
	errs           ParseErrors
	inActions      bool
	seen           map[string]int
	turnName       string
	turnLine       int
	seenTurnNumber bool
	setupSeen      bool
	tooLong        bool // the script passed maxScriptAction (said once)
}

func (p *parser) errf(line int, format string, args ...any) {
	p.errs = append(p.errs, &ParseError{Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) line(n int, raw string) {
	line := strings.TrimSpace(raw)
	if i := strings.Index(line, " #"); i >= 0 && !strings.HasPrefix(line, "expect") {
		line = strings.TrimSpace(line[:i])
	}
	if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "//") {
		return
	}
	if strings.EqualFold(line, "actions:") || strings.EqualFold(line, "script:") {
		p.inActions = true
		return
	}
	if m := reExpect.FindStringSubmatch(line); m != nil {
		p.expect(n, m[1])
		return
	}
	if m := reHeader.FindStringSubmatch(line); m != nil {
		if p.inActions {
			p.errf(n, "%q belongs in the header, before the first action", strings.ToLower(m[1])+":")
			return
		}
		p.header(n, strings.ToLower(m[1]), strings.TrimSpace(m[2]))
		return
	}
	if m := reSetup.FindStringSubmatch(line); m != nil {
		if p.inActions {
			p.errf(n, "starting zones belong before the first action")
			return
		}
		p.setup(n, m[1], strings.ToLower(m[2]), strings.TrimSpace(m[3]))
		return
	}
	p.inActions = true
	if len(p.s.Actions) >= maxScriptAction {
		if !p.tooLong {
			p.errf(n, "a script holds at most %d actions (more than a ruling needs); this is action %d", maxScriptAction, maxScriptAction+1)
		}
		p.tooLong = true
		return
	}
	a, err := p.action(n, line)
	if err != "" {
		p.errf(n, "%s", err)
		return
	}
	p.s.Actions = append(p.s.Actions, a)
}

// header reads one header line (`key: val`); each key may be given once.
func (p *parser) header(n int, key, val string) {
	if p.seen == nil {
		p.seen = map[string]int{}
	}
	if prev, ok := p.seen[key]; ok {
		p.errf(n, "%s: is already given on line %d", key, prev)
		return
	}
	p.seen[key] = n
	switch key {
	case "title":
		p.s.Title = val
	case "notes", "note":
		p.s.Notes = val
	case "example":
		if !regexp.MustCompile(`^[a-z0-9-]+(#[a-z0-9-]+)?$`).MatchString(val) {
			p.errf(n, "example %q is not a rule page id with an optional #anchor (goat-03#example-1)", val)
		}
		p.s.Example = val
	case "format", "formats":
		p.formatsHeader(n, val)
	case "turn":
		p.turnName, p.turnLine = strings.ToUpper(strings.TrimSpace(strings.TrimPrefix(strings.ToLower(val), "player "))), n
	case "players":
		p.playersHeader(n, val)
	case "teams":
		p.teamsHeader(n, val)
	case "turn number":
		p.turnNumberHeader(n, val)
	case "match":
		p.matchHeader(n, val)
	case "duel":
		if !strings.EqualFold(val, "extra") {
			p.errf(n, "duel: the only kind is \"extra\" (the Goat extra duel that settles a match), not %q", val)
			return
		}
		p.s.ExtraDuel = true
	case "limited", "semi-limited", "forbidden":
		p.limitsHeader(n, key, val)
	case "phase":
		ph, ok := phaseNames[strings.ToLower(val)]
		if !ok {
			p.errf(n, "phase: %q is not draw, standby, main 1, battle, main 2 or end", val)
			return
		}
		p.s.Phase = string(ph)
	}
}

// formatsHeader reads `formats: goat, hat`.
func (p *parser) formatsHeader(n int, val string) {
	for _, f := range splitList(val) {
		pr, ok := ProfileByID(f)
		if !ok {
			p.errf(n, "unknown format %q (known: %s)", f, strings.Join(FormatIDs(), ", "))
			continue
		}
		if !slices.Contains(p.s.Formats, pr.ID) {
			p.s.Formats = append(p.s.Formats, pr.ID)
		}
	}
}

// turnNumberHeader reads `turn number: 3`.
func (p *parser) turnNumberHeader(n int, val string) {
	p.seenTurnNumber = true
	v, err := strconv.Atoi(val)
	if err != nil || v < 1 || v > 999 {
		p.errf(n, "turn number: must be a number from 1, not %q", val)
		return
	}
	p.s.TurnNumber = v
}

// matchHeader reads `match: A 1, B 0`, each player's duel wins so far.
func (p *parser) matchHeader(n int, val string) {
	p.s.Match = map[string]int{}
	for _, part := range splitTop(val) {
		f := strings.Fields(part)
		v := -1
		if len(f) == 2 {
			v, _ = strconv.Atoi(f[1])
		}
		if len(f) != 2 || v < 0 || v > 2 || !reName.MatchString(f[0]) {
			p.errf(n, "match: list each player's duel wins so far, like \"A 1, B 0\" (0 to 2), not %q", strings.TrimSpace(part))
			return
		}
		p.s.Match[strings.ToUpper(f[0])] = v
	}
}

// limitsHeader reads `limited:`, `semi-limited:` or `forbidden:` and the
// cards the scenario puts under that limit.
func (p *parser) limitsHeader(n int, key, val string) {
	most := map[string]int{"limited": 1, "semi-limited": 2, "forbidden": 0}[key]
	if p.s.Limits == nil {
		p.s.Limits = map[string]int{}
	}
	for _, name := range splitTop(val) {
		c, ok := p.cat.Lookup(strings.TrimSpace(name))
		if !ok {
			p.errf(n, "%s", unknownCard(p.cat, name))
			continue
		}
		p.s.Limits[c.Name] = most
	}
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// setup reads one starting-position line: a player's LP, or the cards in
// one of their piles or zones.
func (p *parser) setup(n int, who, zone, val string) {
	pi := p.playerIndex(who)
	if pi < 0 {
		p.errf(n, "there is no player %s (the players are %s)", strings.ToUpper(who), strings.Join(p.s.Names, ", "))
		return
	}
	st := &p.s.Players[pi]
	if zone == "lp" || zone == "life points" {
		v, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.ToLower(val), "lp")))
		if err != nil || v < 0 || v > 1000000 {
			p.errf(n, "LP must be a number from 0 to 1000000, not %q", val)
			return
		}
		st.LP, st.LPLine = v, n
		return
	}
	p.setupSeen = true
	specs := p.cardList(n, val)
	dst, limit, zoneName := startZone(st, zone)
	if len(*dst) > 0 {
		p.errf(n, "%s's %s are already listed", playerName(pi), zoneName)
		return
	}
	if len(specs) > limit {
		p.errf(n, "%s's %s: at most %d cards here (more than a real duel needs), not %d", playerName(pi), zoneName, limit, len(specs))
		return
	}
	for _, sp := range specs {
		if sp.Card == nil {
			if dst != &st.Hand && dst != &st.Deck {
				p.errf(n, "only a hand or a Deck may hold unnamed cards")
				return
			}
			continue
		}
		p.checkStartCard(n, pi, st, dst, sp)
	}
	*dst = specs
}

// startZone is the list a setup line's zone fills, how many cards it may
// hold, and its name for errors.
func startZone(st *Setup, zone string) (*[]CardSpec, int, string) {
	switch {
	case zone == "hand":
		return &st.Hand, maxHandCards, zone
	case zone == "deck":
		return &st.Deck, maxPileCards, "Deck"
	case zone == "graveyard" || zone == "gy":
		return &st.GY, maxPileCards, "Graveyard"
	case zone == "banished":
		return &st.Banished, maxPileCards, "banished cards"
	case zone == "extra deck":
		return &st.Extra, maxExtraCards, "Extra Deck"
	case zone == "deck master":
		return &st.DeckMaster, 1, "Deck Master Zone"
	case strings.HasPrefix(zone, "monster"):
		return &st.Monsters, maxFieldZone, "Monster Zones"
	case strings.HasPrefix(zone, "field"):
		return &st.Field, 1, "Field Zone"
	}
	return &st.Spells, maxFieldZone, "Spell & Trap Zones"
}

// checkStartCard reports a named starting card that cannot be where the
// line puts it, or that the engine cannot have face-up on the field.
func (p *parser) checkStartCard(n, pi int, st *Setup, dst *[]CardSpec, sp CardSpec) {
	c := sp.Card
	switch {
	case dst == &st.Monsters && !c.IsMonster() && !sp.TrapMon:
		p.errf(n, "%s is not a monster, so it cannot be in a Monster Zone (a Trap Monster says \"(trap monster)\")", c.Name)
	case dst == &st.Spells && sp.Pendulum && !c.Has(SubPendulum):
		p.errf(n, "%s is not a Pendulum Monster, so it cannot start in a Pendulum Zone", c.Name)
	case dst == &st.Spells && c.IsMonster() && sp.EquipTo == "" && !sp.Pendulum:
		p.errf(n, "%s is a monster, so it cannot be in a Spell & Trap Zone (unless it is equipped: add \"(equipped to <monster>)\")", c.Name)
	case dst == &st.Spells && c.Has(SubField):
		p.errf(n, "%s is a Field Spell: list it under \"%s field:\"", c.Name, playerName(pi))
	case dst == &st.DeckMaster && !c.IsMonster():
		p.errf(n, "%s is not a monster: a Deck Master is a monster card", c.Name)
	case dst == &st.Field && !c.Has(SubField):
		p.errf(n, "%s is not a Field Spell", c.Name)
	}
	if (dst == &st.Monsters || dst == &st.Spells || dst == &st.Field) && !sp.FaceDown {
		if why := c.refusedOnField(); why != "" {
			p.errf(n, "%s", why)
		}
	}
}

// cardList parses "Sangan, 2x Pot of Greed, Dark Magician (set), 5 cards".
func (p *parser) cardList(n int, val string) []CardSpec {
	if strings.EqualFold(val, "none") || strings.EqualFold(val, "empty") || val == "-" || val == "" {
		return nil
	}
	parts := splitTop(val)
	var out []CardSpec
	for i := 0; i < len(parts); i++ {
		part := strings.TrimSpace(parts[i])
		if part == "" {
			continue
		}
		if m := reCount.FindStringSubmatch(part); m != nil {
			k, _ := strconv.Atoi(m[1])
			if k > maxZoneCards {
				p.errf(n, "%d cards is more than the limit of %d", k, maxZoneCards)
				return nil
			}
			for j := 0; j < k; j++ {
				out = append(out, CardSpec{Line: n, Owner: -1})
			}
			continue
		}
		count, part := copiesOf(part)
		if count < 1 || count > maxZoneCards {
			p.errf(n, "%d copies is out of range", count)
			return nil
		}
		opts := ""
		if m := reParen.FindStringSubmatch(part); m != nil {
			part, opts = m[1], m[2]
		}
		c, opts, next, ok := p.lookupSpanning(parts, i, part, opts)
		if !ok {
			p.errf(n, "%s", unknownCard(p.cat, part))
			continue
		}
		i = next
		sp := CardSpec{Card: c, Line: n, Owner: -1}
		if err := applyOpts(&sp, opts); err != "" {
			p.errf(n, "%s: %s", c.Name, err)
		}
		for j := 0; j < count; j++ {
			out = append(out, sp)
		}
	}
	return out
}

// copiesOf reads "2x Pot of Greed" or "Pot of Greed x2": the number of
// copies (1 when none is given) and the rest.
func copiesOf(part string) (int, string) {
	m := reTimes.FindStringSubmatch(part)
	if m == nil {
		return 1, part
	}
	if m[1] != "" {
		count, _ := strconv.Atoi(m[1])
		return count, m[2]
	}
	count, _ := strconv.Atoi(m[4])
	return count, m[3]
}

// lookupSpanning finds the card named by part i (its name without its
// "(options)"); a name with a comma ("Ryko, Lightsworn Hunter") spans up to
// 3 more parts, and then opts are the last part's and next is its index.
func (p *parser) lookupSpanning(parts []string, i int, name, opts string) (c *Card, _ string, next int, ok bool) {
	next = i
	c, ok = p.cat.Lookup(name)
	for j := i + 1; !ok && j < len(parts) && j < i+4; j++ {
		joined := strings.Join(parts[i:j+1], ",")
		jo := ""
		if m := reParen.FindStringSubmatch(joined); m != nil {
			joined, jo = m[1], m[2]
		}
		if c2, ok2 := p.cat.Lookup(joined); ok2 {
			c, ok, opts, next = c2, true, jo, j
		}
	}
	return c, opts, next, ok
}

// splitTop splits on commas outside parentheses.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

func applyOpts(sp *CardSpec, opts string) string {
	for _, o := range strings.Split(opts, ",") {
		o = strings.ToLower(strings.TrimSpace(o))
		var v int
		switch {
		case o == "":
		case o == "set" || o == "face-down" || o == "face-down defense" || o == "facedown":
			sp.FaceDown = true
			sp.Defense = sp.Card.IsMonster()
		case o == "face-up" || o == "attack" || o == "face-up attack" || o == "attack position":
			sp.FaceDown, sp.Defense = false, false
		case o == "defense" || o == "face-up defense" || o == "defense position":
			sp.Defense = true
		case o == "set this turn":
			sp.FaceDown, sp.SetTurn = true, true
			sp.Defense = sp.Card.IsMonster()
		case o == "summoned this turn":
			sp.Summoned = true
		case o == "owned by a":
			sp.Owner = 0
		case o == "owned by b":
			sp.Owner = 1
		case scanInt(o, "returned ", &v) || strings.HasSuffix(o, " returns") && scanInt(strings.TrimSuffix(o, " returns"), "", &v):
			sp.Returns = v
		case o == "deck master":
			sp.IsDM = true
		case o == "trap monster":
			sp.TrapMon = true
		case o == "special summoned":
			sp.Special = true
		case scanInt(o, "column ", &v) && v >= 1 && v <= maxFieldZone:
			sp.Zone = v
		case o == "extra monster zone" || o == "left extra monster zone":
			sp.Zone = emzLeft
		case o == "right extra monster zone":
			sp.Zone = emzRight
		case o == "pendulum" || o == "pendulum zone":
			sp.Pendulum = true
		case strings.HasPrefix(o, "equipped to "):
			sp.EquipTo = strings.TrimSpace(o[len("equipped to "):])
		case scanInt(o, "atk ", &v):
			sp.ATK = v
		case scanInt(o, "def ", &v):
			sp.DEF = v
		case scanInt(o, "counters ", &v), strings.HasSuffix(o, "spell counter") && scanInt(strings.TrimSuffix(o, " spell counter"), "", &v),
			strings.HasSuffix(o, "spell counters") && scanInt(strings.TrimSuffix(o, " spell counters"), "", &v):
			sp.Counters = v
		default:
			return fmt.Sprintf("unknown option %q (use set, face-up, attack, defense, set this turn, summoned this turn, atk N, def N, N spell counters, owned by A/B, equipped to <monster>, trap monster, pendulum, special summoned, deck master, returned N, column N, extra monster zone, right extra monster zone)", o)
		}
	}
	if sp.Card != nil && !sp.Card.IsMonster() && sp.Defense {
		return "only monsters have a Defense Position"
	}
	return ""
}

func scanInt(s, prefix string, v *int) bool {
	if !strings.HasPrefix(s, prefix) {
		return false
	}
	n, err := strconv.Atoi(strings.TrimSpace(s[len(prefix):]))
	if err != nil || n < 0 || n > 100000 {
		return false
	}
	*v = n
	return true
}

func unknownCard(cat *Catalogue, name string) string {
	name = strings.TrimSpace(name)
	key := nameKey(name)
	var best []string
	for _, c := range cat.Cards() {
		k := nameKey(c.Name)
		if key != "" && (strings.Contains(k, key) || strings.Contains(key, k) || editDistance(k, key) <= 2) {
			best = append(best, c.Name)
		}
	}
	sort.Strings(best)
	if len(best) > 3 {
		best = best[:3]
	}
	if len(best) > 0 {
		return fmt.Sprintf("Substep doesn't know the card %q yet; did you mean %s?", name, orList(best))
	}
	return fmt.Sprintf("Substep doesn't know the card %q yet (check its spelling: the site's search suggests the names it knows)", name)
}

func editDistance(a, b string) int {
	if len(a) > 60 || len(b) > 60 {
		return 99
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func (p *parser) expect(n int, body string) {
	eq := strings.LastIndex(body, "=")
	if eq < 0 {
		p.errf(n, "an expectation is `expect [format[,format]:] <query> = <answer>`")
		return
	}
	q, want := strings.TrimSpace(body[:eq]), strings.TrimSpace(body[eq+1:])
	e := &Expect{Line: n, Want: want}
	if i := strings.Index(q, ":"); i >= 0 {
		ok := true
		var fs []string
		for _, f := range splitList(q[:i]) {
			pr, found := ProfileByID(f)
			if !found {
				ok = false
				break
			}
			fs = append(fs, pr.ID)
		}
		if ok && len(fs) > 0 {
			e.Formats = fs
			q = strings.TrimSpace(q[i+1:])
		}
	}
	if q == "" || want == "" {
		p.errf(n, "an expectation needs a query and an answer")
		return
	}
	if err := checkQuery(q); err != nil {
		p.errf(n, "%v", err)
		return
	}
	e.Query = q
	p.s.Expects = append(p.s.Expects, e)
}

func (p *parser) finish() {
	if p.s.Title == "" {
		p.errf(0, "the header needs a title:")
	}
	if len(p.s.Formats) == 0 {
		p.errf(0, "the header needs formats: (one or more of %s)", strings.Join(FormatIDs(), ", "))
	}
	if p.turnName == "" {
		p.errf(0, "the header needs turn: A or turn: B")
		p.s.Turn = 0
	} else if p.s.Turn = p.playerIndex(p.turnName); p.s.Turn < 0 {
		p.errf(p.turnLine, "turn: must be one of the players (%s), not %q", strings.Join(p.s.Names, ", "), p.turnName)
		p.s.Turn = 0
	}
	if !p.seenTurnNumber && len(p.s.Names) > 2 {
		// Default for several players: a turn of the second round, so no
		// first-turn rule applies.
		p.s.TurnNumber = len(p.s.Names) + p.s.Turn + 1
	}
	for _, e := range p.s.Expects {
		for _, f := range e.Formats {
			if !slices.Contains(p.s.Formats, f) {
				p.errf(e.Line, "format %s is not in this file's formats: (%s)", f, strings.Join(p.s.Formats, ", "))
			}
		}
		if m := reLineRef.FindStringSubmatch(e.Query); m != nil {
			ln, _ := strconv.Atoi(m[1])
			if !p.isAction(ln) {
				p.errf(e.Line, "line %d is not an action", ln)
			}
		}
	}
}

var reLineRef = regexp.MustCompile(`(?i)\bline (\d+)\b`)

// reName is a player's name: A to F, or a team player such as A1.
var reName = regexp.MustCompile(`^(?i)[a-f][1-9]?$`)

func (p *parser) isAction(n int) bool {
	for _, a := range p.s.Actions {
		if a.Line == n {
			return true
		}
	}
	return false
}

// LoadScenarios parses every *.scn file in dir of fsys, sorted by name; a
// scenario's name is its file name without ".scn". Errors name the file.
func LoadScenarios(fsys fs.FS, dir string, cat *Catalogue) ([]*Scenario, error) {
	paths, err := fs.Glob(fsys, path.Join(dir, "*.scn"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []*Scenario
	var errs []string
	for _, p := range paths {
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		s, err := ParseScenario(strings.TrimSuffix(path.Base(p), ".scn"), src, cat)
		if err != nil {
			errs = append(errs, p+": "+strings.ReplaceAll(err.Error(), "\n", "\n"+p+": "))
			continue
		}
		out = append(out, s)
	}
	if len(errs) > 0 {
		return out, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

// Most players in one game, and in a team battle.
const (
	maxPlayers     = 6
	maxTeamPlayers = 9
)

var (
	rePlayerName = regexp.MustCompile(`^[A-F]$`)
	reTeamName   = regexp.MustCompile(`^([A-C])([1-3])$`)
)

func (p *parser) setPlayers(names []string) {
	p.s.Names = names
	p.s.Players = make([]Setup, len(names))
	for i := range p.s.Players {
		p.s.Players[i].LP = 8000
	}
}

// playerIndex finds a player by name ("b", "Player C", "A1"); -1 if none.
func (p *parser) playerIndex(name string) int {
	name = strings.ToUpper(strings.TrimSpace(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(name)), "player ")))
	for i, n := range p.s.Names {
		if n == name {
			return i
		}
	}
	return -1
}

// playersHeader reads "players: A, B, C, D": the players in seating order,
// clockwise, which is the turn order.
func (p *parser) playersHeader(n int, val string) {
	if p.setupSeen {
		p.errf(n, "players: must come before the starting position")
		return
	}
	var names []string
	for _, f := range splitList(val) {
		f = strings.ToUpper(f)
		if !rePlayerName.MatchString(f) || slices.Contains(names, f) {
			p.errf(n, "players: each player is a different letter from A to F, not %q", f)
			return
		}
		names = append(names, f)
	}
	if len(names) < 2 || len(names) > maxPlayers {
		p.errf(n, "players: a game has 2 to %d players, not %d", maxPlayers, len(names))
		return
	}
	p.setPlayers(names)
}

// teamsHeader reads "teams: A1, A2 vs B1, B2": each team's players in the
// team's own order. Turns alternate between the teams: A1, B1, A2, B2.
func (p *parser) teamsHeader(n int, val string) {
	if p.setupSeen {
		p.errf(n, "teams: must come before the starting position")
		return
	}
	parts := regexp.MustCompile(`(?i)\s+vs\.?\s+|\s*[|;]\s*`).Split(strings.TrimSpace(val), -1)
	if len(parts) < 2 {
		p.errf(n, "teams: list two or more teams separated by \"vs\", like \"A1, A2 vs B1, B2\"")
		return
	}
	var teams [][]string
	seen := map[string]bool{}
	total := 0
	for ti, part := range parts {
		var team []string
		for _, f := range splitList(part) {
			f = strings.ToUpper(f)
			m := reTeamName.FindStringSubmatch(f)
			if m == nil || seen[f] || m[1] != string(rune('A'+ti)) {
				p.errf(n, "teams: team %d's players are named %c1, %c2, …; %q does not fit", ti+1, 'A'+ti, 'A'+ti, f)
				return
			}
			seen[f] = true
			team = append(team, f)
		}
		if len(team) == 0 {
			p.errf(n, "teams: team %d has no players", ti+1)
			return
		}
		total += len(team)
		teams = append(teams, team)
	}
	if total > maxTeamPlayers {
		p.errf(n, "teams: at most %d players, not %d", maxTeamPlayers, total)
		return
	}
	// Seats follow the first round: teams alternate, each in its own order.
	var names []string
	for round := 0; len(names) < total; round++ {
		for _, team := range teams {
			if round < len(team) {
				names = append(names, team[round])
			}
		}
	}
	p.setPlayers(names)
	p.s.Teams = make([][]int, len(teams))
	for ti, team := range teams {
		for _, name := range team {
			p.s.Teams[ti] = append(p.s.Teams[ti], p.playerIndex(name))
		}
	}
}

// orList joins names as "a", "a or b", "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
