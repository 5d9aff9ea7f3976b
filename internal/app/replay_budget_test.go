package app

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestReplayResponsesBounded pastes the largest scenarios the parser
// accepts, shaped to make the replay's output grow (every zone full of a
// long card name, the longest script, all formats, many players), and
// checks that the API answer and the share page each stay under 5 MB and
// never answer 5xx. The engine's own tests (rulings/budget_test.go) try
// more shapes; this one measures what actually goes over HTTP.
func TestReplayResponsesBounded(t *testing.T) {
	// The engine's share of the CPU is lifted (as in TestReplayBombs): this
	// test measures what one accepted replay sends, not the slot budget,
	// which TestEngineBudget and TestReplayBombs cover.
	a := runApp(t, Config{RateLimit: rateLimitOffForBombs, EngineShare: 1})
	const name = "Swordsoul Supreme Sovereign - Chengying"
	scenario := func(header string, players []string, line string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "title: wide\nformats: goat, edison, hat, modern, domain\nturn: %s\n%s\n", players[0], header)
		for _, p := range players {
			fmt.Fprintf(&b, "%[1]s hand: 30x %[2]s\n%[1]s deck: 60x %[2]s\n%[1]s graveyard: 60x %[2]s\n%[1]s banished: 60x %[2]s\n", p, name)
		}
		for i := 0; i < 400; i++ {
			b.WriteString(line + "\n")
		}
		return b.String()
	}
	shapes := map[string]string{
		"two players, quiet": scenario("", []string{"A", "B"}, "A passes"),
		"nine team players":  scenario("teams: A1, A2, A3 vs B1, B2, B3 vs C1, C2, C3", []string{"A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"}, "all pass"),
	}
	noRedirect := &http.Client{Timeout: client.Timeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for label, src := range shapes {
		t.Run(label, func(t *testing.T) {
			resp, err := client.Post(a.URL()+"/api/replay", "text/plain", strings.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			n := drain(t, resp)
			if resp.StatusCode != http.StatusOK || n > 5<<20 {
				t.Errorf("POST /api/replay: %d with %d bytes", resp.StatusCode, n)
			}
			resp, err = noRedirect.PostForm(a.URL()+"/replay", url.Values{"scenario": {src}})
			if err != nil {
				t.Fatal(err)
			}
			drain(t, resp)
			loc := resp.Header.Get("Location")
			if resp.StatusCode != http.StatusSeeOther || loc == "" {
				t.Fatalf("POST /replay: %d, Location %q", resp.StatusCode, loc)
			}
			resp, body := get(t, a.URL()+loc)
			if resp.StatusCode != http.StatusOK || len(body) > 5<<20 {
				t.Errorf("GET %s: %d with %d bytes", loc, resp.StatusCode, len(body))
			}
			t.Logf("API %d bytes, share page %d bytes", n, len(body))
		})
	}
}

// drain reads and closes a response body, returning its length.
func drain(t *testing.T, resp *http.Response) int {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}
