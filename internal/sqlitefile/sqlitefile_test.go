package sqlitefile

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestOpenProblems opens files an operator could get wrong: each error
// names the file or folder and what is wrong with it.
func TestOpenProblems(t *testing.T) {
	dir := t.TempDir()
	notDB := filepath.Join(dir, "notdb.db")
	os.WriteFile(notDB, []byte(strings.Repeat("hello ", 2000)), 0o644)
	fileAsDir := filepath.Join(dir, "file")
	os.WriteFile(fileAsDir, nil, 0o644)
	tests := []struct {
		name, path string
		want       []string
		kind       error
	}{
		{"not a database", notDB, []string{"test db " + notDB, "damaged"}, ErrCorrupt},
		{"missing folder", filepath.Join(dir, "missing", "x.db"), []string{"the folder " + filepath.Join(dir, "missing") + " does not exist"}, nil},
		{"folder is a file", filepath.Join(fileAsDir, "x.db"), []string{fileAsDir + " is not a folder"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := Open(context.Background(), "test db", tt.path, "CREATE TABLE IF NOT EXISTS t (x)", Options{})
			if err == nil {
				db.Close()
				t.Fatal("opened")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if tt.kind != nil && !errors.Is(err, tt.kind) {
				t.Errorf("error %v is not %v", err, tt.kind)
			}
		})
	}
}

// TestMaxBytes: a capped file refuses the write that would pass the cap
// with ErrFull naming the file, and keeps what was written before.
func TestMaxBytes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "capped.db")
	db, err := Open(context.Background(), "test db", path, "CREATE TABLE IF NOT EXISTS t (x TEXT)", Options{MaxBytes: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var full error
	n := 0
	for ; n < 100 && full == nil; n++ {
		_, full = db.ExecContext(context.Background(), "INSERT INTO t VALUES (?)", strings.Repeat("x", 4000))
	}
	full = Classify(path, full)
	var e *Error
	if !errors.Is(full, ErrFull) || !errors.As(full, &e) || e.Path != path {
		t.Fatalf("after %d rows: %v, want ErrFull for %s", n, full, path)
	}
	var rows int
	if err := db.QueryRowContext(context.Background(), "SELECT count(*) FROM t").Scan(&rows); err != nil || rows != n-1 {
		t.Errorf("rows kept = %d (%v), want %d", rows, err, n-1)
	}
}

// TestGroupCommit sends many writes at once: those committed together keep
// their rows, a write that returns an error leaves nothing behind, and one
// that SQLite refuses (a duplicate key) fails alone.
func TestGroupCommit(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, "test db", filepath.Join(t.TempDir(), "g.db"), "CREATE TABLE IF NOT EXISTS t (k INTEGER PRIMARY KEY)", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "INSERT INTO t VALUES (-1)"); err != nil {
		t.Fatal(err)
	}
	errMine := errors.New("the write changed its mind")
	const n = 120
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = db.Write(ctx, func(tx *sql.Tx) error {
				k := i
				if i%10 == 3 {
					k = -1 // taken: SQLite refuses it
				}
				if _, err := tx.ExecContext(ctx, "INSERT INTO t VALUES (?)", k); err != nil {
					return err
				}
				if i%10 == 7 {
					return errMine
				}
				return nil
			})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		switch {
		case i%10 == 3 && err == nil:
			t.Errorf("write %d (a taken key) succeeded", i)
		case i%10 == 7 && !errors.Is(err, errMine):
			t.Errorf("write %d: %v, want its own error", i, err)
		case i%10 != 3 && i%10 != 7 && err != nil:
			t.Errorf("write %d: %v", i, err)
		}
	}
	rows, err := db.QueryContext(ctx, "SELECT k FROM t WHERE k >= 0")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[int]bool{}
	for rows.Next() {
		var k int
		rows.Scan(&k)
		got[k] = true
	}
	for i := range n {
		if want := i%10 != 3 && i%10 != 7; got[i] != want {
			t.Errorf("row %d stored = %v, want %v", i, got[i], want)
		}
	}
}
