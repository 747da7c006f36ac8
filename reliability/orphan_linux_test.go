//go:build linux

package reliability

import (
	"os/exec"
	"syscall"
)

// dieWithTest has cmd killed when the test binary dies first (a test timeout's panic): refcheck
// loops forever on some inputs, and an orphan would spin on a core long after the test.
func dieWithTest(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
