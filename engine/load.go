package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/engine/internal/source/live"
	"github.com/mcplint/mcplint/engine/internal/source/static"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/engine/trace"
	"github.com/mcplint/mcplint/internal/inputfile"
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

// LoadAll reads every target concurrently with load (LoadTarget when nil)
// and names each server (see nameSnapshots). snaps[i] is nil when errs[i]
// is set, except for a live session that failed part way: then both are
// set.
func LoadAll(ctx context.Context, targets []target.Target, load func(context.Context, target.Target) (*sdk.Snapshot, error)) ([]*sdk.Snapshot, []error) {
	return loadAll(ctx, targets, load, nil)
}

// loadAll is LoadAll for one window of a streamed lint: earlier holds the
// names the servers of earlier windows gave themselves (see
// nameSnapshots); nil for a lint of one window.
func loadAll(ctx context.Context, targets []target.Target, load func(context.Context, target.Target) (*sdk.Snapshot, error), earlier map[string]bool) ([]*sdk.Snapshot, []error) {
	if load == nil {
		load = LoadTarget
	}
	snaps := make([]*sdk.Snapshot, len(targets))
	errs := make([]error, len(targets))
	// Live sessions wait on their servers and files keep a core busy:
	// each kind has its own bound, and both run at once.
	var files, sessions []int
	for i, t := range targets {
		if t.Kind == target.Command || t.Kind == target.Remote {
			sessions = append(sessions, i)
		} else {
			files = append(files, i)
		}
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		forEach(len(files), func(j int) { snaps[files[j]], errs[files[j]] = load(ctx, targets[files[j]]) })
	})
	wg.Go(func() {
		forEachLimit(len(sessions), MaxLiveSessions, func(j int) { snaps[sessions[j]], errs[sessions[j]] = load(ctx, targets[sessions[j]]) })
	})
	wg.Wait()
	nameSnapshots(targets, snaps, earlier)
	return snaps, errs
}

// Load reads one target: a static file, a recorded trace, or a live
// session with a server it starts. A live session that failed returns its
// error and, when the server said something, the Snapshot of what it said.
//
// The source sets what it read (Source among it); Load sets Input, what
// the user named. The Name is given by LoadAll, once every target is
// read, since two servers may call themselves the same.
func (l Loader) Load(ctx context.Context, t target.Target) (*sdk.Snapshot, error) {
	var snap *sdk.Snapshot
	var err error
	switch t.Kind {
	case target.Static:
		snap, err = loadStatic(t)
	case target.Trace:
		snap, err = loadTrace(t, displayName(t))
	case target.Command, target.Remote:
		snap, err = live.Load(ctx, t, l.Live)
	default:
		return nil, fmt.Errorf("%s: mcplint cannot lint this kind of server", t.Input)
	}
	if snap == nil {
		return nil, err
	}
	snap.Input = t.Input
	return snap, err
}

// stableName names a loaded server in reports, .mcplint.lock and
// baselines: the user's key for it (a client config's), else the name it
// gives itself in serverInfo, else the name the target was resolved to,
// else the name of its file (or, for a live server, serverInfo.name as
// it is). serverInfo.name stays the same however the server is started
// (a script, `-- python3 x/server.py`, a folder, a renamed file), so the
// lock entry and baseline of a server do not silently stop applying.
func stableName(t target.Target, snap *sdk.Snapshot) string {
	if !t.Keyed && snap.Server != nil && usableName(snap.Server.Name) {
		return snap.Server.Name
	}
	if t.Name != "" {
		return t.Name
	}
	switch t.Kind {
	case target.Static:
		return baseName(displayName(t))
	case target.Trace:
		return baseName(t.Path)
	}
	if snap.Server != nil {
		return snap.Server.Name
	}
	return ""
}

// baseName is a file's name without its folder and extension.
func baseName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

