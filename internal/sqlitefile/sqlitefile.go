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
	"sync"

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

	reqs      chan *writeReq // to the committer, which alone writes
	quit      chan struct{}  // closed by Close
	closeOnce sync.Once
	done      chan struct{} // closed when the committer has stopped
}

// writeReq is one Write waiting for the committer.
type writeReq struct {
	ctx  context.Context
	fn   func(tx *sql.Tx) error
	done chan error
}

// readers bounds the read pool: SQLite's reads are CPU work, and more
// connections than a few per CPU only queue in the kernel.
const readers = 8

// busyRetries is how often a transaction is run again after SQLite
// answered SQLITE_BUSY (another process held the file for longer than the
// busy timeout).
const busyRetries = 3

// maxGroup is the most writes committed together.
const maxGroup = 64

// errClosed answers a Write after Close.
var errClosed = errors.New("sqlitefile: the database is closed")

// QueryContext runs a query on a read connection.
func (d *DB) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return d.read.QueryContext(ctx, q, args...)
}

// QueryRowContext runs a query that returns one row on a read connection.
func (d *DB) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return d.read.QueryRowContext(ctx, q, args...)
}

// Write runs fn in an immediate transaction on the write connection and
// returns once that transaction is committed (fn returned nil) or fn's
// work is undone (fn's error). fn must use only tx and have no effects
// outside the database: it may be run again.
//
// Writes waiting at the same time are committed together (group commit):
// the committer runs each in a savepoint of one transaction, in the order
// they came, and commits once, so a burst of submissions costs one sync of
// the disk, not one each; a write that fails is rolled back to its
// savepoint without touching the others. When SQLite itself reports an
// error inside a group, the group is undone and each write runs again in a
// transaction of its own, so one write's failure is never another's. A
// transaction that met SQLITE_BUSY (another process held the file past the
// busy timeout) is run again, up to busyRetries times. A write whose
// context ends before its turn is not run.
func (d *DB) Write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	r := &writeReq{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case d.reqs <- r:
	case <-ctx.Done():
		return ctx.Err()
	case <-d.quit:
		return errClosed
	}
	// Once queued, wait for the outcome whatever ctx does: the caller must
	// know whether its write was committed.
	return <-r.done
}

// commit is the committer: it takes the writes waiting, up to maxGroup,
// and commits them together.
func (d *DB) commit() {
	defer close(d.done)
	for {
		var group []*writeReq
		select {
		case r := <-d.reqs:
			group = append(group, r)
		case <-d.quit:
			return
		}
	more:
		for len(group) < maxGroup {
			select {
			case r := <-d.reqs:
				group = append(group, r)
			default:
				break more
			}
		}
		live := group[:0]
		for _, r := range group {
			if err := r.ctx.Err(); err != nil {
				r.done <- err
				continue
			}
			live = append(live, r)
		}
		if len(live) == 0 {
			continue
		}
		errs := d.runGroup(live)
		if errs == nil {
			// SQLite failed inside the group: run each on its own.
			errs = make([]error, len(live))
			for i := range live {
				errs[i] = d.runGroup(live[i : i+1])[0]
			}
		}
		for i, r := range live {
			r.done <- errs[i]
		}
	}
}

// errIsolate: SQLite reported an error inside a write of a group.
var errIsolate = errors.New("sqlitefile: a write of the group failed in SQLite")

// errUndone: the only write of a transaction failed and was rolled back.
var errUndone = errors.New("sqlitefile: the write failed and was undone")

// runGroup runs reqs in one transaction, retrying on SQLITE_BUSY, and
// returns each one's outcome; nil when a write of a group of several met
// an error from SQLite (the group is then rolled back).
func (d *DB) runGroup(reqs []*writeReq) []error {
	errs := make([]error, len(reqs))
	for attempt := 0; ; attempt++ {
		err := d.tryGroup(reqs, errs)
		switch {
		case errors.Is(err, errIsolate):
			return nil
		case errors.Is(err, errUndone):
			if attempt < busyRetries && IsBusy(errs[0]) {
				continue
			}
			return errs
		case attempt < busyRetries && IsBusy(err):
			continue
		case err != nil: // BEGIN or COMMIT failed: nothing was committed
			for i := range errs {
				if errs[i] == nil {
					errs[i] = err
				}
			}
		}
		return errs
	}
}

// tryGroup runs reqs in one immediate transaction, each of several in a
// savepoint, and commits; errs gets each write's own error.
func (d *DB) tryGroup(reqs []*writeReq, errs []error) error {
	bg := context.Background()
	tx, err := d.write.BeginTx(bg, nil) // BEGIN IMMEDIATE (the DSN's _txlock)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if len(reqs) == 1 {
		if errs[0] = reqs[0].fn(tx); errs[0] != nil {
			return errUndone
		}
		return tx.Commit()
	}
	for i, r := range reqs {
		if _, err := tx.ExecContext(bg, "SAVEPOINT w"); err != nil {
			return errIsolate
		}
		errs[i] = r.fn(tx)
		var se sqlite3.Error
		switch {
		case errors.As(errs[i], &se):
			return errIsolate
		case errs[i] != nil:
			if _, err := tx.ExecContext(bg, "ROLLBACK TO w"); err != nil {
				return errIsolate
			}
		}
		if _, err := tx.ExecContext(bg, "RELEASE w"); err != nil {
			return errIsolate
		}
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

// Close stops the committer (after the writes already queued) and closes
// every connection, the write connection last: the last connection to
// close folds the WAL back into the file, which a read-only one cannot do.
func (d *DB) Close() error {
	d.closeOnce.Do(func() { close(d.quit) })
	<-d.done
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
	d := &DB{read: w, write: w, path: path, reqs: make(chan *writeReq), quit: make(chan struct{}), done: make(chan struct{})}
	go d.commit()
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
