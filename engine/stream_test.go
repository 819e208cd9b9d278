package engine

import (
	"bytes"
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/internal/resume"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/engine/runner"
	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
)

// watchStream is a Stream that notes, for each target it is given, how
// many targets had been read then, and how many targets it was given
// while more than a window's worth were held unwritten.
type watchStream struct {
	loaded *atomic.Int64
	seen   []int64
	names  []string
}

func (w *watchStream) Begin(*result.Report) error { return nil }
func (w *watchStream) End(*result.Report) error   { return nil }
func (w *watchStream) Target(t *result.Target) error {
	w.seen = append(w.seen, w.loaded.Load())
	w.names = append(w.names, t.Name)
	return nil
}

// fleet is n static targets, with a client config of three servers across
// the end of the first window, and a loader that counts the targets it
// has read.
func fleet(n, window int) ([]target.Target, *atomic.Int64, func(context.Context, target.Target) (*sdk.Snapshot, error)) {
	var targets []target.Target
	for i := range n {
		t := target.Target{Name: fmt.Sprintf("s%04d", i), Kind: target.Static, Input: fmt.Sprintf("s%04d.json", i)}
		if i >= window-1 && i < window+2 {
			t.Group = "mcp.json"
		}
		targets = append(targets, t)
	}
	var loaded atomic.Int64
	load := func(_ context.Context, t target.Target) (*sdk.Snapshot, error) {
		loaded.Add(1)
		return &sdk.Snapshot{Name: t.Name, Source: sdk.SourceStatic, Tools: []sdk.Tool{
			{Name: "get_x", Description: "Returns x. Call fetch_y first."},
			{Name: "fetch_y", Description: "Fetches y"},
		}}, nil
	}
	return targets, &loaded, load
}

// TestStreamWritesEachTargetEarly holds a streamed lint to its promise:
// each target is written before the whole run is read (at most a window
// of targets is held unwritten), in target order, and the streamed JSON
// report is byte for byte the one a lint that holds every target writes,
// the servers of a client config still seeing each other.
func TestStreamWritesEachTargetEarly(t *testing.T) {
	const n = 700
	size := windowSize(config.Default())
	if n < 4*size {
		t.Skipf("a window of %d targets on this machine is too large for %d targets", size, n)
	}
	targets, loaded, load := fleet(n, size)
	w := &watchStream{loaded: loaded}
	var streamed bytes.Buffer
	js := report.NewJSONStream(&streamed)
	opt := Options{Version: "test", Targets: targets, Config: config.Default(), Rules: rules.All(),
		Selection: runner.Selection{}, Load: load, Stream: report.Tee{w, js}}
	if _, err := configuredLint(context.Background(), opt); err != nil {
		t.Fatal(err)
	}
	if len(w.seen) != n {
		t.Fatalf("%d targets written, want %d", len(w.seen), n)
	}
	for i, read := range w.seen {
		// A window may grow to take in a whole client config.
		if ahead := read - int64(i+1); ahead > int64(size+3) {
			t.Fatalf("target %d was written when %d targets were read: %d held unwritten, more than a window (%d)", i+1, read, ahead, size)
		}
		if w.names[i] != targets[i].Name {
			t.Fatalf("target %d written is %s, want %s (target order)", i+1, w.names[i], targets[i].Name)
		}
	}

	targets, _, load = fleet(n, size)
	opt.Targets, opt.Load, opt.Stream = targets, load, nil
	rep, err := configuredLint(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	var whole bytes.Buffer
	if err := report.WriteJSON(&whole, rep); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(streamed.Bytes(), whole.Bytes()) {
		t.Errorf("the streamed JSON report differs from the whole one (%d and %d bytes)", streamed.Len(), whole.Len())
	}
	for i, tg := range rep.Targets {
		collides := false
		for _, is := range tg.Issues {
			collides = collides || is.Rule == "cross-server-collision"
		}
		if inGroup := targets[i].Group != ""; collides != inGroup {
			t.Errorf("%s: cross-server-collision %v, want %v (only the servers of the client config see each other)", tg.Name, collides, inGroup)
		}
	}
}

// TestResumeSkipsKeptTargets runs a lint over part of a fleet with a
// resume folder (as a run killed part way leaves it), then over all of it:
// the second run reads only the targets the first did not keep, and its
// report is byte for byte that of one run over all of them. A changed
// config keeps nothing of the first.
func TestResumeSkipsKeptTargets(t *testing.T) {
	const n, part = 300, 170
	dir := t.TempDir()
	cfg := config.Default()
	open := func(c *config.Config) *resume.Store {
		fp, err := resume.Fingerprint(c)
		if err != nil {
			t.Fatal(err)
		}
		s, err := resume.Open(dir, fp)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	run := func(targets []target.Target, load func(context.Context, target.Target) (*sdk.Snapshot, error), store *resume.Store) []byte {
		t.Helper()
		var out bytes.Buffer
		opt := Options{Version: "test", Targets: targets, Config: cfg, Rules: rules.All(),
			Selection: runner.Selection{}, Load: load, Stream: report.NewJSONStream(&out), Resume: store}
		if _, err := configuredLint(context.Background(), opt); err != nil {
			t.Fatal(err)
		}
		return out.Bytes()
	}
	targets, _, load := fleet(n, 128)
	whole := run(targets, load, nil)

	targets, _, load = fleet(n, 128)
	run(targets[:part], load, open(cfg))
	targets, loaded, load := fleet(n, 128)
	resumed := run(targets, load, open(cfg))
	// The client config straddles part (127..129 < 170): it was kept whole.
	if got := loaded.Load(); got != n-part {
		t.Errorf("the resumed run read %d targets, want the %d the first did not keep", got, n-part)
	}
	if !bytes.Equal(resumed, whole) {
		t.Errorf("the resumed report differs from one run's (%d and %d bytes)", len(resumed), len(whole))
	}

	other := config.Default()
	other.Rules.Disable = []string{"description-too-short"}
	targets, loaded, load = fleet(n, 128)
	run(targets, load, open(other))
	if got := loaded.Load(); got != n {
		t.Errorf("with another config the run read %d targets, want all %d", got, n)
	}
}

// TestStreamNamesAcrossWindows: two servers that call themselves by the
// same serverInfo.name in different windows of a streamed lint are told
// apart as nameSnapshots tells them apart in one: the later gets back its
// resolved name (the earlier, already written, keeps its own).
func TestStreamNamesAcrossWindows(t *testing.T) {
	const n = 300
	size := windowSize(config.Default())
	targets, _, _ := fleet(n, size)
	load := func(_ context.Context, tg target.Target) (*sdk.Snapshot, error) {
		server := tg.Name
		if tg.Name == targets[0].Name || tg.Name == targets[n-1].Name {
			server = "template-server"
		}
		return &sdk.Snapshot{Source: sdk.SourceStatic, Server: &sdk.Implementation{Name: server, Version: "1"},
			Tools: []sdk.Tool{{Name: "get_x", Description: "Returns x."}}}, nil
	}
	w := &watchStream{loaded: &atomic.Int64{}}
	opt := Options{Version: "test", Targets: targets, Config: config.Default(), Rules: rules.All(),
		Selection: runner.Selection{}, Load: load, Stream: w}
	if _, err := configuredLint(context.Background(), opt); err != nil {
		t.Fatal(err)
	}
	if got := w.names[0]; got != "template-server" {
		t.Errorf("the first server is written as %q, want its own name", got)
	}
	if got, want := w.names[n-1], targets[n-1].Name; got != want {
		t.Errorf("the later server of the same name is written as %q, want its resolved name %q", got, want)
	}
}
