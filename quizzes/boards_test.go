package quizzes

import (
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"substep/content"
	"substep/rulings"
)

// publicScenarios is every scenario a visitor can read before a
// certification: the bundled files (each served at /replay/{name}) and
// the scenarios practice shows (with their script).
var publicScenarios = sync.OnceValues(func() (map[string]string, error) {
	out := map[string]string{}
	names, err := fs.Glob(content.FS, "scenarios/*.scn")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		b, err := fs.ReadFile(content.FS, n)
		if err != nil {
			return nil, err
		}
		out[path.Base(n)] = string(b)
	}
	set, err := loadEmbedded()
	if err != nil {
		return nil, err
	}
	for _, b := range set.Banks() {
		for _, q := range b.Practice().Questions {
			if q.Scenario != "" && q.ScenarioFile == "" {
				out["practice question "+q.ID] = q.Scenario
			}
		}
	}
	return out, nil
})

// TestBoards: every private board is used, none is named like a bundled
// scenario, and none shows what a public scenario shows; no certification
// question replays a bundled scenario.
func TestBoards(t *testing.T) {
	set := embeddedSet(t)
	public, err := publicScenarios()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, b := range set.Banks() {
		onPublic := 0
		for _, q := range b.InPool(PoolCertification).Questions {
			used[q.Board] = true
			if q.ScenarioFile != "" {
				onPublic++
			}
		}
		if onPublic > 0 {
			t.Errorf("%s: %d certification questions replay a bundled (public) scenario: give them a private board (boards.go)", b.Format, onPublic)
		}
	}
	boards, err := fs.Glob(BankFS(), "boards/*.scn")
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]map[string]bool{}
	for name, src := range public {
		bodies[name] = Body(src)
	}
	for _, f := range boards {
		name := path.Base(f)
		if !used[name] {
			t.Errorf("board %s is used by no certification question", name)
		}
		if _, ok := public[name]; ok {
			t.Errorf("board %s has a bundled scenario's name", name)
		}
		src, err := fs.ReadFile(BankFS(), f)
		if err != nil {
			t.Fatal(err)
		}
		if near, sim := nearest(Body(string(src)), bodies); sim == 1 {
			t.Errorf("board %s shows what the public %s shows", name, near)
		}
	}
	t.Logf("%d private boards", len(boards))
	// No public scenario plays a certification situation, however it is
	// written (by rulings.Scenario.Key): it would be public anyway.
	certKeys := map[string]bool{}
	for _, b := range set.Banks() {
		for _, q := range b.InPool(PoolCertification).Questions {
			if q.ScenarioFile == "" && q.Replay.Key != "" {
				certKeys[q.Replay.Key] = true
			}
		}
	}
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	var plays []string
	for name, src := range public {
		sc, err := rulings.ParseScenario(name, []byte(src), cat)
		if err == nil && certKeys[sc.Key()] {
			plays = append(plays, name)
		}
	}
	slices.Sort(plays)
	if len(plays) > 0 {
		t.Errorf("%d public scenarios play a certification question's situation: %v", len(plays), plays)
	}
}

// logLookups logs the lookups of the questions whose id contains one of
// parts, and what the lookup and avoid candidates expect on them against
// chance.
func logLookups(t *testing.T, looked []Looked, parts []string) {
	var n, same, offered int
	var lookup, avoid, chance float64
	for _, l := range looked {
		if !slices.ContainsFunc(parts, func(p string) bool { return strings.Contains(l.ID, p) }) {
			continue
		}
		k := float64(l.Choices)
		n++
		chance += 1 / k
		switch {
		case !l.Offered:
			lookup += 1 / k
			avoid += 1 / k
		case l.Answer == l.Right:
			same++
			lookup++
		default:
			offered++
			avoid += 1 / (k - 1)
		}
		t.Logf("  %s: nearest %s (%.2f) answers %q (offered %v); right %q", l.ID, l.Nearest, l.Similarity, l.Answer, l.Offered, l.Right)
	}
	t.Logf("  %d questions: the nearest public scenario answers %d right, %d with another offered choice; lookup expects %.1f, avoid %.1f, chance %.1f", n, same, offered, lookup, avoid, chance)
}

// TestLookupAtChance: a candidate who looks each certification situation
// up among the public scenarios and answers with the nearest one's
// outcome, or avoids it, does not beat chance. Questions still on a
// public scenario are left to TestBoards' count until none remain.
// SUBSTEP_LOOKUP=<part of question ids> logs each matching question's
// lookup.
func TestLookupAtChance(t *testing.T) {
	set := embeddedSet(t)
	public, err := publicScenarios()
	if err != nil {
		t.Fatal(err)
	}
	detail := os.Getenv("SUBSTEP_LOOKUP")
	eng := NewEngine(nil)
	for _, b := range set.Banks() {
		private := &CheckedBank{Format: b.Format}
		for _, q := range b.InPool(PoolCertification).Questions {
			if q.ScenarioFile == "" {
				private.Questions = append(private.Questions, q)
			}
		}
		s := LookupOrigins(private, public, eng)
		t.Logf("%s: %d private certification questions: lookup expects %.1f, avoid %.1f, chance %.1f (SD %.1f; excess %.1f and %.1f SD); the nearest public scenario answers %d right; %d equal a public one",
			b.Format, s.Questions, s.Lookup, s.Avoid, s.Chance, s.SD, s.LookupExcess(), s.AvoidExcess(), s.Same, s.Public)
		if detail != "" {
			logLookups(t, s.Looked, strings.Split(detail, ","))
		}
		if s.LookupExcess() > harvestLimit || s.AvoidExcess() > harvestLimit {
			t.Errorf("%s: looking situations up among the public scenarios beats chance (lookup %.1f SD, avoid %.1f SD, limit %.1f): vary the boards so the public answer is right about as often as a guess", b.Format, s.LookupExcess(), s.AvoidExcess(), harvestLimit)
		}
		if s.Public > 0 {
			t.Errorf("%s: %d certification situations equal a public scenario", b.Format, s.Public)
		}
	}
}

// TestLoadBoards: a board is read from boards/, names its provenance on
// its first line, and serves certification questions only.
func TestLoadBoards(t *testing.T) {
	const good = "# variant of goat-09-example-1.scn: another board\ntitle: same\n"
	onBoard := strings.Replace(goodBank, "scenario_file: same.txt", "board: b.scn", 1)
	tests := []struct {
		name, bank, board, want string
	}{
		{"good", onBoard, good, ""},
		{"no provenance", onBoard, "title: same\n", `first line must be "# variant of`},
		{"missing", strings.Replace(onBoard, "board: b.scn", "board: nope.scn", 1), good, "board: open boards/nope.scn"},
		{"a path", strings.Replace(onBoard, "board: b.scn", "board: ../goat.yaml", 1), good, "not a file name ending in .scn"},
		{"practice", strings.Replace(onBoard, "pool: certification\n    difficulty: 2\n    cites: [goat-09#rule]", "pool: practice\n    difficulty: 2\n    cites: [goat-09#rule]", 1), good, "private to certification"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.bank == goodBank {
				t.Fatal("replacement did not apply")
			}
			banks, err := load(t, map[string]string{"goat.yaml": tt.bank, "boards/b.scn": tt.board})
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				q := banks[0].Questions[2]
				if diff := cmp.Diff([]string{good, "goat-09-example-1.scn"}, []string{q.Scenario, q.Origin}); diff != "" {
					t.Errorf("scenario and origin (-want +got):\n%s", diff)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load error = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}
