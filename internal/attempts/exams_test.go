package attempts

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestExamCodes(t *testing.T) {
	ctx := context.Background()
	s := openFile(t)
	e, err := s.IssueCode(ctx, ExamCode{Format: "goat", Name: "Ada Lovelace", Issuer: "Rome regional", MaxAttempts: 1}, t0)
	if err != nil {
		t.Fatal(err)
	}
	if NormalizeCode(e.Code) != e.Code {
		t.Fatalf("code %q is not in its normal form", e.Code)
	}
	mk := func(format string) *Attempt {
		return &Attempt{ID: NewID(), Format: format, Name: "typed by the candidate", Items: items(3), StartedAt: t0, Deadline: t0.Add(time.Hour)}
	}
	tests := []struct {
		name, code, format string
		want               error
	}{
		{"unknown code", "00000-00000", "goat", ErrNoExamCode},
		{"another format", e.Code, "hat", ErrWrongFormat},
		{"valid", e.Code, "goat", nil},
		{"spent", e.Code, "goat", ErrCodeUsed},
	}
	for _, tt := range tests {
		a := mk(tt.format)
		err := s.StartCertification(ctx, tt.code, a)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: StartCertification = %v, want %v", tt.name, err, tt.want)
		}
		got, gerr := s.Get(ctx, a.ID)
		if tt.want != nil {
			if !errors.Is(gerr, ErrNotFound) {
				t.Errorf("%s: a refused start stored the attempt (%v)", tt.name, gerr)
			}
			continue
		}
		if gerr != nil {
			t.Fatal(gerr)
		}
		want := struct{ Mode, Name, Issuer, Exam string }{ModeCertification, "Ada Lovelace", "Rome regional", e.Code}
		if diff := cmp.Diff(want, struct{ Mode, Name, Issuer, Exam string }{got.Mode, got.Name, got.Issuer, got.ExamCode}); diff != "" {
			t.Errorf("stored certification (-want +got):\n%s", diff)
		}
	}
	codes, err := s.Codes(ctx)
	if err != nil || len(codes) != 1 || codes[0].Used != 1 || codes[0].Revoked() {
		t.Errorf("Codes = %+v, %v; want the one code used once, not revoked", codes, err)
	}
}

