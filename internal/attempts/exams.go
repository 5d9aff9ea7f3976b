package attempts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"substep/internal/sqlitefile"
	"substep/quizzes"
)

// Errors of exam codes and self-assessments.
var (
	ErrNoExamCode   = errors.New("no such exam code")
	ErrCodeUsed     = errors.New("this exam code has no attempts left")
	ErrCodeRevoked  = errors.New("this exam code has been revoked by the organiser")
	ErrWrongFormat  = errors.New("this exam code is for another format")
	ErrCoolingDown  = errors.New("a self-assessment was started from this address too recently")
	ErrBadPolicy    = errors.New("a retake policy needs at least one attempt per code and a cooldown of zero or more")
	ErrBadWindow    = errors.New("the review window must open before it closes")
	ErrIncompleteEx = errors.New("an exam code needs a format, a candidate name and an issuer")
)

// ExamCode is a single-use (or n-use) code an organiser issues to one
// named candidate for one format. Only a valid code starts a
// certification; the attempt takes the code's name and issuer.
type ExamCode struct {
	Code        string
	Format      string
	Name        string // the candidate
	Issuer      string // the organiser's label
	CreatedAt   time.Time
	MaxAttempts int
	Used        int
	RevokedAt   time.Time // zero while the code is valid
}

// Revoked reports whether the organiser has revoked the code.
func (e ExamCode) Revoked() bool { return !e.RevokedAt.IsZero() }

// Policy is an organiser's retake policy for one format.
type Policy struct {
	Format string
	// AttemptsPerCode: how many certifications one exam code starts.
	AttemptsPerCode int
	// SelfCooldown: the wait between two self-assessments of the format
	// from one client address.
	SelfCooldown time.Duration
	// ReviewsFrom and ReviewsUntil: the review window, in which
	// certification results show the full review (every question's right
	// choice). It opens at ReviewsFrom (never when zero), once the test
	// window has closed, and closes at ReviewsUntil (never when zero).
	ReviewsFrom, ReviewsUntil time.Time
}

// ReviewsOpen reports whether the review window is open at now.
func (p Policy) ReviewsOpen(now time.Time) bool {
	return !p.ReviewsFrom.IsZero() && !now.Before(p.ReviewsFrom) && (p.ReviewsUntil.IsZero() || now.Before(p.ReviewsUntil))
}

// DefaultPolicy is the policy of a format the organiser has not set: one
// attempt per code, the given self-assessment cooldown, no full reviews.
func DefaultPolicy(format string, cooldown time.Duration) Policy {
	return Policy{Format: format, AttemptsPerCode: 1, SelfCooldown: cooldown}
}

// Policy returns the format's policy, or def when none was set.
func (s *Store) Policy(ctx context.Context, def Policy) (Policy, error) {
	p := Policy{Format: def.Format}
	var ms int64
	var from, until sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT attempts_per_code, self_cooldown_ms, reviews_from, reviews_until FROM policies WHERE format = ?`, def.Format).
		Scan(&p.AttemptsPerCode, &ms, &from, &until)
	if errors.Is(err, sql.ErrNoRows) {
		return def, nil
	}
	if err != nil {
		return Policy{}, err
	}
	p.SelfCooldown = time.Duration(ms) * time.Millisecond
	p.ReviewsFrom, p.ReviewsUntil = msTime(from), msTime(until)
	return p, nil
}

// msTime is a stored time in milliseconds, zero when NULL.
func msTime(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64).UTC()
}

// timeMS is a time to store in milliseconds, NULL when zero.
func timeMS(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
}

// SetPolicy stores a format's policy.
func (s *Store) SetPolicy(ctx context.Context, p Policy) error {
	if p.AttemptsPerCode < 1 || p.SelfCooldown < 0 || p.Format == "" {
		return ErrBadPolicy
	}
	if !p.ReviewsUntil.IsZero() && (p.ReviewsFrom.IsZero() || !p.ReviewsUntil.After(p.ReviewsFrom)) {
		return ErrBadWindow
	}
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO policies (format, attempts_per_code, self_cooldown_ms, reviews_from, reviews_until) VALUES (?, ?, ?, ?, ?)
		 ON CONFLICT (format) DO UPDATE SET attempts_per_code = excluded.attempts_per_code,
		 self_cooldown_ms = excluded.self_cooldown_ms, reviews_from = excluded.reviews_from, reviews_until = excluded.reviews_until`,
		p.Format, p.AttemptsPerCode, p.SelfCooldown.Milliseconds(), timeMS(p.ReviewsFrom), timeMS(p.ReviewsUntil))
	return err
}

