package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/engine/session"
	"github.com/mcplint/mcplint/engine/source/live"
	"github.com/mcplint/mcplint/engine/source/static"
	"github.com/mcplint/mcplint/engine/target"
	"github.com/mcplint/mcplint/engine/trace"
	"github.com/mcplint/mcplint/sdk"
)

// Loader reads targets into Snapshots with the source each kind needs.
type Loader struct {
	// Live configures sessions with Command targets.
	Live live.Options
}

// LoadTarget reads one target with the default options.
func LoadTarget(ctx context.Context, t target.Target) (*sdk.Snapshot, error) {
	return Loader{}.Load(ctx, t)
}

// Load reads one target: a static file, a recorded trace, or a live
// session with a server it starts. A live session that failed returns its
// error and, when the server said something, the Snapshot of what it said.
func (l Loader) Load(ctx context.Context, t target.Target) (*sdk.Snapshot, error) {
	var snap *sdk.Snapshot
	var err error
	switch t.Kind {
	case target.Static:
		snap, err = loadStatic(t)
	case target.Trace:
		snap, err = loadTrace(t.Path, displayName(t))
	case target.Command:
		snap, err = live.Load(ctx, t, l.Live)
		if snap != nil {
			snap.Source = sdk.SourceLive
		}
	default:
		return nil, fmt.Errorf("%s: mcplint cannot lint this kind of server", t.Input)
	}
	if snap == nil {
		return nil, err
	}
	snap.Input = t.Input
	if t.Name != "" {
		snap.Name = t.Name
	}
	return snap, err
}

// displayName is how reports name a target's file: as the user wrote it.
func displayName(t target.Target) string {
	if t.Input != "" && !strings.ContainsAny(t.Input, " \t") {
		return t.Input
	}
	return t.Path
}

// loadStatic reads a tool list file, naming it in locations as the user did.
func loadStatic(t target.Target) (*sdk.Snapshot, error) {
	data := t.Data
	if data == nil {
		var err error
		if data, err = os.ReadFile(t.Path); err != nil {
			return nil, err
		}
	}
	snap, err := static.Decode(displayName(t), data)
	if err != nil {
		return nil, err
	}
	snap.Input = t.Path
	return snap, nil
}

// loadTrace rebuilds the session a trace recorded, exactly as a live
// session is built from its own transcript.
func loadTrace(path, display string) (*sdk.Snapshot, error) {
	tr, err := trace.ReadFile(path)
	if err != nil {
		return nil, err
	}
	snap, err := session.Build(tr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	snap.Source = sdk.SourceTrace
	snap.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	snap.Locator = traceLocator{file: display}
	return snap, nil
}

// traceLocator places transcript records at their line in the trace file:
// the header is line 1, record i is line i+2.
type traceLocator struct{ file string }

func (l traceLocator) Locate(pointers []string) map[string]sdk.Location {
	out := map[string]sdk.Location{}
	for _, p := range pointers {
		rest, ok := strings.CutPrefix(p, "/transcript/records/")
		if !ok {
			continue
		}
		idx, _, _ := strings.Cut(rest, "/")
		if i, err := strconv.Atoi(idx); err == nil && i >= 0 {
			out[p] = sdk.Location{File: l.file, Line: i + 2, Column: 1}
		}
	}
	return out
}
