// Package shares stores scenarios that people paste into the replay page,
// keyed by a hash of their text, so a shared link always replays exactly
// the scenario it was made from. It writes to the site's writable SQLite
// file (the one that holds quiz attempts), in a table of its own.
package shares

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	_ "github.com/mattn/go-sqlite3" // the SQLite driver
)

// ErrNotFound means no scenario has that key.
var ErrNotFound = errors.New("no shared scenario with that key")

// MaxLen bounds a stored scenario, in bytes.
const MaxLen = 64 << 10

// Store is the table of shared scenarios.
type Store struct{ db *sql.DB }

// Open opens (creating if needed) the shares table in the SQLite file at
// path; "" keeps it in memory for the life of the process.
func Open(ctx context.Context, path string) (*Store, error) {
	dsn := "file::memory:?_foreign_keys=on"
	if path != "" {
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, err
		}
		dsn = "file:" + abs + "?_journal_mode=WAL&_busy_timeout=5000&_txlock=immediate&_foreign_keys=on&_synchronous=FULL"
	}
	db, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, err
	}
	if path == "" {
		db.SetMaxOpenConns(1) // each :memory: connection is its own database
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS shared_scenarios (
		key TEXT PRIMARY KEY,
		body TEXT NOT NULL,
		created_at INTEGER NOT NULL
	)`); err != nil {
		db.Close()
		return nil, fmt.Errorf("shares: %w", err)
	}
	return &Store{db: db}, nil
}

// Key is the stable key of a scenario text: the first 96 bits of its
// SHA-256, base64url.
func Key(body string) string {
	sum := sha256.Sum256([]byte(body))
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// Put stores body and returns its key. Storing the same text twice gives
// the same key and keeps the first copy.
func (s *Store) Put(ctx context.Context, body string) (string, error) {
	if len(body) > MaxLen {
		return "", fmt.Errorf("shares: scenario is %d bytes, more than %d", len(body), MaxLen)
	}
	key := Key(body)
	_, err := s.db.ExecContext(ctx, `INSERT INTO shared_scenarios(key, body, created_at) VALUES (?, ?, ?) ON CONFLICT(key) DO NOTHING`, key, body, time.Now().Unix())
	if err != nil {
		return "", fmt.Errorf("shares: %w", err)
	}
	return key, nil
}

// Get returns the scenario stored under key.
func (s *Store) Get(ctx context.Context, key string) (string, error) {
	var body string
	err := s.db.QueryRowContext(ctx, `SELECT body FROM shared_scenarios WHERE key = ?`, key).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("shares: %w", err)
	}
	return body, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }
