package session

import (
	"context"
	"sync"
)

// Pool runs work on each item next yields with up to jobs workers and hands each result to done:
// in the order the items were yielded when ordered (so that an output does not depend on which
// worker finished first), else as each is finished. When done returns false, or ctx is
// canceled, the items still to come are received but not worked on. A single item is worked on
// the calling goroutine: starting workers and the threads that run them costs a tenth of the CPU
// of checking a small configuration, and one configuration is the usual case of an editor's task
// or a pre-commit hook. The one pool over directories: `check` and the server's workspace pull.
func Pool[T, R any](ctx context.Context, jobs int, ordered bool, next func() (T, bool), work func(context.Context, T) R, done func(R) bool) {
	first, ok := next()
	if !ok {
		return
	}
	second, more := next()
	if !more {
		done(work(ctx, first))
		return
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		i    int
		item T
	}
	type result struct {
		i   int
		out R
	}
	queue := make(chan job)
	ready := make(chan result, max(1, jobs))
	var wg sync.WaitGroup
	for range max(1, jobs) {
		wg.Go(func() {
			for j := range queue {
				ready <- result{j.i, work(ctx, j.item)}
			}
		})
	}
	go func() {
		head := []T{first, second}
		n := 0
		for {
			var t T
			if len(head) > 0 {
				t, head = head[0], head[1:]
			} else if t, ok = next(); !ok {
				break
			}
			if ctx.Err() == nil {
				queue <- job{n, t}
				n++
			}
		}
		close(queue)
		wg.Wait()
		close(ready)
	}()
	pending := map[int]R{}
	due := 0 // the index of the next result to hand over, when ordered
	for r := range ready {
		if !ordered {
			if ctx.Err() == nil && !done(r.out) {
				cancel()
			}
			continue
		}
		pending[r.i] = r.out
		for out, ok := pending[due]; ok && ctx.Err() == nil; out, ok = pending[due] {
			delete(pending, due)
			due++
			if !done(out) {
				cancel()
			}
		}
	}
}

// Slice yields the items of a slice as Pool takes them.
func Slice[T any](items []T) func() (T, bool) {
	return func() (T, bool) {
		var zero T
		if len(items) == 0 {
			return zero, false
		}
		t := items[0]
		items = items[1:]
		return t, true
	}
}
