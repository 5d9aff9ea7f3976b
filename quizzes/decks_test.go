package quizzes

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"substep/pools"
	"substep/rulings/domain"
)

// countingParser is a fake Parser that counts how often each scenario is
// parsed and answers every query with "<scenario> under <format>".
type countingParser struct {
	parses map[string]int
}

func (c *countingParser) Replay(format, scenario, query string) (Replay, error) {
	p, err := c.Parse(scenario)
	if err != nil {
		return Replay{}, err
	}
	return p.Replay(format, query)
}

func (c *countingParser) Parse(scenario string) (Parsed, error) {
	c.parses[scenario]++
	if strings.TrimSpace(scenario) == "broken" {
		return nil, errors.New("line 1: cannot parse")
	}
	return fakeParsed(scenario), nil
}

type fakeParsed string

func (p fakeParsed) Replay(format, query string) (Replay, error) {
	return Replay{Answer: strings.TrimSpace(string(p)) + " under " + format}, nil
}

const parseBank = `format: goat
questions:
  - id: goat-a
    topic: segoc
    kind: state
    pool: certification
    difficulty: 2
    cites: [goat-09#rule]
    scenario: &s1 |
      one
    prompt: A?
    ask: x
    choices: ["one under goat", "one under hat"]
    answer: "one under goat"
  - id: goat-b
    topic: segoc
    kind: state
    pool: certification
    difficulty: 2
    cites: [goat-09#rule]
    scenario: *s1
    prompt: B?
    ask: y
    choices: ["one under goat", "one under hat"]
    answer: "one under goat"
  - id: goat-c
    topic: segoc
    kind: state
    pool: certification
    difficulty: 2
    cites: [goat-09#rule]
    scenario: |
      two
    prompt: C?
    ask: z
    choices: ["two under goat", "two under hat"]
    answer: "two under goat"
`

// TestCheckParsesOnce: a scenario shared by questions and replayed under
// every format is parsed once per Check.
func TestCheckParsesOnce(t *testing.T) {
	banks, err := load(t, map[string]string{"goat.yaml": parseBank})
	if err != nil {
		t.Fatal(err)
	}
	eng := &countingParser{parses: map[string]int{}}
	set, err := Check(banks, eng)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]int{"one\n": 1, "two\n": 1}, eng.parses); diff != "" {
		t.Errorf("parses per scenario (-want +got):\n%s", diff)
	}
	b, _ := set.Bank("goat")
	q, _ := b.Question("goat-b")
	if diff := cmp.Diff(map[string]string{"goat": "one under goat", "hat": "one under hat", "edison": "one under edison", "domain": "one under domain", "modern": "one under modern"}, q.Across); diff != "" {
		t.Errorf("goat-b across formats (-want +got):\n%s", diff)
	}
}

// fakeDecks answers every deck with a fixed result; a deck "broken" fails.
type fakeDecks struct{ res domain.Result }

func (f fakeDecks) CheckDeck(deck, master string) (domain.Result, error) {
	if strings.TrimSpace(deck) == "broken" {
		return domain.Result{}, errors.New("line 1: no such card")
	}
	r := f.res
	r.DeckMaster = &domain.CardRef{Name: master}
	return r, nil
}

var deckResult = domain.Result{
	MainCount: 40, ExtraCount: 2,
	Problems: []domain.Problem{
		{Rule: domain.RuleMainCount},
		{Card: "Blue-Eyes White Dragon", Rule: domain.RuleDomain},
		{Card: "Blue-Eyes White Dragon", Rule: domain.RuleOneCopy},
	},
	Allowed: []domain.Reason{{Card: "Gemini Elf", By: domain.ByType}},
}

func TestAskDeck(t *testing.T) {
	tests := []struct{ query, want string }{
		{"legal", "illegal"},
		{"main count", "40"},
		{"extra count", "2"},
		{"problems", "main-count, domain, one-copy"},
		{"problems Blue-Eyes White Dragon", "domain, one-copy"},
		{"problems Sangan", "none"},
		{"allowed gemini elf", "type"},
		{"allowed Sangan", "not allowed"},
		{"deck master", "none"},
		{"outside count", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			got, err := AskDeck(deckResult, tt.query)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("AskDeck(%q) = %q, want %q", tt.query, got, tt.want)
			}
		})
	}
	if _, err := AskDeck(deckResult, "chain link 1"); err == nil {
		t.Error("AskDeck accepted a replay query")
	}
	if got, _ := AskDeck(domain.Result{Legal: true}, "legal"); got != "legal" {
		t.Errorf("legal deck: %q", got)
	}
}

const deckBank = `format: domain
questions:
  - id: domain-deck-q
    topic: deck-size
    kind: state
    pool: certification
    difficulty: 2
    cites: [domain-deckbuilding#rule]
    deck_master: Dark Magician
    deck: |
      1 Sangan
    prompt: Which rule?
    ask: problems
    choices: [main-count, none]
    answer: main-count
`

// TestDeckQuestions: a deck question's answer comes from the wired deck
// checker, under Domain only; without a checker the bank fails to check.
func TestDeckQuestions(t *testing.T) {
	banks, err := load(t, map[string]string{"domain.yaml": deckBank})
	if err != nil {
		t.Fatal(err)
	}
	short := domain.Result{MainCount: 1, Problems: []domain.Problem{{Rule: domain.RuleMainCount}}}
	set, err := Check(banks, WithDecks(engine, fakeDecks{short}))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := set.Bank("domain")
	q, _ := b.Question("domain-deck-q")
	if got := q.CorrectChoice().Value; got != "main-count" {
		t.Errorf("correct choice = %q, want main-count", got)
	}
	if q.SameEverywhere {
		t.Error("a Domain deck question is flagged as the same under every format")
	}
	for _, f := range []string{"goat", "modern"} {
		if !strings.HasPrefix(q.Across[f], "error: ") {
			t.Errorf("under %s: %q, want an error (deck rules are Domain's)", f, q.Across[f])
		}
	}
	if len(q.Replay.Steps) == 0 {
		t.Error("a deck question has no review steps")
	}

	// The checker disagreeing with the author fails the check.
	legal := domain.Result{Legal: true, MainCount: 60}
	if _, err := Check(banks, WithDecks(engine, fakeDecks{legal})); err == nil || !strings.Contains(err.Error(), `the engine answers "none"`) {
		t.Errorf("Check with a disagreeing checker: %v", err)
	}
	// No deck checker wired.
	if _, err := Check(banks, engine); err == nil || !strings.Contains(err.Error(), "no deck checker") {
		t.Errorf("Check without a deck checker: %v", err)
	}
}

// TestEngineWithPoolsUsesThem: an engine given a server's pools checks
// deck questions in those, not in pools it loads itself (an empty set
// knows no format, where the embedded pools know goat).
func TestEngineWithPoolsUsesThem(t *testing.T) {
	deck := "40 Sangan"
	if _, err := NewEngine(nil).(PoolDeckChecker).CheckPoolDeck("goat", deck); err != nil {
		t.Fatalf("embedded pools: %v", err)
	}
	var fe *pools.FormatError
	if _, err := NewEngineWithPools(nil, &pools.Set{}).(PoolDeckChecker).CheckPoolDeck("goat", deck); !errors.As(err, &fe) {
		t.Errorf("empty pools: got %v, want a FormatError", err)
	}
}
