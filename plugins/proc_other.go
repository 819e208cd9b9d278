//go:build !unix

package plugins

import (
	"io/fs"
	"os"
	"os/exec"
)

func ownGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

// execOpenFile is not possible here: the plugin runs from its path.
func execOpenFile(*exec.Cmd, *os.File) bool { return false }

// processExists cannot tell here: no folder is ever taken for stale.
func processExists(int) bool { return true }

func ownedByUs(fs.FileInfo) bool { return false }

// fileIdentity cannot name a file's version here: nothing is cached.
func fileIdentity(*os.File) string { return "" }
