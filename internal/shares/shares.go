// Package shares stores scenarios that people paste into the replay page,
// keyed by a hash of their text, so a shared link always replays exactly
// the scenario it was made from. Shares live in a SQLite file of their own,
// apart from quiz attempts, so filling it can never stop a certification
// submission: the file has a size cap, each client address a daily quota,
// and a link nobody has opened for a year is deleted.
package shares

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"substep/internal/sqlitefile"
)

// Errors Put and Get return besides SQLite's own.
var (
	ErrNotFound = errors.New("no shared scenario with that key")
	// ErrQuota: the client address has shared its day's allowance.
	ErrQuota = errors.New("this address has shared as many scenarios as it may today")
)

// MaxLen bounds a stored scenario, in bytes.
const MaxLen = 64 << 10

// Limits of the store; the zero value of each field takes its default.
type Limits struct {
	MaxBytes       int64         // size cap of the whole file; default 512 MiB
	PerClient      int           // shares one client address may create in a day; default 200
	PerClientBytes int64         // bytes of scenario text one address may store in a day; default 4 MiB
	Expiry         time.Duration // a link unopened for this long is deleted; default 365 days
}

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = 512 << 20
	}
	if l.PerClient <= 0 {
		l.PerClient = 200
	}
	if l.PerClientBytes <= 0 {
		l.PerClientBytes = 4 << 20
	}
	if l.Expiry <= 0 {
		l.Expiry = 365 * 24 * time.Hour
	}
	return l
}

// Store is the file of shared scenarios.
type Store struct {
	db     *sqlitefile.DB
	path   string
	limits Limits
	now    func() time.Time

	mu sync.Mutex
	// touched: when this process last noted each link as opened (Unix
	// seconds), so a popular link costs one write a day however often its
	// page is served from memory.
	touched map[string]int64
}

// touchEvery is how stale a link's last-opened date may get: expiry is
// counted in days, so noting an opening more often buys nothing.
const touchEvery = 24 * 3600

// maxTouched bounds the touched map; past it the map starts over (a few
// links get noted twice that day).
const maxTouched = 1 << 16

const schema = `
CREATE TABLE IF NOT EXISTS shared_scenarios (
	key        TEXT PRIMARY KEY,
	body       TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	owner      TEXT NOT NULL DEFAULT '',
	seen_at    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS shared_owner ON shared_scenarios(owner, created_at);
CREATE INDEX IF NOT EXISTS shared_seen ON shared_scenarios(seen_at);
`

// Open opens (creating if needed) the shares file at path; "" keeps it in
// memory for the life of the process.
func Open(ctx context.Context, path string, limits Limits) (*Store, error) {
	limits = limits.withDefaults()
	db, err := sqlitefile.Open(ctx, "shared scenarios database", path, schema, sqlitefile.Options{MaxBytes: limits.MaxBytes})
	if err != nil {
		return nil, err
	}
	return &Store{db: db, path: path, limits: limits, now: time.Now, touched: map[string]int64{}}, nil
}

// Limits reports the store's limits, defaults filled in.
func (s *Store) Limits() Limits { return s.limits }

// Key is the stable key of a scenario text: the first 96 bits of its
// SHA-256, base64url.
func Key(body string) string {
	sum := sha256.Sum256([]byte(body))
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// owner is what the store keeps of a client address: a hash, enough to
// count its shares without keeping the address.
func owner(client string) string {
	sum := sha256.Sum256([]byte("substep-share-owner\x00" + client))
	return hex.EncodeToString(sum[:10])
}

// Put stores body for the client address client and returns its key.
// Storing a text already stored gives the same key, keeps the first copy
// and costs no quota. A new text over the client's daily quota is
// ErrQuota; past the file's size cap, sqlitefile.ErrFull. Either way
// nothing else in the site is affected.
func (s *Store) Put(ctx context.Context, client, body string) (string, error) {
	key, err := s.put(ctx, client, body)
	return key, sqlitefile.Classify(s.path, err)
}

func (s *Store) put(ctx context.Context, client, body string) (string, error) {
	if len(body) > MaxLen {
		return "", fmt.Errorf("shares: scenario is %d bytes, more than %d", len(body), MaxLen)
	}
	key, who, now := Key(body), owner(client), s.now()
	err := s.db.Write(ctx, func(tx *sql.Tx) error { // quota checks and inserts queue here
		var one int
		switch err := tx.QueryRowContext(ctx, `SELECT 1 FROM shared_scenarios WHERE key = ?`, key).Scan(&one); {
		case err == nil:
			return nil
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		var n int
		var bytes int64
		if err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(length(body)), 0) FROM shared_scenarios WHERE owner = ? AND created_at > ?`,
			who, now.Add(-24*time.Hour).Unix()).Scan(&n, &bytes); err != nil {
			return err
		}
		if n >= s.limits.PerClient || bytes+int64(len(body)) > s.limits.PerClientBytes {
			return fmt.Errorf("%w (%d scenarios or %d KB a day)", ErrQuota, s.limits.PerClient, s.limits.PerClientBytes>>10)
		}
		// Links nobody opened for a long time make room, a few at a time.
		if _, err := tx.ExecContext(ctx, `DELETE FROM shared_scenarios WHERE key IN (SELECT key FROM shared_scenarios WHERE max(seen_at, created_at) < ? LIMIT 20)`,
			now.Add(-s.limits.Expiry).Unix()); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO shared_scenarios(key, body, created_at, owner, seen_at) VALUES (?, ?, ?, ?, ?)`,
			key, body, now.Unix(), who, now.Unix())
		return err
	})
	if err != nil {
		return "", err
	}
	return key, nil
}

// Get returns the scenario stored under key, and notes (see Seen) that it
// was opened, which keeps it from expiring.
func (s *Store) Get(ctx context.Context, key string) (string, error) {
	var body string
	var seen int64
	err := s.db.QueryRowContext(ctx, `SELECT body, seen_at FROM shared_scenarios WHERE key = ?`, key).Scan(&body, &seen)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", sqlitefile.Classify(s.path, fmt.Errorf("shares: %w", err))
	}
	if s.now().Unix()-seen > touchEvery {
		s.Seen(ctx, key)
	}
	return body, nil
}

// Seen notes that the link key was opened now, which keeps it from
// expiring; the site calls it when it serves a shared page from memory
// without reading the store. It writes at most once a day per link (and
// only when the stored date is a day old), so calling it on every view is
// cheap. Best effort: a full or busy file must not stop the link from
// opening, so it reports nothing.
func (s *Store) Seen(ctx context.Context, key string) {
	now := s.now().Unix()
	s.mu.Lock()
	if last, ok := s.touched[key]; ok && now-last < touchEvery {
		s.mu.Unlock()
		return
	}
	if len(s.touched) >= maxTouched {
		clear(s.touched)
	}
	s.touched[key] = now
	s.mu.Unlock()
	_, _ = s.db.ExecContext(ctx, `UPDATE shared_scenarios SET seen_at = ? WHERE key = ? AND seen_at < ?`, now, key, now-touchEvery)
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// ImportLegacy moves the links shared before shares had a file of their
// own: they were kept in the attempts file (legacyPath) in a table of the
// same name. Every row is copied in one transaction and the old table is
// then dropped, so a link once acknowledged keeps working and the move
// happens once. A legacy file without the table is left untouched.
func (s *Store) ImportLegacy(ctx context.Context, legacyPath string) (int64, error) {
	if legacyPath == "" || legacyPath == s.path {
		return 0, nil
	}
	if _, err := os.Stat(legacyPath); err != nil {
		return 0, nil // a first start: nothing to move
	}
	conn, err := s.db.WriteConn(ctx) // ATTACH belongs to one connection
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `ATTACH DATABASE ? AS legacy`, legacyPath); err != nil {
		return 0, fmt.Errorf("reading old shared links from %s: %w", legacyPath, err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `DETACH DATABASE legacy`)
	var n int
	if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM legacy.sqlite_master WHERE type = 'table' AND name = 'shared_scenarios'`).Scan(&n); err != nil || n == 0 {
		return 0, err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO main.shared_scenarios(key, body, created_at, owner, seen_at)
		SELECT key, body, created_at, '', ? FROM legacy.shared_scenarios`, s.now().Unix())
	if err != nil {
		return 0, fmt.Errorf("copying old shared links from %s: %w", legacyPath, err)
	}
	moved, _ := res.RowsAffected()
	if _, err := tx.ExecContext(ctx, `DROP TABLE legacy.shared_scenarios`); err != nil {
		return 0, fmt.Errorf("removing the old shared links from %s: %w", legacyPath, err)
	}
	return moved, tx.Commit()
}
