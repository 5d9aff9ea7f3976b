package attempts

import (
	"context"
	"errors"
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
	if err != nil || len(codes) != 1 || codes[0].Used != 1 {
		t.Errorf("Codes = %+v, %v; want the one code used once", codes, err)
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
	set := Policy{Format: "goat", AttemptsPerCode: 2, SelfCooldown: time.Hour, ReviewsOpen: true}
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