// usableName reports whether a server's own name can name it: short,
// visible text with no control, format or invisible characters, which a
// hostile server could use to pass for another.
func usableName(name string) bool {
	if name == "" || name != strings.TrimSpace(name) || utf8.RuneCountInString(name) > 64 || !utf8.ValidString(name) {
		return false
	}
	for _, r := range name {
		if !unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r) || (unicode.IsSpace(r) && r != ' ') {
			return false
		}
	}
	return true
}

// nameSnapshots names each loaded server by its stableName, except that
// servers that call themselves by the same serverInfo.name (two servers
// built on one SDK template) get back their resolved names, so that each
// keeps its own lock entry and baseline.
//
// In a streamed lint, earlier holds the names servers of earlier windows
// gave themselves, and collects these: a server that calls itself by one
// of them gets back its resolved name too, while the earlier server,
// already written, keeps it (a lint of one window would have renamed both).
func nameSnapshots(targets []target.Target, snaps []*sdk.Snapshot, earlier map[string]bool) {
	names := make([]string, len(snaps))
	count := map[string]int{}
	for i, s := range snaps {
		if s != nil {
			names[i] = stableName(targets[i], s)
			count[names[i]]++
		}
	}
	for i, s := range snaps {
		if s == nil {
			continue
		}
		own := names[i]
		if (count[own] > 1 || earlier[own]) && !targets[i].Keyed && targets[i].Name != "" {
			names[i] = targets[i].Name
		}
		s.Name = names[i]
	}
	if earlier != nil {
		for i, s := range snaps {
			if s != nil {
				earlier[stableName(targets[i], s)] = true
			}
		}
	}
}

// displayName is how reports name a target's file: as the user wrote it.
func displayName(t target.Target) string {
	if t.Input != "" && !strings.ContainsAny(t.Input, " \t") {
		return t.Input
	}
	return t.Path
}

// loadStatic reads a tool list file, naming it in locations as the user
// did. The Snapshot of a large file does not hold on to its bytes (see
// static.DecodeFile), so neither must the target once it is loaded.
func loadStatic(t target.Target) (*sdk.Snapshot, error) {
	data := t.Data
	if data == nil {
		var err error
		if data, err = inputfile.ReadFile(t.Path, 0); err != nil {
			return nil, err
		}
	}
	if t.Path == "" {
		return static.Decode(displayName(t), data)
	}
	return static.DecodeFile(displayName(t), t.Path, data)
}

