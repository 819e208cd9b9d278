package live

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/sdk"
)

// npmServer is a reference server from npm, found under $MCPLINT_NPM_CACHE.
type npmServer struct {
	name string
	// main is the package's bin script, relative to node_modules.
	main string
	// setup returns extra arguments and environment for a test.
	setup func(tb testing.TB) ([]string, map[string]string)
}

var npmServers = []npmServer{
	{name: "everything", main: "@modelcontextprotocol/server-everything/dist/index.js"},
	{name: "filesystem", main: "@modelcontextprotocol/server-filesystem/dist/index.js",
		setup: func(tb testing.TB) ([]string, map[string]string) { return []string{tb.TempDir()}, nil }},
	{name: "memory", main: "@modelcontextprotocol/server-memory/dist/index.js",
		setup: func(tb testing.TB) ([]string, map[string]string) {
			return nil, map[string]string{"MEMORY_FILE_PATH": filepath.Join(tb.TempDir(), "memory.jsonl")}
		}},
	{name: "sequential-thinking", main: "@modelcontextprotocol/server-sequential-thinking/dist/index.js"},
}

func (n npmServer) target(tb testing.TB) target.Target {
	var args []string
	var env map[string]string
	if n.setup != nil {
		args, env = n.setup(tb)
	}
	tg := command(mcptest.NPMServer(tb, n.main, args...)...)
	tg.Env = env
	return tg
}

// TestNPMServers lints the reference servers and checks that mcplint sees
// exactly the tools a plain client sees.
func TestNPMServers(t *testing.T) {
	for _, n := range npmServers {
		t.Run(n.name, func(t *testing.T) {
			tg := n.target(t)
			s, err := load(t, tg, Options{Timeout: 30 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			want, err := minimalList(tg)
			if err != nil {
				t.Fatalf("the plain client failed: %v", err)
			}
			var got []string
			for _, tool := range s.Tools {
				got = append(got, tool.Name)
			}
			if len(got) == 0 || !slices.Equal(got, want) {
				t.Errorf("mcplint saw tools %q; a plain client sees %q", got, want)
			}
			if s.Era == "" || s.ProtocolVersion == "" || s.Server == nil {
				t.Errorf("era %q version %q server %+v", s.Era, s.ProtocolVersion, s.Server)
			}
			t.Logf("%s: %s %s, %d tools, %d prompts, %d resources, %d templates", n.name, s.Era, s.ProtocolVersion,
				len(s.Tools), len(s.Prompts), len(s.Resources), len(s.ResourceTemplates))
		})
	}
}

// minimalList is the least a client can do: spawn, initialize, list tools
// (following nextCursor), close stdin and reap. It is the yardstick for
// both what Load lists and what Load costs.
func minimalList(tg target.Target) ([]string, error) {
	names, _, err := minimalListTimed(tg)
	return names, err
}

// minimalListTimed is minimalList, and how long after the server was
// started its answer to initialize was read.
func minimalListTimed(tg target.Target) (names []string, firstAnswer time.Duration, err error) {
	cmd := exec.Command(tg.Command[0], tg.Command[1:]...)
	cmd.Env = os.Environ()
	for k, v := range tg.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, 0, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, 0, err
	}
	started := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	defer func() {
		stdin.Close()
		io.Copy(io.Discard, stdout)
		cmd.Wait()
	}()
	out := bufio.NewReaderSize(stdout, 1<<20)
	send := func(msg string) error {
		_, err := io.WriteString(stdin, msg+"\n")
		return err
	}
	await := func(id int) (json.RawMessage, error) {
		for {
			line, err := out.ReadBytes('\n')
			if err != nil {
				return nil, fmt.Errorf("waiting for response %d: %w", id, err)
			}
			var m struct {
				ID     json.RawMessage `json:"id"`
				Result json.RawMessage `json:"result"`
			}
			if json.Unmarshal(line, &m) == nil && string(m.ID) == fmt.Sprint(id) && m.Result != nil {
				return m.Result, nil
			}
		}
	}
	if err := send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"minimal","version":"0"}}}`); err != nil {
		return nil, 0, err
	}
	if _, err := await(1); err != nil {
		return nil, 0, err
	}
	firstAnswer = time.Since(started)
	if err := send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil {
		return nil, 0, err
	}
	cursor := ""
	for id := 2; id < 200; id++ {
		params := "{}"
		if cursor != "" {
			c, _ := json.Marshal(cursor)
			params = `{"cursor":` + string(c) + `}`
		}
		if err := send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":%s}`, id, params)); err != nil {
			return nil, 0, err
		}
		res, err := await(id)
		if err != nil {
			return nil, 0, err
		}
		var page struct {
			Tools []struct {
				Name string `json:"name"`
			} `json:"tools"`
			NextCursor string `json:"nextCursor"`
		}
		if err := json.Unmarshal(res, &page); err != nil {
			return nil, 0, err
		}
		for _, t := range page.Tools {
			names = append(names, t.Name)
		}
		if page.NextCursor == "" || page.NextCursor == cursor {
			break
		}
		cursor = page.NextCursor
	}
	return names, firstAnswer, nil
}

