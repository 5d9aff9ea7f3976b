package sqlitefile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
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
