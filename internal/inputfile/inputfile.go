// Package inputfile opens the files mcplint lints (tool lists, traces,
// client configs) so that a hostile path cannot hang or exhaust it: only
// regular files are read, never a FIFO, device or socket (a link to
// /dev/zero, a pipe nobody writes to), and never more than a size cap.
package inputfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// DefaultMaxSize is the size cap on one input file: 256 MiB, fifteen times
// a realistic 10,000-tool list, and far below what decoding it would take
// in memory.
const DefaultMaxSize int64 = 256 << 20

// Error is an input file mcplint refused to read: not a regular file, or
// larger than the cap.
type Error struct {
	Path string
	// Mode is the file's type when it is not a regular file.
	Mode fs.FileMode
	// Size and Max are set when the file is over the cap.
	Size, Max int64
	// Raise says how to raise the cap; empty for --max-file-size, the cap
	// on targets, traces, lock files and baselines.
	Raise string
}

func (e *Error) Error() string {
	if e.Max > 0 {
		raise := e.Raise
		if raise == "" {
			raise = "raise it with --max-file-size (or max-file-size in .mcplint.toml [server]) if the file is trusted"
		}
		return fmt.Sprintf("%s: the file is %s, over the %s cap on input files; %s",
			e.Path, FormatSize(e.Size), FormatSize(e.Max), raise)
	}
	return fmt.Sprintf("%s: %s, not a regular file; mcplint reads only regular files (save what a pipe or device gives to a file first)", e.Path, Kind(e.Mode))
}

// Kind names what a file that is not a regular one is, with its article:
// "a FIFO (named pipe)", "a folder", "a symbolic link" (for a mode from
// Lstat).
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m.IsDir():
		return "a folder"
	}
	return "a special file"
}

// Open opens path for reading when it is a regular file of at most max
// bytes (DefaultMaxSize when max <= 0), following symbolic links. The file
// is opened without blocking and checked with fstat on the open
// descriptor, so a FIFO with no writer cannot hang the open, and a link
// swapped after a check cannot slip a device in. Its size is returned.
func Open(path string, max int64) (*os.File, int64, error) {
	if max <= 0 {
		max = DefaultMaxSize
	}
	f, err := openNonblock(path)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, &Error{Path: path, Mode: st.Mode()}
	}
	if st.Size() > max {
		f.Close()
		return nil, 0, &Error{Path: path, Size: st.Size(), Max: max}
	}
	return f, st.Size(), nil
}

// ReadFile is os.ReadFile for an input file: a regular file of at most
// max bytes (DefaultMaxSize when max <= 0). A file that grows past the cap
// while it is read is refused too.
func ReadFile(path string, max int64) ([]byte, error) {
	if max <= 0 {
		max = DefaultMaxSize
	}
	f, size, err := Open(path, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, path, size, max)
}

// parallelReadMin is the size from which a file is read in parts on
// every core: a large file's read is a copy from the page cache into
// memory touched for the first time, which one core does at about a
// gigabyte and a half a second, and nothing else can start before it.
var parallelReadMin int64 = 4 << 20

// readAll reads f, whose size was size when it was opened. A large file
// is read in parts at once; should it not end where it did (it grew or
// shrank meanwhile), it is read again from the start, in one piece, as a
// small one is.
func readAll(f *os.File, path string, size, max int64) ([]byte, error) {
	data := make([]byte, 0, size+1)
	if size >= parallelReadMin && runtime.GOMAXPROCS(0) > 1 {
		data = data[:size+1]
		if readParts(f, data[:size]) {
			if n, err := f.ReadAt(data[size:], size); n == 0 && err == io.EOF {
				return data[:size], nil
			}
		}
		data = data[:0]
	}
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if int64(len(data)) > max {
			return nil, &Error{Path: path, Size: int64(len(data)), Max: max}
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// readParts fills data from the start of f, in one part per core at once,
// and reports whether every part came whole.
func readParts(f *os.File, data []byte) bool {
	parts := runtime.GOMAXPROCS(0)
	var whole atomic.Int32
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := p*len(data)/parts, (p+1)*len(data)/parts
		wg.Go(func() {
			if n, _ := f.ReadAt(data[lo:hi], int64(lo)); n == hi-lo {
				whole.Add(1)
			}
		})
	}
	wg.Wait()
	return int(whole.Load()) == parts
}

// ParseSize reads a size as users write it: bytes ("1048576"), or a number
// with a unit, KB/MB/GB (powers of 1000) or KiB/MiB/GiB (powers of 1024).
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	mult := int64(1)
	for _, u := range units {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, mult = strings.TrimSpace(rest), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(t, 64)
	if err != nil || n <= 0 || n*float64(mult) > 1<<62 {
		return 0, fmt.Errorf("%q is not a size: want a positive number of bytes, or one with a unit such as 64MiB, 500MB or 1GiB", s)
	}
	return int64(n * float64(mult)), nil
}

// FormatSize writes n bytes in the largest binary unit that keeps it at
// one or more, with one decimal when it is not whole: "256 MiB", "1.5 GiB".
func FormatSize(n int64) string {
	units := []struct {
		name string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}}
	for _, u := range units {
		if n >= u.size {
			v := float64(n) / float64(u.size)
			if n%u.size == 0 {
				return strconv.FormatInt(n/u.size, 10) + " " + u.name
			}
			return strconv.FormatFloat(v, 'f', 1, 64) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
