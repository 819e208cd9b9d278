package stdio

import (
	"bufio"
	"errors"
	"io"
)

// DefaultLineCap is the longest stdout line the client keeps (8 MiB). A
// longer line is measured and skipped, never held in memory.
const DefaultLineCap = 8 << 20

// readChunk is how much the line reader asks the pipe for at a time.
const readChunk = 64 << 10

// LineReader splits a byte stream into newline-terminated lines, holding at
// most cap bytes of any one line. A line longer than cap is read to its end
// in chunks and reported by its length alone.
type LineReader struct {
	r    *bufio.Reader
	cap  int
	line []byte
}

// NewLineReader reads lines of at most lineCap bytes (DefaultLineCap when
// lineCap <= 0) from r.
func NewLineReader(r io.Reader, lineCap int) *LineReader {
	return newLineReaderSize(r, lineCap, readChunk)
}

// newLineReaderSize lets tests use chunks small enough to split lines.
func newLineReaderSize(r io.Reader, lineCap, chunk int) *LineReader {
	if lineCap <= 0 {
		lineCap = DefaultLineCap
	}
	return &LineReader{r: bufio.NewReaderSize(r, chunk), cap: lineCap}
}

// Next returns the next line without its newline. When the line is longer
// than the cap, line is nil and oversize is its length in bytes. A last line
// without a newline is returned before io.EOF; an empty stream is just
// io.EOF. The returned slice is valid until the next call.
func (l *LineReader) Next() (line []byte, oversize int64, err error) {
	l.line = l.line[:0]
	var n int64
	skipping := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		full := errors.Is(err, bufio.ErrBufferFull)
		end := err == nil
		if end {
			chunk = chunk[:len(chunk)-1]
		}
		n += int64(len(chunk))
		if !skipping {
			if n > int64(l.cap) {
				skipping = true
				l.line = l.line[:0]
			} else {
				l.line = append(l.line, chunk...)
			}
		}
		switch {
		case end:
			return l.result(skipping, n)
		case full:
			continue
		case errors.Is(err, io.EOF) && n > 0:
			// A final line without a newline is still a line; EOF comes on
			// the next call.
			return l.result(skipping, n)
		default:
			return nil, 0, err
		}
	}
}

func (l *LineReader) result(skipping bool, n int64) ([]byte, int64, error) {
	if skipping {
		return nil, n, nil
	}
	return l.line, 0, nil
}
