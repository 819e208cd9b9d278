package report

import (
	"bufio"
	"io"
	"os"
)

// spool holds what a streamed report writes after a part it can only
// write at the end (JUnit's totals, SARIF's rule list, both above the
// targets): in a temporary file, so the memory held stays that of one
// target; it is copied out and removed at the end.
type spool struct {
	f *os.File
	w *bufio.Writer
}

func newSpool() (*spool, error) {
	f, err := os.CreateTemp("", "mcplint-report-*")
	if err != nil {
		return nil, err
	}
	// Unlinked at once on systems that allow it: nothing is left behind,
	// even by a killed run.
	if os.Remove(f.Name()) != nil {
		f.Close()
		f, err = os.CreateTemp("", "mcplint-report-*")
		if err != nil {
			return nil, err
		}
	}
	return &spool{f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

// reader flushes what was written and returns it to read from the start.
func (s *spool) reader() (io.Reader, error) {
	if err := s.w.Flush(); err != nil {
		return nil, err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return bufio.NewReaderSize(s.f, 64<<10), nil
}

// close closes and removes the file.
func (s *spool) close() {
	name := s.f.Name()
	s.f.Close()
	os.Remove(name)
}
