package quizzes

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// fakeEngine answers from a table keyed by format and query; a scenario of
// "broken" makes it fail.
type fakeEngine struct {
	answers map[string]map[string]string // query → format → answer ("*" = every format)
}

func (f fakeEngine) Replay(format, scenario, query string) (Replay, error) {
	if strings.TrimSpace(scenario) == "broken" {
		return Replay{}, errors.New("line 1: cannot parse")
	}
	m, ok := f.answers[query]
	if !ok {
		return Replay{}, fmt.Errorf("unknown query %q", query)
	}
	a, ok := m[format]
	if !ok {
		a = m["*"]
	}
	return Replay{Answer: a, Steps: []Step{{Where: "Main Phase 1", Text: query + " → " + a}}}, nil
}

const goodBank = `format: goat
questions:
  - id: goat-segoc-1
    topic: segoc
    kind: chain-link
    pool: certification
    difficulty: 2
    cites: [goat-09#example-1]
    scenario: |
      title: x
    prompt: Which effect is Chain Link 1?
    ask: chain link 1
    choices: [Sangan, Thestalos the Firestorm Monarch]
    answer: Sangan
  - id: goat-lp-1
    topic: lp-cost
    kind: true-false
    pool: certification
    difficulty: 2
    binary: true
    cites: [goat-16#rule]
    scenario: |
      title: y
    prompt: Player A ends with 0 LP.
    ask: lp A
    claim: "0"
    answer: "false"
  - id: goat-same
    topic: segoc
    kind: lp
    pool: certification
    difficulty: 2
    cites: [goat-09#rule]
    scenario_file: same.txt
    prompt: What is Player B's LP?
    ask: lp B
    choices:
      - {value: "8000", text: "8000 LP"}
      - {value: "7000", text: "7000 LP"}
    answer: "8000"
`

var engine = fakeEngine{answers: map[string]map[string]string{
	"chain link 1": {"goat": "Sangan", "*": "Thestalos the Firestorm Monarch"},
	"lp A":         {"goat": "1000", "*": "0"},
	"lp B":         {"*": "8000"},
}}

