package web

import (
	"crypto/sha256"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/labstack/echo/v4"

	"substep/internal/cputime"
)

// request is one request of a rate-limit scenario: who sends it (the TCP
// peer), to where, and which forwarding headers it forges.
type request struct {
	peer, path, forged string
}

// limitedEcho is a bare echo with the limiter set up as New sets it: the
// peer address is the client, and errors go to a handler that records them.
func limitedEcho(cfg RateLimit) (*echo.Echo, *[]error) {
	var errs []error
	e := echo.New()
	e.IPExtractor = echo.ExtractIPDirect()
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		errs = append(errs, err)
		var he *echo.HTTPError
		if errors.As(err, &he) {
			_ = c.String(he.Code, "denied")
			return
		}
		_ = c.String(http.StatusInternalServerError, "error")
	}
	e.Use(rateLimit(cfg))
	ok := func(c echo.Context) error { return c.String(http.StatusOK, "ok") }
	for _, p := range []string{"/search", "/searches", "/api/search", "/api/rules/:id", "/rules/:id", "/"} {
		e.GET(p, ok)
	}
	return e, &errs
}

func send(e *echo.Echo, r request) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, r.path, nil)
	req.RemoteAddr = r.peer
	if r.forged != "" {
		req.Header.Set("X-Forwarded-For", r.forged)
		req.Header.Set("X-Real-IP", r.forged)
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

// repeat is n copies of r, each forging a different client address when
// r.forged is "*".
func repeat(n int, r request) []request {
	out := make([]request, n)
	for i := range out {
		out[i] = r
		if r.forged == "*" {
			out[i].forged = "203.0.113." + strconv.Itoa(i+1)
		}
	}
	return out
}

func TestRateLimit(t *testing.T) {
	// PerSec is so low that no request is earned back during a test: only
	// the burst decides, so the statuses are exact.
	tight := RateLimit{PerSec: 0.0001, Burst: 3}
	const (
		a = "192.0.2.10:5000"
		b = "192.0.2.11:5000"
	)
	tests := []struct {
		name string
		cfg  RateLimit
		reqs []request
		want []int
	}{
		{
			name: "burst then 429",
			cfg:  tight,
			reqs: repeat(4, request{peer: a, path: "/search?q=x"}),
			want: []int{200, 200, 200, 429},
		},
		{
			name: "forged X-Forwarded-For does not change the key",
			cfg:  tight,
			reqs: repeat(5, request{peer: a, path: "/api/search?q=x", forged: "*"}),
			want: []int{200, 200, 200, 429, 429},
		},
		{
			name: "another peer has its own budget",
			cfg:  tight,
			reqs: append(repeat(4, request{peer: a, path: "/search"}), request{peer: b, path: "/search"}),
			want: []int{200, 200, 200, 429, 200},
		},
		{
			name: "the same host from another port shares the budget",
			cfg:  tight,
			reqs: []request{{peer: a, path: "/search"}, {peer: "192.0.2.10:6000", path: "/search"}, {peer: "192.0.2.10:7000", path: "/search"}, {peer: "192.0.2.10:8000", path: "/search"}},
			want: []int{200, 200, 200, 429},
		},
		{
			name: "search page and API share one budget",
			cfg:  tight,
			reqs: []request{{peer: a, path: "/search"}, {peer: a, path: "/api/search"}, {peer: a, path: "/api/rules/goat-01"}, {peer: a, path: "/search"}},
			want: []int{200, 200, 200, 429},
		},
		{
			name: "pages are not limited",
			cfg:  tight,
			reqs: append(append(repeat(3, request{peer: a, path: "/search"}), repeat(5, request{peer: a, path: "/rules/goat-01"})...),
				request{peer: a, path: "/"}, request{peer: a, path: "/searches"}),
			want: []int{200, 200, 200, 200, 200, 200, 200, 200, 200, 200},
		},
		{
			name: "IPv6 clients are keyed by their /64",
			cfg:  tight,
			reqs: []request{
				{peer: "[2001:db8::1]:5000", path: "/search"},
				{peer: "[2001:db8::2]:5000", path: "/search"},
				{peer: "[2001:db8::ffff:1]:5000", path: "/search"},
				{peer: "[2001:db8::abcd]:5000", path: "/search"},  // same /64: denied
				{peer: "[2001:db8:0:1::1]:5000", path: "/search"}, // next /64: its own budget
			},
			want: []int{200, 200, 200, 429, 200},
		},
		{
			name: "off",
			cfg:  RateLimit{Off: true, PerSec: 0.0001, Burst: 1},
			reqs: repeat(100, request{peer: a, path: "/api/search"}),
			want: repeatInt(100, 200),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := limitedEcho(tt.cfg)
			var got []int
			for _, r := range tt.reqs {
				got = append(got, send(e, r).Code)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("statuses (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRateLimitDefault checks the zero value's limit: a burst of 60, then
// 20 a second earned back. The number of requests let through must lie
// between the burst and the burst plus what the elapsed time earned.
func TestRateLimitDefault(t *testing.T) {
	e, _ := limitedEcho(RateLimit{})
	const n = 200
	start := time.Now()
	passed, denied := 0, 0
	for i := 0; i < n; i++ {
		switch code := send(e, request{peer: "192.0.2.1:1", path: "/search", forged: "203.0.113." + strconv.Itoa(i%250)}).Code; code {
		case http.StatusOK:
			passed++
		case http.StatusTooManyRequests:
			denied++
		default:
			t.Fatalf("request %d: status %d", i, code)
		}
	}
	earned := int(time.Since(start).Seconds()*defaultRatePerSec) + 1
	if passed < defaultRateBurst || passed > defaultRateBurst+earned {
		t.Errorf("%d of %d requests passed, want between %d and %d", passed, n, defaultRateBurst, defaultRateBurst+earned)
	}
	if denied == 0 {
		t.Errorf("no request was denied")
	}
}

func repeatInt(n, v int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func TestRateLimitDenial(t *testing.T) {
	e, errs := limitedEcho(RateLimit{PerSec: 0.0001, Burst: 1})
	send(e, request{peer: "192.0.2.1:1", path: "/search"})
	rec := send(e, request{peer: "192.0.2.1:1", path: "/search"})
	if rec.Code != http.StatusTooManyRequests {
		t.Fatalf("status %d, want 429", rec.Code)
	}
	if got, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || got < retryAfterSeconds || got > maxRetryAfter {
		t.Errorf("Retry-After = %q, want %d to %d seconds", rec.Header().Get("Retry-After"), retryAfterSeconds, maxRetryAfter)
	}
	if len(*errs) != 1 {
		t.Fatalf("error handler saw %d errors, want 1: %v", len(*errs), *errs)
	}
	var he *echo.HTTPError
	if !errors.As((*errs)[0], &he) {
		t.Fatalf("error %T %v, want *echo.HTTPError", (*errs)[0], (*errs)[0])
	}
	if diff := cmp.Diff(rateLimitMessage, he.Message); diff != "" {
		t.Errorf("message (-want +got):\n%s", diff)
	}
}

func TestRateLimitDefaults(t *testing.T) {
	tests := []struct {
		in, want RateLimit
	}{
		{RateLimit{}, RateLimit{PerSec: 20, Burst: 60, Unit: 25 * time.Millisecond}},
		{RateLimit{PerSec: 5}, RateLimit{PerSec: 5, Burst: 60, Unit: 25 * time.Millisecond}},
		{RateLimit{Burst: 7, Unit: time.Second}, RateLimit{PerSec: 20, Burst: 7, Unit: time.Second}},
		{RateLimit{PerSec: -1, Burst: -1}, RateLimit{PerSec: 20, Burst: 60, Unit: 25 * time.Millisecond}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.in.withDefaults()); diff != "" {
			t.Errorf("%+v.withDefaults() (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestClientKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"192.0.2.1", "192.0.2.1"},
		{"::ffff:192.0.2.1", "192.0.2.1"},
		{"2001:db8::1", "2001:db8::/64"},
		{"2001:db8:0:0:ffff:ffff:ffff:ffff", "2001:db8::/64"},
		{"2001:db8:0:1::1", "2001:db8:0:1::/64"},
		{"not an address", "not an address"},
	}
	for _, tt := range tests {
		if got := ClientKey(tt.in); got != tt.want {
			t.Errorf("ClientKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// unsized hides a reader's length, so the request is sent chunked.
type unsized struct{ io.Reader }

// slowBody fails the way a connection's body read does when the server's
// read deadline passes.
type slowBody struct{}

func (slowBody) Read([]byte) (int, error) { return 0, os.ErrDeadlineExceeded }

func TestReadBody(t *testing.T) {
	const limit = 100
	tests := []struct {
		name     string
		body     io.Reader
		size     int64 // request ContentLength; -1 for unknown
		wantCode int
		wantBody string // what the handler read
	}{
		{"chunked under the limit", unsized{strings.NewReader(strings.Repeat("a", limit))}, -1, 200, strings.Repeat("a", limit)},
		{"chunked over the limit", unsized{strings.NewReader(strings.Repeat("a", limit+1))}, -1, 413, ""},
		{"chunked empty", unsized{strings.NewReader("")}, -1, 200, ""},
		{"sized under the limit", strings.NewReader("abc"), 3, 200, "abc"},
		{"sized over the limit", strings.NewReader(strings.Repeat("a", limit+50)), limit + 50, 413, ""},
		{"too slow", slowBody{}, 10, 408, ""},
		{"too slow, chunked", unsized{slowBody{}}, -1, 408, ""},
		{"read error", unsized{iotest.ErrReader(errors.New("connection reset"))}, -1, 400, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errs []error
			e := echo.New()
			e.HTTPErrorHandler = func(err error, c echo.Context) {
				errs = append(errs, err)
				var he *echo.HTTPError
				if errors.As(err, &he) {
					_ = c.String(he.Code, "")
				}
			}
			e.Use(readBody(limit))
			var got string
			e.POST("/", func(c echo.Context) error {
				b, err := io.ReadAll(c.Request().Body)
				if err != nil {
					return err
				}
				if c.Request().ContentLength != int64(len(b)) {
					t.Errorf("ContentLength %d after buffering %d bytes", c.Request().ContentLength, len(b))
				}
				got = string(b)
				return c.String(http.StatusOK, "ok")
			})
			req := httptest.NewRequest(http.MethodPost, "/", tt.body)
			req.ContentLength = tt.size
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			if rec.Code != tt.wantCode {
				t.Fatalf("status %d, want %d (errors %v)", rec.Code, tt.wantCode, errs)
			}
			if diff := cmp.Diff(tt.wantBody, got); diff != "" {
				t.Errorf("body the handler read (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRateLimitedPaths(t *testing.T) {
	for _, tt := range []struct {
		method, path string
		want         bool
	}{
		{"GET", "/search", true},
		{"GET", "/api/search", true},
		{"POST", "/api/replay", true},
		{"POST", "/api/domain/check", true},
		{"POST", "/replay", true},
		{"GET", "/replay/s/abc", true},
		{"GET", "/replay/goat-09-example-2", true},
		{"GET", "/domain/check", true},
		{"POST", "/domain/check", true},
		{"POST", "/quiz/goat/start", true},
		{"GET", "/attempt/abc", true},
		{"GET", "/attempt/abc/result", true},
		{"GET", "/verify", true},
		{"GET", "/verify/7KQ2M-9XD4B", true},
		{"GET", "/export/attempts.csv", true},
		{"GET", "/replay", false},
		{"GET", "/replay/help", false},
		{"GET", "/quiz", false},
		{"GET", "/rules/goat-01", false},
		{"GET", "/static/site.css", false},
		{"POST", "/attempt/abc/submit", false},
	} {
		if got := rateLimited(tt.method, tt.path); got != tt.want {
			t.Errorf("rateLimited(%s %s) = %v, want %v", tt.method, tt.path, got, tt.want)
		}
	}
}

// TestCostLimiter charges by time taken: with 10 tokens, ten requests
// that each take no time all pass, but after one that took 105ms (one
// token to start and its first 10ms, 9.5 for the rest) the client must
// wait, and the wait it is told matches what it owes.
func TestCostLimiter(t *testing.T) {
	l := newCostLimiter(RateLimit{PerSec: 10, Burst: 10, Unit: 10 * time.Millisecond})
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 10 {
		if ok, _ := l.take("cheap", 1, t0); !ok {
			t.Fatalf("cheap request %d denied", i)
		}
	}
	if ok, _ := l.take("cheap", 1, t0); ok {
		t.Errorf("an 11th request at once passed")
	}
	if ok, _ := l.take("costly", 1, t0); !ok {
		t.Fatal("first costly request denied")
	}
	l.charge("costly", 105*time.Millisecond, t0)
	ok, wait := l.take("costly", 1, t0)
	if ok {
		t.Fatalf("a request after 105ms of work on a 10-token budget passed")
	}
	// 10 - 1 - 9.5 = -0.5 tokens: 1.5 tokens to earn at 10 a second.
	if want := 150 * time.Millisecond; wait < want-time.Millisecond || wait > want+time.Millisecond {
		t.Errorf("wait = %v, want %v", wait, want)
	}
	if ok, _ := l.take("costly", 1, t0.Add(160*time.Millisecond)); !ok {
		t.Errorf("denied after the wait it was told")
	}
}

// burnCPU does CPU work on the calling goroutine until it has used d of
// CPU time (as internal/cputime measures it).
func burnCPU(d time.Duration) {
	sum := sha256.Sum256(nil)
	for used := time.Duration(0); used < d; {
		stop := cputime.Start()
		for range 2000 {
			sum = sha256.Sum256(sum[:])
		}
		used += stop()
	}
}

// TestRateLimitChargesCPU: a request is charged for the CPU time its
// handler used, not for the time it took. Requests that wait while other
// work keeps the machine busy (here another goroutine's 40 ms of CPU, eight
// Units of wall time at least) cost one token each, so all three of a
// 3-token burst pass; one request that does 40 ms of work itself costs
// its Units, and the client's next request is refused.
func TestRateLimitChargesCPU(t *testing.T) {
	const work = 40 * time.Millisecond
	e := echo.New()
	e.IPExtractor = echo.ExtractIPDirect()
	e.Use(rateLimit(RateLimit{PerSec: 0.001, Burst: 3, Unit: 5 * time.Millisecond}))
	e.GET("/api/wait", func(c echo.Context) error {
		done := make(chan struct{})
		go func() { burnCPU(work); close(done) }()
		<-done
		return c.String(http.StatusOK, "waited")
	})
	e.GET("/api/work", func(c echo.Context) error {
		burnCPU(work)
		return c.String(http.StatusOK, "worked")
	})
	var got []int
	for range 3 {
		got = append(got, send(e, request{peer: "192.0.2.1:1", path: "/api/wait"}).Code)
	}
	for range 2 {
		got = append(got, send(e, request{peer: "192.0.2.2:1", path: "/api/work"}).Code)
	}
	want := []int{200, 200, 200, 200, http.StatusTooManyRequests}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("statuses: three waiting requests, then two working ones (-want +got):\n%s", diff)
	}
}
