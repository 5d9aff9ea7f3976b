// Package attempts stores certification attempts in their own SQLite file,
// apart from the read-only content database. The store decides what
// counts: it records a submission only if it arrives before the deadline,
// for an attempt not yet submitted, and answers only the attempt's
// questions with their own choices; otherwise it changes nothing. A
// submission is one immediate transaction with synchronous=FULL, so once
// Submit returns nil the answers survive a crash, and a crash before that
// leaves the attempt as it was.
package attempts

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3"

	"substep/internal/sqlitefile"
	"substep/quizzes"
)

// Errors Submit and the lookups return. ErrBadAnswer wraps the quizzes
// errors naming what was wrong.
var (
	ErrNotFound         = errors.New("no such attempt")
	ErrAlreadySubmitted = errors.New("this attempt has already been submitted")
	ErrExpired          = errors.New("the time limit for this attempt has passed")
	ErrBadAnswer        = errors.New("the submission is not valid for this attempt")
)

// Attempt is one certification attempt.
type Attempt struct {
	ID          string
	Format      string
	Name        string
	Seed        uint64
	Items       []quizzes.Item
	StartedAt   time.Time
	Deadline    time.Time
	SubmittedAt time.Time         // zero until submitted
	Answers     map[string]string // question id → choice id; set at submission
	Correct     int               // meaningful once submitted
	Passed      bool
	Code        string // verification code of a passing certification
	// Mode is ModeCertification (started with an exam code, may earn a
	// certificate) or ModeSelf (an open self-assessment, never certified).
	Mode     string
	ExamCode string // the exam code a certification started with
	Issuer   string // the label of the organiser who issued that code
	Client   string // the client address a self-assessment came from
}

// Attempt modes.
const (
	ModeCertification = "certification"
	ModeSelf          = "self"
)

// Certification reports whether the attempt is a coded certification.
func (a *Attempt) Certification() bool { return a.Mode == ModeCertification }

// Submitted reports whether the attempt has been submitted.
func (a *Attempt) Submitted() bool { return !a.SubmittedAt.IsZero() }

// Expired reports whether the deadline has passed at now without a
// submission.
func (a *Attempt) Expired(now time.Time) bool { return !a.Submitted() && now.After(a.Deadline) }

// Result scores the attempt's answers (none, if not submitted).
func (a *Attempt) Result() quizzes.Result { return quizzes.Score(a.Items, a.Answers) }

// Store is an open attempts database.
type Store struct {
	db   *sqlitefile.DB
	path string
}

const schema = `
CREATE TABLE IF NOT EXISTS attempts (
	id           TEXT PRIMARY KEY,
	format       TEXT NOT NULL,
	name         TEXT NOT NULL,
	seed         INTEGER NOT NULL,
	started_at   INTEGER NOT NULL,
	deadline     INTEGER NOT NULL,
	submitted_at INTEGER,
	correct      INTEGER,
	total        INTEGER NOT NULL,
	passed       INTEGER NOT NULL DEFAULT 0,
	code         TEXT UNIQUE,
	CHECK ((submitted_at IS NULL) = (correct IS NULL))
) STRICT;
CREATE TABLE IF NOT EXISTS items (
	attempt_id  TEXT NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
	pos         INTEGER NOT NULL,
	question_id TEXT NOT NULL,
	topic       TEXT NOT NULL,
	choices     TEXT NOT NULL,
	correct     TEXT NOT NULL,
	answer      TEXT,
	PRIMARY KEY (attempt_id, pos),
	UNIQUE (attempt_id, question_id)
) STRICT;
CREATE INDEX IF NOT EXISTS attempts_started ON attempts(started_at);
`

