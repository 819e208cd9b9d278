// Package stdio is the stdio transport: a server started as a child
// process in a process group of its own, spoken to one JSON-RPC message a
// line over its stdin and stdout, with its stderr and its exit recorded. A
// Go server can also be spoken to in this process over a pair of OS pipes,
// the same bytes (StartInProcess).
package stdio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/mcplint/mcplint/engine/internal/transport"
	"github.com/mcplint/mcplint/sdk"
)

// Defaults of Options.
const (
	DefaultTimeout = 10 * time.Second
	DefaultGrace   = 2 * time.Second
	// DefaultStderrRecord bounds the stderr bytes kept in the transcript.
	DefaultStderrRecord = 1 << 20
)

// exitDrain is how long an in-process server has to return once its pipes
// are closed.
const exitDrain = 200 * time.Millisecond

// Options configure a stdio transport. The zero value is usable.
type Options struct {
	// Env overlays the current environment.
	Env map[string]string
	// Dir is the working directory; empty for the current one.
	Dir string
	// Timeout bounds each write to the server's stdin (DefaultTimeout when
	// zero).
	Timeout time.Duration
	// LineCap is the longest stdout line kept (DefaultLineCap when zero).
	LineCap int
	// Grace is how long the server has to exit after stdin is closed, and
	// again after SIGTERM, before the next step (DefaultGrace when zero).
	Grace time.Duration
	// Abrupt has Close send SIGTERM as soon as stdin is closed, without
	// waiting Grace for the server to leave on its own: for a probe's
	// extra process, whose exit no rule judges and the lint would
	// otherwise wait for.
	Abrupt bool
	// StderrRecord bounds the stderr bytes recorded (DefaultStderrRecord
	// when zero).
	StderrRecord int
}

func (o *Options) fill() {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.LineCap <= 0 {
		o.LineCap = DefaultLineCap
	}
	if o.Grace <= 0 {
		o.Grace = DefaultGrace
	}
	if o.StderrRecord <= 0 {
		o.StderrRecord = DefaultStderrRecord
	}
}

// Transport is a live stdio connection to one server process (or
// in-process Serve function). It implements transport.Transport.
type Transport struct {
	opts Options
	rec  transport.Sink
	cmd  *exec.Cmd
	pgid int

	stdin          *os.File
	stdout, stderr *os.File
	writeMu        sync.Mutex

	mu       sync.Mutex
	signaled string // the signals mcplint sent the group, in order, for the exit event

	tail *stderrTail
	// local is set when the server is a function in this process
	// (StartInProcess) rather than a child.
	local *inProcess

	// Receive asks the stdout reader for one line at a time, so that a
	// line is read only once the one before it has been handled, as when
	// the session read stdout itself.
	want  chan struct{}
	got   chan received
	asked bool          // a line was asked for and not yet taken (Receive's own)
	quit  chan struct{} // closed when the reader must stop waiting to be asked

	exited    chan struct{} // closed when the process has been reaped
	exitDesc  string
	readDone  chan struct{} // closed when stdout reading ended
	errDone   chan struct{} // closed when stderr reading ended
	stopOnce  sync.Once
	stopped   chan struct{} // closed when the shutdown is complete
	closeQuit sync.Once
}

type received struct {
	line []byte
	err  error
}

// Start runs argv (never through a shell) and begins recording into rec.
// Close must be called in any case.
func Start(argv []string, opts Options, rec transport.Sink) (*Transport, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("the command is empty")
	}
	t := newTransport(opts, rec)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = t.opts.Dir
	cmd.Env = environ(t.opts.Env)
	isolate(cmd)

	inR, inW, outR, outW, errR, errW, err := Pipes()
	if err != nil {
		return nil, err
	}
	// Handing *os.File ends to the child means Wait copies nothing: the
	// process can be reaped while a grandchild still holds stdout open.
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	if err := cmd.Start(); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, err
	}
	closeAll(inR, outW, errW)
	t.cmd, t.pgid = cmd, cmd.Process.Pid
	t.stdin, t.stdout, t.stderr = inW, outR, errR

	go t.wait()
	go t.readStdout()
	go t.readStderr()
	return t, nil
}

