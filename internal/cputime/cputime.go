// Package cputime measures the CPU time one goroutine spends on a piece of
// work, so that limits charge a client for the work it caused and not for
// the time it spent waiting for a busy machine: wall time grows with the
// machine's load, the goroutine's own CPU time hardly at all.
package cputime

import (
	"runtime"
	"time"
)

// Start pins the calling goroutine to its OS thread and returns a function
// that unpins it and reports the CPU time the thread used since: the
// goroutine's own work (cgo calls such as SQLite's included), not time it
// spent blocked or waiting to be scheduled. Call the returned function
// once, on the same goroutine. Starts nest. Where the system cannot
// measure a thread's CPU time, it reports wall time instead.
func Start() func() time.Duration {
	runtime.LockOSThread()
	t0, ok := threadTime()
	w0 := time.Now()
	return func() time.Duration {
		t1, ok1 := threadTime()
		runtime.UnlockOSThread()
		if !ok || !ok1 {
			return time.Since(w0)
		}
		return t1 - t0
	}
}
