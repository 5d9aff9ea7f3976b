package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"substep/web"
)

// syncBuffer collects the server's log for assertions.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startApp runs the real app on a loopback port for the test's lifetime,
// collecting its log.
func startApp(t testing.TB) (*App, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	return runApp(t, Config{Logger: slog.New(slog.NewTextHandler(logs, nil))}), logs
}

// runApp runs the app with cfg on a free loopback port until the test ends.
func runApp(t testing.TB, cfg Config) *App {
	t.Helper()
	cfg.Addr = "127.0.0.1:0"
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	a, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
		a.Close()
	})
	return a
}

var client = &http.Client{Timeout: 20 * time.Second}

func get(t testing.TB, u string) (*http.Response, []byte) {
	t.Helper()
	resp, err := client.Get(u)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	return resp, body
}

func TestRoutes(t *testing.T) {
	a, logs := startApp(t)
	tests := []struct {
		path   string
		status int
		title  string            // substring of <title>
		sel    map[string]string // selector → substring of its text ("" = must exist)
	}{
		{"/", 200, "Substep", map[string]string{"h1": "retro formats", "ul.formats li": "Goat"}},
		{"/formats/goat", 200, "Goat Format", map[string]string{"ol.rules li": "Start With 6", "nav a[aria-current=page]": "Goat"}},
		{"/formats/hat", 200, "HAT Format", map[string]string{"ol.rules li": ""}},
		{"/formats/domain", 200, "Domain Format", map[string]string{"ol.rules li": ""}},
		{"/rules/goat-03", 200, "Goat rule #3", map[string]string{"h2#example-1": "Example 1", "h2#example-1 a.anchor[data-anchor=example-1]": "#", "button.copy[data-copy]": "Copy link", "a.card[href=/cards/necrovalley]": "Necrovalley"}},
		{"/rules/goat-10", 200, "Goat rule #10", map[string]string{"#10a": "", "#substep-6": ""}},
		{"/search?q=sangan", 200, "Search: sangan", map[string]string{"section.hits li a": "", "section.card-hits a[href=/cards/sangan]": "Sangan"}},
		{"/search?q=damage+step&format=hat", 200, "Search", map[string]string{"section.hits h2": "HAT"}},
		{"/search", 200, "Search", map[string]string{"p.notice": ""}},
		{"/cards", 200, "Cards", map[string]string{"ul.card-list a[href=/cards/sangan]": "Sangan"}},
		{"/cards/sangan", 200, "Sangan", map[string]string{"h1": "Sangan", "ul.mentions li a": "Goat rule"}},
		{"/compare", 200, "Compare", map[string]string{"tr#segoc th": "SEGOC", "tr#damage-step td": ""}},
		{"/compare/damage-step", 200, "Damage Step", map[string]string{"tr#damage-step": ""}},
		{"/rules/goat-99", 404, "Not found", map[string]string{"h1": "Not found", "p.lead": "goat-99"}},
		{"/no/such/page", 404, "Page not found", map[string]string{"h1": "Page not found"}},
		{"/cards/not-a-card", 404, "Not found", nil},
		{"/formats/speed", 404, "Not found", nil},
		{"/compare/not-a-topic", 404, "Not found", nil},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, body := get(t, a.URL()+tt.path)
			if resp.StatusCode != tt.status {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tt.status)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Errorf("Content-Type = %q", ct)
			}
			p := parsePage(t, bytes.NewReader(body))
			if got := p.Text("title"); !strings.Contains(got, tt.title) {
				t.Errorf("title = %q, want it to contain %q", got, tt.title)
			}
			u, _ := url.Parse(a.URL() + tt.path)
			if got, want := p.Attr("link[rel=canonical]", "href"), a.URL()+u.Path; got != want {
				t.Errorf("canonical = %q, want %q", got, want)
			}
			for _, prop := range []string{"og:title", "og:description", "og:url"} {
				if p.Attr("meta[property="+prop+"]", "content") == "" {
					t.Errorf("missing %s", prop)
				}
			}
			if p.Attr("meta[name=twitter:card]", "content") == "" {
				t.Errorf("missing twitter:card")
			}
			for sel, want := range tt.sel {
				nodes := p.All(sel)
				if len(nodes) == 0 {
					t.Errorf("no element matches %q", sel)
					continue
				}
				if want != "" && !strings.Contains(textOf(nodes[0]), want) {
					t.Errorf("%q text = %q, want it to contain %q", sel, textOf(nodes[0]), want)
				}
			}
		})
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("server logged errors:\n%s", logs.String())
	}
}

