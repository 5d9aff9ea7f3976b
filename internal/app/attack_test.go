package app

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"substep/internal/attempts"
	"substep/internal/shares"
)

// Attacks on the whole app, as a hostile client would make them: floods of
// idle connections, cross-site form posts, guessing the export token,
// filling the shared-links store and the disk, slow bodies, HEAD probes.
// The engine's own bombs are in bomb_test.go.

// fromAddr is an HTTP client whose connections come from the loopback
// address ip (127.0.0.0/8 is all loopback on Linux): another client, as
// far as the server can tell.
func fromAddr(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// TestIdleConnectionFlood opens three times the per-address connection
// cap from one address, each kept alive and idle after one request, the
// way a flood holds a server's descriptors. The connections over the cap
// are closed by the server at once, and a client from another address is
// served while the flood holds its share.
func TestIdleConnectionFlood(t *testing.T) {
	const perClient = 24
	a := runApp(t, Config{MaxConnsPerClient: perClient})
	addr := strings.TrimPrefix(a.URL(), "http://")
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	served, refused := 0, 0
	for range 3 * perClient {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		c.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(c, "GET /static/site.css HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			refused++ // closed by the server without an answer
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		served++
	}
	if served != perClient || refused != 2*perClient {
		t.Errorf("from one address: %d connections served, %d refused; want %d and %d", served, refused, perClient, 2*perClient)
	}
	resp, err := fromAddr("127.0.0.2").Get(a.URL() + "/rules/goat-01")
	if err != nil {
		t.Fatalf("a client from another address during the flood: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("a client from another address during the flood: status %d", resp.StatusCode)
	}
	// Closing the flood gives the address its connections back.
	for _, c := range conns {
		c.Close()
	}
	conns = nil
	var lastErr error
	for range 50 { // the server notices the closes as it reads them
		resp, err := fromAddr("127.0.0.1").Get(a.URL() + "/")
		if lastErr = err; err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if lastErr != nil {
		t.Errorf("after the flood closed, its address is still refused: %v", lastErr)
	}
}

// TestCrossOriginPosts sends every form and API POST as another site's
// page would (Fetch Metadata, or only an Origin header): each is refused
// with 403 through the site's error page, before the handler runs. The
// same posts from the site's own pages, and from plain API clients that
// send neither header, still work.
func TestCrossOriginPosts(t *testing.T) {
	a := quizApp(t, Config{})
	scn := "title: cross\nformats: goat\nturn: A\nphase: main 1\n\nA hand: Sangan\n\nA Normal Summons Sangan\n"
	posts := []struct {
		path, ctype, body string
		ok                int // status when the post is allowed; 0: any but 403 or 5xx (the form's own CSRF check decides)
	}{
		{"/replay", "application/x-www-form-urlencoded", url.Values{"scenario": {scn}}.Encode(), http.StatusSeeOther},
		{"/api/replay", "text/plain", scn, http.StatusOK},
		{"/domain/check", "application/x-www-form-urlencoded", "deck=nothing", http.StatusBadRequest},
		{"/api/domain/check", "application/json", `{"deck": "x"}`, http.StatusBadRequest},
		{"/quiz/goat/start", "application/x-www-form-urlencoded", "name=x", 0},
		{"/attempt/0123/submit", "application/x-www-form-urlencoded", "q.x=y", 0},
	}
	headers := []struct {
		name    string
		h       map[string]string
		refused bool
	}{
		{"cross-site fetch metadata", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, true},
		{"same-site other origin", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "https://sub.example"}, true},
		{"origin only", map[string]string{"Origin": "https://evil.example"}, true},
		{"same origin", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": a.URL()}, false},
		{"plain API client", nil, false},
	}
	for _, p := range posts {
		for _, h := range headers {
			t.Run(p.path+"/"+h.name, func(t *testing.T) {
				req, _ := http.NewRequest(http.MethodPost, a.URL()+p.path, strings.NewReader(p.body))
				req.Header.Set("Content-Type", p.ctype)
				for k, v := range h.h {
					req.Header.Set(k, v)
				}
				resp, err := fromAddr("127.0.0.1").Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				want := p.ok
				if h.refused {
					want = http.StatusForbidden
				}
				if want == 0 {
					if resp.StatusCode == http.StatusForbidden || resp.StatusCode >= 500 {
						t.Fatalf("status %d, want the form's own answer: %.300s", resp.StatusCode, body)
					}
					return
				}
				if resp.StatusCode != want {
					t.Fatalf("status %d, want %d: %.300s", resp.StatusCode, want, body)
				}
				if h.refused && !bytes.Contains(body, []byte("another site")) {
					t.Errorf("403 does not say why: %.300s", body)
				}
			})
		}
	}
}

// TestHeadEveryGetRoute sends HEAD to every GET route the site has (pages,
// errors, the engine's routes, the quiz's, the API's): each answers with
// the GET's status and content type, and no body.
func TestHeadEveryGetRoute(t *testing.T) {
	a := quizApp(t, Config{ExportToken: "t"})
	paths := append(sitePaths(a), "/static/site.css", "/api/search?q=sangan", "/api/rules/goat-01", "/api/rules/nope",
		"/replay", "/replay/help", "/replay/"+a.Content().Scenarios[0].Name, "/replay/s/nope", "/domain/check",
		"/domain/check?ydke=nonsense", "/quiz", "/practice/goat", "/verify?code=bad", "/verify/AAAAA-AAAAA", "/attempt/nope",
		"/export/attempts.csv?token=t")
	hc := fromAddr("127.0.0.3")
	for _, p := range paths {
		get, err := hc.Get(a.URL() + p)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, get.Body)
		get.Body.Close()
		req, _ := http.NewRequest(http.MethodHead, a.URL()+p, nil)
		head, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, head.Body)
		head.Body.Close()
		if head.StatusCode != get.StatusCode || n != 0 || head.Header.Get("Content-Type") != get.Header.Get("Content-Type") {
			t.Errorf("HEAD %s: %d %q with %d body bytes; GET: %d %q", p, head.StatusCode, head.Header.Get("Content-Type"), n, get.StatusCode, get.Header.Get("Content-Type"))
		}
	}
}

// TestExportTokenGuessing: the token works in a header (and, for old
// links, in the URL); five wrong guesses from an address are answered 403,
// then the address is refused with 429, even with the right token, so
// guessing is hopeless.
func TestExportTokenGuessing(t *testing.T) {
	a := quizApp(t, Config{ExportToken: "organiser-secret"})
	try := func(hc *http.Client, path string, h map[string]string) int {
		req, _ := http.NewRequest(http.MethodGet, a.URL()+path, nil)
		for k, v := range h {
			req.Header.Set(k, v)
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	hc := fromAddr("127.0.0.4")
	for _, h := range []map[string]string{{"Authorization": "Bearer organiser-secret"}, {"X-Export-Token": "organiser-secret"}} {
		if got := try(hc, "/export/attempts.csv", h); got != 200 {
			t.Errorf("token in %v: %d, want 200", h, got)
		}
	}
	if got := try(hc, "/export/attempts.csv?token=organiser-secret", nil); got != 200 {
		t.Errorf("token in the URL: %d, want 200", got)
	}
	for i := range 5 {
		if got := try(hc, "/export/attempts.csv", map[string]string{"Authorization": fmt.Sprintf("Bearer guess-%d", i)}); got != http.StatusForbidden {
			t.Fatalf("guess %d: %d, want 403", i, got)
		}
	}
	if got := try(hc, "/export/attempts.csv", map[string]string{"Authorization": "Bearer guess-6"}); got != http.StatusTooManyRequests {
		t.Errorf("sixth guess: %d, want 429", got)
	}
	if got := try(hc, "/export/attempts.csv", map[string]string{"Authorization": "Bearer organiser-secret"}); got != http.StatusTooManyRequests {
		t.Errorf("right token after the guesses: %d, want 429 until the address has waited", got)
	}
	if got := try(fromAddr("127.0.0.5"), "/export/attempts.csv", map[string]string{"Authorization": "Bearer organiser-secret"}); got != 200 {
		t.Errorf("another address: %d, want 200", got)
	}
}

// TestEngineAndDatabaseGetsRateLimited floods, from one address each, the
// GET routes that run the engine or read a database, which the limit used
// to skip: each is cut off with 429.
func TestEngineAndDatabaseGetsRateLimited(t *testing.T) {
	a := quizApp(t, Config{})
	deck, err := os.ReadFile("../../rulings/domain/testdata/legal-dmg.ydke")
	if err != nil {
		t.Fatal(err)
	}
	routes := []string{
		"/replay/" + a.Content().Scenarios[0].Name + "?formats=all",
		"/domain/check?master=Dark+Magician+Girl&ydke=" + url.QueryEscape(strings.TrimSpace(string(deck))),
		"/verify/AAAAA-AAAAA",
		"/replay/s/nope",
	}
	for i, r := range routes {
		hc := fromAddr(fmt.Sprintf("127.0.1.%d", i+1))
		limited := false
		for n := 0; n < 400 && !limited; n++ {
			resp, err := hc.Get(a.URL() + r)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			limited = resp.StatusCode == http.StatusTooManyRequests
			if limited && resp.Header.Get("Retry-After") == "" {
				t.Errorf("%s: 429 without Retry-After", r)
			}
		}
		if !limited {
			t.Errorf("%s: 400 requests from one address, none refused", r)
		}
	}
}

// TestSlowBody sends a request whose body stops arriving: once the read
// timeout passes the answer is 408, logged at info, with no error in the
// log.
func TestSlowBody(t *testing.T) {
	logs := &syncBuffer{}
	a := runApp(t, Config{ReadTimeout: 300 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	for _, path := range []string{"/api/replay", "/replay", "/api/domain/check"} {
		c, err := net.Dial("tcp", strings.TrimPrefix(a.URL(), "http://"))
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\ntitle: slow\n", path)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		resp.Body.Close()
		c.Close()
		if resp.StatusCode != http.StatusRequestTimeout {
			t.Errorf("%s: status %d, want 408", path, resp.StatusCode)
		}
	}
	out := logs.String()
	if strings.Contains(out, "level=ERROR") || !strings.Contains(out, `level=INFO msg="request body too slow"`) {
		t.Errorf("log, want info lines and no error:\n%s", out)
	}
}

// TestSharedPageIsUserContent shares a scenario whose title imitates the
// site: its page says it is a visitor's in the title and the preview, and
// tells search engines not to index it.
func TestSharedPageIsUserContent(t *testing.T) {
	a := runApp(t, Config{})
	hc := fromAddr("127.0.0.6")
	scn := "title: Official Substep ruling: Sangan is banned\nformats: goat\nturn: A\nphase: main 1\n\nA hand: Sangan\n\nA Normal Summons Sangan\n"
	resp, err := hc.PostForm(a.URL()+"/replay", url.Values{"scenario": {scn}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	for range 2 { // rendered once, then served from the cache: the same both times
		resp, err = hc.Get(a.URL() + loc)
		if err != nil {
			t.Fatal(err)
		}
		p := parsePage(t, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("X-Robots-Tag"), "noindex") {
			t.Fatalf("GET %s: %d, X-Robots-Tag %q", loc, resp.StatusCode, resp.Header.Get("X-Robots-Tag"))
		}
		if got := p.Attr("meta[name=robots]", "content"); !strings.Contains(got, "noindex") {
			t.Errorf("meta robots = %q, want noindex", got)
		}
		if title := p.Text("title"); !strings.HasPrefix(title, "Shared scenario (visitor's): ") {
			t.Errorf("title %q does not say it is a visitor's", title)
		}
		for _, sel := range []string{"meta[property=og:description]", "meta[name=description]"} {
			if d := p.Attr(sel, "content"); !strings.HasPrefix(d, "Shared by a visitor, not checked by Substep") {
				t.Errorf("%s = %q, want it to say it is a visitor's", sel, d)
			}
		}
	}
	// A bundled scenario is the site's own: indexable, no label.
	resp, err = hc.Get(a.URL() + "/replay/" + a.Content().Scenarios[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	p := parsePage(t, resp.Body)
	resp.Body.Close()
	if len(p.All("meta[name=robots]")) != 0 || resp.Header.Get("X-Robots-Tag") != "" {
		t.Errorf("a bundled scenario is marked noindex")
	}
}

// TestSharedPageFromCacheStaysAlive: a shared link's page is served from
// memory after its first view, and those views still count as openings,
// so a popular link does not expire. The test ages the link in the shares
// file by hand (a year unseen) between two views.
func TestSharedPageFromCacheStaysAlive(t *testing.T) {
	sharesPath := filepath.Join(t.TempDir(), "shares.db")
	a := runApp(t, Config{SharesPath: sharesPath})
	hc := fromAddr("127.0.0.9")
	scn := "title: A popular link\nformats: goat\nturn: A\nphase: main 1\n\nA hand: Sangan\n\nA Normal Summons Sangan\n"
	resp, err := hc.PostForm(a.URL()+"/replay", url.Values{"scenario": {scn}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	view := func() {
		t.Helper()
		resp, err := hc.Get(a.URL() + loc)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("GET %s: %v %v", loc, resp, err)
		}
		resp.Body.Close()
	}
	view() // rendered and cached
	db, err := sql.Open("sqlite3", sharesPath+"?_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	yearAgo := time.Now().Add(-366 * 24 * time.Hour).Unix()
	if _, err := db.Exec(`UPDATE shared_scenarios SET seen_at = ?, created_at = ?`, yearAgo, yearAgo); err != nil {
		t.Fatal(err)
	}
	view() // from the cache
	var seen int64
	if err := db.QueryRow(`SELECT seen_at FROM shared_scenarios`).Scan(&seen); err != nil {
		t.Fatal(err)
	}
	if age := time.Since(time.Unix(seen, 0)); age > time.Hour {
		t.Errorf("after a view served from the cache the link was last seen %v ago; it would expire", age.Round(time.Hour))
	}
}

// TestShareQuota shares new scenarios from one address until its daily
// quota is used: the next is refused with 429 and a message saying why,
// the links made before still open, another address may still share, and
// quiz attempts are untouched.
func TestShareQuota(t *testing.T) {
	a := runApp(t, Config{ShareLimits: shares.Limits{PerClient: 3}})
	hc := fromAddr("127.0.0.7")
	share := func(hc *http.Client, i int) (*http.Response, []byte) {
		scn := fmt.Sprintf("title: quota %d\nformats: goat\nturn: A\nphase: main 1\n\nA hand: Sangan\n\nA Normal Summons Sangan\n", i)
		resp, err := hc.PostForm(a.URL()+"/replay", url.Values{"scenario": {scn}})
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	var links []string
	for i := range 3 {
		resp, _ := share(hc, i)
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("share %d: %d", i, resp.StatusCode)
		}
		links = append(links, resp.Header.Get("Location"))
	}
	resp, body := share(hc, 3)
	if resp.StatusCode != http.StatusTooManyRequests || !bytes.Contains(body, []byte("shared as many new scenarios today")) {
		t.Errorf("over the quota: %d %.300s", resp.StatusCode, body)
	}
	if resp, _ := share(hc, 0); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("re-sharing a stored scenario over the quota: %d, want 303", resp.StatusCode)
	}
	for _, l := range links {
		if resp, err := hc.Get(a.URL() + l); err != nil || resp.StatusCode != 200 {
			t.Errorf("GET %s after the quota: %v %v", l, resp.Status, err)
		}
	}
	if resp, _ := share(fromAddr("127.0.0.8"), 3); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("another address: %d, want 303", resp.StatusCode)
	}
}

// TestFullSharesDiskKeepsAttempts fills the shared-links file to its cap
// (PRAGMA max_page_count stands in for a full disk) while candidates take
// certification attempts: sharing fails with a clear page and one log
// line naming the file, and every submission the server acknowledged is
// in the attempts file after a restart.
func TestFullSharesDiskKeepsAttempts(t *testing.T) {
	dir := t.TempDir()
	attemptsPath, sharesPath := filepath.Join(dir, "attempts.db"), filepath.Join(dir, "shares.db")
	logs := &syncBuffer{}
	a := quizApp(t, Config{AttemptsPath: attemptsPath, SharesPath: sharesPath, Logger: slog.New(slog.NewTextHandler(logs, nil)),
		ShareLimits: shares.Limits{MaxBytes: 96 << 10, PerClient: 1 << 20, PerClientBytes: 1 << 40}})
	cd := newCandidate(t, a.URL())
	sh := cd.start("goat", "Judge Full")

	// Fill the shares file from many "addresses" worth of text.
	var full []byte
	for i := 0; i < 200 && full == nil; i++ {
		scn := fmt.Sprintf("title: fill %d\nformats: goat\nturn: A\nphase: main 1\n\nA hand: Sangan\n\nA Normal Summons Sangan\n%s", i, strings.Repeat("A passes\n", 300))
		resp, b, err := cd.do("POST", "/replay", url.Values{"scenario": {scn}})
		if err != nil {
			t.Fatal(err)
		}
		switch resp.StatusCode {
		case http.StatusSeeOther:
		case http.StatusInsufficientStorage:
			full = b
		default:
			t.Fatalf("share %d: %d %.300s", i, resp.StatusCode, b)
		}
	}
	if full == nil {
		t.Fatal("the 96 KB shares file never filled")
	}
	if p := parsePage(t, bytes.NewReader(full)); !strings.Contains(p.Text(".lead"), "store of shared scenarios is full") || !strings.Contains(p.Text(".lead"), "quiz attempts are not affected") {
		t.Errorf("full page says %q", p.Text(".lead"))
	}
	if out := logs.String(); !strings.Contains(out, `msg="database needs attention" file=`+sharesPath) || !strings.Contains(out, "database is full") {
		t.Errorf("log does not name the full file:\n%s", out)
	}

	// Attempts go on: a new one starts, both are submitted and acknowledged.
	sh2 := newCandidate(t, a.URL())
	s2 := sh2.start("hat", "Judge Full Two")
	cd.must("POST", "/attempt/"+sh.id+"/submit", answers(attemptsOf(a), sh, 18), http.StatusSeeOther)
	sh2.must("POST", "/attempt/"+s2.id+"/submit", answers(attemptsOf(a), s2, 12), http.StatusSeeOther)

	store, err := attempts.Open(context.Background(), attemptsPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for _, want := range []struct {
		id      string
		correct int
	}{{sh.id, 18}, {s2.id, 12}} {
		got, err := store.Get(context.Background(), want.id)
		if err != nil || !got.Submitted() || got.Correct != want.correct {
			t.Errorf("attempt %s after the shares file filled: %+v %v", want.id, got, err)
		}
	}
	if err := store.IntegrityCheck(context.Background()); err != nil {
		t.Error(err)
	}
}

// TestStartupChecks starts the site on data files an operator could get
// wrong: each start fails with a message naming the file or folder and
// the problem.
func TestStartupChecks(t *testing.T) {
	dir := t.TempDir()
	damaged := filepath.Join(dir, "damaged.db")
	if err := os.WriteFile(damaged, bytes.Repeat([]byte("not a database "), 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	// A SQLite file whose pages were overwritten after its header.
	broken := filepath.Join(dir, "broken.db")
	s, err := shares.Open(context.Background(), broken, shares.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		s.Put(context.Background(), "192.0.2.1", fmt.Sprintf("title: %d\n%s", i, strings.Repeat("x", 3000)))
	}
	s.Close()
	b, _ := os.ReadFile(broken)
	for i := 4096 + 100; i < len(b)-4096; i++ {
		b[i] = 0x5a
	}
	os.WriteFile(broken, b, 0o644)
	os.Remove(broken + "-wal")
	os.Remove(broken + "-shm")

	readOnly := readOnlyDir(t)
	tests := []struct {
		name string
		cfg  Config
		want []string
	}{
		{"attempts file is not a database", Config{AttemptsPath: damaged}, []string{"attempts database " + damaged, "damaged"}},
		{"shares file pages overwritten", Config{SharesPath: broken}, []string{"shared scenarios database " + broken, "damaged"}},
		{"missing folder", Config{AttemptsPath: filepath.Join(dir, "nope", "attempts.db")}, []string{"the folder " + filepath.Join(dir, "nope") + " does not exist"}},
		{"read-only folder", Config{AttemptsPath: filepath.Join(readOnly, "attempts.db")}, []string{"the folder " + readOnly + " is not writable"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Addr = "127.0.0.1:0"
			tt.cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
			a, err := New(context.Background(), tt.cfg)
			if err == nil {
				a.Close()
				t.Fatal("the site started")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// readOnlyDir is a folder this process cannot write in: a fresh one made
// read-only, or, for root (whom permissions do not stop), /sys.
func readOnlyDir(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(dir, 0o500)
	t.Cleanup(func() { os.Chmod(dir, 0o700) })
	if f, err := os.CreateTemp(dir, "probe"); err == nil {
		f.Close()
		os.Remove(f.Name())
		dir = "/sys"
		if f, err := os.CreateTemp(dir, "probe"); err == nil {
			f.Close()
			os.Remove(f.Name())
			t.Skip("no folder here refuses this process's writes")
		}
	}
	return dir
}

// TestIndexFailureStopsTheServer: the search index is built (or opened)
// in the background while the site already answers; when that fails, Run
// stops the server and returns the error, naming the file, as New did when
// the start waited for it.
func TestIndexFailureStopsTheServer(t *testing.T) {
	damaged := filepath.Join(t.TempDir(), "index.db")
	if err := os.WriteFile(damaged, bytes.Repeat([]byte("not a database "), 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	a, err := New(context.Background(), Config{Addr: "127.0.0.1:0", DBPath: damaged,
		AttemptsPath: filepath.Join(dir, "attempts.db"), SharesPath: filepath.Join(dir, "shares.db"),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatalf("New: %v (the index is opened in the background, so New should not fail)", err)
	}
	defer a.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err = a.Run(ctx)
	if err == nil || ctx.Err() != nil {
		t.Fatalf("Run = %v before the deadline %v; want the index's error", err, ctx.Err())
	}
	for _, w := range []string{"search index", damaged} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("Run's error %q does not say %q", err, w)
		}
	}
}
