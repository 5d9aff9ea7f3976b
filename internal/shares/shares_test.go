package shares

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

func TestPutGet(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "data.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	k1, err := s.Put(ctx, "title: x\n")
	if err != nil {
		t.Fatal(err)
	}
	k2, _ := s.Put(ctx, "title: x\n")
	k3, _ := s.Put(ctx, "title: y\n")
	if k1 != k2 || k1 == k3 || k1 != Key("title: x\n") {
		t.Errorf("keys: %q %q %q", k1, k2, k3)
	}
	s.Close()
	// Reopen: the share survives a restart.
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Get(ctx, k1)
	if err != nil || got != "title: x\n" {
		t.Errorf("Get = %q, %v", got, err)
	}
	if _, err := s.Get(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get(nope) = %v, want ErrNotFound", err)
	}
	if _, err := s.Put(ctx, string(make([]byte, MaxLen+1))); err == nil {
		t.Errorf("oversized scenario stored")
	}
}
