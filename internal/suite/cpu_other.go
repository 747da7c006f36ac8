//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package suite

import "time"

// CPUTime is the wall clock where the process's CPU time is not read (see the Unix version): a
// difference of two readings is the time between them.
func CPUTime() time.Duration { return time.Duration(time.Now().UnixNano()) }
