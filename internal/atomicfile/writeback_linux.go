package atomicfile

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// writebackEvery is how many bytes are written before the kernel is asked
// to start writing them to disk.
const writebackEvery = 1 << 20

// earlyWriteback writes to f and, every writebackEvery bytes, starts the
// disk writing what it has (without waiting for it), so that the Sync at
// the end waits for the last megabyte rather than for the whole file: a
// baseline of a large server is megabytes.
type earlyWriteback struct {
	f          *os.File
	start, end int64 // written since start; end is the file's size so far
}

func newWriteback(f *os.File) io.Writer { return &earlyWriteback{f: f} }

func (w *earlyWriteback) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	w.end += int64(n)
	if w.end-w.start >= writebackEvery {
		// Advice only: when it fails, Sync does all the work, as before.
		unix.SyncFileRange(int(w.f.Fd()), w.start, w.end-w.start, unix.SYNC_FILE_RANGE_WRITE)
		w.start = w.end
	}
	return n, err
}