// migrations bring a database from version i (PRAGMA user_version) to i+1.
// Version 2: modes, exam codes, organiser policies, per-attempt choice ids.
// Version 3: revoked exam codes; a review window set by its opening and
// closing times (an open toggle becomes a window open since 1970).
var migrations = []string{
	0: `PRAGMA user_version = 1;`,
	1: `
ALTER TABLE attempts ADD COLUMN mode TEXT NOT NULL DEFAULT 'self';
ALTER TABLE attempts ADD COLUMN exam_code TEXT;
ALTER TABLE attempts ADD COLUMN issuer TEXT NOT NULL DEFAULT '';
ALTER TABLE attempts ADD COLUMN client TEXT NOT NULL DEFAULT '';
ALTER TABLE items ADD COLUMN stable TEXT;
CREATE INDEX attempts_client ON attempts(client, format, started_at);
CREATE INDEX attempts_exam_code ON attempts(exam_code);
CREATE TABLE exam_codes (
	code         TEXT PRIMARY KEY,
	format       TEXT NOT NULL,
	name         TEXT NOT NULL,
	issuer       TEXT NOT NULL,
	created_at   INTEGER NOT NULL,
	max_attempts INTEGER NOT NULL CHECK (max_attempts >= 1),
	used         INTEGER NOT NULL DEFAULT 0,
	CHECK (used <= max_attempts)
) STRICT;
CREATE TABLE policies (
	format            TEXT PRIMARY KEY,
	attempts_per_code INTEGER NOT NULL CHECK (attempts_per_code >= 1),
	self_cooldown_ms  INTEGER NOT NULL CHECK (self_cooldown_ms >= 0),
	reviews_open      INTEGER NOT NULL DEFAULT 0
) STRICT;
PRAGMA user_version = 2;`,
	2: `
ALTER TABLE exam_codes ADD COLUMN revoked_at INTEGER;
ALTER TABLE policies ADD COLUMN reviews_from INTEGER;
ALTER TABLE policies ADD COLUMN reviews_until INTEGER;
UPDATE policies SET reviews_from = 0 WHERE reviews_open = 1;
PRAGMA user_version = 3;`,
}

// migrate applies the migrations the database has not had yet, each in
// its own transaction.
func migrate(ctx context.Context, db *sqlitefile.DB) error {
	var v int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return err
	}
	for ; v < len(migrations); v++ {
		if err := db.Write(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, migrations[v])
			return err
		}); err != nil {
			return fmt.Errorf("migration to version %d: %w", v+1, err)
		}
	}
	return nil
}

// DSN is the connection string for a writable attempts file (see
// sqlitefile.DSN): WAL, immediate transactions and synchronous=FULL, so a
// committed submission is on disk before Submit returns.
func DSN(path string) string { return sqlitefile.DSN(path) }

