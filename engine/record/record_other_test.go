//go:build !unix

package record

import "testing"

// running skips the test: the tests that watch a server's grandchild
// die with its process group need process groups, which only Unix has
// (see proc_other.go: elsewhere only the server itself is killed).
func running(t *testing.T, _ *syncBuffer) int {
	t.Helper()
	t.Skip("process groups are a Unix notion")
	return 0
}

func assertGone(*testing.T, int) {}
