// Package ready holds a value that is built in the background while the
// site already answers: the search index and the checked quiz banks take
// most of a start, and no rule page, card page or replay needs them, so
// the server serves those at once and the few handlers that do need them
// wait (bounded by their request's deadline) until the value is built.
package ready

import (
	"context"
	"errors"
	"fmt"
)

// ErrNotReady is what Wait returns when its context ends before the value
// is built; the web layer answers it with 503 and Retry-After.
var ErrNotReady = errors.New("still starting up")

// Value is a value of type T that becomes available once, with the error
// its build returned.
type Value[T any] struct {
	done chan struct{}
	v    T
	err  error
}

// Go builds the value in a new goroutine.
func Go[T any](build func() (T, error)) *Value[T] {
	p := &Value[T]{done: make(chan struct{})}
	go func() {
		defer close(p.done)
		p.v, p.err = build()
	}()
	return p
}

// Now is a value that is already built (tests, and callers that built it
// themselves).
func Now[T any](v T) *Value[T] {
	p := &Value[T]{done: make(chan struct{}), v: v}
	close(p.done)
	return p
}

// Wait returns the value once it is built, or ErrNotReady (wrapping the
// context's error) if ctx ends first.
func (p *Value[T]) Wait(ctx context.Context) (T, error) {
	select {
	case <-p.done:
		return p.v, p.err
	default:
	}
	select {
	case <-p.done:
		return p.v, p.err
	case <-ctx.Done():
		var zero T
		return zero, fmt.Errorf("%w: %w", ErrNotReady, ctx.Err())
	}
}

// Done is closed when the value is built (or its build failed).
func (p *Value[T]) Done() <-chan struct{} { return p.done }
