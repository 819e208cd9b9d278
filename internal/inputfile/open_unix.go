//go:build unix

package inputfile

import (
	"os"
	"syscall"
)

// openNonblock opens path read-only with O_NONBLOCK: opening a FIFO then
// returns at once instead of waiting for a writer. For a regular file the
// flag changes nothing.
func openNonblock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
