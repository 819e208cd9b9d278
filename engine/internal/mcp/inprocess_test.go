package mcp

import (
	"bufio"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/transport/stdio"
	"github.com/mcplint/mcplint/sdk"
)

// legacyServe is a minimal legacy server: it refuses server/discover,
// answers initialize and tools/list, and returns at the end of its input.
func legacyServe(_ context.Context, in io.ReadCloser, out io.WriteCloser) error {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		m, ok := ParseMessage(sc.Bytes())
		if !ok || !m.IsRequest() {
			continue
		}
		var reply string
		switch m.Method {
		case MethodInitialize:
			reply = `"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"inproc","version":"1"}}`
		case MethodToolsList:
			reply = `"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}}]}`
		default:
			reply = `"error":{"code":-32601,"message":"method not found"}`
		}
		if _, err := io.WriteString(out, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,`+reply+"}\n"); err != nil {
			return err
		}
	}
	return sc.Err()
}

func TestInProcessSession(t *testing.T) {
	c, err := StartInProcess(context.Background(), "inproc", legacyServe, Options{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	hello, err := c.Handshake(context.Background(), 0)
	if err != nil {
		t.Fatalf("handshake: %v", err)
	}
	if hello.Era != sdk.EraLegacy || hello.ProtocolVersion != "2025-11-25" {
		t.Errorf("handshake chose %s %s, want legacy 2025-11-25", hello.Era, hello.ProtocolVersion)
	}
	if pages, err := c.ListAll(context.Background(), MethodToolsList); err != nil || pages != 1 {
		t.Errorf("tools/list: %d pages, %v", pages, err)
	}
	c.Close()
	desc, exited := c.Exited()
	if !exited || desc != "serve returned" {
		t.Errorf("exit is %q (exited %v), want \"serve returned\"", desc, exited)
	}
	tr := c.Transcript()
	if got := strings.Join(tr.Command, " "); got != "inproc" {
		t.Errorf("transcript command %q, want the name", got)
	}
	var kinds []string
	for _, r := range tr.Records {
		if r.Event != nil {
			kinds = append(kinds, r.Event.Kind)
		}
	}
	// The end of input comes first, so the exit reads as expected, and no
	// signal was needed. The stdout reader records its EOF when it gets to
	// it, before or after the exit.
	if len(kinds) != 3 || kinds[0] != sdk.EventStdinClosed || !slices.Contains(kinds, sdk.EventStdoutClosed) || !slices.Contains(kinds, sdk.EventExit) {
		t.Errorf("events %v, want stdin-closed, then stdout-closed and exit", kinds)
	}
}

func TestInProcessStopSteps(t *testing.T) {
	const grace = 100 * time.Millisecond
	for _, tc := range []struct {
		name string
		// serve hangs until one of the stop steps reaches it.
		serve     func(release <-chan struct{}) Serve
		signals   int
		abandoned bool
	}{{
		name: "returns on context cancel",
		serve: func(<-chan struct{}) Serve {
			return func(ctx context.Context, _ io.ReadCloser, _ io.WriteCloser) error {
				<-ctx.Done()
				return ctx.Err()
			}
		},
		signals: 1,
	}, {
		name: "returns when its output closes",
		serve: func(<-chan struct{}) Serve {
			return func(_ context.Context, _ io.ReadCloser, out io.WriteCloser) error {
				for {
					if _, err := out.Write([]byte("\n")); err != nil {
						return err
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
		},
		signals: 2,
	}, {
		name: "never returns",
		serve: func(release <-chan struct{}) Serve {
			return func(context.Context, io.ReadCloser, io.WriteCloser) error {
				<-release
				return nil
			}
		},
		signals:   2,
		abandoned: true,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			release := make(chan struct{})
			defer close(release)
			c, err := StartInProcess(context.Background(), "stuck", tc.serve(release), Options{Timeout: 200 * time.Millisecond, Stdio: stdio.Options{Grace: grace}})
			if err != nil {
				t.Fatal(err)
			}
			var te *TimeoutError
			if _, err := c.Handshake(context.Background(), 0); !errors.As(err, &te) {
				t.Fatalf("want a handshake timeout, got %v", err)
			}
			began := time.Now()
			c.Close()
			if took := time.Since(began); took > 2*grace+exitDrain+5*time.Second { // generous: a loaded machine is slow, a hang is not
				t.Errorf("Close took %s", took)
			}
			desc, _ := c.Exited()
			if got := strings.Contains(desc, "did not return"); got != tc.abandoned {
				t.Errorf("exit %q; given up on: %v, want %v", desc, got, tc.abandoned)
			}
			if got := len(events(c.Transcript(), sdk.EventSignal)); got != tc.signals {
				t.Errorf("%d signal events, want %d", got, tc.signals)
			}
			if exit := events(c.Transcript(), sdk.EventExit); len(exit) != 1 {
				t.Errorf("want one exit event, got %+v", exit)
			}
		})
	}
}

func TestInProcessCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c, err := StartInProcess(ctx, "", func(ctx context.Context, _ io.ReadCloser, _ io.WriteCloser) error {
		<-ctx.Done()
		return nil
	}, Options{Timeout: time.Minute, Stdio: stdio.Options{Grace: 50 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	time.AfterFunc(100*time.Millisecond, cancel)
	if _, err := c.Request(ctx, MethodPing, nil, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
	if c.CommandLine() != "in-process" {
		t.Errorf("an unnamed server is called %q", c.CommandLine())
	}
}

func TestInProcessNilServe(t *testing.T) {
	if _, err := StartInProcess(context.Background(), "x", nil, Options{}); err == nil {
		t.Fatal("a nil serve function started")
	}
}
