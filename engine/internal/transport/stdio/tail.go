package stdio

import (
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/snip"
)

// Bounds of the stderr tail kept for error messages.
const (
	stderrLineCap   = 64 << 10 // longest stderr line kept
	tailLines       = TailLines
	tailBytes       = 64 << 10
	tailLineDisplay = 4 << 10 // longest line shown in the tail
)

// TailLines is how many stderr lines StderrTail keeps at most.
const TailLines = 50

// stderrTail keeps the last lines a server wrote to stderr, bounded in
// lines and bytes, so that a failure can quote them.
type stderrTail struct {
	mu    sync.Mutex
	buf   []string
	bytes int
}

func newStderrTail() *stderrTail { return &stderrTail{} }

func (t *stderrTail) add(line string) {
	line = strings.TrimRight(line, "\r")
	line = snip.Runes(line, tailLineDisplay)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, line)
	t.bytes += len(line)
	for len(t.buf) > tailLines || (t.bytes > tailBytes && len(t.buf) > 1) {
		t.bytes -= len(t.buf[0])
		t.buf = t.buf[1:]
	}
}

func (t *stderrTail) lines() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.buf...)
}
