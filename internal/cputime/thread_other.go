//go:build !linux

package cputime

import "time"

// threadTime cannot measure a thread here: Start falls back to wall time.
func threadTime() (time.Duration, bool) { return 0, false }
