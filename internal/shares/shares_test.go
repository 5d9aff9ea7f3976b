package shares

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"substep/internal/sqlitefile"
)

func TestPutGet(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "shares.db")
	s, err := Open(ctx, path, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	k1, err := s.Put(ctx, "192.0.2.1", "title: x\n")
	if err != nil {
		t.Fatal(err)
	}
	k2, _ := s.Put(ctx, "192.0.2.2", "title: x\n")
	k3, _ := s.Put(ctx, "192.0.2.1", "title: y\n")
	if k1 != k2 || k1 == k3 || k1 != Key("title: x\n") {
		t.Errorf("keys: %q %q %q", k1, k2, k3)
	}
	s.Close()
	// Reopen: the share survives a restart.
	s, err = Open(ctx, path, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Get(ctx, k1)
	if err != nil || got != "title: x\n" {
		t.Errorf("Get = %q, %v", got, err)
	}
	if _, err := s.Get(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get(nope) = %v, want ErrNotFound", err)
	}
	if _, err := s.Put(ctx, "192.0.2.1", string(make([]byte, MaxLen+1))); err == nil {
		t.Errorf("oversized scenario stored")
	}
}

// TestQuota fills one address's daily allowance, by count and by bytes:
// the next new text is ErrQuota, a text already stored still gets its key,
// another address is unaffected, and a day later the address may share
// again.
func TestQuota(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		limits Limits
		body   func(i int) string
		fit    int // puts that succeed before the quota
	}{
		{"by count", Limits{PerClient: 3}, func(i int) string { return fmt.Sprintf("title: %d\n", i) }, 3},
		{"by bytes", Limits{PerClientBytes: 10 << 10}, func(i int) string { return fmt.Sprintf("title: %d\n%s", i, strings.Repeat("A passes\n", 400)) }, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Open(ctx, filepath.Join(t.TempDir(), "shares.db"), tt.limits)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			s.now = func() time.Time { return now }
			for i := range tt.fit {
				if _, err := s.Put(ctx, "192.0.2.1", tt.body(i)); err != nil {
					t.Fatalf("put %d: %v", i, err)
				}
			}
			if _, err := s.Put(ctx, "192.0.2.1", tt.body(99)); !errors.Is(err, ErrQuota) {
				t.Fatalf("put over quota: %v, want ErrQuota", err)
			}
			if _, err := s.Put(ctx, "192.0.2.1", tt.body(0)); err != nil {
				t.Errorf("re-sharing a stored text: %v", err)
			}
			if _, err := s.Put(ctx, "192.0.2.2", tt.body(99)); err != nil {
				t.Errorf("another address: %v", err)
			}
			s.now = func() time.Time { return now.Add(25 * time.Hour) }
			if _, err := s.Put(ctx, "192.0.2.1", tt.body(98)); err != nil {
				t.Errorf("next day: %v", err)
			}
		})
	}
}

// TestFull caps the file far below what the puts need: the put that does
// not fit is sqlitefile.ErrFull, and what was stored before still reads.
func TestFull(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "shares.db"), Limits{MaxBytes: 64 << 10, PerClientBytes: 1 << 30, PerClient: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	first, err := s.Put(ctx, "192.0.2.1", "title: first\n")
	if err != nil {
		t.Fatal(err)
	}
	var full error
	for i := 0; i < 100 && full == nil; i++ {
		_, full = s.Put(ctx, fmt.Sprint("198.51.100.", i), fmt.Sprintf("title: %d\n%s", i, strings.Repeat("A passes\n", 1000)))
	}
	if !errors.Is(full, sqlitefile.ErrFull) {
		t.Fatalf("filling a 64 KB file: %v, want ErrFull", full)
	}
	if got, err := s.Get(ctx, first); err != nil || got != "title: first\n" {
		t.Errorf("after the file filled, Get = %q, %v", got, err)
	}
}

