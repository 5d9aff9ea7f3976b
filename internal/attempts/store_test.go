package attempts

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"substep/quizzes"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func items(n int) []quizzes.Item {
	var out []quizzes.Item
	for i := 0; i < n; i++ {
		out = append(out, quizzes.Item{
			QuestionID: fmt.Sprintf("q%d", i),
			Topic:      []string{"segoc", "damage-step"}[i%2],
			Choices:    []string{fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i), fmt.Sprintf("c%d", i)},
			Correct:    fmt.Sprintf("b%d", i),
		})
	}
	return out
}

func newAttempt(t *testing.T, s *Store, n int) *Attempt {
	t.Helper()
	a := &Attempt{ID: NewID(), Format: "goat", Name: "Ada", Seed: 42, Items: items(n), StartedAt: t0, Deadline: t0.Add(30 * time.Minute), Mode: ModeCertification}
	if err := s.Create(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return a
}

func openFile(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "attempts.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestCreateGet(t *testing.T) {
	for _, path := range []string{"", "file"} {
		t.Run("path="+path, func(t *testing.T) {
			var s *Store
			if path == "" {
				var err error
				if s, err = Open(context.Background(), ""); err != nil {
					t.Fatal(err)
				}
				defer s.Close()
			} else {
				s = openFile(t)
			}
			a := newAttempt(t, s, 4)
			got, err := s.Get(context.Background(), a.ID)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(a, got); diff != "" {
				t.Errorf("Get (-want +got):\n%s", diff)
			}
			if _, err := s.Get(context.Background(), NewID()); !errors.Is(err, ErrNotFound) {
				t.Errorf("Get(unknown) = %v, want ErrNotFound", err)
			}
		})
	}
}

// TestPragmas: the write connection, which every submission goes through,
// commits in WAL with synchronous=FULL.
func TestPragmas(t *testing.T) {
	s := openFile(t)
	w, err := s.db.WriteConn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for pragma, want := range map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1", "busy_timeout": "5000"} {
		var got string
		if err := w.QueryRowContext(context.Background(), "PRAGMA "+pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("PRAGMA %s = %q, want %q", pragma, got, want)
		}
	}
}

func TestSubmit(t *testing.T) {
	all := func(n int, right int) map[string]string {
		m := map[string]string{}
		for i := 0; i < n; i++ {
			c := "a"
			if i < right {
				c = "b"
			}
			m[fmt.Sprintf("q%d", i)] = fmt.Sprintf("%s%d", c, i)
		}
		return m
	}
	tests := []struct {
		name      string
		answers   map[string]string
		at        time.Time
		twice     bool
		wantErr   error
		wantRight int
		wantPass  bool
	}{
		{name: "all right", answers: all(10, 10), at: t0.Add(time.Minute), wantRight: 10, wantPass: true},
		{name: "exactly the pass mark", answers: all(10, 8), at: t0.Add(time.Minute), wantRight: 8, wantPass: true},
		{name: "below the pass mark", answers: all(10, 7), at: t0.Add(time.Minute), wantRight: 7},
		{name: "some unanswered", answers: map[string]string{"q0": "b0", "q3": "b3"}, at: t0.Add(time.Minute), wantRight: 2},
		{name: "at the deadline", answers: all(10, 9), at: t0.Add(30 * time.Minute), wantRight: 9, wantPass: true},
		{name: "after the deadline", answers: all(10, 10), at: t0.Add(30*time.Minute + time.Millisecond), wantErr: ErrExpired},
		{name: "second submission", answers: all(10, 10), at: t0.Add(time.Minute), twice: true, wantErr: ErrAlreadySubmitted},
		{name: "question not in the attempt", answers: map[string]string{"q0": "b0", "q99": "b0"}, at: t0.Add(time.Minute), wantErr: quizzes.ErrUnknownQuestion},
		{name: "forged choice id", answers: map[string]string{"q0": "b1"}, at: t0.Add(time.Minute), wantErr: quizzes.ErrUnknownChoice},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			s := openFile(t)
			a := newAttempt(t, s, 10)
			if tt.twice {
				if _, err := s.Submit(ctx, a.ID, all(10, 3), tt.at); err != nil {
					t.Fatal(err)
				}
			}
			before, err := s.Get(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Submit(ctx, a.ID, tt.answers, tt.at)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("Submit error = %v, want %v", err, tt.wantErr)
				}
				if tt.wantErr == quizzes.ErrUnknownChoice || tt.wantErr == quizzes.ErrUnknownQuestion {
					if !errors.Is(err, ErrBadAnswer) {
						t.Errorf("Submit error = %v, want it to wrap ErrBadAnswer", err)
					}
				}
				after, err := s.Get(ctx, a.ID)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(before, after); diff != "" {
					t.Errorf("a rejected submission changed the attempt (-before +after):\n%s", diff)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			stored, err := s.Get(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(got, stored); diff != "" {
				t.Errorf("returned and stored attempt differ (-returned +stored):\n%s", diff)
			}
			if diff := cmp.Diff(tt.answers, stored.Answers); diff != "" {
				t.Errorf("stored answers (-want +got):\n%s", diff)
			}
			if stored.Correct != tt.wantRight || stored.Passed != tt.wantPass {
				t.Errorf("correct, passed = %d, %v, want %d, %v", stored.Correct, stored.Passed, tt.wantRight, tt.wantPass)
			}
			if (stored.Code != "") != tt.wantPass {
				t.Errorf("code = %q with passed = %v", stored.Code, tt.wantPass)
			}
			if tt.wantPass {
				byCode, err := s.ByCode(ctx, stored.Code)
				if err != nil || byCode.ID != a.ID {
					t.Errorf("ByCode(%q) = %v, %v", stored.Code, byCode, err)
				}
			}
			if !stored.SubmittedAt.Equal(tt.at) {
				t.Errorf("submitted at %v, want %v", stored.SubmittedAt, tt.at)
			}
		})
	}
}

