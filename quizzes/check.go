package quizzes

import (
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"substep/rulings"
)

// AllFormats are the rule sets a question is replayed under to see whether
// it tests something particular to its format: the four banks' formats and
// today's rules.
var AllFormats = []string{"goat", "hat", "edison", "domain", "modern"}

// Engine replays a scenario under a format and answers a query about the
// replay. The rulings engine satisfies it through NewEngine; tests use
// fakes.
type Engine interface {
	Replay(format, scenario, query string) (Replay, error)
}

// Parser is an Engine that can parse a scenario once and replay the
// parsed scenario under each format: Check parses every distinct scenario
// text once, however many questions and formats replay it.
type Parser interface {
	Parse(scenario string) (Parsed, error)
}

// Parsed is a parsed scenario.
type Parsed interface {
	Replay(format, query string) (Replay, error)
}

// engineParsed replays through an Engine that cannot parse ahead.
type engineParsed struct {
	eng      Engine
	scenario string
}

func (p engineParsed) Replay(format, query string) (Replay, error) {
	return p.eng.Replay(format, p.scenario, query)
}

// parseCache parses each distinct scenario once for one Check.
type parseCache struct {
	eng    Engine
	parsed map[string]parseResult
	home   string // the format of the bank being checked (deck questions)
}

type parseResult struct {
	p   Parsed
	err error
}

func newParseCache(eng Engine) *parseCache {
	return &parseCache{eng: eng, parsed: map[string]parseResult{}}
}

// replay answers q under format: from the deck checker for a deck
// question, else from its scenario parsed once.
func (c *parseCache) replay(format string, q *Question) (Replay, error) {
	return c.replayQuery(format, q, q.Ask)
}

// replayQuery answers another query on q's scenario or deck under format.
func (c *parseCache) replayQuery(format string, q *Question, query string) (Replay, error) {
	if q.Deck != "" {
		dq := *q
		dq.Ask = query
		return deckReplay(c.eng, format, c.home, &dq)
	}
	r, ok := c.parsed[q.Scenario]
	if !ok {
		if pr, can := c.eng.(Parser); can {
			r.p, r.err = pr.Parse(q.Scenario)
		} else {
			r.p = engineParsed{c.eng, q.Scenario}
		}
		c.parsed[q.Scenario] = r
	}
	if r.err != nil {
		return Replay{}, r.err
	}
	return r.p.Replay(format, query)
}

// Replay is the engine's answer to a question's query, with the timeline
// that led to it as a person reads it.
type Replay struct {
	Answer string
	Steps  []Step
	// The situation a certification candidate sees instead of the script:
	// the board before the first action, and the actions told in a judge's
	// words (rulings.Narrate). Nil for deck questions and fake engines.
	Start     *rulings.State
	Narration []rulings.Narration
	// Key is the situation's rulings.Scenario.Key ("" for deck questions
	// and fake engines): the same situation however its script is written.
	Key string
	// Scenario is the parsed situation (nil for deck questions and fake
	// engines): Set.Seal knows the situations near it by its features.
	Scenario *rulings.Scenario
}

var lineRE = regexp.MustCompile(`\b([Ll])ine (\d+)\b`)

// SituationPrompt is the prompt as the situation view asks it: each
// "line N" of the script becomes "step M" of the narration. ok is false
// when a line the prompt names is no step (the prompt is then returned
// unchanged, and must not be shown with the situation).
func (c *Checked) SituationPrompt() (string, bool) {
	return c.asSteps(c.Prompt)
}

// SituationAsked is Asked as the situation view asks it: the author's
// words after the engine's telling, each "line N" as "step M". A page
// showing the situation (the board and its steps) beside the question
// shows this, so the situation is told once.
func (c *Checked) SituationAsked() (string, bool) {
	return c.asSteps(c.Asked())
}

// asSteps turns each "line N" of prompt into the step that tells it.
func (c *Checked) asSteps(prompt string) (string, bool) {
	ok := true
	out := lineRE.ReplaceAllStringFunc(prompt, func(m string) string {
		sm := lineRE.FindStringSubmatch(m)
		n, _ := strconv.Atoi(sm[2])
		step, found := rulings.StepOf(c.Replay.Narration, n)
		if !found {
			ok = false
			return m
		}
		word := "step"
		if sm[1] == "L" {
			word = "Step"
		}
		return word + " " + strconv.Itoa(step)
	})
	if !ok {
		return prompt, false
	}
	return out, true
}

