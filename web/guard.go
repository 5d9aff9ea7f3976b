package web

import (
	"bytes"
	"container/list"
	"context"
	"errors"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"golang.org/x/sync/singleflight"

	"substep/internal/cputime"
)

// crossOrigin refuses state-changing requests that a browser sends from
// another site (Fetch Metadata's Sec-Fetch-Site, or else an Origin that
// differs from the Host), through the site's error handler. Same-origin
// forms and clients that send neither header (curl, scripts) pass.
func crossOrigin() echo.MiddlewareFunc {
	p := http.NewCrossOriginProtection()
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if err := p.Check(c.Request()); err != nil {
				return echo.NewHTTPError(http.StatusForbidden, "This form was sent from another site, so it was refused. Use the form on this site's own page.").SetInternal(err)
			}
			return next(c)
		}
	}
}

// headAsGet is r, or for a HEAD request a copy of it with the GET method,
// so that every GET route answers HEAD too. The handler writes the GET
// answer; net/http sends its headers without the body, because its
// response still belongs to the original HEAD request.
func headAsGet(r *http.Request) *http.Request {
	if r.Method != http.MethodHead {
		return r
	}
	g := r.WithContext(r.Context())
	g.Method = http.MethodGet
	return g
}

// errBusy is the answer when every engine slot is taken and the queue is
// full: 503 at once, before any work.
var errBusy = &echo.HTTPError{Code: http.StatusServiceUnavailable, Message: "The replay engine is busy with other requests right now. Try again in a few seconds."}

// busyRetryAfter is the least Retry-After, in seconds, of errBusy.
const busyRetryAfter = 3

// engineSlots bounds the replay engine two ways. At most n replays run at
// once (half the CPUs by default), and all of them together may use only a
// share of the machine's time (defaultEngineShare of every CPU, measured as
// the CPU time each uses while it holds its slot, so a loaded machine does
// not shrink the budget), so pages served from memory keep the rest
// however many clients send replays. A request waits for a slot and for
// the budget in a bounded queue, for at most wait; when the queue is full
// or the wait would be longer, the answer is errBusy at once, before any
// work.
type engineSlots struct {
	run   chan struct{}
	queue chan struct{}
	wait  time.Duration

	mu     sync.Mutex
	budget time.Duration // engine time available now; below zero: owed
	rate   float64       // engine time earned back per second of real time
	burst  time.Duration // the most budget kept
	last   time.Time
}

// defaultEngineShare is the part of each CPU's time the engine may use.
const defaultEngineShare = 0.05

func newEngineSlots(n int, share float64) *engineSlots {
	cpus := runtime.GOMAXPROCS(0)
	if n <= 0 {
		n = max(1, cpus/2)
	}
	if share <= 0 {
		share = defaultEngineShare
	}
	rate := share * float64(cpus)
	burst := time.Duration(rate * float64(time.Second))
	return &engineSlots{run: make(chan struct{}, n), queue: make(chan struct{}, 64), wait: 5 * time.Second,
		rate: rate, burst: burst, budget: burst, last: time.Now()}
}

// owed is how long until the budget is back above zero (0 if it is).
func (e *engineSlots) owed(now time.Time) time.Duration {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.budget = min(e.burst, e.budget+time.Duration(now.Sub(e.last).Seconds()*e.rate*float64(time.Second)))
	e.last = now
	if e.budget > 0 {
		return 0
	}
	return time.Duration(float64(-e.budget)/e.rate) + time.Millisecond
}

// spend charges the budget for took of engine time.
func (e *engineSlots) spend(took time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.budget = max(e.budget-took, -10*e.burst)
}