// RevokeCode revokes an exam code (as NormalizeCode writes it) at now: it
// starts no more certifications. Attempts it already started stay as they
// are. Revoking a revoked code changes nothing; an unknown code is
// ErrNoExamCode.
func (s *Store) RevokeCode(ctx context.Context, code string, now time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE exam_codes SET revoked_at = coalesce(revoked_at, ?) WHERE code = ?`, now.UnixMilli(), code)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrNoExamCode
	}
	return nil
}

// IssueCode stores a new exam code for e.Format, e.Name and e.Issuer with
// e.MaxAttempts attempts (the policy's, when 0) and returns it with its
// code set.
func (s *Store) IssueCode(ctx context.Context, e ExamCode, now time.Time) (ExamCode, error) {
	if e.Format == "" || e.Name == "" || e.Issuer == "" {
		return ExamCode{}, ErrIncompleteEx
	}
	if e.MaxAttempts < 1 {
		return ExamCode{}, ErrBadPolicy
	}
	e.CreatedAt, e.Used = time.UnixMilli(now.UnixMilli()).UTC(), 0
	for i := 0; ; i++ {
		e.Code = NewCode()
		_, err := s.db.ExecContext(ctx,
			`INSERT INTO exam_codes (code, format, name, issuer, created_at, max_attempts) VALUES (?, ?, ?, ?, ?, ?)`,
			e.Code, e.Format, e.Name, e.Issuer, e.CreatedAt.UnixMilli(), e.MaxAttempts)
		if err == nil || i == 5 {
			return e, err
		}
	}
}

// Codes lists every exam code, newest first.
func (s *Store) Codes(ctx context.Context) ([]ExamCode, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT code, format, name, issuer, created_at, max_attempts, used, revoked_at FROM exam_codes ORDER BY created_at DESC, code`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ExamCode
	for rows.Next() {
		var e ExamCode
		var created int64
		var revoked sql.NullInt64
		if err := rows.Scan(&e.Code, &e.Format, &e.Name, &e.Issuer, &created, &e.MaxAttempts, &e.Used, &revoked); err != nil {
			return nil, err
		}
		e.CreatedAt, e.RevokedAt = time.UnixMilli(created).UTC(), msTime(revoked)
		out = append(out, e)
	}
	return out, rows.Err()
}

// StartCertification spends one attempt of the exam code (as
// NormalizeCode writes it) and stores a as a certification in one
// transaction: a takes the code's candidate name and issuer. It fails,
// changing nothing, for an unknown code (ErrNoExamCode), a revoked code
// (ErrCodeRevoked), a code of another format (ErrWrongFormat) or one with
// no attempts left (ErrCodeUsed).
func (s *Store) StartCertification(ctx context.Context, code string, a *Attempt) error {
	return sqlitefile.Classify(s.path, s.db.Write(ctx, func(tx *sql.Tx) error {
		var format, name, issuer string
		var max, used int
		var revoked sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT format, name, issuer, max_attempts, used, revoked_at FROM exam_codes WHERE code = ?`, code).
			Scan(&format, &name, &issuer, &max, &used, &revoked)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNoExamCode
		case err != nil:
			return err
		case revoked.Valid:
			return ErrCodeRevoked
		case format != a.Format:
			return ErrWrongFormat
		case used >= max:
			return ErrCodeUsed
		}
		if _, err := tx.ExecContext(ctx, `UPDATE exam_codes SET used = used + 1 WHERE code = ?`, code); err != nil {
			return err
		}
		a.Mode, a.ExamCode, a.Name, a.Issuer = ModeCertification, code, name, issuer
		return insert(ctx, tx, a)
	}))
}

// Running counts the certifications of format started and neither
// submitted nor past their deadline at now: while any runs, no result page
// shows a full review (its right choices would answer that test).
func (s *Store) Running(ctx context.Context, format string, now time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx,
		`SELECT count(*) FROM attempts WHERE format = ? AND mode = ? AND submitted_at IS NULL AND deadline > ?`,
		format, ModeCertification, now.UnixMilli()).Scan(&n)
	return n, sqlitefile.Classify(s.path, err)
}

// CodeQuestions lists the questions the attempts of an exam code drew
// (as NormalizeCode writes it), so that a retake can avoid them.
func (s *Store) CodeQuestions(ctx context.Context, code string) (map[string]bool, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT DISTINCT items.question_id FROM items JOIN attempts ON attempts.id = items.attempt_id WHERE attempts.exam_code = ?`, code)
	if err != nil {
		return nil, sqlitefile.Classify(s.path, err)
	}
	defer rows.Close()
	seen := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		seen[id] = true
	}
	return seen, sqlitefile.Classify(s.path, rows.Err())
}

// StartSelf stores a as a self-assessment unless the same client started
// one of the same format less than cooldown before a.StartedAt
// (ErrCoolingDown, with the time it may start again). The check and the
// insert are one transaction, so two concurrent starts cannot both pass.
func (s *Store) StartSelf(ctx context.Context, a *Attempt, cooldown time.Duration) (time.Time, error) {
	var next time.Time
	err := s.db.Write(ctx, func(tx *sql.Tx) error {
		if cooldown > 0 {
			var last sql.NullInt64
			if err := tx.QueryRowContext(ctx,
				`SELECT max(started_at) FROM attempts WHERE client = ? AND format = ? AND mode = ?`,
				a.Client, a.Format, ModeSelf).Scan(&last); err != nil {
				return err
			}
			if last.Valid {
				next = time.UnixMilli(last.Int64).Add(cooldown).UTC()
				if a.StartedAt.Before(next) {
					return ErrCoolingDown
				}
			}
		}
		a.Mode = ModeSelf
		return insert(ctx, tx, a)
	})
	if errors.Is(err, ErrCoolingDown) {
		return next, err
	}
	return time.Time{}, sqlitefile.Classify(s.path, err)
}

// Responses lists the submitted certifications of a format with each
// question's outcome (an unanswered question counts as wrong).
func (s *Store) Responses(ctx context.Context, format string) ([]quizzes.Response, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT a.id, i.question_id, coalesce(i.answer = i.correct, 0)
		 FROM attempts a JOIN items i ON i.attempt_id = a.id
		 WHERE a.format = ? AND a.mode = ? AND a.submitted_at IS NOT NULL
		 ORDER BY a.started_at, a.id, i.pos`, format, ModeCertification)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []quizzes.Response
	for rows.Next() {
		var id, qid string
		var right int
		if err := rows.Scan(&id, &qid, &right); err != nil {
			return nil, err
		}
		if len(out) == 0 || out[len(out)-1].Attempt != id {
			out = append(out, quizzes.Response{Attempt: id, Right: map[string]bool{}})
		}
		out[len(out)-1].Right[qid] = right == 1
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("item responses: %w", err)
	}
	return out, nil
}
