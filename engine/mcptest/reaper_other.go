//go:build !linux

package mcptest

// adoptOrphans has no portable equivalent; orphans go to init.
func adoptOrphans() {}

func reap(int) {}
