package rulings

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The hostile shapes below try to make a replay's output or work grow
// without bound from a small scenario: wide zones, long scripts, many
// players, every format, churning zones and many chains. Each must be
// refused by the parser with the limit named, or replay within one shared
// budget with a clean scenario error.

const longName = "Swordsoul Supreme Sovereign - Chengying"

// bomb writes a scenario: a header, the zones of each player, a script.
func bomb(header string, players []string, zones map[string]string, script func(b *strings.Builder)) string {
	var b strings.Builder
	b.WriteString("title: bomb\nformats: goat, edison, hat, modern, domain\nturn: " + players[0] + "\nphase: main1\n" + header + "\n")
	for _, p := range players {
		for _, z := range []string{"hand", "deck", "graveyard", "banished", "extra deck", "monsters", "spells"} {
			if v, ok := zones[z]; ok {
				fmt.Fprintf(&b, "%s %s: %s\n", p, z, v)
			}
		}
	}
	b.WriteString("\n")
	script(&b)
	return b.String()
}

func repeat(n int, lines ...string) func(b *strings.Builder) {
	return func(b *strings.Builder) {
		for i := 0; i < n; i++ {
			for _, l := range lines {
				b.WriteString(l + "\n")
			}
		}
	}
}

var abcdef = []string{"A", "B", "C", "D", "E", "F"}

// hostile are scenarios the parser accepts, each as large as the caps let it be.
func hostile() map[string]string {
	wide := map[string]string{
		"hand":       fmt.Sprintf("%dx %s", maxHandCards, longName),
		"deck":       fmt.Sprintf("%dx %s", maxPileCards, longName),
		"graveyard":  fmt.Sprintf("%dx %s", maxPileCards, longName),
		"banished":   fmt.Sprintf("%dx %s", maxPileCards, longName),
		"extra deck": fmt.Sprintf("%dx %s", maxExtraCards, longName),
	}
	churn := map[string]string{
		"hand":      fmt.Sprintf("%dx Card Destruction", maxHandCards),
		"deck":      fmt.Sprintf("%dx %s", maxPileCards, longName),
		"graveyard": fmt.Sprintf("%dx %s", maxPileCards, longName),
		"banished":  fmt.Sprintf("%dx %s", maxPileCards, longName),
	}
	teams := "teams: A1, A2, A3 vs B1, B2, B3 vs C1, C2, C3"
	return map[string]string{
		"wide zones, quiet script": bomb("", []string{"A", "B"}, wide, repeat(maxScriptAction, "A passes")),
		"six players, turns":       bomb("players: A, B, C, D, E, F", abcdef, wide, repeat(maxScriptAction/6, "A ends the turn", "B ends the turn", "C ends the turn", "D ends the turn", "E ends the turn", "F ends the turn")),
		"nine team players":        bomb(teams, []string{"A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"}, wide, repeat(maxScriptAction, "all pass")),
		"churning zones":           bomb("", []string{"A", "B"}, churn, repeat(maxScriptAction/2, "A activates Card Destruction", "both pass")),
		"many chains":              bomb("", []string{"A", "B"}, churn, repeat(maxScriptAction/3, "A activates Card Destruction", "B passes", "A passes")),
		"turns two players":        bomb("", []string{"A", "B"}, wide, repeat(maxScriptAction/2, "A ends the turn", "B ends the turn")),
	}
}

// replayEvery replays s under every format with one budget and measures
// the JSON a client would receive: each timeline and its steps.
func replayEvery(t testing.TB, ctx context.Context, s *Scenario) (bytes int, b *Budget, tls []*Timeline) {
	b = NewBudget(0)
	for _, p := range Profiles() {
		tl := Replay(ctx, s, p, b)
		js, err := json.Marshal(struct {
			T *Timeline `json:"timeline"`
			S []Step    `json:"steps"`
		}{tl, tl.Steps()})
		if err != nil {
			t.Fatal(err)
		}
		bytes += len(js)
		tls = append(tls, tl)
	}
	return bytes, b, tls
}

func TestHostileScenariosStayInBudget(t *testing.T) {
	cat := testCatalogue(t)
	const maxBytes = 5 << 20
	for name, src := range hostile() {
		t.Run(name, func(t *testing.T) {
			s, err := ParseScenario("bomb", []byte(src), cat)
			if err != nil {
				t.Fatalf("the parser refuses the shape, so it tests nothing: %v", err)
			}
			n, b, tls := replayEvery(t, context.Background(), s)
			if n > maxBytes {
				t.Errorf("the replays answer %d bytes of JSON, more than %d", n, maxBytes)
			}
			// One charge may pass the limit before the replay stops.
			if slack := 4 * maxPileCards * 10; b.Used() > b.Limit()+slack {
				t.Errorf("the replays spent %d units of a budget of %d", b.Used(), b.Limit())
			}
			for _, tl := range tls {
				if tl.Error != nil && strings.Contains(tl.Error.Msg, "engine failed") {
					t.Errorf("%s: %v", tl.Format, tl.Error)
				}
				if tl.Error != nil && strings.Contains(tl.Error.Msg, "budget") && tl.Error.Line <= 0 {
					t.Errorf("%s: the budget error names no line: %v", tl.Format, tl.Error)
				}
			}
			t.Logf("%d bytes, %d units", n, b.Used())
		})
	}
}