func TestSecurityHeaders(t *testing.T) {
	a, _ := startApp(t)
	resp, body := get(t, a.URL()+"/rules/goat-01")
	h := resp.Header
	csp := h.Get("Content-Security-Policy")
	p := parsePage(t, bytes.NewReader(body))
	nonce := p.Attr("script[src]", "nonce")
	if nonce == "" || !strings.Contains(csp, "'nonce-"+nonce+"'") {
		t.Errorf("script nonce %q not in CSP %q", nonce, csp)
	}
	for k, want := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin", "X-Frame-Options": "DENY"} {
		if got := h.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	resp2, _ := get(t, a.URL()+"/rules/goat-01")
	if resp2.Header.Get("Content-Security-Policy") == csp {
		t.Errorf("nonce did not change between requests")
	}
}

// TestHostileSearch sends inputs that are FTS5 syntax errors if passed
// through raw; each must give a 200 page and no server error.
func TestHostileSearch(t *testing.T) {
	a, logs := startApp(t)
	inputs := []string{"", " ", `"`, `"x`, "king AND", "AND", "NEAR(", "NEAR(a b", "foo-bar", "*", "c++", "^", ":", "a:b", "(", ")", "OR OR", "NOT", "'", "\\", "🐐 goat", "\x00", "\xff\xfe", strings.Repeat("junk\"(* ", 256), "<script>alert(1)</script>"}
	for _, q := range inputs {
		for _, path := range []string{"/search", "/api/search"} {
			resp, body := get(t, a.URL()+path+"?q="+url.QueryEscape(q))
			if resp.StatusCode != 200 {
				t.Errorf("%s?q=%q: status %d: %s", path, q, resp.StatusCode, body)
			}
			if bytes.Contains(body, []byte("<script>alert(1)")) {
				t.Errorf("%s?q=%q: input echoed unescaped", path, q)
			}
		}
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("server logged errors:\n%s", logs.String())
	}
}

func TestAPI(t *testing.T) {
	a, _ := startApp(t)
	resp, body := get(t, a.URL()+"/api/rules/goat-09")
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	var rule struct {
		ID       string
		Title    string
		URL      string
		Sections []struct{ Anchor string }
	}
	if err := json.Unmarshal(body, &rule); err != nil {
		t.Fatal(err)
	}
	if rule.ID != "goat-09" || rule.URL != a.URL()+"/rules/goat-09" || len(rule.Sections) == 0 {
		t.Errorf("rule = %+v", rule)
	}
	resp, body = get(t, a.URL()+"/api/search?q=sangan")
	var res struct {
		Total int
		Hits  []struct{ URL string }
		Cards []struct{ Name string }
	}
	if err := json.Unmarshal(body, &res); err != nil {
		t.Fatal(err)
	}
	if res.Total == 0 || len(res.Hits) == 0 || len(res.Cards) == 0 || res.Cards[0].Name != "Sangan" {
		t.Errorf("search sangan = %+v", res)
	}
	resp, body = get(t, a.URL()+"/api/rules/nope")
	if resp.StatusCode != 404 || !bytes.Contains(body, []byte(`"error"`)) {
		t.Errorf("missing rule: %d %s", resp.StatusCode, body)
	}
}

