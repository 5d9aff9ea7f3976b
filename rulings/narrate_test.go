package rulings

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNarrate(t *testing.T) {
	tests := []struct {
		name   string
		script string
		want   []Narration
	}{
		{
			name: "soul exchange then tribute",
			script: `title: Soul Exchange into Caius # Sangan is Chain Link 1
example: goat-09#example-2
notes: the answer is Sangan
formats: goat
turn: A
A hand: Soul Exchange, Caius the Shadow Monarch
B monsters: Sangan

# the opponent's monster is taken
A activates Soul Exchange targeting B's Sangan
B has no response
A tributes Sangan to tribute summon Caius the Shadow Monarch
expect chain 2 link 1 = Sangan`,
			want: []Narration{
				{Step: 1, Line: 10, Text: `Player A activates "Soul Exchange" targeting Player B's "Sangan".`},
				{Step: 2, Line: 11, Text: `Player B does not respond.`},
				{Step: 3, Line: 12, Text: `Player A Tributes "Sangan" to Tribute Summon "Caius the Shadow Monarch".`},
			},
		},
		{
			name: "battle, damage step and priority",
			script: `title: t
formats: goat
turn: A
phase: main 1
A monsters: Sangan
B monsters: Giant Rat
A hand: Sakuretsu Armor

A enters the battle phase
A attacks Giant Rat with Sangan
during damage calculation, B activates Sakuretsu Armor
both pass
A ends the turn`,
			want: []Narration{
				{Step: 1, Line: 9, Text: "Player A enters the Battle Phase."},
				{Step: 2, Line: 10, Text: `Player A's "Sangan" attacks "Giant Rat".`},
				{Step: 3, Line: 11, Text: `During damage calculation, Player B activates "Sakuretsu Armor".`},
				{Step: 4, Line: 12, Text: "Neither player responds."},
				{Step: 5, Line: 13, Text: "Player A ends the turn."},
			},
		},
		{
			name: "costs, declarations and draws",
			script: `title: t
formats: goat
turn: A
A hand: Tribe-Infecting Virus, Sangan
A deck: 5 cards

A draws two cards
A activates Tribe-Infecting Virus, discarding Sangan, declaring Warrior`,
			want: []Narration{
				{Step: 1, Line: 7, Text: "Player A draws 2 cards."},
				{Step: 2, Line: 8, Text: `Player A activates "Tribe-Infecting Virus", discarding "Sangan", declaring Warrior.`},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseScenario(tt.name, []byte(tt.script), nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, Narrate(s)); diff != "" {
				t.Errorf("Narrate (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStepOf(t *testing.T) {
	ns := []Narration{{Step: 1, Line: 9}, {Step: 2, Line: 12}}
	for _, tt := range []struct {
		line, want int
		ok         bool
	}{{9, 1, true}, {12, 2, true}, {10, 0, false}} {
		got, ok := StepOf(ns, tt.line)
		if got != tt.want || ok != tt.ok {
			t.Errorf("StepOf(%d) = %d, %v; want %d, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

// TestNarrateEveryScenario tells every bundled scenario: every action is
// told by its verb (never the narrator's fallback), and no narration
// repeats what only the script's other lines say (title, notes, example,
// comments, expect lines).
func TestNarrateEveryScenario(t *testing.T) {
	cat, err := DefaultCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	all, err := LoadScenarios(os.DirFS(".."), "content/scenarios", cat)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range all {
		ns := Narrate(s)
		if len(ns) != len(s.Actions) {
			t.Errorf("%s: %d steps for %d actions", s.Name, len(ns), len(s.Actions))
		}
		for _, n := range ns {
			if strings.Contains(n.Text, "cannot describe") {
				t.Errorf("%s line %d: the narrator has no words for %q", s.Name, n.Line, s.Source[n.Line-1])
			}
			for _, leak := range []string{"expect", "#", s.Example} {
				if leak != "" && strings.Contains(n.Text, leak) {
					t.Errorf("%s step %d repeats %q: %s", s.Name, n.Step, leak, n.Text)
				}
			}
		}
	}
}
