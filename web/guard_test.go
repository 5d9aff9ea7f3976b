package web

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"substep/internal/render"
	"substep/internal/sqlitefile"
)

func slotContext() (echo.Context, *httptest.ResponseRecorder) {
	rec := httptest.NewRecorder()
	return echo.New().NewContext(httptest.NewRequest(http.MethodPost, "/api/replay", nil), rec), rec
}

// TestEngineSlotsBusy: with the one slot taken and the queue full, the
// next request is refused at once with errBusy and a Retry-After; one
// queued gets the slot when it is given back.
func TestEngineSlotsBusy(t *testing.T) {
	e := &engineSlots{run: make(chan struct{}, 1), queue: make(chan struct{}, 1), wait: time.Minute, rate: 1, burst: time.Second, budget: time.Second, last: time.Now()}
	c, _ := slotContext()
	release, err := e.acquire(c, true)
	if err != nil {
		t.Fatal(err)
	}
	queued := make(chan error, 1)
	go func() {
		c, _ := slotContext()
		r, err := e.acquire(c, true)
		if err == nil {
			r()
		}
		queued <- err
	}()
	for len(e.queue) == 0 { // the second request is waiting
		time.Sleep(time.Millisecond)
	}
	c3, rec := slotContext()
	start := time.Now()
	if _, err := e.acquire(c3, true); !errors.Is(err, errBusy) {
		t.Fatalf("third request: %v, want errBusy", err)
	}
	if waited := time.Since(start); waited > 5*time.Second {
		t.Errorf("the refusal took %v: it must not wait", waited)
	}
	if rec.Header().Get("Retry-After") == "" {
		t.Error("errBusy without Retry-After")
	}
	release()
	if err := <-queued; err != nil {
		t.Errorf("queued request: %v", err)
	}
}

// TestEngineBudget: once the budget is spent far ahead, a request that
// would have to wait longer than the queue allows is refused at once, and
// a bundled replay (not budgeted) still runs.
func TestEngineBudget(t *testing.T) {
	e := &engineSlots{run: make(chan struct{}, 2), queue: make(chan struct{}, 4), wait: 100 * time.Millisecond, rate: 0.1, burst: 100 * time.Millisecond, budget: 100 * time.Millisecond, last: time.Now()}
	e.spend(time.Second) // 900ms owed: 9s to earn back
	c, rec := slotContext()
	start := time.Now()
	if _, err := e.acquire(c, true); !errors.Is(err, errBusy) {
		t.Fatalf("over budget: %v, want errBusy", err)
	}
	if waited := time.Since(start); waited > 5*time.Second {
		t.Errorf("the refusal took %v", waited)
	}
	if got := rec.Header().Get("Retry-After"); got != "9" && got != "10" {
		t.Errorf("Retry-After = %q, want the 9s the budget needs", got)
	}
	if len(e.run) != 0 {
		t.Errorf("a refused request kept its slot")
	}
	c, _ = slotContext()
	release, err := e.acquire(c, false)
	if err != nil {
		t.Fatalf("bundled replay over budget: %v", err)
	}
	release()
}

// TestEngineBudgetChargesCPU: the engine's budget is spent by the CPU
// time a replay uses while it holds its slot, not by how long it holds
// it: a holder that waits while other work keeps the machine busy spends
// almost nothing, one that works spends what it used.
func TestEngineBudgetChargesCPU(t *testing.T) {
	const work = 40 * time.Millisecond
	e := &engineSlots{run: make(chan struct{}, 1), queue: make(chan struct{}, 1), wait: time.Minute, rate: 1, burst: time.Second, budget: time.Second, last: time.Now()}
	spent := func(hold func()) time.Duration {
		t.Helper()
		c, _ := slotContext()
		e.mu.Lock()
		e.budget, e.rate = time.Second, 0 // nothing earned back while it runs
		e.mu.Unlock()
		release, err := e.acquire(c, true)
		if err != nil {
			t.Fatal(err)
		}
		hold()
		release()
		return time.Second - e.budget
	}
	waited := spent(func() {
		done := make(chan struct{})
		go func() { burnCPU(work); close(done) }()
		<-done
	})
	if waited > work/4 {
		t.Errorf("a replay that waited through %v of other work spent %v of the budget", work, waited)
	}
	if worked := spent(func() { burnCPU(work) }); worked < work {
		t.Errorf("a replay that worked %v spent %v of the budget", work, worked)
	}
}

// TestPageCacheBound fills the cache past its size: the total stays under
// the cap, the least recently used go first, and a page over the
// per-page cap is not kept.
func TestPageCacheBound(t *testing.T) {
	pc := newPageCache(1000)
	for i := range 20 {
		pc.put(&cached{key: fmt.Sprint(i), size: 100})
		if i == 10 {
			pc.get("5") // used again: kept over older ones
		}
	}
	if pc.size > 1000 {
		t.Errorf("cache holds %d bytes, cap 1000", pc.size)
	}
	// Ten pages fit; 5 was used again after 10 came in, so 6 to 10 went
	// before it.
	if _, ok := pc.get("5"); !ok {
		t.Error("the page used again was evicted before older ones")
	}
	if _, ok := pc.get("10"); ok {
		t.Error("page 10 was kept over the page used again")
	}
	if _, ok := pc.get("19"); !ok {
		t.Error("the newest page was evicted")
	}
	if _, ok := pc.get("0"); ok {
		t.Error("the oldest page was kept")
	}
	pc.put(&cached{key: "big", size: maxCachedPage + 1})
	if _, ok := pc.get("big"); ok {
		t.Error("a page over maxCachedPage was kept")
	}
}

// TestDatabaseErrorPages: a full or damaged database, wherever a handler
// meets it, is a page saying so in words, with the status to match, and
// one error log line naming the file and the problem.
func TestDatabaseErrorPages(t *testing.T) {
	var logs strings.Builder
	s, err := New(Config{Logger: slog.New(slog.NewTextHandler(&logs, nil))}, Deps{Site: &render.Site{}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		err    error
		status int
		page   string
	}{
		{"attempts disk full", &sqlitefile.Error{Path: "/data/attempts.db", Kind: sqlitefile.ErrFull, Err: errors.New("database or disk is full")}, http.StatusInsufficientStorage, "storage is full, so nothing could be saved"},
		{"shares full", fmt.Errorf("%w: %w", errSharesFull, &sqlitefile.Error{Path: "/data/shares.db", Kind: sqlitefile.ErrFull, Err: errors.New("database or disk is full")}), http.StatusInsufficientStorage, "quiz attempts are not affected"},
		{"damaged", &sqlitefile.Error{Path: "/data/attempts.db", Kind: sqlitefile.ErrCorrupt, Err: errors.New("database disk image is malformed")}, http.StatusInternalServerError, "A database on the server is damaged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs.Reset()
			rec := httptest.NewRecorder()
			c := s.e.NewContext(httptest.NewRequest(http.MethodPost, "/attempt/x/submit", nil), rec)
			s.handleError(tt.err, c)
			if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.page) {
				t.Errorf("status %d, want %d; page lacks %q", rec.Code, tt.status, tt.page)
			}
			var dbErr *sqlitefile.Error
			errors.As(tt.err, &dbErr)
			if out := logs.String(); strings.Count(out, "\n") != 1 || !strings.Contains(out, `level=ERROR msg="database needs attention" file=`+dbErr.Path) {
				t.Errorf("log:\n%s", out)
			}
		})
	}
}