// TestAll loads every page the site links to, starting from the home page,
// the compare matrix and every rule and card page, and fails on any
// non-200 answer or a link to an anchor the target page lacks. It crawls
// faster than the rate limit lets one address open replays, so the limit
// is off (attack_test.go tests it).
func TestAll(t *testing.T) {
	logs := &syncBuffer{}
	a := runApp(t, Config{Logger: slog.New(slog.NewTextHandler(logs, nil)), RateLimit: web.RateLimit{Off: true}})
	c := a.Content()
	queue := []string{"/", "/compare", "/cards"}
	for _, p := range c.Site.Pages {
		queue = append(queue, p.URL())
	}
	for _, k := range c.Cards.Cards() {
		queue = append(queue, "/cards/"+k.Slug())
	}
	type target struct{ from, anchor string }
	seen := map[string]bool{}
	anchors := map[string][]target{}
	ids := map[string]map[string]bool{}
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		if seen[path] {
			continue
		}
		seen[path] = true
		resp, body := get(t, a.URL()+path)
		if resp.StatusCode != 200 {
			t.Errorf("GET %s: %d", path, resp.StatusCode)
			continue
		}
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			continue
		}
		p := parsePage(t, bytes.NewReader(body))
		ids[path] = map[string]bool{}
		for _, n := range p.All("[id]") {
			v, _ := attr(n, "id")
			ids[path][v] = true
		}
		for _, n := range p.All("a[href]") {
			href, _ := attr(n, "href")
			if strings.HasPrefix(href, "#") {
				href = path + href
			}
			if !strings.HasPrefix(href, "/") || strings.HasPrefix(href, "//") {
				continue
			}
			u, err := url.Parse(href)
			if err != nil {
				t.Errorf("%s: bad link %q", path, href)
				continue
			}
			if u.Fragment != "" {
				anchors[u.Path] = append(anchors[u.Path], target{from: path, anchor: u.Fragment})
			}
			if u.RawQuery == "" && !seen[u.Path] {
				queue = append(queue, u.Path)
			}
		}
	}
	for path, ts := range anchors {
		for _, tg := range ts {
			if ids[path] != nil && !ids[path][tg.anchor] {
				t.Errorf("%s links to %s#%s, which has no such anchor", tg.from, path, tg.anchor)
			}
		}
	}
	if len(seen) < len(c.Site.Pages) {
		t.Errorf("visited %d pages, fewer than the %d rule pages", len(seen), len(c.Site.Pages))
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("server logged errors:\n%s", logs.String())
	}
}

// TestGracefulShutdown starts requests whose bodies are still being sent,
// shuts the server down while they are in flight, then finishes sending:
// each must still get its full answer.
func TestGracefulShutdown(t *testing.T) {
	a, err := New(context.Background(), Config{Addr: "127.0.0.1:0", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	get(t, a.URL()+"/") // serving

	src, err := os.ReadFile("../../content/scenarios/goat-09-example-2.scn")
	if err != nil {
		t.Fatal(err)
	}
	const n = 5
	var wg sync.WaitGroup
	writers := make([]*io.PipeWriter, n)
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		pr, pw := io.Pipe()
		writers[i] = pw
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := client.Post(a.URL()+"/api/replay", "text/plain", pr)
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			var out struct{ Formats []struct{ OK bool } }
			if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 200 || len(out.Formats) == 0 {
				errs <- fmt.Errorf("status %d, %d formats, %v", resp.StatusCode, len(out.Formats), err)
			}
		}()
		// Half the scenario: the request is now in the handler, reading.
		if _, err := pw.Write(src[:len(src)/2]); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(100 * time.Millisecond)
	cancel() // Shutdown begins while every request is in flight.
	time.Sleep(100 * time.Millisecond)
	for _, pw := range writers {
		pw.Write(src[len(src)/2:])
		pw.Close()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("in-flight request during shutdown: %v", err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if _, err := client.Get(a.URL() + "/"); err == nil {
		t.Errorf("server still answers after shutdown")
	}
}
