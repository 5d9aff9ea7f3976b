package app

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/html"

	"substep/internal/attempts"
	"substep/web"
)

// TestSoak drives mixed traffic — rule pages, search, the JSON API,
// replays, deck checks and whole quiz attempts — at high concurrency
// against the real app on loopback, and requires zero 5xx answers and every
// acknowledged quiz submission stored. It runs for 3 seconds in the normal
// test run; for a real soak:
//
//	SUBSTEP_SOAK=5m SUBSTEP_SOAK_WORKERS=64 go test -tags sqlite_fts5 -run TestSoak -v ./internal/app/
//
// The server's log (JSON lines) is kept: in SUBSTEP_SOAK_LOG when set, in
// the temp folder for a real soak (the path is logged at the end), and in
// the test's own folder otherwise. The summary counts every failed answer
// and every error the server logged, grouped by route and message.
func TestSoak(t *testing.T) {
	dur := 3 * time.Second
	if v := os.Getenv("SUBSTEP_SOAK"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("SUBSTEP_SOAK=%q: %v", v, err)
		}
		dur = d
	}
	workers := 16
	if v := os.Getenv("SUBSTEP_SOAK_WORKERS"); v != "" {
		fmt.Sscan(v, &workers)
	}
	dbPath := filepath.Join(t.TempDir(), "attempts.db")
	logPath := os.Getenv("SUBSTEP_SOAK_LOG")
	switch {
	case logPath != "":
	case os.Getenv("SUBSTEP_SOAK") != "":
		logPath = filepath.Join(os.TempDir(), "substep-soak-"+time.Now().UTC().Format("20060102-150405")+".log")
	default:
		logPath = filepath.Join(t.TempDir(), "server.log")
	}
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	a := quizApp(t, Config{AttemptsPath: dbPath, RateLimit: web.RateLimit{Off: true}, Logger: slog.New(slog.NewJSONHandler(logFile, nil))})

	c := a.Content()
	var pages []string
	for _, p := range c.Site.Pages {
		pages = append(pages, p.URL())
	}
	for _, k := range c.Cards.Cards()[:20] {
		pages = append(pages, "/cards/"+k.Slug())
	}
	pages = append(pages, "/", "/compare", "/compare/damage-step", "/formats/goat", "/quiz", "/replay", "/domain/check")
	queries := []string{"sangan", "damage step", "field spell", "sangna", "priority ignition", "\"x", "NEAR(", "c++", "trap monster", "segoc"}
	var scenarios []string
	for _, s := range c.Scenarios {
		scenarios = append(scenarios, "/replay/"+s.Name)
	}
	deck, err := os.ReadFile("../../rulings/domain/testdata/legal-dmg.ydke")
	if err != nil {
		t.Fatal(err)
	}

	var (
		requests, fivexx, limited atomic.Int64
		mu                        sync.Mutex
		latencies                 []time.Duration
		failures                  = map[string]int{}        // "route: status or error" → count
		acked                     = map[string]url.Values{} // attempt id → the answers the server acknowledged
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		failures[soakRoute(fmt.Sprintf(format, args...))]++
	}
	tr := &http.Transport{MaxIdleConnsPerHost: workers}
	hc := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	record := func(what string, resp *http.Response, err error, start time.Time) bool {
		requests.Add(1)
		if err != nil {
			fail("%s: %v", what, err)
			return false
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		mu.Lock()
		latencies = append(latencies, time.Since(start))
		mu.Unlock()
		switch {
		case resp.StatusCode >= 500:
			fivexx.Add(1)
			fail("%s: %d", what, resp.StatusCode)
		case resp.StatusCode == http.StatusTooManyRequests:
			limited.Add(1)
		}
		return resp.StatusCode < 400
	}

	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, seed*7+1))
			for ctx.Err() == nil {
				start := time.Now()
				switch n := r.IntN(100); {
				case n < 45:
					p := pages[r.IntN(len(pages))]
					resp, err := hc.Get(a.URL() + p)
					record("GET "+p, resp, err, start)
				case n < 70:
					q := queries[r.IntN(len(queries))]
					path := "/search?q="
					if r.IntN(2) == 0 {
						path = "/api/search?q="
					}
					resp, err := hc.Get(a.URL() + path + url.QueryEscape(q))
					record("search "+q, resp, err, start)
				case n < 85:
					s := scenarios[r.IntN(len(scenarios))]
					resp, err := hc.Get(a.URL() + s + "?formats=all")
					record("GET "+s, resp, err, start)
				case n < 92:
					body := fmt.Sprintf(`{"deck": %q, "master": "Dark Magician Girl"}`, strings.TrimSpace(string(deck)))
					resp, err := hc.Post(a.URL()+"/api/domain/check", "application/json", strings.NewReader(body))
					record("deck check", resp, err, start)
				default:
					id, form, ok := soakAttempt(a.URL(), r, record)
					if ok {
						mu.Lock()
						acked[id] = form
						mu.Unlock()
					}
				}
			}
		}(uint64(w + 1))
	}
	wg.Wait()

	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[int(p*float64(len(latencies)-1))]
	}
	t.Logf("soak: %s, %d workers: %d requests (%.0f/s), p50 %v, p99 %v, %d 5xx, %d rate-limited, %d quiz submissions acknowledged",
		dur, workers, requests.Load(), float64(requests.Load())/dur.Seconds(), pct(0.5), pct(0.99), fivexx.Load(), limited.Load(), len(acked))
	for _, f := range byCount(failures) {
		t.Errorf("answered %s", f)
	}
	serverErrors, err := soakLogErrors(logPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range byCount(serverErrors) {
		t.Errorf("server logged %s", e)
	}
	t.Logf("server log: %s", logPath)
	if fivexx.Load() > 0 {
		t.Errorf("%d answers were 5xx", fivexx.Load())
	}
	if len(acked) == 0 {
		t.Fatalf("no quiz submission was acknowledged")
	}

	// Every acknowledged submission is in the attempts file, with exactly
	// the answers sent, and the file is sound. (One store opened beside
	// the running site's, once: thousands of opens took minutes.)
	store, err := attempts.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for id, form := range acked {
		stored := storedAnswers(t, store, id)
		for k, v := range form {
			if k == "_csrf" {
				continue
			}
			if stored[k] != v[0] {
				t.Errorf("attempt %s: question %s stored %q, sent %q", id, k, stored[k], v[0])
			}
		}
	}
	if err := store.IntegrityCheck(context.Background()); err != nil {
		t.Errorf("attempts file: %v", err)
	}
}