// TestExpiry: a link not opened for longer than Expiry is deleted when a
// later share makes room; one opened recently is kept.
func TestExpiry(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, "", Limits{Expiry: 48 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	old, _ := s.Put(ctx, "192.0.2.1", "title: old\n")
	kept, _ := s.Put(ctx, "192.0.2.1", "title: kept\n")
	s.now = func() time.Time { return now.Add(36 * time.Hour) }
	if _, err := s.Get(ctx, kept); err != nil {
		t.Fatal(err)
	}
	s.now = func() time.Time { return now.Add(72 * time.Hour) }
	if _, err := s.Put(ctx, "192.0.2.2", "title: new\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, old); !errors.Is(err, ErrNotFound) {
		t.Errorf("unopened link after expiry: %v, want ErrNotFound", err)
	}
	if _, err := s.Get(ctx, kept); err != nil {
		t.Errorf("recently opened link: %v", err)
	}
}

// TestSeenKeepsLinkAlive: a link whose page is served from memory (the
// site calls Seen instead of Get) does not expire while people open it,
// and noting it again within a day writes nothing.
func TestSeenKeepsLinkAlive(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, "", Limits{Expiry: 48 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(h int) { s.now = func() time.Time { return now.Add(time.Duration(h) * time.Hour) } }
	at(0)
	popular, _ := s.Put(ctx, "192.0.2.1", "title: popular\n")
	seenAt := func() int64 {
		var v int64
		if err := s.db.QueryRowContext(ctx, `SELECT seen_at FROM shared_scenarios WHERE key = ?`, popular).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	at(36)
	s.Seen(ctx, popular)
	if got, want := seenAt(), now.Add(36*time.Hour).Unix(); got != want {
		t.Errorf("after Seen at 36 h: seen_at = %d, want %d", got, want)
	}
	at(40)
	s.Seen(ctx, popular) // within a day of the last: nothing written
	if got, want := seenAt(), now.Add(36*time.Hour).Unix(); got != want {
		t.Errorf("after a second Seen at 40 h: seen_at = %d, want %d (unchanged)", got, want)
	}
	at(72) // 72 h after the share, 36 h after it was last seen
	if _, err := s.Put(ctx, "192.0.2.2", "title: new\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, popular); err != nil {
		t.Errorf("link seen 36 h ago, expiry 48 h: %v", err)
	}
}

// TestImportLegacy: links shared when they lived in the attempts file keep
// working after the move to a file of their own, and the move runs once.
func TestImportLegacy(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	legacy := filepath.Join(dir, "attempts.db")
	// The attempts file as the earlier version left it: its own table
	// beside the old shared_scenarios table.
	old, err := sqlitefile.Open(ctx, "old attempts", legacy, `
CREATE TABLE attempts (id TEXT PRIMARY KEY);
CREATE TABLE shared_scenarios (key TEXT PRIMARY KEY, body TEXT NOT NULL, created_at INTEGER NOT NULL);`, sqlitefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{"title: old one\n", "title: old two\n"} {
		if _, err := old.ExecContext(ctx, `INSERT INTO shared_scenarios(key, body, created_at) VALUES (?, ?, ?)`, Key(body), body, 1700000000); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := old.ExecContext(ctx, `INSERT INTO attempts(id) VALUES ('kept')`); err != nil {
		t.Fatal(err)
	}
	old.Close()

	s, err := Open(ctx, filepath.Join(dir, "shares.db"), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	moved, err := s.ImportLegacy(ctx, legacy)
	if err != nil || moved != 2 {
		t.Fatalf("ImportLegacy = %d, %v; want 2 moved", moved, err)
	}
	for _, body := range []string{"title: old one\n", "title: old two\n"} {
		if got, err := s.Get(ctx, Key(body)); err != nil || got != body {
			t.Errorf("Get(%q) = %q, %v", Key(body), got, err)
		}
	}
	if moved, err := s.ImportLegacy(ctx, legacy); err != nil || moved != 0 {
		t.Errorf("second ImportLegacy = %d, %v; want nothing left to move", moved, err)
	}
	// The attempts in the old file are untouched.
	old, err = sqlitefile.Open(ctx, "old attempts", legacy, "", sqlitefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	var n int
	if err := old.QueryRowContext(ctx, `SELECT count(*) FROM attempts`).Scan(&n); err != nil || n != 1 {
		t.Errorf("attempts left in the old file: %d, %v", n, err)
	}
	if err := old.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'shared_scenarios'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("the old table is still there (%d, %v)", n, err)
	}
	// A missing legacy file is a first start, not an error.
	if moved, err := s.ImportLegacy(ctx, filepath.Join(dir, "none.db")); err != nil || moved != 0 {
		t.Errorf("ImportLegacy(missing) = %d, %v", moved, err)
	}
}