// TestConcurrentSubmit sends the same attempt's submission from many
// goroutines: exactly one wins, the rest see ErrAlreadySubmitted.
func TestConcurrentSubmit(t *testing.T) {
	ctx := context.Background()
	s := openFile(t)
	a := newAttempt(t, s, 5)
	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ans := map[string]string{"q0": fmt.Sprintf("%c0", "abc"[i%3])}
			_, errs[i] = s.Submit(ctx, a.ID, ans, t0.Add(time.Minute))
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, ErrAlreadySubmitted):
			t.Errorf("Submit: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d submissions succeeded, want 1", ok)
	}
	if err := s.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

func TestCodes(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		c := NewCode()
		if NormalizeCode(c) != c {
			t.Fatalf("NormalizeCode(%q) = %q", c, NormalizeCode(c))
		}
		if seen[c] {
			t.Fatalf("code %q drawn twice", c)
		}
		seen[c] = true
	}
	tests := map[string]string{
		"7kq2m-9xd4b":  "7KQ2M-9XD4B",
		" 7KQ2M9XD4B ": "7KQ2M-9XD4B",
		"OIL00-11111":  "01100-11111",
		"7KQ2M-9XD4":   "",
		"7KQ2M-9XD4BB": "",
		"7KQ2U-9XD4B":  "", // U is not in the alphabet
		"7KQ2M-9XD4Ä":  "",
		"":             "",
		"' OR 1=1 --":  "",
	}
	for in, want := range tests {
		if got := NormalizeCode(in); got != want {
			t.Errorf("NormalizeCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIDs(t *testing.T) {
	a, b := NewID(), NewID()
	if len(a) != 32 || a == b {
		t.Errorf("NewID() = %q, %q: want two different 32-hex-digit ids", a, b)
	}
}

func TestList(t *testing.T) {
	ctx := context.Background()
	s := openFile(t)
	newAttempt(t, s, 5)
	b := newAttempt(t, s, 5)
	if _, err := s.Submit(ctx, b.ID, map[string]string{"q0": "b0", "q1": "b1", "q2": "b2", "q3": "b3", "q4": "b4"}, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	got, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("List: %d attempts, want 2", len(got))
	}
	var passed int
	for _, sm := range got {
		if sm.Passed {
			passed++
			if sm.Correct != 5 || sm.Code == "" || sm.SubmittedAt.IsZero() {
				t.Errorf("passed summary = %+v", sm)
			}
		} else if !sm.SubmittedAt.IsZero() || sm.Code != "" {
			t.Errorf("open summary = %+v", sm)
		}
	}
	if passed != 1 {
		t.Errorf("%d passed, want 1", passed)
	}
}
