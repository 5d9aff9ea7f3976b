package rulings

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden timelines in testdata/")

// goldenScenarios are replayed into testdata/<name>.<format>.txt.
var goldenScenarios = []string{
	"goat-03-example-1",
	"goat-04-example-1",
	"goat-05-example-1",
	"goat-09-example-2",
	"goat-10-10b-example-2",
	"goat-10-10c-example-1",
	"hat-05-example-2",
	"edison-timing-4-example-1",
}

func TestGolden(t *testing.T) {
	cat := testCatalogue(t)
	for _, name := range goldenScenarios {
		src, err := os.ReadFile(filepath.Join(scenarioDir, name+".scn"))
		if err != nil {
			t.Fatal(err)
		}
		s, err := ParseScenario(name, src, cat)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, id := range s.Formats {
			p, _ := ProfileByID(id)
			t.Run(name+"/"+id, func(t *testing.T) {
				got := Replay(context.Background(), s, p, nil).Text()
				path := filepath.Join("testdata", name+"."+id+".txt")
				if *update {
					if err := os.MkdirAll("testdata", 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test ./rulings -run TestGolden -update)", err)
				}
				if diff := cmp.Diff(string(want), got); diff != "" {
					t.Errorf("timeline differs from %s (-want +got):\n%s", path, diff)
				}
			})
		}
	}
}