func newTransport(opts Options, rec transport.Sink) *Transport {
	opts.fill()
	return &Transport{
		opts:     opts,
		rec:      rec,
		tail:     newStderrTail(),
		want:     make(chan struct{}),
		got:      make(chan received, 1),
		quit:     make(chan struct{}),
		exited:   make(chan struct{}),
		readDone: make(chan struct{}),
		errDone:  make(chan struct{}),
		stopped:  make(chan struct{}),
	}
}

func environ(overlay map[string]string) []string {
	env := os.Environ()
	for _, k := range slices.Sorted(maps.Keys(overlay)) {
		env = append(env, k+"="+overlay[k])
	}
	return env
}

// Pipes opens the three pipes of a child's standard streams and returns
// the ends: the child reads inR and writes outW and errW; the parent keeps
// inW, outR and errR. On an error none of them is left open.
func Pipes() (inR, inW, outR, outW, errR, errW *os.File, err error) {
	if inR, inW, err = os.Pipe(); err != nil {
		return
	}
	if outR, outW, err = os.Pipe(); err != nil {
		closeAll(inR, inW)
		return
	}
	if errR, errW, err = os.Pipe(); err != nil {
		closeAll(inR, inW, outR, outW)
	}
	return
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// PGID is the server's process group id (0 for an in-process server).
func (t *Transport) PGID() int { return t.pgid }

// StderrTail is the last lines the server wrote to stderr.
func (t *Transport) StderrTail() []string { return t.tail.lines() }

// Gone is closed once the server process has been reaped.
func (t *Transport) Gone() <-chan struct{} { return t.exited }

// Status is how the process ended ("exit status 1", "signal: killed"), or
// "still running".
func (t *Transport) Status() string {
	select {
	case <-t.exited:
		return t.exitDesc
	default:
		return "still running"
	}
}

func (t *Transport) wait() {
	err := t.cmd.Wait()
	ev := sdk.Event{Kind: sdk.EventExit}
	st := t.cmd.ProcessState
	switch {
	case st == nil:
		ev.Detail = "wait failed: " + err.Error()
	case st.Exited():
		code := st.ExitCode()
		ev.Code = &code
		ev.Detail = st.String()
	default:
		ev.Detail = st.String()
	}
	t.mu.Lock()
	if t.signaled != "" {
		ev.Detail += " (mcplint sent " + t.signaled + ")"
	}
	t.mu.Unlock()
	t.exitDesc = ev.Detail
	t.rec.Event(ev)
	close(t.exited)
}

// Close ends the session: it closes the server's stdin, waits Grace for it
// to exit (not when gentle is false or Options.Abrupt is set), then sends
// SIGTERM to its process group, waits Grace again, then SIGKILL. It returns
// once the process is reaped, SIGKILL has gone to whatever else is left of
// its group, and its output is recorded.
func (t *Transport) Close(gentle bool) {
	t.stopOnce.Do(func() {
		defer close(t.stopped)
		// The transcript marks the end of the session, so that an exit
		// after it reads as expected and one before it as a crash.
		select {
		case <-t.exited:
		default:
			t.rec.Event(sdk.Event{Kind: sdk.EventStdinClosed})
		}
		// Not under writeMu: closing unblocks a write stuck on a server
		// that stopped reading.
		t.stdin.Close()
		if !gentle || t.opts.Abrupt || !waitFor(t.exited, t.opts.Grace) {
			t.signal(sigTerm, "SIGTERM")
			if !waitFor(t.exited, t.opts.Grace) {
				t.signal(sigKill, "SIGKILL")
				<-t.exited
			}
		}
		// The leader is reaped; whatever it left behind in its group goes
		// too. SIGKILL cannot be refused, and the dead orphans are their
		// new parent's to reap, so there is nothing to wait for.
		if groupAlive(t.pgid) {
			t.rec.Event(sdk.Event{Kind: sdk.EventSignal, Detail: "SIGKILL to what the server left running in its process group"})
			signalGroup(t.pgid, sigKill)
		}
		// With the group gone the pipes reach EOF on their own, unless a
		// process that left the group holds them: do not wait for that.
		if !waitFor(t.readDone, t.opts.Grace) {
			t.stdout.Close()
			t.closeQuit.Do(func() { close(t.quit) })
			<-t.readDone
		}
		if !waitFor(t.errDone, t.opts.Grace) {
			t.stderr.Close()
			<-t.errDone
		}
		closeAll(t.stdout, t.stderr)
	})
	<-t.stopped
}

func (t *Transport) signal(sig syscall.Signal, name string) {
	if t.local != nil {
		t.halt(sig)
		return
	}
	t.mu.Lock()
	// Every signal, not the last: "SIGTERM" alone would hide that the
	// server ignored it and had to be killed.
	if t.signaled == "" {
		t.signaled = name
	} else {
		t.signaled += ", then " + name
	}
	t.mu.Unlock()
	t.rec.Event(sdk.Event{Kind: sdk.EventSignal, Detail: name + " to the process group"})
	signalGroup(t.pgid, sig)
	// The leader directly as well: should the group be unusable, the
	// process mcplint must reap still gets the signal.
	t.cmd.Process.Signal(sig)
}

func waitFor(ch <-chan struct{}, d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ch:
		return true
	case <-timer.C:
		return false
	}
}