// BenchmarkLoadVsMinimal times Load and the minimal client on the same
// server in one run, alternating, and reports both and their ratio. Load
// runs the default probes, the second server process included: the target
// for server-everything is at most 1.05. The Go fixtures answer in a few
// milliseconds, so a second process weighs more there.
//
// npm-everything-no-probes is the same lint with --probes none: the floor
// the default probes' second process is measured against.
//
// Where the default probes run, two more figures say where that process's
// cost comes from, read from the transcripts' timestamps (their mean over
// the rounds): probe-lag-ms, how much later the probe's server first
// answered than the main one, and probe-tail-ms, how long the lint still
// waited for the probe once the main session's server had exited. And
// first-answer-ratio is how long the main session's server took to write
// its first message, over how long the minimal client's took: above 1,
// the server's own start-up was slowed by what ran beside it.
func BenchmarkLoadVsMinimal(b *testing.B) {
	b.Run("npm-everything", func(b *testing.B) { benchPair(b, npmServers[0].target(b), Options{}) })
	b.Run("npm-everything-no-probes", func(b *testing.B) { benchPair(b, npmServers[0].target(b), Options{Probes: probe.None}) })
	for _, n := range npmServers[1:] {
		b.Run("npm-"+n.name, func(b *testing.B) { benchPair(b, n.target(b), Options{}) })
	}
	b.Run("go-weather", func(b *testing.B) { benchPair(b, command(mcptest.Server(b, "weather")), Options{}) })
	b.Run("go-legacy", func(b *testing.B) { benchPair(b, command(mcptest.Server(b, "legacy")), Options{}) })
}

func benchPair(b *testing.B, tg target.Target, opts Options) {
	// Warm both paths (page cache, node's compile cache) before timing.
	if _, err := Load(context.Background(), tg, opts); err != nil {
		b.Fatal(err)
	}
	if _, err := minimalList(tg); err != nil {
		b.Fatal(err)
	}
	var load, minimal, lag, tail, loadFirst, minimalFirst time.Duration
	probed, timed := 0, 0
	b.ResetTimer()
	for range b.N {
		began := time.Now()
		s, err := Load(context.Background(), tg, opts)
		if err != nil {
			b.Fatal(err)
		}
		load += time.Since(began)
		firstLoad, okFirst := firstAnswer(s.Transcript, began)
		if l, t, ok := probeTiming(s.Transcript); ok {
			lag += l
			tail += t
			probed++
		}
		began = time.Now()
		_, firstMinimal, err := minimalListTimed(tg)
		if err != nil {
			b.Fatal(err)
		}
		minimal += time.Since(began)
		if okFirst {
			loadFirst += firstLoad
			minimalFirst += firstMinimal
			timed++
		}
	}
	b.ReportMetric(float64(load.Microseconds())/float64(b.N)/1000, "load-ms/op")
	b.ReportMetric(float64(minimal.Microseconds())/float64(b.N)/1000, "minimal-ms/op")
	b.ReportMetric(float64(load)/float64(minimal), "ratio")
	if timed > 0 {
		b.ReportMetric(float64(loadFirst)/float64(minimalFirst), "first-answer-ratio")
	}
	if probed > 0 {
		b.ReportMetric(float64(lag.Microseconds())/float64(probed)/1000, "probe-lag-ms")
		b.ReportMetric(float64(tail.Microseconds())/float64(probed)/1000, "probe-tail-ms")
	}
	mcptest.CheckNoLeftovers(b)
}

// firstAnswer is how long after began the main session's server first
// wrote a message.
func firstAnswer(tr *sdk.Transcript, began time.Time) (time.Duration, bool) {
	if tr == nil {
		return 0, false
	}
	first, _, ok := answeredAndGone(tr)
	return first.Sub(began), ok
}

// probeTiming reads, from a lint's transcripts, how much later the first
// probe process's server first answered than the main session's (lag,
// negative when it answered first) and how long after the main session's
// server exited the probe's did (tail, zero when it exited first). ok is
// false when no probe process ran or either server left no answer or exit.
func probeTiming(tr *sdk.Transcript) (lag, tail time.Duration, ok bool) {
	if tr == nil || len(tr.Probes) == 0 || tr.Probes[0] == nil {
		return 0, 0, false
	}
	mainFirst, mainEnd, okMain := answeredAndGone(tr)
	probeFirst, probeEnd, okProbe := answeredAndGone(tr.Probes[0])
	if !okMain || !okProbe {
		return 0, 0, false
	}
	return probeFirst.Sub(mainFirst), max(probeEnd.Sub(mainEnd), 0), true
}

// answeredAndGone is when the server of a transcript first wrote a message
// and when its exit (the later of its exit and its stdout's end) was
// recorded.
func answeredAndGone(tr *sdk.Transcript) (first, gone time.Time, ok bool) {
	at := func(r sdk.Record) time.Time {
		return tr.Started.Add(time.Duration(r.TMs * float64(time.Millisecond)))
	}
	for _, r := range tr.Records {
		switch {
		case r.Dir == sdk.DirServerToClient && first.IsZero():
			first = at(r)
		case r.Event != nil && (r.Event.Kind == sdk.EventExit || r.Event.Kind == sdk.EventStdoutClosed):
			gone = at(r)
		}
	}
	return first, gone, !first.IsZero() && !gone.IsZero()
}
