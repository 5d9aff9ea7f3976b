// Package sqlitefile opens the site's writable SQLite files (quiz attempts,
// shared scenarios) the one way they should be opened: WAL, a busy
// timeout, immediate transactions and synchronous=FULL, after checking
// that the folder can be written and, once open, that the file is not
// damaged (PRAGMA quick_check). It also names the two failures an operator
// must act on, a full disk and a damaged file, so the web layer can answer
// them with a clear page and the log with a clear line.
package sqlitefile

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/mattn/go-sqlite3"
)

// The kinds of failure Classify recognises.
var (
	ErrFull    = errors.New("the database is full (the disk has no room left, or the file reached its size cap)")
	ErrCorrupt = errors.New("the database file is damaged")
)

// Error is a failure of one database file: which file, what kind
// (ErrFull or ErrCorrupt) and SQLite's own error.
type Error struct {
	Path string
	Kind error
	Err  error
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %v (%v)", e.Path, e.Kind, e.Err) }

// Unwrap lets errors.Is find both the kind and SQLite's error.
func (e *Error) Unwrap() []error { return []error{e.Kind, e.Err} }

// Classify wraps err in an *Error when SQLite reports a full database or a
// damaged file at path, and returns it unchanged otherwise (nil stays nil).
func Classify(path string, err error) error {
	if err == nil {
		return nil
	}
	var already *Error
	if errors.As(err, &already) {
		return err
	}
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code {
	case sqlite3.ErrFull:
		return &Error{Path: path, Kind: ErrFull, Err: err}
	case sqlite3.ErrCorrupt, sqlite3.ErrNotADB:
		return &Error{Path: path, Kind: ErrCorrupt, Err: err}
	}
	return err
}

// Options tune Open.
type Options struct {
	// MaxBytes caps the file's size (PRAGMA max_page_count on every
	// connection); a write past it fails with ErrFull. 0 means no cap.
	MaxBytes int64
}

// pageSize is SQLite's default page size, which these files keep.
const pageSize = 4096

// DSN is the connection string for a writable file at path: WAL, a busy
// timeout, immediate transactions (so concurrent writers wait instead of
// failing), foreign keys, and synchronous=FULL so a committed transaction
// is on disk before Commit returns.
func DSN(path string) string {
	return "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_journal_mode=WAL&_busy_timeout=5000&_txlock=immediate&_foreign_keys=on&_synchronous=FULL"
}

// connector opens connections through a driver whose hook applies the
// per-connection pragmas (max_page_count is not stored in the file).
type connector struct {
	drv *sqlite3.SQLiteDriver
	dsn string
}

func (c connector) Connect(context.Context) (driver.Conn, error) { return c.drv.Open(c.dsn) }
func (c connector) Driver() driver.Driver                        { return c.drv }

// Open opens (creating if needed) the database what ("attempts database")
// at path and runs schema. An empty path opens a private in-memory
// database. Before opening it checks that the folder exists and can be
// written, and after, that SQLite's quick_check finds the file sound; each
// failure names the path and the problem.
func Open(ctx context.Context, what, path, schema string, opt Options) (*sql.DB, error) {
	dsn := "file::memory:?_txlock=immediate&_foreign_keys=on"
	if path != "" {
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, err
		}
		if err := checkWritable(abs); err != nil {
			return nil, fmt.Errorf("%s %s: %w", what, abs, err)
		}
		path, dsn = abs, DSN(abs)
	}
	drv := &sqlite3.SQLiteDriver{}
	if opt.MaxBytes > 0 {
		pages := max(opt.MaxBytes/pageSize, 2)
		drv.ConnectHook = func(c *sqlite3.SQLiteConn) error {
			_, err := c.Exec(fmt.Sprintf("PRAGMA max_page_count = %d", pages), nil)
			return err
		}
	}
	db := sql.OpenDB(connector{drv: drv, dsn: dsn})
	if path == "" {
		// Each :memory: connection is its own database: keep exactly one.
		db.SetMaxOpenConns(1)
		db.SetConnMaxIdleTime(0)
		db.SetConnMaxLifetime(0)
	}
	fail := func(err error) (*sql.DB, error) {
		db.Close()
		return nil, fmt.Errorf("%s %s: %w", what, path, Classify(path, err))
	}
	if path != "" {
		if err := QuickCheck(ctx, db); err != nil {
			return fail(err)
		}
	}
	if _, err := db.ExecContext(ctx, schema); err != nil {
		return fail(err)
	}
	if path != "" {
		var mode string
		if err := db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
			return fail(err)
		}
		if mode != "wal" {
			return fail(fmt.Errorf("journal mode %q, want wal", mode))
		}
	}
	return db, nil
}

// QuickCheck runs PRAGMA quick_check and returns an ErrCorrupt error
// listing what SQLite found (at most five problems) unless it answers "ok".
func QuickCheck(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "PRAGMA quick_check(5)")
	if err != nil {
		return err
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return err
		}
		found = append(found, s)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(found) == 1 && found[0] == "ok" {
		return nil
	}
	return fmt.Errorf("%w: quick_check found: %s; restore it from a backup or move it aside", ErrCorrupt, strings.Join(found, "; "))
}

// checkWritable says, in words, why the file at path cannot be written:
// its folder is missing, is not a folder, or refuses a new file; or the
// file exists and refuses writing.
func checkWritable(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("the folder %s does not exist", dir)
	case err != nil:
		return fmt.Errorf("cannot read the folder %s: %w", dir, err)
	case !st.IsDir():
		return fmt.Errorf("%s is not a folder", dir)
	}
	f, err := os.CreateTemp(dir, ".substep-write-check-*")
	if err != nil {
		return fmt.Errorf("the folder %s is not writable (%w); the site keeps its database and its WAL files there, so run it where it may write, or choose another path", dir, unwrapPath(err))
	}
	f.Close()
	os.Remove(f.Name())
	if _, err := os.Stat(path); err == nil {
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			return fmt.Errorf("the file is not writable (%w)", unwrapPath(err))
		}
		f.Close()
	}
	return nil
}

// unwrapPath drops the *PathError's own path, which the message names
// already.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
