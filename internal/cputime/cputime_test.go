package cputime

import (
	"crypto/sha256"
	"testing"
	"time"
)

// burn does CPU work until the calling thread has used d of CPU time.
func burn(d time.Duration) {
	stop := Start()
	defer stop()
	t0, _ := threadTime()
	sum := sha256.Sum256(nil)
	for {
		for range 1000 {
			sum = sha256.Sum256(sum[:])
		}
		if t, _ := threadTime(); t-t0 >= d {
			return
		}
	}
}

// TestWaitingIsNotCharged: a goroutine that waits while another works is
// charged almost nothing; one that works is charged its work.
func TestWaitingIsNotCharged(t *testing.T) {
	const work = 40 * time.Millisecond
	done := make(chan struct{})
	stop := Start()
	go func() {
		burn(work)
		close(done)
	}()
	<-done
	waited := stop()
	if waited > work/4 {
		t.Errorf("waiting for %v of another goroutine's work was measured as %v", work, waited)
	}
	stop = Start()
	burn(work)
	if worked := stop(); worked < work || worked > 10*work {
		t.Errorf("%v of work measured as %v", work, worked)
	}
}
