package reaper

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

func start() bool {
	return unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == nil
}

func killAdopted() int {
	self := os.Getpid()
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	killed := 0
	for _, st := range stats {
		data, err := os.ReadFile(st)
		if err != nil {
			continue
		}
		// The command name in parentheses may hold spaces and
		// parentheses: the fields that follow start after the last ")".
		i := bytes.LastIndexByte(data, ')')
		if i < 0 {
			continue
		}
		fields := bytes.Fields(data[i+1:])
		if len(fields) < 2 {
			continue
		}
		ppid, _ := strconv.Atoi(string(fields[1]))
		if ppid != self || string(fields[0]) == "Z" {
			continue
		}
		pid, err := strconv.Atoi(filepath.Base(filepath.Dir(st)))
		if err != nil {
			continue
		}
		// Its group first (a setsid child leads one), then the process.
		unix.Kill(-pid, unix.SIGKILL)
		unix.Kill(pid, unix.SIGKILL)
		var ws unix.WaitStatus
		unix.Wait4(pid, &ws, 0, nil)
		killed++
	}
	return killed
}