// readStdout reads and records one stdout line each time Receive asks for
// one, until EOF.
func (t *Transport) readStdout() {
	defer close(t.readDone)
	lr := NewLineReader(t.stdout, t.opts.LineCap)
	for {
		select {
		case <-t.want:
		case <-t.quit:
			return
		}
		for {
			line, oversize, err := lr.Next()
			if err != nil {
				if errors.Is(err, io.EOF) {
					t.rec.Event(sdk.Event{Kind: sdk.EventStdoutClosed})
				}
				t.deliver(received{err: io.EOF})
				return
			}
			if oversize > 0 {
				t.rec.Event(sdk.Event{Kind: sdk.EventOversizeLine, Bytes: oversize})
				continue
			}
			t.rec.Message(sdk.DirServerToClient, line)
			if !t.deliver(received{line: slices.Clone(line)}) {
				return
			}
			break
		}
	}
}

// deliver hands f to Receive, unless the transport is being given up on.
func (t *Transport) deliver(f received) bool {
	select {
	case t.got <- f:
		return true
	case <-t.quit:
		return false
	}
}

// Receive returns the next stdout line, recorded as it was read (a line
// that is not JSON included: the session skips it), or io.EOF once stdout
// has closed.
func (t *Transport) Receive(ctx context.Context) ([]byte, error) {
	if !t.asked {
		select {
		case t.want <- struct{}{}:
			t.asked = true
		case <-t.readDone:
			return nil, io.EOF
		case <-ctx.Done():
			return nil, context.Cause(ctx)
		}
	}
	select {
	case f := <-t.got:
		t.asked = false
		return f.line, f.err
	case <-t.readDone:
		// The reader was given up on (Close with a pipe held elsewhere).
		select {
		case f := <-t.got:
			t.asked = false
			return f.line, f.err
		default:
			return nil, io.EOF
		}
	case <-ctx.Done():
		// The line is still read and recorded; the next Receive gets it.
		return nil, context.Cause(ctx)
	}
}

func (t *Transport) readStderr() {
	defer close(t.errDone)
	lr := NewLineReader(t.stderr, stderrLineCap)
	recorded := 0
	for {
		line, oversize, err := lr.Next()
		if err != nil {
			return
		}
		if oversize > 0 {
			t.tail.add(fmt.Sprintf("[a stderr line of %d bytes]", oversize))
			continue
		}
		t.tail.add(string(line))
		switch {
		case recorded+len(line) <= t.opts.StderrRecord:
			t.rec.Stderr(string(line))
			recorded += len(line)
		case recorded <= t.opts.StderrRecord:
			t.rec.Event(sdk.Event{Kind: sdk.EventStderrTruncated, Bytes: int64(t.opts.StderrRecord),
				Detail: "stderr is no longer recorded after this point"})
			recorded = t.opts.StderrRecord + 1
		}
	}
}

// Send writes one message as a line and records it.
func (t *Transport) Send(msg []byte) error {
	t.writeMu.Lock()
	defer t.writeMu.Unlock()
	t.rec.Message(sdk.DirClientToServer, msg)
	// A server that stops reading stdin must not block mcplint forever.
	t.stdin.SetWriteDeadline(time.Now().Add(t.opts.Timeout))
	if _, err := t.stdin.Write(append(msg, '\n')); err != nil {
		return &transport.SendError{Doing: "writing to its stdin", Err: err}
	}
	return nil
}

var _ transport.Transport = (*Transport)(nil)
