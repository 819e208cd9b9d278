//go:build !unix

package mcptest

import "os/exec"

// groupExists reports whether the process group g still has a process:
// never, where there are no process groups to wait for.
func groupExists(int) bool { return false }

// OwnGroup does nothing where there are no process groups.
func OwnGroup(*exec.Cmd) {}

// KillGroup kills cmd's process alone, where there are no process groups.
func KillGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }
