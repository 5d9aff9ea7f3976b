package rulings

import (
	"bytes"
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
				got := Replay(s, p).Text()
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
			a, b := Replay(s, p), Replay(s, p)
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
		{"unknown card", head + "A hand: Sangn\n", `line 4: unknown card "Sangn" (not in rulings/cards.yaml); did you mean Sangan?`},
		{"unknown format", "title: t\nformats: goat, tcg2099\nturn: A\n", `line 2: unknown format "tcg2099" (known: goat, hat, edison, domain, modern)`},
		{"no turn", "title: t\nformats: goat\n", `the header needs turn: A or turn: B`},
		{"bad action", head + "A dances with Sangan\n", `line 4: cannot read the action "dances with Sangan" (see rulings/SCENARIOS.md for the phrases the engine knows)`},
		{"spell in monster zone", head + "A monsters: Mystical Space Typhoon\n", `line 4: Mystical Space Typhoon is not a monster, so it cannot be in a Monster Zone`},
		{"bad expectation", head + "A passes\nexpect colour Sangan = blue\n", `line 5: unknown query "colour sangan" (see the query list in rulings/SCENARIOS.md)`},
		{"expect other format", head + "A passes\nexpect hat: lp A = 8000\n", `line 5: format hat is not in this file's formats: (goat)`},
		{"legal line not an action", head + "A passes\nexpect legal line 2 = legal\n", `line 5: line 2 is not an action`},
		{"too many monsters", head + "A monsters: 6x Sangan\n", `line 4: A's Monster Zones hold at most 5 cards, not 6`},
		{"state after actions", head + "A passes\nA hand: Sangan\n", `line 5: starting zones belong before the first action`},
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
	tl := Replay(s, p)
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
	b.WriteString("title: t\nformats: goat\nturn: A\nA hand: 1 cards\nA deck: 200 cards\nB deck: 200 cards\n")
	for i := 0; i < 990; i++ {
		b.WriteString("A ends the turn\nB ends the turn\n")
	}
	s, err := ParseScenario("x", []byte(b.String()), cat)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ProfileByID("goat")
	start := time.Now()
	tl := Replay(s, p)
	if tl.Error == nil && tl.Final.Winner == "" {
		t.Fatalf("a 1980-turn scenario ended without an error or a winner")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("replay took %v", d)
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
	for _, p := range Profiles() {
		if p.ID == "domain" {
			for _, s := range p.Switches() {
				if !s.Assumed {
					t.Errorf("domain: switch %q is not marked assumed", s.Name)
				}
			}
		}
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
			for _, e := range Replay(s, p).Events {
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
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range all {
			for _, id := range s.Formats {
				p, _ := ProfileByID(id)
				Replay(s, p)
			}
		}
	}
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
		tl := Replay(s, p)
		_ = tl.Text()
		for _, q := range []string{"chain link 1", "lp A", "verdict", "location Sangan", "first response"} {
			if _, err := tl.Ask(q); err != nil {
				return fmt.Sprintf("Ask(%q): %v", q, err)
			}
		}
	}
	return ""
}