// soakAttempt takes one whole certification attempt with its own cookie
// jar: start, then submit random answers. It reports the attempt id and the
// answers when the server acknowledged the submission (303).
func soakAttempt(base string, r *rand.Rand, record func(string, *http.Response, error, time.Time) bool) (string, url.Values, bool) {
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	getPage := func(path string) *page {
		start := time.Now()
		resp, err := hc.Get(base + path)
		if err != nil {
			record("GET "+path, nil, err, start)
			return nil
		}
		doc, perr := html.Parse(resp.Body)
		ok := record("GET "+path, resp, nil, start)
		if !ok || perr != nil {
			return nil
		}
		return &page{root: doc}
	}
	format := []string{"goat", "hat", "edison", "domain"}[r.IntN(4)]
	home := getPage("/quiz")
	if home == nil {
		return "", nil, false
	}
	tok := home.Attr("form[action=/quiz/"+format+"/start] input[name=_csrf]", "value")
	start := time.Now()
	resp, err := hc.PostForm(base+"/quiz/"+format+"/start", url.Values{"_csrf": {tok}, "name": {fmt.Sprintf("Soak judge %d", r.IntN(1000))}})
	if !record("start "+format, resp, err, start) || resp.StatusCode != http.StatusSeeOther {
		return "", nil, false
	}
	loc := resp.Header.Get("Location")
	sheet := getPage(loc)
	if sheet == nil {
		return "", nil, false
	}
	form := url.Values{"_csrf": {sheet.Attr("form#attempt-form input[name=_csrf]", "value")}}
	choices := map[string][]string{}
	for _, n := range sheet.All("form#attempt-form input[type=radio]") {
		name, _ := attr(n, "name")
		val, _ := attr(n, "value")
		choices[name] = append(choices[name], val)
	}
	for name, vals := range choices {
		form.Set(name, vals[r.IntN(len(vals))])
	}
	id := strings.TrimPrefix(loc, "/attempt/")
	start = time.Now()
	resp, err = hc.PostForm(base+loc+"/submit", form)
	if !record("submit", resp, err, start) || resp.StatusCode != http.StatusSeeOther {
		return "", nil, false
	}
	return id, form, true
}

// storedAnswers reads one attempt's answers from the attempts file.
func storedAnswers(t *testing.T, store *attempts.Store, id string) map[string]string {
	t.Helper()
	at, err := store.Get(context.Background(), id)
	if err != nil {
		t.Fatalf("attempt %s: %v", id, err)
	}
	if !at.Submitted() {
		t.Errorf("attempt %s: acknowledged but not submitted", id)
	}
	return byField(at)
}

// idRE matches the variable parts of a path (attempt ids, share keys) so
// failures group by route.
var idRE = regexp.MustCompile(`/[0-9a-f]{32}|/s/[A-Za-z0-9_-]{16}`)

// soakRoute turns a failure ("GET /attempt/<id>: 500") into its route's.
func soakRoute(s string) string {
	return idRE.ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasPrefix(m, "/s/") {
			return "/s/{key}"
		}
		return "/{id}"
	})
}

// soakLogErrors reads the server's JSON log and counts its warnings and
// errors by level, message, route and error text.
func soakLogErrors(path string) (map[string]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l struct {
			Level, Msg, Method, Path, Err string
			Status                        int
		}
		if json.Unmarshal(sc.Bytes(), &l) != nil || (l.Level != "ERROR" && l.Level != "WARN") {
			continue
		}
		out[soakRoute(fmt.Sprintf("%s %q: %s %s %d: %s", l.Level, l.Msg, l.Method, l.Path, l.Status, l.Err))]++
	}
	return out, sc.Err()
}

// byCount lists a count map as "N × key", most frequent first.
func byCount(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	for i, k := range keys {
		keys[i] = fmt.Sprintf("%d × %s", m[k], k)
	}
	return keys
}
