package app

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"substep/web"
)

// rateLimitOffForBombs lets every bomb reach the engine: the limiter would
// otherwise stop them before the budget is tested.
var rateLimitOffForBombs = web.RateLimit{Off: true}

// Replay bombs: scenarios within every input limit whose replay output or
// work multiplies (wide zones × long scripts × players × formats). The
// engine's budget must bound each answer, and the server must stay within
// memory while several run at once.

// longName is among the longest card names in the catalogue: every state
// the engine stores repeats it.
const longName = "Swordsoul Supreme Sovereign - Chengying"

// bomb is a scenario of the given shape: players (2 to 6, A to F), cards
// in each player's hand and in each Graveyard and banished pile, script
// lines, and the formats it names. The script is a list of actions
// cycled: each a cheap line that still makes the engine store a state.
func bomb(title string, players, hand, piles, lines int, formats string, script ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "title: %s\nformats: %s\nturn: A\nphase: main 1\n", title, formats)
	ids := "ABCDEF"[:players]
	if players > 2 {
		b.WriteString("players: " + strings.Join(strings.Split(ids, ""), ", ") + "\n")
	}
	b.WriteString("\n")
	for _, p := range ids {
		for z, n := range map[string]int{"hand": hand, "graveyard": piles, "banished": piles} {
			if n > 0 {
				fmt.Fprintf(&b, "%c %s: %dx %s\n", p, z, n, longName)
			}
		}
	}
	b.WriteString("\n")
	if len(script) == 0 {
		script = []string{"A passes"}
	}
	for i := range lines {
		b.WriteString(script[i%len(script)] + "\n")
	}
	return b.String()
}

// bombShapes are the worst inputs found: the attack run's own, and shapes
// it did not try.
var bombShapes = []struct{ name, src string }{
	{"attack run: wide zones, 1980 passes, five formats", bomb("bomb", 2, 200, 200, 1980, "goat, hat, edison, domain, modern")},
	{"six players, wide zones, long script", bomb("six", 6, 200, 200, 1900, "domain")},
	{"no zones, longest script", bomb("lines", 2, 0, 0, 1990, "goat, hat, edison, domain, modern")},
	{"phase changes every line", bomb("phases", 2, 150, 150, 1900, "goat, hat, edison, domain, modern", "A enters the Battle Phase", "A enters Main Phase 2", "A ends the turn")},
	// Just inside caps a real duel never reaches (30 in hand, 60 in a
	// pile, 400 actions): accepted, so the budget alone must bound them.
	{"at the caps, five formats", bomb("caps", 2, 30, 60, 399, "goat, hat, edison, domain, modern", "A passes", "B has no response", "both pass")},
	{"at the caps, six players", bomb("caps6", 6, 30, 60, 399, "domain")},
	{"at the caps, draws", bomb("capsdraw", 2, 30, 60, 399, "goat, hat, edison, domain, modern", "A draws", "A passes")},
}

// maxAnswer is the most a replay answer may weigh (the target).
const maxAnswer = 5 << 20

