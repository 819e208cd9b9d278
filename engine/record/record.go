// Package record is the transparent stdio proxy behind `mcplint record`: an
// MCP client launches it in place of the server; it starts the server,
// relays both directions byte for byte, passes stderr through, and writes
// everything it saw as a trace.
package record

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/mcplint/mcplint/engine/internal/transport/stdio"

	"github.com/mcplint/mcplint/engine/trace"
	"github.com/mcplint/mcplint/sdk"
)

// Defaults for Options.
const (
	DefaultGrace   = 2 * time.Second
	DefaultMaxLine = trace.MaxLine
)

// Options configure one recording.
type Options struct {
	// Command is the server's argv, run without a shell.
	Command []string
	// Output is the trace file. It is written to a temporary file in the
	// same folder and renamed into place when the session ends, so a reader
	// never sees half a trace.
	Output string
	// Env is the server's environment; nil inherits this process's.
	Env []string
	// Dir is the server's working directory; empty for the current one.
	Dir string
	// Stdin, Stdout and Stderr are the client's side of the pipes.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Signals are forwarded, as they come, to the server's process group;
	// the session then ends once the server exits.
	Signals <-chan os.Signal
	// Grace is how long the server gets to exit after the client closes its
	// stdin, and after each signal, before the next, harder one
	// (SIGTERM, then SIGKILL). Zero means DefaultGrace.
	Grace time.Duration
	// MaxLine caps a recorded line; a longer one is still relayed whole but
	// recorded as an oversize-line event. Zero means DefaultMaxLine.
	MaxLine int
}

// Result is how a recording ended.
type Result struct {
	// ExitCode is the server's exit status, or 128+N when signal N ended
	// it, as a shell reports it.
	ExitCode int
	// Records is the number of records in the trace.
	Records int
}

// Run starts the server, relays until the session ends, and writes the
// trace. The session ends when the server has exited and closed its stdout
// and stderr; when the client closes stdin, the server gets Grace to exit
// before SIGTERM and then SIGKILL. Cancelling ctx acts as a SIGTERM. An
// error means the server could not be started or the trace not written;
// the Result is still filled when the server ran.
func Run(ctx context.Context, opts Options) (Result, error) {
	if len(opts.Command) == 0 {
		return Result{}, errors.New("record: no server command given")
	}
	if opts.Grace <= 0 {
		opts.Grace = DefaultGrace
	}
	if opts.MaxLine <= 0 {
		opts.MaxLine = DefaultMaxLine
	}
	rec, err := newRecorder(opts.Output, opts.Command, false)
	if err != nil {
		return Result{}, err
	}
	s, err := start(opts, rec)
	if err != nil {
		rec.abort()
		return Result{}, err
	}
	res := s.supervise(ctx)
	n, err := rec.commit()
	res.Records = n
	return res, err
}

// session is one running server and the goroutines relaying its streams.
type session struct {
	opts        Options
	rec         *recorder
	cmd         *exec.Cmd
	stdin       *os.File // our end of the server's stdin
	readers     []*os.File
	stdinClosed chan struct{}
	stdoutDone  chan struct{}
	stderrDone  chan struct{}
	exited      chan struct{}
	waitErr     error
}

func start(opts Options, rec *recorder) (*session, error) {
	cmd := exec.Command(opts.Command[0], opts.Command[1:]...)
	cmd.Env = opts.Env
	cmd.Dir = opts.Dir
	inR, inW, outR, outW, errR, errW, err := stdio.Pipes()
	if err != nil {
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	setProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, fmt.Errorf("record: starting %q: %w", opts.Command[0], err)
	}
	// The server holds its ends now; closing ours lets EOF through when it
	// closes them.
	closeAll(inR, outW, errW)
	s := &session{
		opts: opts, rec: rec, cmd: cmd, stdin: inW, readers: []*os.File{outR, errR},
		stdinClosed: make(chan struct{}), stdoutDone: make(chan struct{}),
		stderrDone: make(chan struct{}), exited: make(chan struct{}),
	}
	go func() {
		relay(opts.Stdin, inW, sdk.DirClientToServer, rec, opts.MaxLine)
		rec.event(sdk.Event{Kind: sdk.EventStdinClosed, Detail: "the client closed the server's stdin"})
		inW.Close()
		close(s.stdinClosed)
	}()
	go func() {
		relay(outR, opts.Stdout, sdk.DirServerToClient, rec, opts.MaxLine)
		rec.event(sdk.Event{Kind: sdk.EventStdoutClosed, Detail: "the server closed its stdout"})
		close(s.stdoutDone)
	}()
	go func() {
		relay(errR, opts.Stderr, sdk.DirStderr, rec, opts.MaxLine)
		close(s.stderrDone)
	}()
	go func() {
		s.waitErr = cmd.Wait()
		close(s.exited)
	}()
	return s, nil
}