// TestBudgetErrorNamesTheLimit: a small budget stops the replay with a
// scenario error that names the limit and the line, and the formats after
// it stop at once.
func TestBudgetErrorNamesTheLimit(t *testing.T) {
	cat := testCatalogue(t)
	s, err := ParseScenario("bomb", []byte(hostile()["churning zones"]), cat)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBudget(500)
	var errs []string
	for _, p := range Profiles() {
		tl := Replay(context.Background(), s, p, b)
		if tl.Error == nil {
			t.Fatalf("%s: no error over a budget of 500", p.ID)
		}
		errs = append(errs, tl.Error.Error())
	}
	for _, e := range errs {
		if !strings.Contains(e, "budget of 500 units") || !strings.HasPrefix(e, "line ") {
			t.Errorf("the error should name the line and the budget: %q", e)
		}
	}
}

// TestReplayStopsWithItsContext: a request that is gone stops the replay
// with a scenario error, not a panic.
func TestReplayStopsWithItsContext(t *testing.T) {
	cat := testCatalogue(t)
	s, err := ParseScenario("bomb", []byte(hostile()["turns two players"]), cat)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, _ := ProfileByID("goat")
	tl := Replay(ctx, s, p, nil)
	if tl.Error == nil || !strings.Contains(tl.Error.Msg, "context canceled") {
		t.Fatalf("got %v", tl.Error)
	}
	if len(tl.Steps()) > 1 {
		t.Errorf("the replay went on for %d steps after its context ended", len(tl.Steps()))
	}
}

// TestParserRefusesOversizedShapes: the shape (200 copies a zone,
// 1,980 quiet lines) and its cousins are refused with the limit named.
func TestParserRefusesOversizedShapes(t *testing.T) {
	cat := testCatalogue(t)
	tests := []struct {
		name, src, want string
	}{
		{"200 in hand", bomb("", []string{"A", "B"}, map[string]string{"hand": "200x " + longName}, repeat(10, "A passes")), "line 6: A's hand: at most 30 cards"},
		{"200 in the Graveyard", bomb("", []string{"A", "B"}, map[string]string{"graveyard": "200x " + longName}, repeat(10, "A passes")), "line 6: A's Graveyard: at most 60 cards"},
		{"61 banished", bomb("", []string{"A", "B"}, map[string]string{"banished": "60x " + longName + ", Sangan"}, repeat(10, "A passes")), "line 6: A's banished cards: at most 60 cards"},
		{"1,980 quiet lines", bomb("", []string{"A", "B"}, nil, repeat(1980, "A passes")), fmt.Sprintf("a script holds at most %d actions", maxScriptAction)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseScenario("bomb", []byte(tt.src), cat)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
			if strings.Count(err.Error(), "\n") > 5 {
				t.Errorf("the error repeats itself:\n%s", err)
			}
		})
	}
}

// TestBundledScenariosFitTheBudget: every bundled scenario replays in all
// its formats on a small part of one request's budget, and every step's
// rebuilt state is the state the duel had.
func TestBundledScenariosFitTheBudget(t *testing.T) {
	cat := testCatalogue(t)
	most, at := 0, ""
	for _, f := range scenarioFiles(t) {
		s, err := ParseScenario(f.name, f.src, cat)
		if err != nil {
			t.Fatal(err)
		}
		_, b, _ := replayEvery(t, context.Background(), s)
		if b.Used() > most {
			most, at = b.Used(), f.name
		}
	}
	if most > DefaultBudget/4 {
		t.Errorf("%s spends %d units in all formats, more than a quarter of the budget (%d)", at, most, DefaultBudget)
	}
	t.Logf("the most a bundled scenario spends: %d units (%s)", most, at)
}

// BenchmarkWorstCase replays the most expensive accepted shape under every
// format with one budget, and reports the JSON a client would receive.
func BenchmarkWorstCase(b *testing.B) {
	cat := testCatalogue(b)
	for _, name := range []string{"wide zones, quiet script", "six players, turns", "nine team players", "churning zones", "many chains", "turns two players"} {
		s, err := ParseScenario("bomb", []byte(hostile()[name]), cat)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			n := 0
			cpu := cpuTime()
			for b.Loop() {
				n, _, _ = replayEvery(b, context.Background(), s)
			}
			b.ReportMetric(float64(n), "json-bytes")
			b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuTime is the CPU time the process has used (user and system), which a
// busy machine does not inflate the way it does wall-clock time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
