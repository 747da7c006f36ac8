//go:build unix

package reliability

import (
	"os/exec"
	"syscall"
)

// asNobody makes cmd run as the unprivileged user nobody (root reads any file).
func asNobody(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
}
