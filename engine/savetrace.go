package engine

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/mcplint/mcplint/internal/inputfile"
	"os"
	"path/filepath"

	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/trace"
	"github.com/mcplint/mcplint/internal/atomicfile"
	"github.com/mcplint/mcplint/sdk"
)

// SaveTrace says where a live lint keeps its session (--save-trace).
type SaveTrace struct {
	// Path is the file as the user named it, which findings' locations
	// name; relative to Settings.Dir.
	Path string
	// File is Path resolved against the working directory.
	File string
	// Note, when not nil, is told where the session went.
	Note io.Writer
}

// checkSaveTrace refuses --save-trace before any server starts when it
// cannot keep one session: the targets are not exactly one live server,
// or the file cannot be written.
func checkSaveTrace(st SaveTrace, targets []target.Target) error {
	var live []target.Target
	for _, t := range targets {
		if t.Skip == "" {
			live = append(live, t)
		}
	}
	switch {
	case len(live) != 1:
		return fmt.Errorf("--save-trace keeps the session of one live server, and %d targets are named; lint one at a time (--server NAME picks one of a client config)", len(live))
	case live[0].Kind != target.Command && live[0].Kind != target.Remote:
		return fmt.Errorf("--save-trace keeps a live server's session, and %s is a file: lint it as it is", live[0].Input)
	}
	return checkTraceFile(st.File)
}

// checkTraceFile refuses a path whose folder is missing or that names
// something other than a regular file: the trace replaces a file, never
// a folder, a device, a FIFO or a link someone planted there.
func checkTraceFile(path string) error {
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		dir, derr := os.Stat(filepath.Dir(path))
		if derr != nil || !dir.IsDir() {
			return fmt.Errorf("--save-trace %s: the folder %s does not exist; create it first", path, filepath.Dir(path))
		}
		return nil
	case err != nil:
		return fmt.Errorf("--save-trace: %w", err)
	case !st.Mode().IsRegular():
		return fmt.Errorf("--save-trace %s: it is %s, not a regular file; name a new file or a trace to replace", path, inputfile.Kind(st.Mode()))
	}
	return nil
}

// saveTrace writes the session of a live Snapshot (the main one and its
// probes') where st says, atomically and readable by the user alone (it
// holds all the server said), and lets the Snapshot's findings in the
// transcript point at their lines in it, as a lint of the file would.
// A target that said nothing has no session to keep.
func saveTrace(st SaveTrace, snap *sdk.Snapshot) error {
	if snap == nil || snap.Transcript == nil {
		return nil
	}
	if err := checkTraceFile(st.File); err != nil {
		return err
	}
	err := atomicfile.Write(st.File, 0o600, func(w io.Writer) error { return trace.Write(w, snap.Transcript) })
	if err != nil {
		return fmt.Errorf("--save-trace: writing %s: %w", st.Path, err)
	}
	if snap.Locator == nil {
		snap.Locator = newTraceLocator(st.Path, snap.Transcript)
	}
	if st.Note != nil {
		fmt.Fprintf(st.Note, "mcplint: saved the session to %s; lint it again with: mcplint %s\n", st.Path, st.Path)
	}
	return nil
}
