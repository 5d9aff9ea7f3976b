package quizzes

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// lintQ builds a checked question whose first choice is right.
func lintQ(id, pool, prompt, scenario, ask string, binary bool, choices ...string) *Checked {
	q := &Question{ID: id, Pool: pool, Prompt: prompt, Scenario: scenario, Ask: ask, Binary: binary}
	for _, v := range choices {
		q.Choices = append(q.Choices, Choice{ID: choiceID(id, v), Value: v})
	}
	return &Checked{Question: q, Format: "goat", Correct: q.Choices[0].ID}
}

func TestLint(t *testing.T) {
	four := []string{"A's Graveyard", "A's hand", "A's Deck", "A's Monster Zone"}
	tests := []struct {
		name      string
		qs        []*Checked
		situation Situation
		want      []string
	}{
		{"clean", []*Checked{lintQ("q1", PoolCertification, "Where is Sangan?", "s1", "location Sangan", false, four...)}, nil, nil},
		{"answer in the prompt", []*Checked{lintQ("q1", PoolCertification, "Sangan goes to A's Graveyard. Where is it?", "s1", "location Sangan", false, four...)}, nil,
			[]string{`goat: q1: the right choice "A's Graveyard" can be read from the prompt or situation`}},
		{"answer in the situation", []*Checked{lintQ("q1", PoolCertification, "Where is Sangan?", "s1", "location Sangan", false, four...)},
			func(*Checked) (string, error) { return `"Sangan" is sent to A's Graveyard.`, nil },
			[]string{`goat: q1: the right choice "A's Graveyard" can be read from the prompt or situation`}},
		{"every choice in the prompt is no giveaway", []*Checked{lintQ("q1", PoolCertification, "A's Graveyard, A's hand, A's Deck or A's Monster Zone?", "s1", "location Sangan", false, four...)}, nil, nil},
		{"same scenario and query in one pool", []*Checked{
			lintQ("q1", PoolCertification, "Where?", "s1", "location Sangan", false, four...),
			lintQ("q2", PoolCertification, "Where now?", "s1", "Location  Sangan", false, four...),
			lintQ("q3", PoolPractice, "Where is it?", "s1", "location Sangan", false, four...),
		}, nil, []string{`goat: q2: asks "Location  Sangan" of the same scenario as q1 in the certification pool`}},
		{"practice with a certification prompt", []*Checked{
			lintQ("q1", PoolCertification, "Where is Sangan?", "s1", "location Sangan", false, four...),
			lintQ("q2", PoolPractice, "Where is  sangan?", "s2", "location Sangan", false, four...),
		}, nil, []string{"goat: q2: practice asks with the prompt of certification question q1: an answer learned by its prompt would carry over"}},
		{"three choices", []*Checked{lintQ("q1", PoolCertification, "Where?", "s1", "location Sangan", false, four[:3]...)}, nil,
			[]string{"goat: q1: 3 choices: a question offers 4 unless marked binary"}},
		{"a player's name is no giveaway", []*Checked{lintQ("q1", PoolCertification, "Player A attacks Player B. Who wins?", "s1", "winner", false, "A", "B", "none", "draw")},
			func(*Checked) (string, error) { return "Player A attacks directly.", nil }, nil},
		{"a prompt naming only the winner", []*Checked{lintQ("q1", PoolCertification, "Team B removes the other team. Who wins?", "s1", "winner", false, "team B", "B1", "none", "draw")}, nil,
			[]string{`goat: q1: the right choice "team B" can be read from the prompt or situation`}},
		{"a wrong choice inside the right one is no cover", []*Checked{lintQ("q1", PoolCertification, "When is Shrink activated?", "s1", "timing Shrink", false,
			"before damage calculation", "damage calculation", "start of the Damage Step", "end of the Damage Step")},
			func(*Checked) (string, error) { return "Before damage calculation, A activates Shrink.", nil },
			[]string{`goat: q1: the right choice "before damage calculation" can be read from the prompt or situation`}},
		{"binary may have two", []*Checked{lintQ("q1", PoolCertification, "Who?", "s1", "controller Sangan", true, "A", "B")}, nil, nil},
		{"engine wording", []*Checked{lintQ("q1", PoolCertification, "Where?", "s1", "location Sangan", false, append(four[:3:3], "The replay never gets there")...)}, nil,
			[]string{`goat: q1: choice "The replay never gets there" describes the engine ("the replay never"), not the game`}},
		{"the situation called a replay", []*Checked{lintQ("q1", PoolCertification, "Where is Sangan when the replay ends?", "s1", "location Sangan", false, four...)}, nil,
			[]string{`goat: q1: prompt describes the engine's run ("the replay ends"), not the game: say "after the last step" or "in this situation"`}},
		{"a raw verdict", []*Checked{lintQ("q1", PoolCertification, "Is line 3 allowed?", "s1", "legal line 3", false, "legal", "illegal: hat-07#rule", "illegal: x", "illegal: y")}, nil,
			[]string{`goat: q1: choice "illegal: hat-07#rule" shows the engine's raw value: give it words (a bare citation names the page that rules it; "(card)" is a card the duel leaves unnamed)`}},
		{"a battle replay is a rule, not the engine", []*Checked{lintQ("q1", PoolCertification, "Does a replay start a new attack?", "s1", "location Sangan", false, four...)}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := &Set{banks: map[string]*CheckedBank{"goat": {Format: "goat", Questions: tt.qs}}}
			got := Lint(set, tt.situation)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Lint (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDistractComputed: computed wrong choices come from the other
// formats first, then from the replay, never equal the engine's answer,
// and stop at MinChoices.
func TestDistractComputed(t *testing.T) {
	q := &Question{ID: "q", Kind: KindLocation, Ask: "location Sangan", Scenario: "x\ny", Distractors: DistractComputed,
		Choices: []Choice{{ID: choiceID("q", "A's Graveyard"), Value: "A's Graveyard"}}}
	across := map[string]string{"goat": "A's Graveyard", "hat": "A's Graveyard", "edison": "A's hand", "domain": "error: no", "modern": "not reached"}
	distract("goat", q, "A's Graveyard", across, newParseCache(fakeEngine{}))
	var got []string
	for _, c := range q.Choices {
		got = append(got, c.Value)
	}
	want := []string{"A's Graveyard", "A's hand", "A's Deck", "A's Monster Zone"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("choices (-want +got):\n%s", diff)
	}
	for _, c := range q.Choices {
		if c.ID != choiceID("q", c.Value) {
			t.Errorf("choice %q has id %q", c.Value, c.ID)
		}
	}
	if !strings.Contains(strings.Join(engineWords, ","), "not reached") {
		t.Error("engine wording list lost \"not reached\"")
	}
}
