// Package reaper keeps what servers leave behind from outliving mcplint. A
// server's process group is killed when its session ends, but a
// descendant that called setsid (a detached update checker, a daemonized
// helper) is in no group of the server's. On Linux, mcplint becomes a
// child subreaper: such orphans are re-parented to it instead of to init,
// and KillAdopted kills them when mcplint is done.
package reaper

// Start makes this process a child subreaper where the system has them
// (Linux); elsewhere it does nothing. It reports whether it did.
func Start() bool { return start() }

// KillAdopted kills, with SIGKILL, every child of this process that it did
// not start itself but adopted as a subreaper, with whatever is in its
// process group, and reaps them. It is for the end of the run, when every
// server mcplint started has been stopped and waited for: a child still
// there then is an orphan. It returns how many it killed.
func KillAdopted() int { return killAdopted() }
