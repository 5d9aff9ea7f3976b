// Package quizzes owns Substep's judge certification quizzes: the question
// banks (YAML files embedded from banks/), checking every question against
// the rules engine, drawing a certification test from a recorded seed, and
// scoring a submitted test. It is pure Go: it stores nothing and serves
// nothing; internal/attempts keeps attempts and web/ shows them.
package quizzes

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Formats are the formats that have a bank, in display order.
var Formats = []string{"goat", "hat", "edison", "domain"}

// Question kinds: what a question asks of a replay.
const (
	KindChainLink     = "chain-link"     // which effect is Chain Link N
	KindLegal         = "legal"          // is this action legal, and why not
	KindLocation      = "location"       // where is a card after the chain
	KindLP            = "lp"             // what is a player's LP
	KindTiming        = "timing"         // at which Damage Step timing an effect activates
	KindFirstResponse = "first-response" // who may respond first
	KindTrueFalse     = "true-false"     // is a statement about the replay true
	KindState         = "state"          // another fact of the replay: a count, a position, the winner
)

// Pools: a certification test draws only from PoolCertification, and
// practice shows only PoolPractice, so nothing practised is certified.
const (
	PoolCertification = "certification"
	PoolPractice      = "practice"
)

// Pools lists the pools.
var Pools = []string{PoolCertification, PoolPractice}

// MinChoices is how many choices a question offers unless it is Binary.
const MinChoices = 4

// Kinds lists every question kind.
var Kinds = []string{KindChainLink, KindLegal, KindLocation, KindLP, KindTiming, KindFirstResponse, KindTrueFalse, KindState}

// Bank is one format's questions as written in banks/<format>.yaml.
type Bank struct {
	Format    string      `yaml:"format"`
	Questions []*Question `yaml:"questions"`
	File      string      `yaml:"-"`
}

// Question is a scenario, a prompt, an engine query and the choices. The
// right choice is never stored: it is the one whose value equals what the
// engine answers, and Answer (the author's expectation) is checked against
// the engine by Check.
type Question struct {
	ID           string   `yaml:"id"`
	Topic        string   `yaml:"topic"`
	Kind         string   `yaml:"kind"`
	Cites        []string `yaml:"cites"`         // rule sections it tests: "goat-09#example-1"
	Scenario     string   `yaml:"scenario"`      // the scenario text, inline
	ScenarioFile string   `yaml:"scenario_file"` // or a file under content/scenarios/
	// Board is a private board: a file under banks/boards/, embedded with
	// the banks and never served, for certification questions only (a
	// bundled scenario is public at /replay/{name}). See boards.go.
	Board      string `yaml:"board"`
	Deck       string `yaml:"deck"`        // or a Domain deck list, for the deck checker
	DeckMaster string `yaml:"deck_master"` // the deck's Deck Master ("" for the list's own)
	// Prompt is what the question asks. A prompt that opens with
	// PromptSituation has it replaced, by Check, with the engine's telling
	// of the scenario (Lead), so the situation a prompt states is the
	// engine's words, never the author's.
	Prompt  string   `yaml:"prompt"`
	Ask     string   `yaml:"ask"`   // the engine query
	Claim   string   `yaml:"claim"` // true-false: the statement is true when the engine answers this
	Choices []Choice `yaml:"choices"`
	Answer  string   `yaml:"answer"`  // the author's expected answer: the right choice's value
	Explain string   `yaml:"explain"` // optional: one line on why, shown in the review
	// Pool is PoolCertification (drawn only into certification tests,
	// never shown by practice) or PoolPractice.
	Pool string `yaml:"pool"`
	// Difficulty is 1 (recall a headline rule), 2 (apply it to a board) or
	// 3 (combine rules, or a point a candidate commonly gets wrong).
	Difficulty int `yaml:"difficulty"`
	// Binary marks a question whose rule has only two outcomes, so it may
	// offer fewer than MinChoices choices (a true-false question is one).
	Binary bool `yaml:"binary"`
	// Distractors is DistractComputed to have Check add computed wrong
	// choices up to MinChoices (see distract.go), or empty.
	Distractors string `yaml:"distractors"`

	Line int `yaml:"-"` // line of the question in its file
	// Lead is the engine's telling of the scenario that replaced
	// PromptSituation in Prompt ("" when the prompt has none): the
	// starting Life Points when they are not the usual 8000, then every
	// step as rulings.Narrate tells it.
	Lead string `yaml:"-"`
	// Origin is the bundled scenario a board varies ("" for a new board or
	// no board), from the board's first line (see boards.go).
	Origin string `yaml:"-"`
}

