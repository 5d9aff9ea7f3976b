package web

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"substep/internal/cputime"
)

// RateLimit caps how much server work one client may ask for on the
// routes that run the engine or touch a database (see rateLimited). Each
// request costs one token when it starts and, once it has run, one more
// for every further Unit of CPU time its handler used (internal/cputime:
// the request's own work, not time spent waiting for a busy machine or
// for the engine), so a client sending expensive replays runs out far
// sooner than one typing into the live search, and a loaded server does
// not make its clients pay for the load. The
// zero value is the default limit, generous enough that a person never
// meets it.
type RateLimit struct {
	Off    bool          // no limit at all: for load benchmarks, which must measure the server, not the limiter
	PerSec float64       // tokens per second each client earns back; 0 means 20
	Burst  int           // tokens a client may hold; 0 means 60
	Unit   time.Duration // handler CPU time that costs one more token, beyond the first Unit; 0 means 25ms
}

const (
	defaultRatePerSec = 20
	defaultRateBurst  = 60
	defaultRateUnit   = 25 * time.Millisecond
	// rateLimitExpiry is how long a quiet client's counter is kept.
	rateLimitExpiry = 3 * time.Minute
	// retryAfterSeconds is the least Retry-After a 429 carries: by then a
	// client has earned back enough to go on typing.
	retryAfterSeconds = 2
	// maxRetryAfter caps the Retry-After of a 429, in seconds.
	maxRetryAfter = 60
)

// rateLimitMessage is the 429 page's text, shown through the normal error
// handler.
const rateLimitMessage = "Too many requests from your address in a short time. Wait a moment, then try again."

// withDefaults fills the zero fields.
func (r RateLimit) withDefaults() RateLimit {
	if r.PerSec <= 0 {
		r.PerSec = defaultRatePerSec
	}
	if r.Burst <= 0 {
		r.Burst = defaultRateBurst
	}
	if r.Unit <= 0 {
		r.Unit = defaultRateUnit
	}
	return r
}

// rateLimited reports whether a request is subject to the limit: every
// route that runs the engine or reads or writes a database, GET or POST:
// search, the JSON API, replays (pasted, shared and bundled), the deck
// checker, the quiz, certificate lookups and the export. Pages served from
// memory are not, and neither is submitting an attempt, which a candidate
// does once with the clock running and which its attempt id and CSRF token
// already bound.
func rateLimited(method, path string) bool {
	switch {
	case path == "/search", strings.HasPrefix(path, "/api/"),
		path == "/domain/check",
		strings.HasPrefix(path, "/quiz/"),
		path == "/verify", strings.HasPrefix(path, "/verify/"),
		strings.HasPrefix(path, "/export/"),
		path == "/organiser", strings.HasPrefix(path, "/organiser/"):
		return true
	case strings.HasPrefix(path, "/attempt/"):
		return !strings.HasSuffix(path, "/submit")
	case path == "/replay":
		return method == http.MethodPost
	case strings.HasPrefix(path, "/replay/"):
		return path != "/replay/help"
	}
	return false
}

// costLimiter is a token bucket per client that is charged after the
// fact for the CPU time each request used.
type costLimiter struct {
	cfg     RateLimit
	mu      sync.Mutex
	clients map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newCostLimiter(cfg RateLimit) *costLimiter {
	return &costLimiter{cfg: cfg.withDefaults(), clients: map[string]*bucket{}}
}

// refill brings key's bucket up to date at now, creating it full.
func (l *costLimiter) refill(key string, now time.Time) *bucket {
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.clients {
			if now.Sub(b.last) > rateLimitExpiry {
				delete(l.clients, k)
			}
		}
		l.swept = now
	}
	b := l.clients[key]
	if b == nil {
		b = &bucket{tokens: float64(l.cfg.Burst), last: now}
		l.clients[key] = b
	}
	b.tokens = min(float64(l.cfg.Burst), b.tokens+now.Sub(b.last).Seconds()*l.cfg.PerSec)
	b.last = now
	return b
}