// TestReplayBombs sends every bomb shape to the JSON API with all formats,
// and through the paste form to its share link: each answer is a replay
// within maxAnswer, or a 4xx naming the limit, never a 5xx.
func TestReplayBombs(t *testing.T) {
	// Each bomb's own bound is what is tested here, one at a time: the
	// site-wide engine share (TestBombsKeepMemoryBounded and
	// TestRulePagesKeepThroughput meet it) would answer some with 503, and
	// so would the 10 s request deadline on a machine loaded by other work
	// (sizes are measured here, not time).
	a := runApp(t, Config{RateLimit: rateLimitOffForBombs, EngineShare: 1, RequestTimeout: time.Minute})
	hc := fromAddr("127.0.3.1")
	for _, sh := range bombShapes {
		t.Run(sh.name, func(t *testing.T) {
			if len(sh.src) > 64<<10 {
				t.Fatalf("the bomb is %d bytes, over the input limit: it tests the parser, not the engine", len(sh.src))
			}
			resp, err := hc.Post(a.URL()+"/api/replay?formats=all", "text/plain", strings.NewReader(sh.src))
			if err != nil {
				t.Fatal(err)
			}
			n, body := readCapped(resp.Body, maxAnswer)
			resp.Body.Close()
			checkBombAnswer(t, "POST /api/replay", resp.StatusCode, n, body)

			resp, err = hc.PostForm(a.URL()+"/replay", url.Values{"scenario": {sh.src}, "format": {"goat", "hat", "edison", "domain", "modern"}})
			if err != nil {
				t.Fatal(err)
			}
			n, body = readCapped(resp.Body, maxAnswer)
			resp.Body.Close()
			if resp.StatusCode != http.StatusSeeOther {
				checkBombAnswer(t, "POST /replay", resp.StatusCode, n, body)
				return
			}
			for range 2 { // rendered once, then from the cache
				resp, err = hc.Get(a.URL() + resp.Header.Get("Location"))
				if err != nil {
					t.Fatal(err)
				}
				n, body = readCapped(resp.Body, maxAnswer)
				resp.Body.Close()
				checkBombAnswer(t, "GET share link", resp.StatusCode, n, body)
			}
		})
	}
}

// readCapped reads r up to max+1 bytes, counting the rest without keeping
// it, so a bomb answer cannot exhaust the test's memory either.
func readCapped(r io.Reader, max int) (int64, []byte) {
	b, _ := io.ReadAll(io.LimitReader(r, int64(max)+1))
	rest, _ := io.Copy(io.Discard, r)
	return int64(len(b)) + rest, b
}

func checkBombAnswer(t *testing.T, what string, status int, n int64, body []byte) {
	t.Helper()
	switch {
	case status >= 500:
		t.Errorf("%s: status %d: %.300s", what, status, body)
	case n > maxAnswer:
		t.Errorf("%s: %d bytes, over the %d-byte budget", what, n, maxAnswer)
	case status >= 400:
		var e struct{ Error string }
		if json.Unmarshal(body, &e) == nil && e.Error == "" {
			t.Errorf("%s: %d without a reason: %.300s", what, status, body)
		}
	}
}

// TestBombsKeepMemoryBounded runs every bomb shape at once, several times
// over, against one server, sampling the heap meanwhile: the peak must
// stay far below what a single unbounded bomb used to take (~3 GB).
func TestBombsKeepMemoryBounded(t *testing.T) {
	a := runApp(t, Config{RateLimit: rateLimitOffForBombs})
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	var served, busy atomic.Int32
	for i := range 3 {
		for j, sh := range bombShapes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				hc := fromAddr(fmt.Sprintf("127.0.4.%d", i*len(bombShapes)+j+1))
				src := strings.Replace(sh.src, "title: ", fmt.Sprintf("title: %d ", i), 1) // distinct: no cache
				resp, err := hc.Post(a.URL()+"/api/replay?formats=all", "text/plain", strings.NewReader(src))
				if err != nil {
					t.Error(err)
					return
				}
				n, _ := readCapped(resp.Body, maxAnswer)
				resp.Body.Close()
				switch {
				case resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != "":
					busy.Add(1)
				case resp.StatusCode >= 500 || n > maxAnswer:
					t.Errorf("%s: %d, %d bytes", sh.name, resp.StatusCode, n)
				default:
					served.Add(1)
				}
			}()
		}
	}
	wg.Wait()
	close(stop)
	<-sampled
	grew := int64(peak.Load()) - int64(before.HeapInuse)
	t.Logf("%d bombs at once: %d served, %d told to retry; heap in use peaked %d MB above the start", 3*len(bombShapes), served.Load(), busy.Load(), grew>>20)
	if served.Load() == 0 {
		t.Error("no bomb was served at all")
	}
	if limit := int64(400 << 20); grew > limit {
		t.Errorf("heap in use grew by %d MB while the bombs ran, more than %d MB", grew>>20, limit>>20)
	}
}