// supervise waits for the session to end, escalating from the client's
// close or a signal to SIGTERM and SIGKILL, and records how it ended.
func (s *session) supervise(ctx context.Context) Result {
	var (
		exited, stdoutDone, stderrDone = s.exited, s.stdoutDone, s.stderrDone
		stdinClosed                    = s.stdinClosed
		done                           = ctx.Done()
		timer                          *time.Timer
		deadline                       <-chan time.Time
		next                           syscall.Signal // sent when deadline fires; 0: give up waiting
		reason                         string
	)
	escalate := func(sig syscall.Signal, why string) {
		if timer != nil {
			timer.Stop()
		}
		timer = time.NewTimer(s.opts.Grace)
		deadline, next, reason = timer.C, sig, why
	}
	for exited != nil || stdoutDone != nil || stderrDone != nil {
		select {
		case <-exited:
			exited = nil
		case <-stdoutDone:
			stdoutDone = nil
		case <-stderrDone:
			stderrDone = nil
		case <-stdinClosed:
			stdinClosed = nil
			if next == 0 && deadline == nil {
				escalate(syscall.SIGTERM, fmt.Sprintf("the server was still running %v after the client closed its stdin", s.opts.Grace))
			}
		case sig := <-s.opts.Signals:
			s.signal(sig, "forwarded from the client")
			escalate(syscall.SIGKILL, fmt.Sprintf("the server was still running %v after %s", s.opts.Grace, signalName(sig)))
		case <-done:
			done = nil
			s.signal(syscall.SIGTERM, "the recording was cancelled")
			escalate(syscall.SIGKILL, fmt.Sprintf("the server was still running %v after SIGTERM", s.opts.Grace))
		case <-deadline:
			if next == 0 {
				// SIGKILL did not bring the session down: something outside
				// the process group holds the server's stdout or stderr.
				// Stop waiting for it rather than hang the client.
				closeAll(s.readers...)
				<-s.stdoutDone
				<-s.stderrDone
				stdoutDone, stderrDone, deadline = nil, nil, nil
				if exited != nil {
					s.stdin.Close()
					s.rec.event(sdk.Event{Kind: sdk.EventExit, Detail: "the server did not exit after SIGKILL; mcplint record stopped waiting"})
					return Result{ExitCode: 1}
				}
				continue
			}
			s.signal(next, reason)
			if next == syscall.SIGTERM {
				escalate(syscall.SIGKILL, fmt.Sprintf("the server was still running %v after SIGTERM", s.opts.Grace))
			} else {
				escalate(0, "")
			}
		}
	}
	if timer != nil {
		timer.Stop()
	}
	// Whatever the server left running in its group would outlive the
	// session with nobody to talk to.
	_ = signalGroup(s.cmd.Process, syscall.SIGKILL)
	s.stdin.Close()
	return s.exit()
}

func (s *session) signal(sig os.Signal, why string) {
	s.rec.event(sdk.Event{Kind: sdk.EventSignal, Detail: fmt.Sprintf("%s sent to the server's process group: %s", signalName(sig), why)})
	_ = signalGroup(s.cmd.Process, sig)
}

// exit records the exit event and returns the status a shell would report.
func (s *session) exit() Result {
	st := s.cmd.ProcessState
	if st == nil {
		detail := "the server could not be waited for"
		if s.waitErr != nil {
			detail += ": " + s.waitErr.Error()
		}
		s.rec.event(sdk.Event{Kind: sdk.EventExit, Detail: detail})
		return Result{ExitCode: 1}
	}
	ev := sdk.Event{Kind: sdk.EventExit, Detail: st.String()}
	code := st.ExitCode()
	if code >= 0 {
		ev.Code = &code
	} else if sig, ok := exitSignal(st); ok {
		code = 128 + int(sig)
	} else {
		code = 1
	}
	s.rec.event(ev)
	return Result{ExitCode: code}
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// recorder streams records to a temporary file next to the trace; records
// from the three relays arrive concurrently and are numbered in the order
// they were observed.
type recorder struct {
	mu      sync.Mutex
	started time.Time
	path    string
	tmp     *os.File
	tw      *trace.Writer
	n       int
	err     error // the first write error; later records are dropped
	done    bool
}

// newRecorder starts the trace at path, written through a temporary file
// beside it. streams is for an HTTP recording, whose server messages name
// the SSE stream they came on.
func newRecorder(path string, command []string, streams bool) (*recorder, error) {
	if path == "" {
		return nil, errors.New("record: no trace file given (-o FILE)")
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("record: cannot write the trace next to %s: %w", path, err)
	}
	r := &recorder{started: time.Now(), path: path, tmp: tmp}
	r.tw, err = trace.NewWriter(tmp, trace.Header{Command: command, Started: r.started}, streams)
	if err != nil {
		r.abort()
		return nil, err
	}
	return r, nil
}

func (r *recorder) add(rec sdk.Record) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done || r.err != nil {
		return
	}
	rec.TMs = float64(time.Since(r.started).Microseconds()) / 1000
	if err := r.tw.Record(rec); err != nil {
		r.err = err
		return
	}
	r.n++
}

func (r *recorder) line(dir string, line []byte, noNewline bool) {
	r.add(trace.LineRecord(0, dir, line, noNewline))
}

func (r *recorder) event(ev sdk.Event) {
	r.add(sdk.Record{Dir: sdk.DirEvent, Event: &ev})
}

// commit writes the trace into place: flushed, synced, then renamed over
// the destination so that a reader sees the old file or the whole new one.
func (r *recorder) commit() (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done = true
	err := r.err
	if err == nil {
		err = r.tw.Flush()
	}
	if err == nil {
		err = r.tmp.Sync()
	}
	if cerr := r.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(r.tmp.Name(), r.path)
	}
	if err != nil {
		os.Remove(r.tmp.Name())
		return r.n, fmt.Errorf("record: writing the trace %s: %w", r.path, err)
	}
	return r.n, nil
}

func (r *recorder) abort() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done = true
	r.tmp.Close()
	os.Remove(r.tmp.Name())
}