// loadTrace rebuilds the session a trace recorded, exactly as a live
// session is built from its own transcript.
func loadTrace(t target.Target, display string) (*sdk.Snapshot, error) {
	path := t.Path
	var tr *sdk.Transcript
	var lines *trace.Lines
	var err error
	if t.Data != nil {
		tr, lines, err = trace.ReadDataLines(path, t.Data)
	} else {
		tr, lines, err = trace.ReadFileLines(path, t.MaxFileSize)
	}
	if err != nil {
		return nil, err
	}
	if err := serverSilent(tr, display); err != nil {
		return nil, err
	}
	snap, err := session.Build(tr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// A lint's saved session (--save-trace) holds its probes' sessions:
	// their listings are compared with the main one's as the live run did.
	snap.Relisted = probe.Listings(tr, snap.Era == sdk.EraLegacy)
	snap.Source = sdk.SourceTrace
	snap.Locator = traceLocator{file: display, lines: lines}
	return snap, nil
}

// serverSilent refuses a trace in which the server said nothing at all (it
// exited before the handshake, or never started): there is nothing to
// lint, and a clean report of it would pass a server that does not run.
// A live lint of the same server is a StartError, exit 3; so is this.
func serverSilent(tr *sdk.Transcript, file string) error {
	var exit string
	var stderr []string
	for _, r := range tr.Records {
		switch {
		case r.Dir == sdk.DirServerToClient, r.Event != nil && r.Event.Kind == sdk.EventOversizeLine:
			return nil // it spoke (an over-long line was still a line)
		case r.Dir == sdk.DirStderr:
			stderr = append(stderr, r.Raw)
		case r.Event != nil && r.Event.Kind == sdk.EventExit:
			exit = r.Event.Detail
		}
	}
	msg := fmt.Sprintf("%s: the server sent nothing in this recorded session", file)
	if exit != "" {
		msg += fmt.Sprintf(" and exited (%s) before the handshake", exit)
	}
	msg += "; there is nothing to lint: run the recorded command by hand to see why it stops, then record again"
	if n := len(stderr); n > 0 {
		msg += "; its last stderr lines:"
		for _, l := range stderr[max(0, n-5):] {
			msg += "\n  " + l
		}
	} else {
		msg += "; it wrote nothing to stderr"
	}
	return errors.New(msg)
}

// traceLocator places transcript records at their line in the trace file:
// the lines the trace reader read them from, which skip the blank lines
// and the records it counted rather than kept.
type traceLocator struct {
	file  string
	lines *trace.Lines
}

// newTraceLocator places the records of a trace as trace.Write lays it
// out: the header is line 1, record i is line i+2, and each probe
// session's records follow the line that starts it.
func newTraceLocator(file string, tr *sdk.Transcript) traceLocator {
	lines := &trace.Lines{Main: make([]int32, len(tr.Records))}
	next := int32(2)
	for i := range lines.Main {
		lines.Main[i] = next
		next++
	}
	for _, p := range tr.Probes {
		next++ // the line that starts the probe's session
		probe := make([]int32, len(p.Records))
		for i := range probe {
			probe[i] = next
			next++
		}
		lines.Probes = append(lines.Probes, probe)
	}
	return traceLocator{file: file, lines: lines}
}

func (l traceLocator) Locate(pointers []string) map[string]sdk.Location {
	out := map[string]sdk.Location{}
	for _, p := range pointers {
		if line, ok := l.line(p); ok {
			out[p] = sdk.Location{File: l.file, Line: line, Column: 1}
		}
	}
	return out
}

// line is the line of the record a pointer into the transcript names;
// false for a record read from no line.
func (l traceLocator) line(p string) (int, bool) {
	session := l.lines.Main
	rest, ok := strings.CutPrefix(p, "/transcript/records/")
	if !ok {
		probe, ok := strings.CutPrefix(p, "/transcript/probes/")
		if !ok {
			return 0, false
		}
		k, after, _ := strings.Cut(probe, "/")
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 || i >= len(l.lines.Probes) {
			return 0, false
		}
		if rest, ok = strings.CutPrefix(after, "records/"); !ok {
			return 0, false
		}
		session = l.lines.Probes[i]
	}
	idx, _, _ := strings.Cut(rest, "/")
	i, err := strconv.Atoi(idx)
	if err != nil || i < 0 || i >= len(session) || session[i] == 0 {
		return 0, false
	}
	return int(session[i]), true
}

// loadProgress is load (LoadTarget when nil) that writes a line to w as
// each target is read: a fleet of live servers can take minutes to read,
// and the lines of the rules come only once all of them are. It is load
// itself when w is nil.
func loadProgress(load func(context.Context, target.Target) (*sdk.Snapshot, error), w io.Writer, n int) func(context.Context, target.Target) (*sdk.Snapshot, error) {
	if load == nil {
		load = LoadTarget
	}
	if w == nil {
		return load
	}
	var mu sync.Mutex
	read := 0
	return func(ctx context.Context, t target.Target) (*sdk.Snapshot, error) {
		snap, err := load(ctx, t)
		outcome := "read"
		if err != nil {
			outcome = "failed"
		}
		mu.Lock()
		read++
		name := t.Name
		if name == "" {
			name = displayName(t)
		}
		fmt.Fprintf(w, "[%d/%d %s] %s\n", read, n, outcome, report.Escape(name))
		mu.Unlock()
		return snap, err
	}
}
