package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"substep/internal/attempts"
	"substep/web"
)

// TestQuizWritesUnderContention starts and submits quiz attempts from many
// clients at once over real HTTP, against an attempts file on disk (WAL,
// synchronous=FULL: every commit waits for the disk), the way `make soak`
// found 500s on quiz start and submit. Half the starts are coded
// certifications (the exam code's transaction), half open
// self-assessments. No answer may be a 5xx, the server may log no error,
// and every start and submission the server acknowledged must be in the
// file with exactly the answers sent. Before writes queued for one
// connection, each writer polled SQLite's lock and some waited past the
// 5 s busy timeout: this test failed with "database is locked" in every
// run (5 of 5; with 2 rounds only in 1 of 3).
func TestQuizWritesUnderContention(t *testing.T) {
	const workers, rounds = 96, 3
	dbPath := filepath.Join(t.TempDir(), "attempts.db")
	logs := &syncBuffer{}
	a := quizApp(t, Config{AttemptsPath: dbPath, RateLimit: web.RateLimit{Off: true},
		Logger: slog.New(slog.NewTextHandler(logs, nil))})
	ctx := context.Background()
	formats := []string{"goat", "hat", "edison", "domain"}
	codes := make([]string, workers*rounds)
	for i := range codes {
		e, err := attemptsOf(a).IssueCode(ctx, attempts.ExamCode{Format: formats[i%4], Name: fmt.Sprintf("Judge %d", i), Issuer: "Contention", MaxAttempts: 1}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		codes[i] = e.Code
	}

	type outcome struct {
		id      string
		form    url.Values
		started bool // the start was acknowledged (303)
		acked   bool // the submission was acknowledged (303)
	}
	var (
		mu       sync.Mutex
		problems []string
		outcomes []outcome
	)
	problem := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		problems = append(problems, fmt.Sprintf(format, args...))
	}
	// Each worker fetches its tokens first, then all start together.
	var ready, wg sync.WaitGroup
	gate := make(chan struct{})
	for w := range workers {
		ready.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			cd := newCandidate(t, a.URL())
			resp, body, err := cd.do("GET", "/quiz", nil)
			ready.Done()
			if err != nil || resp.StatusCode != 200 {
				problem("worker %d: GET /quiz: %v %v", w, err, resp)
				return
			}
			home := parsePage(t, strings.NewReader(string(body)))
			<-gate
			for r := range rounds {
				i := w*rounds + r
				format := formats[i%4]
				path, form := "/quiz/"+format+"/certify", url.Values{"code": {codes[i]}}
				if r%2 == 1 {
					path, form = "/quiz/"+format+"/start", url.Values{"name": {fmt.Sprintf("Self %d", i)}}
				}
				form.Set("_csrf", home.Attr("form[action="+path+"] input[name=_csrf]", "value"))
				t0 := time.Now()
				resp, body, err := cd.do("POST", path, form)
				if err != nil {
					problem("POST %s: %v", path, err)
					continue
				}
				if resp.StatusCode != http.StatusSeeOther {
					problem("POST %s: %d after %v %.200s", path, resp.StatusCode, time.Since(t0), body)
					continue
				}
				loc := resp.Header.Get("Location")
				o := outcome{id: strings.TrimPrefix(loc, "/attempt/"), started: true}
				resp, body, err = cd.do("GET", loc, nil)
				if err != nil || resp.StatusCode != 200 {
					problem("GET %s: %v %v", loc, err, resp)
					continue
				}
				p := parsePage(t, strings.NewReader(string(body)))
				o.form = url.Values{"_csrf": {p.Attr("form#attempt-form input[name=_csrf]", "value")}}
				for _, n := range p.All("form#attempt-form input[type=radio]") {
					name, _ := attr(n, "name")
					val, _ := attr(n, "value")
					if o.form.Get(name) == "" || (i+len(val))%3 == 0 {
						o.form.Set(name, val)
					}
				}
				t0 = time.Now()
				resp, body, err = cd.do("POST", loc+"/submit", o.form)
				switch {
				case err != nil:
					problem("submit %s: %v", loc, err)
				case resp.StatusCode != http.StatusSeeOther:
					problem("submit %s: %d after %v %.200s", loc, resp.StatusCode, time.Since(t0), body)
				default:
					o.acked = true
				}
				mu.Lock()
				outcomes = append(outcomes, o)
				mu.Unlock()
			}
		}()
	}
	ready.Wait()
	close(gate)
	wg.Wait()

	for _, p := range problems {
		t.Error(p)
	}
	if l := logs.String(); strings.Contains(l, "level=ERROR") {
		t.Errorf("the server logged errors:\n%s", l)
	}
	if got, want := len(outcomes), workers*rounds; got != want {
		t.Errorf("%d attempts started, want %d", got, want)
	}
	st := attemptsOf(a)
	for _, o := range outcomes {
		at, err := st.Get(ctx, o.id)
		if err != nil {
			t.Errorf("acknowledged start %s: %v", o.id, err)
			continue
		}
		if !o.acked {
			continue
		}
		if !at.Submitted() {
			t.Errorf("attempt %s: submission acknowledged but not stored", o.id)
			continue
		}
		stored := byField(at)
		for k, v := range o.form {
			if k != "_csrf" && stored[k] != v[0] {
				t.Errorf("attempt %s: %s stored %q, sent %q", o.id, k, stored[k], v[0])
			}
		}
	}
}
