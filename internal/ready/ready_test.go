package ready

import (
	"context"
	"errors"
	"testing"
)

func TestWait(t *testing.T) {
	release := make(chan struct{})
	v := Go(func() (int, error) { <-release; return 7, nil })

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := v.Wait(ctx); !errors.Is(err, ErrNotReady) || !errors.Is(err, context.Canceled) {
		t.Fatalf("Wait before the build ends: err = %v, want ErrNotReady wrapping context.Canceled", err)
	}
	close(release)
	<-v.Done()
	// Once built, even an ended context gets the value.
	if got, err := v.Wait(ctx); got != 7 || err != nil {
		t.Fatalf("Wait after the build = %d, %v; want 7, nil", got, err)
	}

	boom := errors.New("boom")
	f := Go(func() (string, error) { return "", boom })
	if _, err := f.Wait(context.Background()); !errors.Is(err, boom) {
		t.Fatalf("a failed build: err = %v, want %v", err, boom)
	}
	if got, err := Now("x").Wait(ctx); got != "x" || err != nil {
		t.Fatalf("Now: %q, %v", got, err)
	}
}
