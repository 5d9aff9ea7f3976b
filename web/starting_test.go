package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"substep/internal/attempts"
	"substep/internal/ready"
	"substep/internal/render"
	"substep/internal/search"
	"substep/quizzes"
	"substep/rulings"
)

// TestWhileStarting: while the search index and the quiz banks are still
// being built, the pages that need neither answer at once, and those that
// do answer 503 with Retry-After once their deadline passes; when the build
// ends they answer normally.
func TestWhileStarting(t *testing.T) {
	store, err := attempts.Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	banks := ready.Go(func() (*quizzes.Set, error) { <-release; return testBanks(t, 3), nil })
	index := ready.Go(func() (*search.Index, error) { <-release; return nil, io.ErrUnexpectedEOF })
	s, err := New(Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RequestTimeout: 50 * time.Millisecond},
		Deps{Site: &render.Site{}, Cards: cat, Index: index, Quiz: &QuizDeps{Banks: banks, Store: store}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	get := func(path string) (int, string, string) {
		t.Helper()
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Retry-After"), string(b)
	}

	if code, _, _ := get("/"); code != http.StatusOK {
		t.Errorf("/ while starting: %d, want 200", code)
	}
	for _, path := range []string{"/quiz", "/search?q=sangan", "/api/search?q=sangan"} {
		code, retry, body := get(path)
		if code != http.StatusServiceUnavailable || retry == "" || !strings.Contains(body, "still building") {
			t.Errorf("%s while starting: %d, Retry-After %q, body %.120q; want 503 with Retry-After saying it is still building", path, code, retry, body)
		}
	}

	close(release)
	<-banks.Done()
	<-index.Done()
	if code, _, _ := get("/quiz"); code != http.StatusOK {
		t.Errorf("/quiz once the banks are built: %d, want 200", code)
	}
	// A build that failed is a server error, never "starting".
	if code, _, body := get("/api/search?q=sangan"); code != http.StatusInternalServerError || strings.Contains(body, "still building") {
		t.Errorf("/api/search after its index failed: %d %.120q, want 500", code, body)
	}
}