func load(t *testing.T, banks map[string]string) ([]*Bank, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, src := range banks {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	scen := fstest.MapFS{"same.txt": {Data: []byte("title: same\n")}}
	return Load(fsys, scen)
}

func TestLoadAndCheck(t *testing.T) {
	banks, err := load(t, map[string]string{"goat.yaml": goodBank})
	if err != nil {
		t.Fatal(err)
	}
	set, err := Check(banks, engine)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := set.Bank("goat")
	if !ok {
		t.Fatal("no goat bank")
	}
	type row struct {
		ID, Correct string
		Same        bool
		Across      map[string]string
	}
	var got []row
	for _, q := range b.Questions {
		got = append(got, row{q.ID, q.CorrectChoice().Value, q.SameEverywhere, q.Across})
	}
	want := []row{
		{"goat-segoc-1", "Sangan", false, map[string]string{"goat": "Sangan", "hat": "Thestalos the Firestorm Monarch", "edison": "Thestalos the Firestorm Monarch", "domain": "Thestalos the Firestorm Monarch", "modern": "Thestalos the Firestorm Monarch"}},
		{"goat-lp-1", "false", false, map[string]string{"goat": "false", "hat": "true", "edison": "true", "domain": "true", "modern": "true"}},
		{"goat-same", "8000", true, map[string]string{"goat": "8000", "hat": "8000", "edison": "8000", "domain": "8000", "modern": "8000"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("checked questions (-want +got):\n%s", diff)
	}
	if q, _ := b.Question("goat-same"); q.Scenario != "title: same\n" {
		t.Errorf("scenario_file not read: %q", q.Scenario)
	}
	if q, _ := b.Question("goat-same"); q.CorrectChoice().Label() != "8000 LP" {
		t.Errorf("label = %q", q.CorrectChoice().Label())
	}
	if diff := cmp.Diff(map[string]int{"segoc": 2, "lp-cost": 1}, b.TopicCounts()); diff != "" {
		t.Errorf("TopicCounts (-want +got):\n%s", diff)
	}
}

func TestChoiceIDs(t *testing.T) {
	banks, err := load(t, map[string]string{"goat.yaml": goodBank})
	if err != nil {
		t.Fatal(err)
	}
	q := banks[0].Questions[0]
	a, b := q.Choices[0].ID, q.Choices[1].ID
	if a == "" || a == b || strings.Contains(a, "Sangan") {
		t.Errorf("choice ids %q, %q", a, b)
	}
	// Reordering the choices in the file keeps each choice's id.
	swapped := strings.Replace(goodBank, "[Sangan, Thestalos the Firestorm Monarch]", "[Thestalos the Firestorm Monarch, Sangan]", 1)
	banks2, err := load(t, map[string]string{"goat.yaml": swapped})
	if err != nil {
		t.Fatal(err)
	}
	q2 := banks2[0].Questions[0]
	if q2.Choices[1].ID != a || q2.Choices[0].ID != b {
		t.Errorf("ids moved with the position: %q %q vs %q %q", q2.Choices[0].ID, q2.Choices[1].ID, a, b)
	}
}

func TestCheckDisagreements(t *testing.T) {
	tests := []struct {
		name, from, to, want string
	}{
		{"author disagrees with the engine", "answer: Sangan", "answer: Thestalos the Firestorm Monarch", `author's answer is "Thestalos the Firestorm Monarch" but the engine answers "Sangan"`},
		{"engine answer is no choice", "choices: [Sangan, Thestalos the Firestorm Monarch]\n    answer: Sangan", "choices: [Sangan2, Thestalos the Firestorm Monarch]\n    answer: Sangan2", `the engine answers "Sangan"`},
		{"engine cannot replay", "      title: x\n", "      broken\n", "cannot answer it under goat"},
		{"true-false claim wrong", "answer: \"false\"", "answer: \"true\"", `author's answer is "true" but the engine answers "false"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(goodBank, tt.from, tt.to, 1)
			if src == goodBank {
				t.Fatalf("replacement %q did not apply", tt.from)
			}
			banks, err := load(t, map[string]string{"goat.yaml": src})
			if err != nil {
				t.Fatal(err)
			}
			_, err = Check(banks, engine)
			var ce *CheckError
			if !errors.As(err, &ce) {
				t.Fatalf("Check error = %v, want a *CheckError", err)
			}
			if len(ce.Problems) != 1 || !strings.Contains(ce.Problems[0], tt.want) || !strings.Contains(ce.Problems[0], "goat.yaml:") {
				t.Errorf("problems = %q, want one naming the file and containing %q", ce.Problems, tt.want)
			}
		})
	}
}

func TestLoadProblems(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"wrong format", strings.Replace(goodBank, "format: goat", "format: hat", 1), `format "hat" does not match the file name`},
		{"duplicate id", strings.Replace(goodBank, "id: goat-lp-1", "id: goat-segoc-1", 1), `question id "goat-segoc-1" already used`},
		{"unknown kind", strings.Replace(goodBank, "kind: chain-link", "kind: essay", 1), `kind "essay" is not one of`},
		{"bad cite", strings.Replace(goodBank, "goat-09#example-1", "goat 9 example 1", 1), `cite "goat 9 example 1" is not page#anchor`},
		{"answer not a choice", strings.Replace(goodBank, "answer: Sangan", "answer: Jinzo", 1), `answer "Jinzo" is not one of the choices`},
		{"no claim", strings.Replace(goodBank, "    claim: \"0\"\n", "", 1), "needs a claim"},
		{"duplicate choice", strings.Replace(goodBank, "[Sangan, Thestalos the Firestorm Monarch]", "[Sangan, sangan]", 1), `choice "sangan" listed twice`},
		{"both scenarios", strings.Replace(goodBank, "scenario_file: same.txt", "scenario_file: same.txt\n    scenario: x", 1), "both a scenario and a scenario_file"},
		{"missing scenario file", strings.Replace(goodBank, "scenario_file: same.txt", "scenario_file: nope.txt", 1), "scenario_file"},
		{"scenario and deck", strings.Replace(goodBank, "scenario_file: same.txt", "scenario_file: same.txt\n    deck: \"1 Sangan\"", 1), "exactly one of scenario, scenario_file, board and deck"},
		{"deck master without deck", strings.Replace(goodBank, "scenario_file: same.txt", "scenario_file: same.txt\n    deck_master: Sangan", 1), "deck_master without a deck"},
		{"no pool", strings.Replace(goodBank, "pool: certification", "pool: exam", 1), `pool "exam" is not one of certification, practice`},
		{"no difficulty", strings.Replace(goodBank, "difficulty: 2", "difficulty: 4", 1), `difficulty 4 is not 1, 2 or 3`},
		{"true-false not binary", strings.Replace(goodBank, "binary: true", "binary: false", 1), "must be marked binary"},
		{"gaps", goodBank + "gaps:\n  - topic: union\n    why: not yet\n", "banks declare no gaps"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.src == goodBank {
				t.Fatal("replacement did not apply")
			}
			_, err := load(t, map[string]string{"goat.yaml": tt.src})
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("Load error = %v, want a *LoadError", err)
			}
			if !strings.Contains(le.Error(), tt.want) {
				t.Errorf("error = %v, want it to contain %q", le, tt.want)
			}
			if !strings.Contains(le.Error(), "goat.yaml:") {
				t.Errorf("error does not name the file and line: %v", le)
			}
		})
	}
}

// bigBank has topics t0..t(k-1) with per[i] questions each, four choices
// each; the engine answers choice "v0" for every query.
func bigBank(per []int) *CheckedBank {
	b := &CheckedBank{Format: "goat", byID: map[string]*Checked{}}
	for ti, n := range per {
		for j := 0; j < n; j++ {
			id := fmt.Sprintf("t%d-q%d", ti, j)
			q := &Question{ID: id, Topic: fmt.Sprintf("t%d", ti)}
			for k := 0; k < 4; k++ {
				v := fmt.Sprintf("v%d", k)
				q.Choices = append(q.Choices, Choice{ID: choiceID(id, v), Value: v})
			}
			c := &Checked{Question: q, Format: "goat", Correct: q.Choices[0].ID}
			b.Questions = append(b.Questions, c)
			b.byID[id] = c
		}
	}
	return b
}

func TestDraw(t *testing.T) {
	tests := []struct {
		name       string
		per        []int
		n          int
		wantLen    int
		wantSpread map[string]int // topic → minimum count
	}{
		{"more topics than questions", []int{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, 20, 20, nil},
		{"fewer topics: every topic at least its share", []int{10, 10, 10, 10}, 20, 20, map[string]int{"t0": 5, "t1": 5, "t2": 5, "t3": 5}},
		{"a small topic gives all it has", []int{1, 20, 20}, 20, 20, map[string]int{"t0": 1, "t1": 9, "t2": 9}},
		{"bank smaller than the test", []int{2, 3}, 20, 5, map[string]int{"t0": 2, "t1": 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := bigBank(tt.per)
			items := b.Draw(tt.n, 7)
			if len(items) != tt.wantLen {
				t.Fatalf("drew %d, want %d", len(items), tt.wantLen)
			}
			if diff := cmp.Diff(items, b.Draw(tt.n, 7)); diff != "" {
				t.Errorf("the same seed drew differently (-first +second):\n%s", diff)
			}
			seen := map[string]bool{}
			count := map[string]int{}
			for _, it := range items {
				if seen[it.QuestionID] {
					t.Errorf("question %s drawn twice", it.QuestionID)
				}
				seen[it.QuestionID] = true
				count[it.Topic]++
				q, _ := b.Question(it.QuestionID)
				var ids []string
				for _, c := range q.Choices {
					ids = append(ids, c.ID)
				}
				got := append([]string(nil), it.Stable...)
				sort.Strings(got)
				sort.Strings(ids)
				if diff := cmp.Diff(ids, got); diff != "" {
					t.Errorf("%s: choices are not a permutation of the question's (-want +got):\n%s", it.QuestionID, diff)
				}
				for _, id := range it.Choices {
					if slices.Contains(ids, id) {
						t.Errorf("%s: the attempt shows the bank's choice id %s", it.QuestionID, id)
					}
				}
				if st, _ := it.StableID(it.Correct); st != q.Correct || it.Topic != q.Topic {
					t.Errorf("%s: item %+v does not match the question", it.QuestionID, it)
				}
			}
			// No topic may have two more questions than another that still had some to give.
			for topic, min := range tt.wantSpread {
				if count[topic] < min {
					t.Errorf("topic %s: %d questions, want at least %d (counts %v)", topic, count[topic], min, count)
				}
			}
			if len(tt.per) >= tt.n {
				for topic, c := range count {
					if c > 1 {
						t.Errorf("topic %s drawn %d times though there are more topics than questions", topic, c)
					}
				}
			}
		})
	}
	b := bigBank([]int{10, 10, 10, 10})
	if cmp.Equal(b.Draw(20, 1), b.Draw(20, 2)) {
		t.Errorf("seeds 1 and 2 drew the same test")
	}
	// Shuffling: across seeds the right choice is not always shown first.
	first := 0
	for seed := uint64(0); seed < 50; seed++ {
		if it := b.Draw(1, seed)[0]; it.Choices[0] == it.Correct {
			first++
		}
	}
	if first == 0 || first == 50 {
		t.Errorf("the right choice was first in %d of 50 draws", first)
	}
}

func TestScoreAndCheckAnswers(t *testing.T) {
	items := []Item{
		{QuestionID: "a", Topic: "segoc", Choices: []string{"x", "y"}, Correct: "x"},
		{QuestionID: "b", Topic: "lp-cost", Choices: []string{"x", "y"}, Correct: "y"},
		{QuestionID: "c", Topic: "segoc", Choices: []string{"x", "y"}, Correct: "y"},
		{QuestionID: "d", Topic: "segoc", Choices: []string{"x", "y"}, Correct: "y"},
		{QuestionID: "e", Topic: "replay", Choices: []string{"x", "y"}, Correct: "x"},
	}
	tests := []struct {
		name    string
		answers map[string]string
		want    Result
		wantErr error
	}{
		{"all right", map[string]string{"a": "x", "b": "y", "c": "y", "d": "y", "e": "x"},
			Result{Correct: 5, Total: 5, Passed: true, Topics: []TopicScore{{"segoc", 3, 3}, {"lp-cost", 1, 1}, {"replay", 1, 1}}}, nil},
		{"four of five is the pass mark", map[string]string{"a": "x", "b": "y", "c": "y", "d": "y", "e": "y"},
			Result{Correct: 4, Total: 5, Passed: true, Topics: []TopicScore{{"segoc", 3, 3}, {"lp-cost", 1, 1}, {"replay", 0, 1}}}, nil},
		{"three of five fails", map[string]string{"a": "y", "b": "y", "c": "y", "d": "y"},
			Result{Correct: 3, Total: 5, Topics: []TopicScore{{"segoc", 2, 3}, {"lp-cost", 1, 1}, {"replay", 0, 1}}}, nil},
		{"nothing answered", nil, Result{Total: 5, Topics: []TopicScore{{"segoc", 0, 3}, {"lp-cost", 0, 1}, {"replay", 0, 1}}}, nil},
		{"unknown question", map[string]string{"a": "x", "zz": "x"}, Result{}, ErrUnknownQuestion},
		{"forged choice", map[string]string{"a": "x", "b": "correct"}, Result{}, ErrUnknownChoice},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckAnswers(items, tt.answers)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("CheckAnswers = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(tt.want, Score(items, tt.answers)); diff != "" {
				t.Errorf("Score (-want +got):\n%s", diff)
			}
		})
	}
	if got := (Result{Correct: 16, Total: 20}).Percent(); got != 80 {
		t.Errorf("Percent = %d", got)
	}
	for _, c := range []struct {
		correct, total int
		want           bool
	}{{16, 20, true}, {15, 20, false}, {20, 20, true}, {0, 0, false}} {
		if got := Passed(c.correct, c.total); got != c.want {
			t.Errorf("Passed(%d, %d) = %v", c.correct, c.total, got)
		}
	}
}

// TestDrawMixAndPools: a pool with every difficulty draws the Mix, only
// from that pool; two draws give the same question different choice ids.
func TestDrawMixAndPools(t *testing.T) {
	b := bigBank([]int{12, 12, 12, 12, 12})
	for i, q := range b.Questions {
		q.Difficulty = i%3 + 1
		if i%5 == 0 {
			q.Pool = PoolPractice
		} else {
			q.Pool = PoolCertification
		}
	}
	items := b.InPool(PoolCertification).Draw(20, 3)
	got := map[int]int{}
	for _, it := range items {
		q, _ := b.Question(it.QuestionID)
		if q.Pool != PoolCertification {
			t.Errorf("%s from the %s pool drawn into a certification test", q.ID, q.Pool)
		}
		got[q.Difficulty]++
	}
	want := map[int]int{1: 6, 2: 9, 3: 5}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("difficulty mix of 20 (-want +got):\n%s", diff)
	}
	// The same question in two draws: no choice id in common.
	a, c := DrawFrom(b.Questions[:1], 1, 1)[0], DrawFrom(b.Questions[:1], 1, 2)[0]
	for _, id := range a.Choices {
		if slices.Contains(c.Choices, id) {
			t.Errorf("choice id %s appears in two attempts", id)
		}
	}
}

