package rulings

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const scenarioDir = "../content/scenarios"

type scenarioFile struct {
	name string
	src  []byte
}

func scenarioFiles(tb testing.TB) []scenarioFile {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(scenarioDir, "*.scn"))
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(paths)
	var out []scenarioFile
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, scenarioFile{name: strings.TrimSuffix(filepath.Base(p), ".scn"), src: src})
	}
	return out
}

func testCatalogue(tb testing.TB) *Catalogue {
	tb.Helper()
	cat, err := DefaultCatalogue()
	if err != nil {
		tb.Fatal(err)
	}
	return cat
}

// TestScenarios replays every scenario file under each of its formats and
// checks its expectations.
func TestScenarios(t *testing.T) {
	cat := testCatalogue(t)
	files := scenarioFiles(t)
	if len(files) == 0 {
		t.Fatal("no scenario files in " + scenarioDir)
	}
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			s, err := ParseScenario(f.name, f.src, cat)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			checkLegalLines(t, s)
			for _, id := range s.Formats {
				p, _ := ProfileByID(id)
				t.Run(id, func(t *testing.T) {
					tl := Replay(context.Background(), s, p, nil)
					if tl.Error != nil {
						t.Fatalf("replay error: %v\n%s", tl.Error, tl.Text())
					}
					if len(tl.Expectations) == 0 {
						t.Fatalf("no expectation applies to %s", id)
					}
					for _, e := range tl.Expectations {
						if !e.OK {
							t.Errorf("line %d: %s = %q, want %q", e.Line, e.Query, e.Got, e.Want)
						}
					}
					if t.Failed() {
						t.Log("\n" + tl.Text())
					}
				})
			}
		})
	}
}

// checkLegalLines makes sure "legal line N" expectations point at a real
// play, not at a pass, so they cannot hold by accident.
func checkLegalLines(t *testing.T, s *Scenario) {
	t.Helper()
	for _, e := range s.Expects {
		m := reQLegal.FindStringSubmatch(normQuery(e.Query))
		if m == nil {
			continue
		}
		for _, a := range s.Actions {
			if strconv.Itoa(a.Line) == m[1] && (a.Verb == vPass || a.Verb == vContinue) {
				t.Errorf("line %d: %q points at a pass (%q)", e.Line, e.Query, a.Text)
			}
		}
	}
}

func TestLoadScenarios(t *testing.T) {
	cat := testCatalogue(t)
	all, err := LoadScenarios(os.DirFS(".."), "content/scenarios", cat)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(scenarioFiles(t)); len(all) != want {
		t.Errorf("LoadScenarios found %d scenarios, want %d", len(all), want)
	}
	for _, s := range all {
		if s.Title == "" || len(s.Formats) == 0 {
			t.Errorf("%s: no title or formats", s.Name)
		}
	}
}