func TestRevokeCode(t *testing.T) {
	ctx := context.Background()
	s := openFile(t)
	e, err := s.IssueCode(ctx, ExamCode{Format: "goat", Name: "Grace Hopper", Issuer: "Rome regional", MaxAttempts: 2}, t0)
	if err != nil {
		t.Fatal(err)
	}
	start := func() error {
		return s.StartCertification(ctx, e.Code, &Attempt{ID: NewID(), Format: "goat", Name: "x", Items: items(2), StartedAt: t0, Deadline: t0.Add(time.Hour)})
	}
	if err := start(); err != nil {
		t.Fatalf("first attempt: %v", err)
	}
	at := t0.Add(time.Hour)
	for i := 0; i < 2; i++ { // revoking twice keeps the first time
		if err := s.RevokeCode(ctx, e.Code, at.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if err := start(); !errors.Is(err, ErrCodeRevoked) {
		t.Errorf("a revoked code with an attempt left starts a certification: %v", err)
	}
	codes, err := s.Codes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := struct {
		Used    int
		Revoked time.Time
	}{codes[0].Used, codes[0].RevokedAt}
	if diff := cmp.Diff(struct {
		Used    int
		Revoked time.Time
	}{1, at}, got); diff != "" {
		t.Errorf("revoked code (-want +got):\n%s", diff)
	}
	if err := s.RevokeCode(ctx, "00000-00000", at); !errors.Is(err, ErrNoExamCode) {
		t.Errorf("revoking an unknown code: %v", err)
	}
}

func TestReviewWindow(t *testing.T) {
	from, until := t0.Add(24*time.Hour), t0.Add(48*time.Hour)
	tests := []struct {
		name string
		p    Policy
		at   time.Time
		want bool
	}{
		{"never set", Policy{}, t0, false},
		{"before it opens", Policy{ReviewsFrom: from}, t0, false},
		{"as it opens", Policy{ReviewsFrom: from}, from, true},
		{"open for good", Policy{ReviewsFrom: from}, until.Add(1000 * time.Hour), true},
		{"inside", Policy{ReviewsFrom: from, ReviewsUntil: until}, from.Add(time.Hour), true},
		{"as it closes", Policy{ReviewsFrom: from, ReviewsUntil: until}, until, false},
	}
	for _, tt := range tests {
		if got := tt.p.ReviewsOpen(tt.at); got != tt.want {
			t.Errorf("%s: ReviewsOpen = %v, want %v", tt.name, got, tt.want)
		}
	}
	ctx := context.Background()
	s := openFile(t)
	if err := s.SetPolicy(ctx, Policy{Format: "goat", AttemptsPerCode: 1, ReviewsFrom: until, ReviewsUntil: from}); !errors.Is(err, ErrBadWindow) {
		t.Errorf("a window closing before it opens: %v", err)
	}
	if err := s.SetPolicy(ctx, Policy{Format: "goat", AttemptsPerCode: 1, ReviewsUntil: from}); !errors.Is(err, ErrBadWindow) {
		t.Errorf("a window that closes but never opens: %v", err)
	}
}

func TestSelfCooldownAndPolicy(t *testing.T) {
	ctx := context.Background()
	s := openFile(t)
	start := func(at time.Time, client string) error {
		a := &Attempt{ID: NewID(), Format: "goat", Name: "x", Items: items(2), StartedAt: at, Deadline: at.Add(time.Hour), Client: client}
		_, err := s.StartSelf(ctx, a, 10*time.Minute)
		return err
	}
	for _, tt := range []struct {
		at     time.Duration
		client string
		want   error
	}{
		{0, "10.0.0.1", nil},
		{5 * time.Minute, "10.0.0.1", ErrCoolingDown},
		{5 * time.Minute, "10.0.0.2", nil},
		{10 * time.Minute, "10.0.0.1", nil},
	} {
		if err := start(t0.Add(tt.at), tt.client); !errors.Is(err, tt.want) {
			t.Errorf("self-assessment at +%v from %s: %v, want %v", tt.at, tt.client, err, tt.want)
		}
	}
	def := DefaultPolicy("goat", 10*time.Minute)
	if p, err := s.Policy(ctx, def); err != nil || p != def {
		t.Errorf("unset policy = %+v, %v; want the default", p, err)
	}
	set := Policy{Format: "goat", AttemptsPerCode: 2, SelfCooldown: time.Hour, ReviewsFrom: t0, ReviewsUntil: t0.Add(time.Hour)}
	if err := s.SetPolicy(ctx, set); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Policy(ctx, def); err != nil || p != set {
		t.Errorf("Policy = %+v, %v; want %+v", p, err, set)
	}
	if err := s.SetPolicy(ctx, Policy{Format: "goat"}); !errors.Is(err, ErrBadPolicy) {
		t.Errorf("a policy of zero attempts per code: %v", err)
	}
}

// TestMigrateReviewToggle: a version 2 file, whose organiser had opened
// reviews with the old toggle, opens with a review window open since 1970,
// and its codes are not revoked.
func TestMigrateReviewToggle(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "attempts.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`ALTER TABLE exam_codes DROP COLUMN revoked_at`,
		`ALTER TABLE policies DROP COLUMN reviews_from`,
		`ALTER TABLE policies DROP COLUMN reviews_until`,
		`INSERT INTO policies (format, attempts_per_code, self_cooldown_ms, reviews_open) VALUES ('goat', 1, 0, 1), ('hat', 1, 0, 0)`,
		`INSERT INTO exam_codes (code, format, name, issuer, created_at, max_attempts) VALUES ('12345-67890', 'goat', 'Ada', 'Rome', 0, 1)`,
		`PRAGMA user_version = 2`,
	} {
		if _, err := s.db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	s.Close()
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for f, want := range map[string]bool{"goat": true, "hat": false} {
		p, err := s.Policy(ctx, DefaultPolicy(f, 0))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.ReviewsOpen(t0); got != want {
			t.Errorf("%s after the migration: reviews open = %v, want %v", f, got, want)
		}
	}
	codes, err := s.Codes(ctx)
	if err != nil || len(codes) != 1 || codes[0].Revoked() {
		t.Errorf("codes after the migration: %+v, %v", codes, err)
	}
}