// Asked is the prompt in the author's own words: Prompt without the
// engine's Lead (all of it when the prompt has no lead). A page that shows
// the situation beside the question shows this, so the situation is told
// once.
func (q *Question) Asked() string {
	if q.Lead == "" {
		return q.Prompt
	}
	return strings.TrimSpace(strings.TrimPrefix(q.Prompt, q.Lead))
}

// PromptSituation, at the start of a prompt, stands for the engine's
// telling of the question's scenario (see Question.Lead).
const PromptSituation = "{situation}"

// Choice is one answer a candidate may pick. Value is what the engine would
// answer; Text is what the candidate reads (Value when empty). ID is stable
// for a question and says nothing about its position in the file.
type Choice struct {
	ID    string `yaml:"-"`
	Value string `yaml:"value"`
	Text  string `yaml:"text"`
}

// UnmarshalYAML accepts a plain string (shown as written) or {value, text}.
func (c *Choice) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		c.Value = n.Value
		return nil
	}
	type plain Choice
	return n.Decode((*plain)(c))
}

// Label is what the candidate reads.
func (c Choice) Label() string {
	if c.Text != "" {
		return c.Text
	}
	return c.Value
}

// Choice returns the question's choice with the given id.
func (q *Question) Choice(id string) (Choice, bool) {
	for _, c := range q.Choices {
		if c.ID == id {
			return c, true
		}
	}
	return Choice{}, false
}

// choiceID derives a choice's id from the question id and its value.
func choiceID(qid, value string) string {
	sum := sha256.Sum256([]byte(qid + "\x00" + value))
	return hex.EncodeToString(sum[:4])
}

//go:embed banks/*.yaml banks/boards/*.scn
var bankFiles embed.FS

// BankFS is the embedded banks folder (files named <format>.yaml, and the
// private boards under boards/).
func BankFS() fs.FS {
	sub, err := fs.Sub(bankFiles, "banks")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	return sub
}

var idRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
var citeRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*#[A-Za-z0-9_-]+$`)

// LoadError lists every problem in the banks, one per line as
// "file:line: what is wrong".
type LoadError struct{ Problems []string }

func (e *LoadError) Error() string {
	return fmt.Sprintf("%d quiz bank problem(s):\n%s", len(e.Problems), strings.Join(e.Problems, "\n"))
}

// Load reads every <format>.yaml of banks; scenario_file references are read
// from scenarios (may be nil when no question uses one). It checks the
// shape of every question; Check compares them with the engine.
func Load(banks, scenarios fs.FS) ([]*Bank, error) {
	var out []*Bank
	var problems []string
	add := func(file string, line int, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s:%d: %s", file, line, fmt.Sprintf(format, args...)))
	}
	names, err := fs.Glob(banks, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	ids := map[string]string{}
	for _, name := range names {
		data, err := fs.ReadFile(banks, name)
		if err != nil {
			return nil, err
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			add(name, 0, "%v", err)
			continue
		}
		b := &Bank{File: name}
		if len(doc.Content) == 0 {
			add(name, 1, "empty bank")
			continue
		}
		if err := doc.Content[0].Decode(b); err != nil {
			add(name, 1, "%v", err)
			continue
		}
		if want := strings.TrimSuffix(name, ".yaml"); b.Format != want {
			add(name, 1, "format %q does not match the file name (want %q)", b.Format, want)
		}
		if hasKey(doc.Content[0], "gaps") {
			add(name, 1, "banks declare no gaps: every topic of the format's pages needs a question (see README)")
		}
		lines := questionLines(doc.Content[0])
		for i, q := range b.Questions {
			if i < len(lines) {
				q.Line = lines[i]
			}
			for _, msg := range q.validate() {
				add(name, q.Line, "question %q: %s", q.ID, msg)
			}
			if prev, ok := ids[q.ID]; ok && q.ID != "" {
				add(name, q.Line, "question id %q already used in %s", q.ID, prev)
			}
			ids[q.ID] = name
			if q.ScenarioFile != "" {
				if scenarios == nil {
					add(name, q.Line, "question %q: scenario_file %q but no scenario folder", q.ID, q.ScenarioFile)
					continue
				}
				src, err := fs.ReadFile(scenarios, path.Clean(q.ScenarioFile))
				if err != nil {
					add(name, q.Line, "question %q: scenario_file: %v", q.ID, err)
					continue
				}
				q.Scenario = string(src)
			}
			if q.Board != "" {
				if err := q.readBoard(banks); err != nil {
					add(name, q.Line, "question %q: board: %v", q.ID, err)
				}
			}
		}
		out = append(out, b)
	}
	if len(problems) > 0 {
		return nil, &LoadError{Problems: problems}
	}
	return out, nil
}

// hasKey reports whether mapping m has the key.
func hasKey(m *yaml.Node, key string) bool {
	for i := 0; m.Kind == yaml.MappingNode && i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return true
		}
	}
	return false
}

