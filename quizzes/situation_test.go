package quizzes

import (
	"io/fs"
	"strings"
	"testing"

	"substep/content"
	"substep/rulings"
)

// TestSituations: every scenario question of every bank can be shown as a
// situation (the starting board and the narrated steps), every action is
// narrated, and its prompt's "line N" references become steps.
func TestSituations(t *testing.T) {
	scen, err := fs.Sub(content.FS, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	set, err := LoadChecked(BankFS(), scen, NewEngine(nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range set.Banks() {
		for _, q := range b.Questions {
			if q.Deck != "" {
				continue
			}
			if q.Replay.Start == nil || len(q.Replay.Narration) == 0 {
				t.Errorf("%s: no starting board or no narration", q.ID)
				continue
			}
			p, ok := q.SituationPrompt()
			if !ok {
				t.Errorf("%s: the prompt %q names a line that is no step of the narration", q.ID, q.Prompt)
			}
			if strings.Contains(strings.ToLower(p), "line ") {
				t.Logf("%s: the situation prompt still says line: %q", q.ID, p)
			}
			for _, n := range q.Replay.Narration {
				if strings.Contains(n.Text, "cannot describe") {
					t.Errorf("%s step %d: the narrator has no words for line %d", q.ID, n.Step, n.Line)
				}
			}
		}
	}
}

func TestSituationPrompt(t *testing.T) {
	q := &Checked{Question: &Question{Prompt: "Is line 12 legal, after line 10? Line 3 is a setup line."}}
	q.Replay.Narration = nil
	if _, ok := q.SituationPrompt(); ok {
		t.Errorf("a prompt naming lines with no narration reported ok")
	}
	q.Prompt = "Is line 12 legal, after line 10? Line 11 too."
	q.Replay.Narration = narrationOf(10, 11, 12)
	got, ok := q.SituationPrompt()
	if want := "Is step 3 legal, after step 1? Step 2 too."; got != want || !ok {
		t.Errorf("SituationPrompt = %q, %v; want %q, true", got, ok, want)
	}
}

func narrationOf(lines ...int) []rulings.Narration {
	out := make([]rulings.Narration, len(lines))
	for i, l := range lines {
		out[i] = rulings.Narration{Step: i + 1, Line: l}
	}
	return out
}
