//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package suite

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time this process has used, user and system, over all its threads. A
// ratio of CPU times holds where one of wall times does not: on a machine busy with other work a
// run of 60 ms waits for a core several times, one of 2 ms seldom, so the longer run's wall time
// grows more than the shorter one's; their CPU times do not.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