// acquire takes a slot once the budget allows, or answers errBusy (with
// its Retry-After header set on c); call the function returned, on the
// same goroutine, when the engine's work, rendering included, is done. Replays of the site's own
// bundled scenarios (trusted, few, each rendered once into the cache) pass
// budgeted false: they take a slot, but neither wait for the budget nor
// spend it, so a flood of pasted scenarios cannot keep the site's own
// examples from opening.
func (e *engineSlots) acquire(c echo.Context, budgeted bool) (func(), error) {
	start := time.Now()
	busy := func(after time.Duration) (func(), error) {
		secs := max(busyRetryAfter, int((after+time.Second-1)/time.Second))
		c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
		return nil, errBusy
	}
	select {
	case e.queue <- struct{}{}:
		defer func() { <-e.queue }()
	default:
		return busy(0)
	}
	ctx := c.Request().Context()
	deadline := time.NewTimer(e.wait)
	defer deadline.Stop()
	select {
	case e.run <- struct{}{}:
	case <-deadline.C:
		return busy(0)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	for budgeted {
		owed := e.owed(time.Now())
		if owed == 0 {
			break
		}
		if time.Since(start)+owed > e.wait {
			<-e.run
			return busy(owed)
		}
		t := time.NewTimer(owed)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			<-e.run
			return nil, ctx.Err()
		}
	}
	stop := cputime.Start()
	return func() {
		if used := stop(); budgeted {
			e.spend(used)
		}
		<-e.run
	}, nil
}

// pageCache keeps pages whose content depends only on their key (a shared
// or bundled replay and its formats), rendered once with the nonce's
// places marked, up to a total size; the least recently used go first.
// Concurrent misses of one key render it once.
type pageCache struct {
	max    int
	mu     sync.Mutex
	size   int
	order  *list.List // of *cached, most recent first
	byKey  map[string]*list.Element
	flight singleflight.Group
}

type cached struct {
	key    string
	status int
	page   prerendered
	size   int
}

// maxCachedPage is the largest page the cache keeps: bigger ones are
// rendered for each request (the engine's budget keeps them rare).
const maxCachedPage = 4 << 20

func newPageCache(maxBytes int) *pageCache {
	return &pageCache{max: maxBytes, order: list.New(), byKey: map[string]*list.Element{}}
}

func (pc *pageCache) get(key string) (*cached, bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	el, ok := pc.byKey[key]
	if !ok {
		return nil, false
	}
	pc.order.MoveToFront(el)
	return el.Value.(*cached), true
}

func (pc *pageCache) put(e *cached) {
	if e.size > maxCachedPage || e.size > pc.max {
		return
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if _, ok := pc.byKey[e.key]; ok {
		return
	}
	pc.byKey[e.key] = pc.order.PushFront(e)
	pc.size += e.size
	for pc.size > pc.max {
		last := pc.order.Back()
		old := last.Value.(*cached)
		pc.order.Remove(last)
		delete(pc.byKey, old.key)
		pc.size -= old.size
	}
}

// cachedPage answers c with the page stored under key, or builds it
// (holding an engine slot; see engineSlots.acquire for budgeted), renders
// it once, stores it and answers with it. build's status and component are what the page is; an error it
// returns is answered as usual and not stored.
func (s *Server) cachedPage(c echo.Context, key string, budgeted bool, build func(ctx context.Context) (int, templ.Component, error)) error {
	if e, ok := s.pages.get(key); ok {
		return s.sendPrerendered(c, e.status, e.page)
	}
	v, err, _ := s.pages.flight.Do(key, func() (any, error) {
		release, err := s.slots.acquire(c, budgeted)
		if err != nil {
			return nil, err
		}
		defer release()
		ctx := c.Request().Context()
		status, comp, err := build(ctx)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := comp.Render(templ.WithNonce(ctx, noncePlaceholder), &buf); err != nil {
			return nil, err
		}
		e := &cached{key: key, status: status, page: splitNonce(buf.Bytes()), size: buf.Len()}
		s.pages.put(e)
		return e, nil
	})
	if err != nil {
		if errors.Is(err, errBusy) {
			c.Response().Header().Set("Retry-After", strconv.Itoa(busyRetryAfter))
		}
		return err
	}
	e := v.(*cached)
	return s.sendPrerendered(c, e.status, e.page)
}

// sendPrerendered answers with a page rendered once, the request's nonce
// in its places, assembled in a pooled buffer.
func (s *Server) sendPrerendered(c echo.Context, status int, page prerendered) error {
	nonce := templ.GetNonce(c.Request().Context())
	bp := pagePool.Get().(*[]byte)
	out := page.with(nonce, (*bp)[:0])
	c.Response().Header().Set(echo.HeaderContentLength, strconv.Itoa(len(out)))
	err := c.HTMLBlob(status, out)
	*bp = out
	pagePool.Put(bp)
	return err
}
