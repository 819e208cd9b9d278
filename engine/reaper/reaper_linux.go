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

// maxRounds bounds the rounds of killAdopted: each round kills the
// orphans there are, and the descendants of a killed orphan that left its
// group (a grandchild that called setsid again) are orphans of the next.
// A chain deeper than this is a process that keeps forking detached
// children faster than they are killed.
const maxRounds = 100

func killAdopted() int {
	killed := 0
	for range maxRounds {
		round := 0
		for _, pid := range children() {
			if state(pid) == "Z" {
				continue
			}
			// Its group first (a setsid child leads one), then the
			// process. Once it is reaped, its own children are ours.
			unix.Kill(-pid, unix.SIGKILL)
			unix.Kill(pid, unix.SIGKILL)
			var ws unix.WaitStatus
			unix.Wait4(pid, &ws, 0, nil)
			round++
		}
		if round == 0 {
			break
		}
		killed += round
	}
	return killed
}

// children lists this process's children. Each thread's children file
// names those whose parent is that thread, and an adopted orphan's parent
// is one of our threads: reading them costs a read a thread, where the
// process table costs one a process on the machine (tens of milliseconds
// on a busy one, at the end of every run). Kernels built without those
// files get the process table.
func children() []int {
	tasks, _ := filepath.Glob("/proc/self/task/[0-9]*/children")
	if len(tasks) == 0 {
		return childrenFromTable()
	}
	var out []int
	for _, f := range tasks {
		data, err := os.ReadFile(f)
		if err != nil {
			continue // the thread has exited: its children moved to another
		}
		for _, field := range bytes.Fields(data) {
			if pid, err := strconv.Atoi(string(field)); err == nil {
				out = append(out, pid)
			}
		}
	}
	return out
}

// childrenFromTable finds this process's children in the whole process
// table by their parent's pid.
func childrenFromTable() []int {
	self := strconv.Itoa(os.Getpid())
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []int
	for _, st := range stats {
		fields := statFields(st)
		if len(fields) < 2 || fields[1] != self {
			continue
		}
		if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(st))); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

// state is the one-letter state of process pid ("Z" for a zombie), or ""
// when it is gone.
func state(pid int) string {
	if fields := statFields("/proc/" + strconv.Itoa(pid) + "/stat"); len(fields) > 0 {
		return fields[0]
	}
	return ""
}

// statFields returns the fields of a /proc stat file after the command
// name: state, parent pid, and so on.
func statFields(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	// The command name in parentheses may hold spaces and parentheses:
	// the fields that follow start after the last ")".
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return nil
	}
	fields := bytes.Fields(data[i+1:])
	out := make([]string, 0, 2)
	for _, f := range fields[:min(2, len(fields))] {
		out = append(out, string(f))
	}
	return out
}