// TestDeterministic replays every scenario twice per format and compares
// the JSON and text byte for byte.
func TestDeterministic(t *testing.T) {
	cat := testCatalogue(t)
	for _, f := range scenarioFiles(t) {
		s, err := ParseScenario(f.name, f.src, cat)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		for _, p := range Profiles() {
			a, b := Replay(context.Background(), s, p, nil), Replay(context.Background(), s, p, nil)
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if !bytes.Equal(ja, jb) || a.Text() != b.Text() {
				t.Errorf("%s under %s: two replays differ", f.name, p.ID)
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	cat := testCatalogue(t)
	head := "title: t\nformats: goat\nturn: A\n"
	tests := []struct {
		name, src, want string
	}{
		{"unknown card", head + "A hand: Sangn\n", `line 4: Substep doesn't know the card "Sangn" yet; did you mean Sangan?`},
		{"unknown limited card", "title: t\nformats: goat\nlimited: Sangn\nturn: A\n", `line 3: Substep doesn't know the card "Sangn" yet; did you mean Sangan?`},
		{"unknown format", "title: t\nformats: goat, tcg2099\nturn: A\n", `line 2: unknown format "tcg2099" (known: goat, hat, edison, domain, modern)`},
		{"no turn", "title: t\nformats: goat\n", `the header needs turn: A or turn: B`},
		{"bad action", head + "A dances with Sangan\n", `line 4: cannot read the action "dances with Sangan" (the scenario guide at /replay/help lists the phrases Substep knows)`},
		{"spell in monster zone", head + "A monsters: Mystical Space Typhoon\n", `line 4: Mystical Space Typhoon is not a monster, so it cannot be in a Monster Zone (a Trap Monster says "(trap monster)")`},
		{"bad expectation", head + "A passes\nexpect colour Sangan = blue\n", `line 5: unknown query "colour sangan" (the scenario guide at /replay/help lists the queries)`},
		{"expect other format", head + "A passes\nexpect hat: lp A = 8000\n", `line 5: format hat is not in this file's formats: (goat)`},
		{"legal line not an action", head + "A passes\nexpect legal line 2 = legal\n", `line 5: line 2 is not an action`},
		{"too many monsters", head + "A monsters: 6x Sangan\n", `line 4: A's Monster Zones: at most 5 cards here (more than a real duel needs), not 6`},
		{"state after actions", head + "A passes\nA hand: Sangan\n", `line 5: starting zones belong before the first action`},
		{"too many players", "title: t\nformats: domain\nplayers: A, B, C, D, E, F, A\nturn: A\n", `line 3: players: each player is a different letter from A to F, not "A"`},
		{"one player", "title: t\nformats: domain\nplayers: A\nturn: A\n", `line 3: players: a game has 2 to 6 players, not 1`},
		{"team names", "title: t\nformats: domain\nteams: A1, B2 vs B1\nturn: A\n", `line 3: teams: team 1's players are named A1, A2, …; "B2" does not fit`},
		{"unknown player", head + "C hand: Sangan\n", `line 4: there is no player C (the players are A, B)`},
		{"turn of no player", "title: t\nformats: goat\nturn: C\n", `line 3: turn: must be one of the players (A, B), not "C"`},
		{"match", head + "match: A 3\n", `line 4: match: list each player's duel wins so far, like "A 1, B 0" (0 to 2), not "A 3"`},
		{"duel kind", head + "duel: final\n", `line 4: duel: the only kind is "extra" (the Goat extra duel that settles a match), not "final"`},
		{"deck master is a monster", head + "A deck master: Raigeki\n", `line 4: Raigeki is not a monster: a Deck Master is a monster card`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseScenario("x", []byte(tc.src), cat)
			if err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestReplayErrorsNameTheLine(t *testing.T) {
	cat := testCatalogue(t)
	src := "title: t\nformats: goat\nturn: A\nB monsters: Sangan\nA hand: Mystical Space Typhoon\n" +
		"A activates Mystical Space Typhoon targeting B's Mystic Tomato\n"
	s, err := ParseScenario("x", []byte(src), cat)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ProfileByID("goat")
	tl := Replay(context.Background(), s, p, nil)
	if tl.Error == nil {
		t.Fatalf("no error:\n%s", tl.Text())
	}
	if diff := cmp.Diff("line 6: B's Mystic Tomato is not where Mystical Space Typhoon can target it", tl.Error.Error()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestRefusedCard(t *testing.T) {
	cat := testCatalogue(t)
	src := "title: t\nformats: goat\nturn: A\nA monsters: Lyla, Lightsworn Sorceress\nA activates Lyla, Lightsworn Sorceress\n"
	_, err := ParseScenario("x", []byte(src), cat)
	if err == nil || !strings.Contains(err.Error(), "line 5: Lyla, Lightsworn Sorceress: the engine's vocabulary cannot express its effect") {
		t.Fatalf("got %v", err)
	}
}

func TestEventBound(t *testing.T) {
	cat := testCatalogue(t)
	var b strings.Builder
	b.WriteString("title: t\nformats: goat\nturn: A\nA hand: 1 cards\nA deck: 60 cards\nB deck: 60 cards\n")
	for i := 0; i < maxScriptAction/2; i++ {
		b.WriteString("A ends the turn\nB ends the turn\n")
	}
	s, err := ParseScenario("x", []byte(b.String()), cat)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ProfileByID("goat")
	tl := Replay(context.Background(), s, p, nil)
	if tl.Error == nil && tl.Final.Winner == "" {
		t.Fatalf("a %d-turn scenario ended without an error or a winner", maxScriptAction)
	}
}

func TestProfiles(t *testing.T) {
	var ids []string
	for _, p := range Profiles() {
		ids = append(ids, p.ID)
		if len(p.Switches()) < 14 {
			t.Errorf("%s: %d switches", p.ID, len(p.Switches()))
		}
		for _, s := range p.Switches() {
			if s.Rule == "" && !s.Assumed {
				t.Errorf("%s: switch %q cites no rule", p.ID, s.Name)
			}
		}
	}
	if diff := cmp.Diff([]string{"goat", "hat", "edison", "domain", "modern"}, ids); diff != "" {
		t.Errorf("profile order (-want +got):\n%s", diff)
	}
	want := map[string]int{"goat": 6, "hat": 7, "edison": 7, "domain": 5, "modern": 5}
	for id, n := range want {
		p, ok := ProfileByID(id)
		if !ok || len(p.DamageStep) != n {
			t.Errorf("%s: %d Damage Step timings, want %d", id, len(p.DamageStep), n)
		}
	}
	if p, ok := ProfileByID("today"); !ok || p.ID != "modern" {
		t.Errorf(`ProfileByID("today") = %v, %v`, p, ok)
	}
	// Domain: a switch its own pages state cites a Domain page and is not
	// assumed; every other switch is today's rule, marked assumed. The one
	// exception is Substep's own reading where Domain is silent (the number
	// of players): assumed, and citing the Domain section that says so.
	readings := map[string]bool{"Players": true}
	p, _ := ProfileByID("domain")
	own := 0
	for _, s := range p.Switches() {
		isDomain := strings.HasPrefix(s.Rule, "domain-")
		if isDomain == s.Assumed && !(readings[s.Name] && isDomain && s.Assumed) {
			t.Errorf("domain: switch %q cites %q and is assumed=%v", s.Name, s.Rule, s.Assumed)
		}
		if isDomain {
			own++
		}
	}
	if own < 15 {
		t.Errorf("domain: %d switches cite Domain pages, want at least 15", own)
	}
}

var reAnchor = regexp.MustCompile(`\{#([a-z0-9-]+)\}`)
var reID = regexp.MustCompile(`(?m)^id:\s*([a-z0-9-]+)\s*$`)

// TestCitations checks that every rule page#anchor the profiles cite and
// every scenario's example: exists in content/.
func TestCitations(t *testing.T) {
	pages := map[string]map[string]bool{}
	files, _ := filepath.Glob("../content/*/*.md")
	if len(files) == 0 {
		t.Skip("no rule pages in ../content")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := reID.FindSubmatch(src)
		if m == nil {
			continue
		}
		anchors := map[string]bool{}
		for _, a := range reAnchor.FindAllSubmatch(src, -1) {
			anchors[string(a[1])] = true
		}
		pages[string(m[1])] = anchors
	}
	check := func(where, ref string) {
		page, anchor, _ := strings.Cut(ref, "#")
		anchors, ok := pages[page]
		if !ok {
			t.Errorf("%s cites %s: no page %q", where, ref, page)
			return
		}
		if anchor != "" && !anchors[anchor] {
			t.Errorf("%s cites %s: page %s has no heading {#%s}", where, ref, page, anchor)
		}
	}
	for _, c := range Citations() {
		check("profiles", c)
	}
	cat := testCatalogue(t)
	for _, f := range scenarioFiles(t) {
		s, err := ParseScenario(f.name, f.src, cat)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if s.Example != "" {
			check(f.name+".scn", s.Example)
		}
		for _, id := range s.Formats {
			p, _ := ProfileByID(id)
			for _, e := range Replay(context.Background(), s, p, nil).Events {
				if e.Rule != "" {
					check(f.name+".scn ("+id+")", e.Rule)
				}
			}
		}
	}
}

func FuzzParseScenario(f *testing.F) {
	for _, sf := range scenarioFiles(f) {
		f.Add(sf.src)
	}
	f.Add([]byte("title: x\nformats: goat\nturn: A\nA attacks directly with Sangan\n"))
	cat := testCatalogue(f)
	profiles := Profiles()
	f.Fuzz(func(t *testing.T, src []byte) {
		done := make(chan string, 1)
		go func() {
			done <- fuzzOne(src, cat, profiles)
		}()
		select {
		case msg := <-done:
			if msg != "" {
				t.Fatal(msg)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("parse and replay took more than 10s")
		}
	})
}

func BenchmarkReplayAll(b *testing.B) {
	cat := testCatalogue(b)
	var all []*Scenario
	for _, f := range scenarioFiles(b) {
		s, err := ParseScenario(f.name, f.src, cat)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, s)
	}
	replays := 0
	cpu := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range all {
			for _, id := range s.Formats {
				p, _ := ProfileByID(id)
				Replay(context.Background(), s, p, nil)
				replays++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(replays), "µs/replay")
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/float64(replays), "cpu-µs/replay")
}

// fuzzOne parses src and replays it under every profile; it returns what
// went wrong, or "".
func fuzzOne(src []byte, cat *Catalogue, profiles []*Profile) string {
	s, err := ParseScenario("fuzz", src, cat)
	if err != nil {
		if err.Error() == "" {
			return "empty error"
		}
		return ""
	}
	for _, p := range profiles {
		tl := Replay(context.Background(), s, p, nil)
		_ = tl.Text()
		for _, q := range []string{"chain link 1", "lp A", "verdict", "location Sangan", "first response"} {
			if _, err := tl.Ask(q); err != nil {
				return fmt.Sprintf("Ask(%q): %v", q, err)
			}
		}
	}
	return ""
}

// TestSeatsNeedDomain: only Domain seats more than two players or teams;
// any other format stops with an error naming itself.
func TestSeatsNeedDomain(t *testing.T) {
	cat := testCatalogue(t)
	tests := []struct {
		name, header, want string
	}{
		{"three players", "players: A, B, C\n", "Goat is a two-player format: it has no rules for 3 players (only Domain has)"},
		{"teams", "teams: A1, A2 vs B1, B2\n", "Goat is a two-player format: it has no rules for 4 players (only Domain has)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "title: t\nformats: goat, domain\n" + tc.header + "turn: " + map[bool]string{true: "A1", false: "A"}[strings.Contains(tc.header, "A1")] + "\nall pass\nexpect phase = Main Phase 1\n"
			s, err := ParseScenario("x", []byte(src), cat)
			if err != nil {
				t.Fatal(err)
			}
			goat, _ := ProfileByID("goat")
			tl := Replay(context.Background(), s, goat, nil)
			if tl.Error == nil {
				t.Fatalf("no error under Goat:\n%s", tl.Text())
			}
			if diff := cmp.Diff(tc.want, tl.Error.Msg); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			domain, _ := ProfileByID("domain")
			if tl := Replay(context.Background(), s, domain, nil); !tl.OK() {
				t.Errorf("Domain replay failed:\n%s", tl.Text())
			}
		})
	}
}

// TestTeamRotation checks the team turn order against the examples of
// domain-team-battle, removing players as they go.
func TestTeamRotation(t *testing.T) {
	cat := testCatalogue(t)
	tests := []struct {
		name, teams, turn, removed string
		want                       string
	}{
		{"two teams", "A1, A2 vs B1, B2", "A1", "", "A1, B1, A2, B2, A1, B1, A2, B2"},
		{"A1 removed", "A1, A2 vs B1, B2", "B1", "A1", "B1, A2, B2, A2, B1, A2"},
		{"three teams of two", "A1, A2 vs B1, B2 vs C1, C2", "A1", "", "A1, B1, C1, A2, B2, C2, A1, B1, C1, A2, B2, C2"},
		{"uneven teams", "A1, A2, A3 vs B1", "A1", "", "A1, B1, A2, B1, A3, B1, A1, B1"},
		{"B2 removed", "A1, A2 vs B1, B2", "A1", "B2", "A1, B1, A2, B1, A1, B1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			turnNumber := map[string]string{"A1": "1", "B1": "2"}[tc.turn]
			b.WriteString("title: t\nformats: domain\nteams: " + tc.teams + "\nturn: " + tc.turn + "\nturn number: " + turnNumber + "\n")
			if tc.removed != "" {
				b.WriteString(tc.removed + " lp: 500\n" + tc.turn + " monsters: Cannon Soldier, Battle Ox\n")
				b.WriteString(tc.turn + " activates Cannon Soldier, tributing Battle Ox, targeting " + tc.removed + "\n")
			}
			b.WriteString("all pass\n")
			s, err := ParseScenario("x", []byte(b.String()), cat)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := ProfileByID("domain")
			tl := Replay(context.Background(), s, p, nil)
			if tl.Error != nil {
				t.Fatalf("replay: %v", tl.Error)
			}
			if tc.removed != "" {
				if got, _ := tl.Ask("removed " + tc.removed); got != "yes" {
					t.Fatalf("%s was not removed:\n%s", tc.removed, tl.Text())
				}
			}
			got, _ := tl.Ask("turn order")
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("turn order (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPlainQueriesComeFirst: a query without arguments is answered as
// itself even where a query form with a card name would also match it
// ("timing now" is not "timing" of a card named "now").
func TestPlainQueriesComeFirst(t *testing.T) {
	cat := testCatalogue(t)
	s, err := ParseScenario("plain", []byte("title: plain\nformats: goat\nturn: A\n\nA hand: Sangan\n\nA normal summons Sangan\n"), cat)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ProfileByID("goat")
	tl := Replay(context.Background(), s, p, nil)
	for q, run := range plainQueries {
		want, wantErr := run(ask{t: tl, st: &tl.Final})
		got, err := tl.Ask(q)
		if got != want || fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Errorf("Ask(%q) = %q, %v; want %q, %v", q, got, err, want, wantErr)
		}
	}
}

// TestEndTurnWithOpenChain: a chain opened in the End Phase (a Spirit's
// return, activated as the End Phase begins) must resolve in that turn;
// "ends the turn" over it is an error naming the line, not a chain carried
// into the next turn's Draw Phase.
func TestEndTurnWithOpenChain(t *testing.T) {
	cat := testCatalogue(t)
	src := "title: t\nformats: edison\nturn: A\nphase: main 1\nA hand: Asura Priest\nA deck: 5 cards\nB deck: 5 cards\n" +
		"A Normal Summons Asura Priest\nA enters the End Phase\nA ends the turn\n"
	s, err := ParseScenario("x", []byte(src), cat)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ProfileByID("edison")
	tl := Replay(context.Background(), s, p, nil)
	if tl.Error == nil {
		t.Fatalf("no error:\n%s", tl.Text())
	}
	if diff := cmp.Diff("line 10: a chain is still open in the End Phase; resolve it first (both pass)", tl.Error.Error()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