// take spends n tokens of key's bucket when it holds at least one; when
// it does not, it spends nothing and says how long until it will.
func (l *costLimiter) take(key string, n float64, now time.Time) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(key, now)
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / l.cfg.PerSec * float64(time.Second))
	}
	b.tokens -= n
	return true, 0
}

// charge spends tokens for work (CPU time) already done beyond the first Unit (which
// the token taken at the start covers); the bucket may go below zero, and
// the client then waits for it to refill.
func (l *costLimiter) charge(key string, took time.Duration, now time.Time) {
	n := float64(took-l.cfg.Unit) / float64(l.cfg.Unit)
	if n <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(key, now)
	b.tokens = max(b.tokens-n, -float64(l.cfg.Burst))
}

// tooMany is the 429 answer, with a Retry-After of at least
// retryAfterSeconds.
func tooMany(c echo.Context, wait time.Duration) error {
	secs := min(max(retryAfterSeconds, int((wait+time.Second-1)/time.Second)), maxRetryAfter)
	c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
	return &echo.HTTPError{Code: http.StatusTooManyRequests, Message: rateLimitMessage}
}

// rateLimit is the middleware enforcing cfg on rateLimited paths. The key
// is the client address as the server's IPExtractor sees it (the TCP peer,
// with echo.ExtractIPDirect), so a forged X-Forwarded-For header does not
// change it; IPv6 clients are keyed by their /64, which one host can
// otherwise rotate through at will. Denials go through the server's error
// handler, so they get the site's 429 page (or JSON under /api/).
func rateLimit(cfg RateLimit) echo.MiddlewareFunc {
	if cfg.Off {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	l := newCostLimiter(cfg)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if !rateLimited(r.Method, r.URL.Path) {
				return next(c)
			}
			key := ClientKey(c.RealIP())
			if ok, wait := l.take(key, 1, time.Now()); !ok {
				return tooMany(c, wait)
			}
			stop := cputime.Start()
			err := next(c)
			l.charge(key, stop(), time.Now())
			return err
		}
	}
}

// ClientKey is the key limits count a client address under: the address
// itself for IPv4, its /64 network for IPv6.
func ClientKey(addr string) string {
	ip := net.ParseIP(addr)
	if ip == nil {
		return addr
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// maxBodyBytes is the largest request body the site accepts, the same as
// the BodyLimit middleware's "256K": forms here are a few kilobytes.
const maxBodyBytes = 256 << 10

// bodyTooLarge is the 413 answer, shown through the normal error handler.
var bodyTooLarge = &echo.HTTPError{Code: http.StatusRequestEntityTooLarge, Message: "That request is larger than this site accepts."}

// readBody reads a request's body before the handler runs, at most limit
// bytes, so that every way a body can fail is answered here, the same for
// every route: a body over the limit (declared or sent chunked) is 413, a
// body that arrives too slowly for the server's read timeout is 408, and
// one that breaks off is 400. Handlers then read the body from memory; a
// form parsed from a failed read would otherwise look empty, and a JSON
// handler would turn the read error into a 500.
func readBody(limit int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
				return next(c)
			}
			b, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
			if err != nil {
				var he *echo.HTTPError
				var ne net.Error
				switch {
				case errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge:
					return bodyTooLarge
				case errors.Is(err, os.ErrDeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
					return echo.NewHTTPError(http.StatusRequestTimeout, "The request body arrived too slowly; send it again.").SetInternal(err)
				}
				return echo.NewHTTPError(http.StatusBadRequest, "The request body could not be read.").SetInternal(err)
			}
			if int64(len(b)) > limit {
				return bodyTooLarge
			}
			r.Body = io.NopCloser(bytes.NewReader(b))
			r.ContentLength = int64(len(b))
			return next(c)
		}
	}
}