// Lead is the engine's telling of a replayed scenario, as a prompt opens
// with it: the starting Life Points when a player's are not 8000 (from
// the starting board, Replay.Start), then every step of the narration
// (rulings.Narrate) in order. It is "" when the engine tells nothing (a
// deck question, a fake engine).
func Lead(r Replay) string {
	var parts []string
	if r.Start != nil {
		var lps []string
		unusual := false
		for _, p := range r.Start.Players {
			lps = append(lps, fmt.Sprintf("Player %s has %d LP", p.Player, p.LP))
			unusual = unusual || p.LP != 8000
		}
		if unusual {
			parts = append(parts, "At the start, "+joinAnd(lps)+".")
		}
	}
	for _, n := range r.Narration {
		parts = append(parts, n.Text)
	}
	return strings.Join(parts, " ")
}

var (
	quotedRE    = regexp.MustCompile(`"[^"]*"|“[^”]*”`)
	sentenceRE  = regexp.MustCompile(`[.?!]+(\s+|$)`)
	legalLineRE = regexp.MustCompile(`^legal(?:ity)? line (\d+)$`)
	playerActRE = regexp.MustCompile(`\b(?i:player) [A-F][1-9]? (?:then |now |also |already |first |still )?[a-z]+s\b`)
)

// HandTold says how a scenario question's prompt tells its situation in
// the author's words beside the engine's ("" when it does not): a prompt
// that does not open with PromptSituation; author's words (Asked) of more
// than one sentence, since a question needs one and a lead before it
// retells; a player doing something ("Player A activates", "Player B
// has"), which is the narration's or the board's to say; a question on
// the legality of line N that does not name "line N" (so it describes the
// action instead); or a step of the narration repeated. A deck question has no situation to tell.
func HandTold(q *Checked) string {
	if q.Deck != "" {
		return ""
	}
	if q.Lead == "" {
		return "the prompt does not open with " + PromptSituation + ", so the situation it relies on is not the engine's telling"
	}
	own := q.Asked()
	bare := quotedRE.ReplaceAllString(own, `"…"`)
	if n := len(sentenceRE.FindAllString(bare, -1)); n != 1 {
		return fmt.Sprintf("the words after %s are %d sentences; a question is one", PromptSituation, n)
	}
	if m := playerActRE.FindString(bare); m != "" {
		return fmt.Sprintf("the words after %s tell what a player does or has (%q): the situation says that", PromptSituation, m)
	}
	if m := legalLineRE.FindStringSubmatch(q.Ask); m != nil && !strings.Contains(own, "line "+m[1]) {
		return fmt.Sprintf("a question on the legality of line %s names it as \"line %s\" (the situation view's step), not by retelling the action", m[1], m[1])
	}
	for _, n := range q.Replay.Narration {
		if len(n.Text) > 0 && strings.Contains(normalize(own), normalize(strings.TrimSuffix(n.Text, "."))) {
			return fmt.Sprintf("the words after %s repeat step %d of the narration", PromptSituation, n.Step)
		}
	}
	return ""
}

// joinAnd joins "x", "x and y", "x, y and z".
func joinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// Step is one line of a replayed timeline.
type Step struct {
	Where string // phase, step or Damage Step timing: "Battle Phase · damage calculation"
	Text  string // what happened: "Chain Link 1: Sangan (Player A)"
	Rule  string // the rule section that decided it, page#anchor, when there is one
}

// Checked is a question whose right choice the engine has computed.
type Checked struct {
	*Question
	Format  string
	Correct string // id of the right choice
	Replay  Replay // the replay under the bank's format
	// Across is the value of the right choice under every format of
	// AllFormats ("error: ..." when the engine could not answer).
	Across map[string]string
	// SameEverywhere flags a question whose answer is the same under every
	// format: it tests nothing particular to its own.
	SameEverywhere bool
}

// CorrectChoice is the right choice.
func (c *Checked) CorrectChoice() Choice {
	ch, _ := c.Choice(c.Correct)
	return ch
}

// CheckedBank is one format's bank with every answer computed.
type CheckedBank struct {
	Format    string
	Questions []*Checked
	byID      map[string]*Checked
}

// Question finds a question by id.
func (b *CheckedBank) Question(id string) (*Checked, bool) {
	q, ok := b.byID[id]
	return q, ok
}

// Topics lists the bank's topics in sorted order.
func (b *CheckedBank) Topics() []string {
	seen := map[string]bool{}
	var out []string
	for _, q := range b.Questions {
		if !seen[q.Topic] {
			seen[q.Topic] = true
			out = append(out, q.Topic)
		}
	}
	sort.Strings(out)
	return out
}

// TopicCounts is how many questions the bank has on each topic.
func (b *CheckedBank) TopicCounts() map[string]int {
	m := map[string]int{}
	for _, q := range b.Questions {
		m[q.Topic]++
	}
	return m
}

// InPool is the bank's questions of one pool (PoolCertification or
// PoolPractice) as a bank of their own, for Draw and lookups.
func (b *CheckedBank) InPool(pool string) *CheckedBank {
	out := &CheckedBank{Format: b.Format, byID: map[string]*Checked{}}
	for _, q := range b.Questions {
		if q.Pool == pool {
			out.Questions = append(out.Questions, q)
			out.byID[q.ID] = q
		}
	}
	return out
}