// TestPracticeKeepsCertificationScenarios: practice leaves out a practice
// question whose scenario a certification question also uses.
func TestPracticeKeepsCertificationScenarios(t *testing.T) {
	b := bigBank([]int{4})
	for i, q := range b.Questions {
		q.Pool = []string{PoolCertification, PoolPractice, PoolPractice, PoolCertification}[i]
		q.Scenario = []string{"shared", "shared", "own", "other"}[i]
	}
	var got []string
	for _, q := range b.Practice().Questions {
		got = append(got, q.Scenario)
	}
	if diff := cmp.Diff([]string{"own"}, got); diff != "" {
		t.Errorf("practice scenarios (-want +got):\n%s", diff)
	}
}

// TestDrawAvoiding: a retake draws no question, and no situation, that
// the earlier draws of its code met while the pool has fresh ones; then
// unseen questions of met situations; and it still fills the test when
// the code has met the whole pool.
func TestDrawAvoiding(t *testing.T) {
	b, ok := embeddedSet(t).Bank("goat")
	if !ok {
		t.Fatal("no goat bank")
	}
	pool := b.InPool(PoolCertification)
	seen := map[string]bool{}
	played := map[string]bool{}
	for round := range 4 {
		items := pool.DrawAvoiding(TestSize, uint64(round+1), seen)
		if len(items) != TestSize {
			t.Fatalf("round %d: %d questions; want %d", round, len(items), TestSize)
		}
		for _, it := range items {
			q, _ := pool.Question(it.QuestionID)
			if seen[it.QuestionID] || played[situationKey(q)] {
				t.Errorf("round %d: %s was met before (question or situation)", round, it.QuestionID)
			}
		}
		for _, it := range items {
			q, _ := pool.Question(it.QuestionID)
			seen[it.QuestionID], played[situationKey(q)] = true, true
		}
	}
	all := map[string]bool{}
	for _, q := range pool.Questions {
		all[q.ID] = true
	}
	if items := pool.DrawAvoiding(TestSize, 9, all); len(items) != TestSize {
		t.Errorf("a code that met the whole pool draws %d questions; want %d", len(items), TestSize)
	}
}
