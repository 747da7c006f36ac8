//go:build !linux

package reliability

import "os/exec"

func dieWithTest(*exec.Cmd) {}
