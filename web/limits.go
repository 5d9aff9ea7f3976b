package web

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"
)

// RateLimit caps how fast one client may call the search page and the JSON
// API, the two routes whose cost grows with what the client sends. The zero
// value is the default limit, generous enough that a person typing into the
// live search never meets it.
type RateLimit struct {
	Off    bool    // no limit at all: for load benchmarks, which must measure the server, not the limiter
	PerSec float64 // requests per second each client earns back; 0 means 20
	Burst  int     // requests a client may make at once; 0 means 60
}

const (
	defaultRatePerSec = 20
	defaultRateBurst  = 60
	// rateLimitExpiry is how long a quiet client's counter is kept.
	rateLimitExpiry = 3 * time.Minute
	// retryAfterSeconds is sent with a 429: by then a client has earned
	// back enough requests to go on typing.
	retryAfterSeconds = 2
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
	return r
}

// rateLimited reports whether a request is subject to the limit: search,
// the JSON API, and the forms that make the server replay a scenario, check
// a deck or start a quiz attempt.
func rateLimited(method, path string) bool {
	if path == "/search" || strings.HasPrefix(path, "/api/") {
		return true
	}
	return method == http.MethodPost && (path == "/replay" || path == "/domain/check" || strings.HasPrefix(path, "/quiz/"))
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
	cfg = cfg.withDefaults()
	store := middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
		Rate:      rate.Limit(cfg.PerSec),
		Burst:     cfg.Burst,
		ExpiresIn: rateLimitExpiry,
	})
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper: func(c echo.Context) bool { return !rateLimited(c.Request().Method, c.Request().URL.Path) },
		IdentifierExtractor: func(c echo.Context) (string, error) {
			return clientKey(c.RealIP()), nil
		},
		DenyHandler: func(c echo.Context, _ string, err error) error {
			c.Response().Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
			return &echo.HTTPError{Code: http.StatusTooManyRequests, Message: rateLimitMessage, Internal: err}
		},
		Store: store,
	})
}

// clientKey is the rate-limit key for a client address: the address itself
// for IPv4, its /64 network for IPv6.
func clientKey(addr string) string {
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

// bufferChunkedBody reads a request body of unknown length (sent chunked,
// without Content-Length) before the handler runs, at most limit bytes, and
// refuses a longer one with 413. BodyLimit refuses a declared length over
// the limit at once, but a chunked body only fails when read, and a
// handler that reads it through form parsing sees an empty form instead
// of the error (the CSRF check then answers 400, not 413).
func bufferChunkedBody(limit int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if r.ContentLength >= 0 || r.Body == nil || r.Body == http.NoBody {
				return next(c)
			}
			b, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
			if err != nil {
				var he *echo.HTTPError
				if errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge {
					return bodyTooLarge
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