// Set is every checked bank, by format.
type Set struct {
	banks map[string]*CheckedBank
}

// Bank returns a format's checked bank.
func (s *Set) Bank(format string) (*CheckedBank, bool) {
	b, ok := s.banks[format]
	return b, ok
}

// Banks lists the checked banks in the order of Formats, then any others.
func (s *Set) Banks() []*CheckedBank {
	var out []*CheckedBank
	for _, f := range Formats {
		if b, ok := s.banks[f]; ok {
			out = append(out, b)
		}
	}
	var rest []string
	for f := range s.banks {
		if !slices.Contains(Formats, f) {
			rest = append(rest, f)
		}
	}
	sort.Strings(rest)
	for _, f := range rest {
		out = append(out, s.banks[f])
	}
	return out
}

// CheckError lists every question the engine disagrees with.
type CheckError struct{ Problems []string }

func (e *CheckError) Error() string {
	return fmt.Sprintf("%d quiz question(s) disagree with the engine:\n%s", len(e.Problems), strings.Join(e.Problems, "\n"))
}

// Check replays every question under its bank's format and under every
// other format (each scenario is parsed once when eng is a Parser; a deck
// question asks the DeckChecker eng implements). A question fails when the engine cannot replay it, when no
// choice (or more than one) equals the engine's answer, or when the
// author's answer is not the engine's. Every failure is listed in one
// *CheckError; a server must refuse to start on it.
func Check(banks []*Bank, eng Engine) (*Set, error) {
	set := &Set{banks: map[string]*CheckedBank{}}
	var problems []string
	cache := newParseCache(eng)
	for _, b := range banks {
		cb := &CheckedBank{Format: b.Format, byID: map[string]*Checked{}}
		cache.home = b.Format
		for _, q := range b.Questions {
			where := fmt.Sprintf("%s:%d: question %q", b.File, q.Line, q.ID)
			c, err := check(b.Format, q, cache)
			if err != nil {
				problems = append(problems, where+": "+err.Error())
				continue
			}
			cb.Questions = append(cb.Questions, c)
			cb.byID[q.ID] = c
		}
		set.banks[b.Format] = cb
	}
	if len(problems) > 0 {
		return nil, &CheckError{Problems: problems}
	}
	return set, nil
}

// value turns the engine's answer into a choice value: itself, or for a
// true-false question whether it equals the claim.
func (q *Question) value(answer string) string {
	if q.Kind == KindTrueFalse {
		if normalize(answer) == normalize(q.Claim) {
			return "true"
		}
		return "false"
	}
	return answer
}

func check(format string, q *Question, cache *parseCache) (*Checked, error) {
	r, err := cache.replay(format, q)
	if err != nil {
		return nil, fmt.Errorf("the engine cannot answer it under %s: %v", format, err)
	}
	if rest, ok := strings.CutPrefix(q.Prompt, PromptSituation); ok {
		q.Lead = Lead(r)
		if q.Lead == "" {
			return nil, fmt.Errorf("the prompt opens with %s but the engine tells no situation", PromptSituation)
		}
		q.Prompt = q.Lead + " " + strings.TrimSpace(rest)
	}
	got := q.value(r.Answer)
	var match []Choice
	for _, c := range q.Choices {
		if normalize(c.Value) == normalize(got) {
			match = append(match, c)
		}
	}
	switch {
	case len(match) == 0:
		return nil, fmt.Errorf("the engine answers %q (for %q), which is none of the choices", got, q.Ask)
	case len(match) > 1:
		return nil, fmt.Errorf("the engine's answer %q matches %d choices", got, len(match))
	case normalize(q.Answer) != normalize(got):
		return nil, fmt.Errorf("the author's answer is %q but the engine answers %q (for %q)", q.Answer, got, q.Ask)
	}
	c := &Checked{Question: q, Format: format, Correct: match[0].ID, Replay: r, Across: map[string]string{}}
	same := true
	for _, f := range AllFormats {
		v := got
		if f != format {
			other, err := cache.replay(f, q)
			if err != nil {
				v = "error: " + err.Error()
			} else {
				v = q.value(other.Answer)
			}
		}
		c.Across[f] = v
		same = same && normalize(v) == normalize(got)
	}
	c.SameEverywhere = same
	if q.Distractors == DistractComputed {
		distract(format, q, got, c.Across, cache)
	}
	return c, nil
}

// LoadChecked loads the banks (see Load) and checks them against the
// engine (see Check): what a server runs at start-up.
func LoadChecked(banks, scenarios fs.FS, eng Engine) (*Set, error) {
	bs, err := Load(banks, scenarios)
	if err != nil {
		return nil, err
	}
	return Check(bs, eng)
}
