// Package sqlitefile opens the site's writable SQLite files (quiz
// attempts, shared scenarios) the one way they should be opened: WAL, one
// write connection that every write queues for, read-only connections for
// queries, a busy timeout, immediate transactions and synchronous=FULL,
// after checking that the folder can be written and, once open, that the
// file is not damaged (PRAGMA quick_check). It also names the two failures an operator
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

// DB is one writable SQLite file: a pool of read-only connections for
// queries, and a single write connection. Every write of the process goes
// through that one connection, so concurrent writers queue in Go, in
// order, and never poll SQLite's file lock against each other (under load
// that polling starved some writers past the busy timeout: "database is
// locked", a 500 on quiz start and submit). The busy timeout still covers
// another process holding the file, and Write retries a transaction that
// met it.
type DB struct {
	read, write *sql.DB
	path        string
}

// readers bounds the read pool: SQLite's reads are CPU work, and more
// connections than a few per CPU only queue in the kernel.
const readers = 8

// busyRetries is how often Write runs a transaction again after SQLite
// answered SQLITE_BUSY (another process held the file for longer than the
// busy timeout).
const busyRetries = 3

// QueryContext runs a query on a read connection.
func (d *DB) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return d.read.QueryContext(ctx, q, args...)
}

// QueryRowContext runs a query that returns one row on a read connection.
func (d *DB) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return d.read.QueryRowContext(ctx, q, args...)
}

// Write runs fn in one immediate transaction on the write connection and
// commits it when fn returns nil (else rolls it back and returns fn's
// error). fn must use only tx. A transaction that met SQLITE_BUSY is rolled
// back and run again, up to busyRetries times, so fn must not have effects
// outside the database.
func (d *DB) Write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	for i := 0; ; i++ {
		err := d.writeOnce(ctx, fn)
		if i < busyRetries && IsBusy(err) && ctx.Err() == nil {
			continue
		}
		return err
	}
}

func (d *DB) writeOnce(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := d.write.BeginTx(ctx, nil) // BEGIN IMMEDIATE (the DSN's _txlock)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// ExecContext runs one writing statement in its own transaction on the
// write connection (see Write).
func (d *DB) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	var res sql.Result
	err := d.Write(ctx, func(tx *sql.Tx) error {
		var err error
		res, err = tx.ExecContext(ctx, q, args...)
		return err
	})
	return res, err
}

// WriteConn reserves the write connection (for statements that belong to
// one connection, such as ATTACH); every other write waits until it is
// closed.
func (d *DB) WriteConn(ctx context.Context) (*sql.Conn, error) { return d.write.Conn(ctx) }

// Close closes every connection, the write connection last: the last
// connection to close folds the WAL back into the file, which a read-only
// one cannot do.
func (d *DB) Close() error {
	var err error
	if d.read != d.write && d.read != nil {
		err = d.read.Close()
	}
	return errors.Join(err, d.write.Close())
}

// IsBusy reports whether err is SQLite's SQLITE_BUSY: the file was locked
// for longer than the busy timeout.
func IsBusy(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrBusy
}

// Open opens (creating if needed) the database what ("attempts database")
// at path and runs schema. An empty path opens a private in-memory
// database (one connection, for reads and writes). Before opening it
// checks that the folder exists and can be written, and after, that
// SQLite's quick_check finds the file sound; each failure names the path
// and the problem.
func Open(ctx context.Context, what, path, schema string, opt Options) (*DB, error) {
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
	// One write connection, kept open for the life of the DB. (Each
	// :memory: connection is its own database, so there it is the only
	// connection, for reads too.)
	w := sql.OpenDB(connector{drv: drv, dsn: dsn})
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxIdleTime(0)
	w.SetConnMaxLifetime(0)
	d := &DB{read: w, write: w, path: path}
	fail := func(err error) (*DB, error) {
		d.Close()
		return nil, fmt.Errorf("%s %s: %w", what, path, Classify(path, err))
	}
	if path != "" {
		if err := QuickCheck(ctx, w); err != nil {
			return fail(err)
		}
	}
	if _, err := w.ExecContext(ctx, schema); err != nil {
		return fail(err)
	}
	if path == "" {
		return d, nil
	}
	var mode string
	if err := w.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		return fail(err)
	}
	if mode != "wal" {
		return fail(fmt.Errorf("journal mode %q, want wal", mode))
	}
	// Readers open the file read-only: a write sent to them by mistake
	// fails at once instead of competing with the write connection.
	d.read = sql.OpenDB(connector{drv: &sqlite3.SQLiteDriver{}, dsn: readDSN(path)})
	d.read.SetMaxOpenConns(readers)
	d.read.SetMaxIdleConns(readers)
	if err := d.read.PingContext(ctx); err != nil {
		return fail(err)
	}
	return d, nil
}

// readDSN is the connection string of a read connection to the WAL file at
// path.
func readDSN(path string) string {
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?mode=ro&_busy_timeout=5000&_foreign_keys=on"
}

// QuickCheck runs PRAGMA quick_check and returns an ErrCorrupt error
// listing what SQLite found (at most five problems) unless it answers "ok".
func QuickCheck(ctx context.Context, db interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) error {
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
