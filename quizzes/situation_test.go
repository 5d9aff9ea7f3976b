package quizzes

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

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

// TestPromptSituation: a prompt opening with {situation} states the
// scenario in the engine's words (the starting LP when unusual, then every
// narrated step), asked the same way in practice and in the situation view
// (whose "line N" become steps).
func TestPromptSituation(t *testing.T) {
	const bank = `format: goat
questions:
  - id: goat-lead
    topic: segoc
    kind: lp
    pool: certification
    difficulty: 2
    cites: [goat-09#rule]
    prompt: "{situation} What is Player B's LP after line 10?"
    scenario: |
      title: Thestalos
      formats: goat
      turn: A
      A lp: 7300
      A hand: Thestalos the Firestorm Monarch
      A monsters: Sangan
      A deck: Mystic Tomato, 4 cards
      B hand: Giant Rat, 2 cards

      A Tribute Summons Thestalos the Firestorm Monarch, tributing Sangan
      both pass
    ask: lp B
    choices: ["7600", "8000", "7300", "6900"]
    answer: "7600"
`
	banks, err := load(t, map[string]string{"goat.yaml": bank})
	if err != nil {
		t.Fatal(err)
	}
	set, err := Check(banks, NewEngine(nil))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := set.Bank("goat")
	q, _ := b.Question("goat-lead")
	want := `At the start, Player A has 7300 LP and Player B has 8000 LP. Player A Tributes "Sangan" to Tribute Summon "Thestalos the Firestorm Monarch". Neither player responds.`
	if diff := cmp.Diff(want, q.Lead); diff != "" {
		t.Errorf("Lead (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want+" What is Player B's LP after line 10?", q.Prompt); diff != "" {
		t.Errorf("Prompt (-want +got):\n%s", diff)
	}
	got, ok := q.SituationPrompt()
	if diff := cmp.Diff(want+" What is Player B's LP after step 1?", got); diff != "" || !ok {
		t.Errorf("SituationPrompt ok=%v (-want +got):\n%s", ok, diff)
	}

	if why := HandTold(q); why != "" {
		t.Errorf("HandTold on a prompt in the engine's words: %s", why)
	}

	for _, bad := range []string{`prompt: "Then {situation} What?"`, `prompt: "{situation}"`} {
		src := strings.Replace(bank, `prompt: "{situation} What is Player B's LP after line 10?"`, bad, 1)
		if _, err := load(t, map[string]string{"goat.yaml": src}); err == nil {
			t.Errorf("%s: loaded without error", bad)
		}
	}
}

// TestHandTold: a scenario question's situation is the engine's telling;
// a prompt that retells it by hand, before or beside {situation}, fails.
func TestHandTold(t *testing.T) {
	steps := []rulings.Narration{{Step: 1, Line: 10, Text: `Player A activates "Heavy Storm".`}}
	for _, tc := range []struct {
		lead, prompt, deck, ask string
		bad                     bool
	}{
		{lead: "L.", prompt: `L. Where is "D.D. Warrior Lady" at the end?`},
		{lead: "L.", prompt: `L. True or false: the action on line 12 is allowed at that point.`},
		{lead: "L.", prompt: `L. Which monsters does Player A control at the end?`},
		{lead: "L.", prompt: `L. List the chain built after the Summon, Chain Link 1 first.`},
		{prompt: `Where is "Sangan" at the end?`, bad: true},
		{lead: "L.", prompt: `L. Player A attacks "Sangan" with "Battle Ox". Where is "Sangan" at the end?`, bad: true},
		{lead: "L.", prompt: `L. Where is "Sangan" after Player A activates "Heavy Storm"?`, bad: true},
		{lead: "L.", prompt: `L. With "Umi" face-up, where is "Sangan"? Answer quickly.`, bad: true},
		{lead: "L.", prompt: `L. Is it legal, now that player A activates "Heavy Storm", to chain?`, bad: true},
		{prompt: `Which rule does the deck break?`, deck: "1 Sangan"},
		{lead: "L.", prompt: `L. With no Warrior in Player A's Deck, is the action on line 10 legal?`, ask: "legal line 10"},
		{lead: "L.", prompt: `L. May Player A activate "Heavy Storm" now?`, ask: "legal line 10", bad: true},
	} {
		q := &Checked{Question: &Question{Lead: tc.lead, Prompt: tc.prompt, Deck: tc.deck, Ask: tc.ask}}
		q.Replay.Narration = steps
		if got := HandTold(q) != ""; got != tc.bad {
			t.Errorf("HandTold(%q) = %q; want retold %v", tc.prompt, HandTold(q), tc.bad)
		}
	}

	// The embedded banks: every scenario question's situation is the engine's.
	for _, b := range embeddedSet(t).Banks() {
		for _, q := range b.Questions {
			if why := HandTold(q); why != "" {
				t.Errorf("quizzes/banks/%s.yaml:%d: %s: %s (prompt %q)", b.Format, q.Line, q.ID, why, q.Prompt)
			}
		}
	}
}