// questionLines finds the line of each entry of the questions list.
func questionLines(m *yaml.Node) []int {
	if m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == "questions" {
			var lines []int
			for _, n := range m.Content[i+1].Content {
				lines = append(lines, n.Line)
			}
			return lines
		}
	}
	return nil
}

// validate reports what is wrong with the question's shape, and assigns
// the choice ids.
func (q *Question) validate() []string {
	var errs []string
	bad := func(f string, a ...any) { errs = append(errs, fmt.Sprintf(f, a...)) }
	if !idRE.MatchString(q.ID) {
		bad("id must be lower-case words joined by dashes")
	}
	if q.Topic == "" {
		bad("missing topic")
	}
	known := false
	for _, k := range Kinds {
		known = known || k == q.Kind
	}
	if !known {
		bad("kind %q is not one of %s", q.Kind, strings.Join(Kinds, ", "))
	}
	if !slices.Contains(Pools, q.Pool) {
		bad("pool %q is not one of %s", q.Pool, strings.Join(Pools, ", "))
	}
	if q.Difficulty < 1 || q.Difficulty > 3 {
		bad("difficulty %d is not 1, 2 or 3", q.Difficulty)
	}
	if len(q.Cites) == 0 {
		bad("cites no rule section (want page#anchor entries)")
	}
	for _, c := range q.Cites {
		if !citeRE.MatchString(c) {
			bad("cite %q is not page#anchor", c)
		}
	}
	sources := 0
	for _, s := range []string{q.Scenario, q.ScenarioFile, q.Board, q.Deck} {
		if s != "" {
			sources++
		}
	}
	switch {
	case sources == 0:
		bad("needs a scenario, a scenario_file, a board or a deck")
	case q.Scenario != "" && q.ScenarioFile != "":
		bad("has both a scenario and a scenario_file")
	case sources > 1:
		bad("needs exactly one of scenario, scenario_file, board and deck")
	case q.Board != "" && q.Pool != PoolCertification:
		bad("board %q is private to certification; a %s question shows its scenario, so it needs a scenario or a scenario_file", q.Board, q.Pool)
	case q.DeckMaster != "" && q.Deck == "":
		bad("deck_master without a deck")
	}
	if strings.TrimSpace(q.Prompt) == "" {
		bad("missing prompt")
	}
	if strings.Contains(q.Prompt, PromptSituation) {
		rest, opens := strings.CutPrefix(q.Prompt, PromptSituation)
		switch {
		case !opens || strings.Contains(rest, PromptSituation):
			bad("%s may only open the prompt, once", PromptSituation)
		case q.Deck != "":
			bad("%s needs a scenario to tell; a deck question has none", PromptSituation)
		case strings.TrimSpace(rest) == "":
			bad("the prompt is only %s: it asks nothing", PromptSituation)
		}
	}
	if strings.TrimSpace(q.Ask) == "" {
		bad("missing ask (the engine query)")
	}
	if q.Kind == KindTrueFalse {
		if !q.Binary {
			bad("a true-false question must be marked binary: true (its rule has two outcomes)")
		}
		if q.Claim == "" {
			bad("a true-false question needs a claim")
		}
		if len(q.Choices) == 0 {
			q.Choices = []Choice{{Value: "true", Text: "True"}, {Value: "false", Text: "False"}}
		}
	}
	switch {
	case q.Distractors != "" && q.Distractors != DistractComputed:
		bad("distractors %q is not %q", q.Distractors, DistractComputed)
	case len(q.Choices) < 2 && q.Distractors == "":
		bad("needs at least two choices (or distractors: %s)", DistractComputed)
	}
	seen := map[string]bool{}
	for i := range q.Choices {
		c := &q.Choices[i]
		if c.Value == "" {
			bad("choice %d has no value", i+1)
		}
		if seen[normalize(c.Value)] {
			bad("choice %q listed twice", c.Value)
		}
		seen[normalize(c.Value)] = true
		c.ID = choiceID(q.ID, c.Value)
	}
	if q.Answer == "" {
		bad("missing answer (the value of the right choice, checked against the engine)")
	} else if !seen[normalize(q.Answer)] {
		bad("answer %q is not one of the choices", q.Answer)
	}
	return errs
}

// normalize folds an answer for comparison: case, and runs of spaces.
func normalize(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// ErrNoBank is returned for a format without a bank.
var ErrNoBank = errors.New("no quiz bank for this format")
