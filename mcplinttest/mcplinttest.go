// Package mcplinttest lints an MCP server from go test, in the same process:
// the server runs on a pair of pipes instead of stdin and stdout, and
// mcplint's own client speaks to it byte for byte, as it would to the built
// binary, so a test sees every issue `mcplint` would report, conformance
// included.
//
// A test in the server's package is three lines. With the official Go SDK
// (github.com/modelcontextprotocol/go-sdk):
//
//	func TestMCPLint(t *testing.T) {
//		mcplinttest.Run(t, func(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error {
//			return newServer().Run(ctx, &mcp.IOTransport{Reader: in, Writer: out})
//		})
//	}
//
// Any framework that can serve newline-delimited JSON-RPC on a reader and a
// writer fits the same function; this package imports no MCP SDK. Run fails
// the test with mcplint's text report when an issue is at or above the fail
// level (error by default) and returns the report for further assertions.
package mcplinttest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// Serve runs the server under test over one stdio-like stream: it reads the
// client's messages from in and writes its own to out, one JSON-RPC message
// a line, and returns when in reaches EOF or ctx is done. It is called
// once, in a goroutine of its own.
type Serve func(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error

// ErrStillServing is the error Lint returns, with the report, when the
// session is over and serve has not returned: it ignored the end of its
// input, the cancellation of its context and the closing of its pipes,
// and its goroutine is still running.
var ErrStillServing = errors.New("the serve function did not return at the end of the session: " +
	"return when the input reaches EOF or the context is done")

// Run lints the server that serve runs and returns the report. It fails t
// (t.Errorf) with the text report when an issue is at or above the fail
// level, when the grade is below the minimum grade, when the server could
// not be linted (it never answered the handshake, say) or when serve does
// not return at the end of the session. It logs the report (t.Logf) when
// the server passes. A bad option or config file stops the test
// (t.Fatalf). The session runs under t.Context().
func Run(t testing.TB, serve Serve, opts ...Option) *result.Report {
	t.Helper()
	s, err := newSettings(opts)
	if err != nil {
		t.Fatalf("mcplinttest: %v", err)
		return nil
	}
	rep, err := s.lint(t.Context(), serve)
	if rep == nil {
		t.Fatalf("mcplinttest: %v", err)
		return nil
	}
	var text bytes.Buffer
	report.WriteText(&text, rep, report.TextOptions{})
	reasons := failures(rep, s.failOn, s.minGrade)
	if err != nil {
		reasons = append(reasons, err.Error())
	}
	if len(reasons) > 0 {
		t.Errorf("mcplint: %s\n\n%s", strings.Join(reasons, "; "), text.String())
	} else {
		t.Logf("mcplint:\n%s", text.String())
	}
	return rep
}

// Lint lints the server that serve runs and returns the report, without
// judging it: it is Run without a testing.TB. The error is nil unless the
// lint could not run at all (a bad option or config file; the report is
// then nil), or serve did not return at the end of the session (the
// report comes with an error wrapping ErrStillServing). A server that
// could not be linted is a report whose target has an Error.
func Lint(ctx context.Context, serve Serve, opts ...Option) (*result.Report, error) {
	s, err := newSettings(opts)
	if err != nil {
		return nil, err
	}
	return s.lint(ctx, serve)
}

func (s *settings) lint(ctx context.Context, serve Serve) (*result.Report, error) {
	if serve == nil {
		return nil, errors.New("the serve function is nil")
	}
	cfg := config.Default()
	if s.config != "" {
		all := rules.All()
		metas := make([]sdk.Meta, len(all))
		for i, r := range all {
			metas[i] = r.Meta()
		}
		var err error
		if cfg, err = config.Load(s.config, config.Known{Rules: metas}); err != nil {
			return nil, err
		}
	}
	if s.failOn == "" {
		s.failOn = cfg.Output.FailOn
	}
	if s.minGrade == "" {
		s.minGrade = cfg.Output.MinGrade
	}

	var started, returned atomic.Bool
	watched := func(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error {
		started.Store(true)
		defer returned.Store(true)
		return serve(ctx, in, out)
	}
	rep, err := engine.Run(ctx, engine.Settings{
		Version: version(), Config: cfg, Serve: watched, Name: s.name,
		Enable: s.enable, Disable: s.disable, Only: s.only, Timeout: s.timeout,
		Plugins: engine.PluginSettings{Off: true}, NoLock: true,
	})
	if err != nil {
		return nil, err
	}
	// A server that never said its name still needs one in the report.
	if tg := rep.Targets[0]; tg.Name == "" {
		tg.Name = rep.Targets[0].Input
	}
	if started.Load() && !returned.Load() {
		return rep, ErrStillServing
	}
	return rep, nil
}

// failures says why rep fails the gates, as the CLI's exit code 1 or 3
// would: nothing when it passes.
func failures(rep *result.Report, failOn, minGrade string) []string {
	return report.Gate(rep, failOn, minGrade).Reasons
}

// version is the mcplint module's version in the test binary's build, for
// the report.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	for _, m := range append([]*debug.Module{&bi.Main}, bi.Deps...) {
		if m.Path == "github.com/mcplint/mcplint" && m.Version != "" && m.Version != "(devel)" {
			return m.Version
		}
	}
	return "devel"
}