// Open opens (creating if needed) the attempts database at path and
// brings it to the current version. An empty path opens a private
// in-memory database, for tests and for running without a file; nothing in
// it outlives the process. A folder that cannot be written, or a damaged
// file, is an error naming the path and the problem.
func Open(ctx context.Context, path string) (*Store, error) {
	db, err := sqlitefile.Open(ctx, "attempts database", path, schema, sqlitefile.Options{})
	if err != nil {
		return nil, err
	}
	if err := migrate(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("attempts database %s: %w", path, sqlitefile.Classify(path, err))
	}
	return &Store{db: db, path: path}, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// NewID makes an unguessable attempt id: 128 random bits in hex.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// Create stores a new attempt. a.ID must be set (see NewID); Items,
// StartedAt and Deadline too. An empty Mode is ModeSelf.
func (s *Store) Create(ctx context.Context, a *Attempt) error {
	return sqlitefile.Classify(s.path, s.create(ctx, a))
}

func (s *Store) create(ctx context.Context, a *Attempt) error {
	return s.db.Write(ctx, func(tx *sql.Tx) error { return insert(ctx, tx, a) })
}

func insert(ctx context.Context, tx *sql.Tx, a *Attempt) error {
	if a.ID == "" || len(a.Items) == 0 || a.Deadline.Before(a.StartedAt) {
		return fmt.Errorf("attempts: incomplete attempt")
	}
	if a.Mode == "" {
		a.Mode = ModeSelf
	}
	var exam any
	if a.ExamCode != "" {
		exam = a.ExamCode
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO attempts (id, format, name, seed, started_at, deadline, total, mode, exam_code, issuer, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.Format, a.Name, int64(a.Seed), a.StartedAt.UnixMilli(), a.Deadline.UnixMilli(), len(a.Items), a.Mode, exam, a.Issuer, a.Client); err != nil {
		return err
	}
	for i, it := range a.Items {
		ch, _ := json.Marshal(it.Choices)
		var stable any
		if len(it.Stable) > 0 {
			b, _ := json.Marshal(it.Stable)
			stable = string(b)
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO items (attempt_id, pos, question_id, topic, choices, correct, stable) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			a.ID, i, it.QuestionID, it.Topic, string(ch), it.Correct, stable); err != nil {
			return err
		}
	}
	return nil
}

type querier interface {
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// Get loads an attempt by id.
func (s *Store) Get(ctx context.Context, id string) (*Attempt, error) {
	a, err := get(ctx, s.db, "id", id)
	return a, sqlitefile.Classify(s.path, err)
}

// ByCode loads the attempt with a verification code (as NormalizeCode
// writes it).
func (s *Store) ByCode(ctx context.Context, code string) (*Attempt, error) {
	if code == "" {
		return nil, ErrNotFound
	}
	a, err := get(ctx, s.db, "code", code)
	return a, sqlitefile.Classify(s.path, err)
}

func get(ctx context.Context, q querier, col, val string) (*Attempt, error) {
	a := &Attempt{}
	var seed, started, deadline int64
	var submitted, correct sql.NullInt64
	var code, exam sql.NullString
	var passed int64
	err := q.QueryRowContext(ctx,
		`SELECT id, format, name, seed, started_at, deadline, submitted_at, correct, passed, code, mode, exam_code, issuer, client FROM attempts WHERE `+col+` = ?`, val).
		Scan(&a.ID, &a.Format, &a.Name, &seed, &started, &deadline, &submitted, &correct, &passed, &code, &a.Mode, &exam, &a.Issuer, &a.Client)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	a.Seed = uint64(seed)
	a.StartedAt, a.Deadline = time.UnixMilli(started).UTC(), time.UnixMilli(deadline).UTC()
	if submitted.Valid {
		a.SubmittedAt = time.UnixMilli(submitted.Int64).UTC()
		a.Correct = int(correct.Int64)
		a.Answers = map[string]string{}
	}
	a.Passed, a.Code, a.ExamCode = passed == 1, code.String, exam.String
	rows, err := q.QueryContext(ctx, `SELECT question_id, topic, choices, correct, answer, stable FROM items WHERE attempt_id = ? ORDER BY pos`, a.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var it quizzes.Item
		var ch string
		var ans, stable sql.NullString
		if err := rows.Scan(&it.QuestionID, &it.Topic, &ch, &it.Correct, &ans, &stable); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(ch), &it.Choices); err != nil {
			return nil, fmt.Errorf("attempt %s: choices of %s: %w", a.ID, it.QuestionID, err)
		}
		if stable.Valid {
			if err := json.Unmarshal([]byte(stable.String), &it.Stable); err != nil {
				return nil, fmt.Errorf("attempt %s: choice ids of %s: %w", a.ID, it.QuestionID, err)
			}
		}
		if ans.Valid {
			a.Answers[it.QuestionID] = ans.String
		}
		a.Items = append(a.Items, it)
	}
	return a, rows.Err()
}

// Submit records the answers (question id → choice id) of an attempt and
// scores it, all in one transaction. It fails, changing nothing, when the
// attempt does not exist (ErrNotFound), was submitted before
// (ErrAlreadySubmitted), now is past its deadline (ErrExpired), or an
// answer names a question outside the attempt or a choice the question
// does not offer (ErrBadAnswer). A passing attempt gets a verification
// code. It returns the stored attempt.
func (s *Store) Submit(ctx context.Context, id string, answers map[string]string, now time.Time) (*Attempt, error) {
	for i := 0; ; i++ {
		a, err := s.submit(ctx, id, answers, now)
		var se sqlite3.Error
		if i < 5 && errors.As(err, &se) && se.Code == sqlite3.ErrConstraint && strings.Contains(se.Error(), "attempts.code") {
			continue // the rare collision of two verification codes: draw another
		}
		return a, sqlitefile.Classify(s.path, err)
	}
}

func (s *Store) submit(ctx context.Context, id string, answers map[string]string, now time.Time) (*Attempt, error) {
	var a *Attempt
	var code any
	var res quizzes.Result
	err := s.db.Write(ctx, func(tx *sql.Tx) error { // concurrent submits queue here
		var err error
		a, err = get(ctx, tx, "id", id)
		if err != nil {
			return err
		}
		switch {
		case a.Submitted():
			return ErrAlreadySubmitted
		case now.After(a.Deadline):
			return fmt.Errorf("%w (it ended at %s)", ErrExpired, a.Deadline.Format("15:04:05 MST"))
		}
		if err := quizzes.CheckAnswers(a.Items, answers); err != nil {
			return fmt.Errorf("%w: %w", ErrBadAnswer, err)
		}
		res = quizzes.Score(a.Items, answers)
		for qid, choice := range answers {
			if _, err := tx.ExecContext(ctx, `UPDATE items SET answer = ? WHERE attempt_id = ? AND question_id = ?`, choice, id, qid); err != nil {
				return err
			}
		}
		code = nil
		if res.Passed && a.Certification() {
			code = NewCode()
		}
		r, err := tx.ExecContext(ctx,
			`UPDATE attempts SET submitted_at = ?, correct = ?, passed = ?, code = ? WHERE id = ? AND submitted_at IS NULL`,
			now.UnixMilli(), res.Correct, boolInt(res.Passed), code, id)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n != 1 {
			return ErrAlreadySubmitted
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	a.SubmittedAt = time.UnixMilli(now.UnixMilli()).UTC()
	a.Answers = map[string]string{}
	for q, c := range answers {
		a.Answers[q] = c
	}
	a.Correct, a.Passed = res.Correct, res.Passed
	if c, ok := code.(string); ok {
		a.Code = c
	}
	return a, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// codeAlphabet is Crockford's base32: no I, L, O or U to misread.
const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// NewCode makes a verification code: ten characters from 50 random bits,
// written in two groups of five ("7KQ2M-9XD4B").
func NewCode() string {
	var b [10]byte
	_, _ = rand.Read(b[:])
	out := make([]byte, 0, 11)
	for i, x := range b {
		if i == 5 {
			out = append(out, '-')
		}
		out = append(out, codeAlphabet[x&31])
	}
	return string(out)
}

// NormalizeCode turns what a person typed into the stored form: upper
// case, I and L read as 1, O as 0, spaces and dashes ignored. It returns
// "" when the input cannot be a code.
func NormalizeCode(s string) string {
	var raw []byte
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == '-' || r == ' ':
			continue
		case r == 'I' || r == 'L':
			r = '1'
		case r == 'O':
			r = '0'
		}
		if r > 127 || !strings.ContainsRune(codeAlphabet, r) {
			return ""
		}
		raw = append(raw, byte(r))
	}
	if len(raw) != 10 {
		return ""
	}
	return string(raw[:5]) + "-" + string(raw[5:])
}

// Summary is one attempt as the organiser's export lists it.
type Summary struct {
	Format      string
	Name        string
	StartedAt   time.Time
	SubmittedAt time.Time // zero: never submitted
	Correct     int
	Total       int
	Passed      bool
	Code        string
}

// List returns every attempt, oldest first.
func (s *Store) List(ctx context.Context) ([]Summary, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT format, name, started_at, submitted_at, coalesce(correct, 0), total, passed, coalesce(code, '') FROM attempts ORDER BY started_at, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Summary
	for rows.Next() {
		var sm Summary
		var started int64
		var submitted sql.NullInt64
		var passed int
		if err := rows.Scan(&sm.Format, &sm.Name, &started, &submitted, &sm.Correct, &sm.Total, &passed, &sm.Code); err != nil {
			return nil, err
		}
		sm.StartedAt = time.UnixMilli(started).UTC()
		if submitted.Valid {
			sm.SubmittedAt = time.UnixMilli(submitted.Int64).UTC()
		}
		sm.Passed = passed == 1
		out = append(out, sm)
	}
	return out, rows.Err()
}

// IntegrityCheck runs PRAGMA integrity_check and returns an error unless
// SQLite answers "ok".
func (s *Store) IntegrityCheck(ctx context.Context) error {
	var res string
	if err := s.db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res); err != nil {
		return err
	}
	if res != "ok" {
		return fmt.Errorf("integrity_check: %s", res)
	}
	return nil
}
