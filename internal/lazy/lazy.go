// Package lazy holds a value computed on its first use, for the tables a package would otherwise
// build when it loads.
package lazy

import "sync"

// Value is sync.OnceValue's memo without its initialiser: the zero Value is ready, so a
// package-level Value is data in the binary, where `var t = sync.OnceValue(f)` is an init
// function that makes a closure at every process start, wherever its package's code lies (one
// more page of code to fault in, whatever the command). The value, once computed, must not be
// changed: every caller shares it.
type Value[T any] struct {
	once sync.Once
	v    T
}

// Get returns the value, calling f to compute it the first time (once, whatever the goroutines).
// Every call for a Value must pass the same f.
func (l *Value[T]) Get(f func() T) T {
	l.once.Do(func() { l.v = f() })
	return l.v
}
