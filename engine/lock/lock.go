// Package lock reads and writes .mcplint.lock, which pins what each server
// exposes (a hash of every tool definition and of the instructions) so a
// later lint can report definitions that changed after a user approved
// them.
//
// The file is JSON: the version first, then servers, tools and parts with
// their keys sorted, indented by two spaces so that it diffs well in review:
//
//	{
//	  "version": 1,
//	  "servers": {
//	    "weather": {
//	      "instructions": "sha256:…",
//	      "tools": {
//	        "get_forecast": {
//	          "sha256": "sha256:…",
//	          "parts": {"/description": "sha256:…", "/inputSchema": "sha256:…", "/inputSchema/properties/city": "sha256:…", "/name": "sha256:…"}
//	        }
//	      }
//	    }
//	  }
//	}
//
// Every hash is "sha256:" and the hex SHA-256 of the value's JSON
// canonicalized as RFC 8785 (JCS), so key order, whitespace and string
// escapes in what a server sends do not change a pin. One entry per server
// name; pinning a server replaces its entry and keeps the others.
package lock

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"

	"github.com/mcplint/mcplint/internal/atomicfile"
	"github.com/mcplint/mcplint/internal/inputfile"
	"github.com/mcplint/mcplint/internal/pin"
	"github.com/mcplint/mcplint/sdk"
)

// FileName is the lock file's name, next to .mcplint.toml.
const FileName = ".mcplint.lock"

// Version is the format this package reads and writes.
const Version = 1

// File is a whole lock file.
type File struct {
	Version int                       `json:"version"`
	Servers map[string]*sdk.LockEntry `json:"servers"`
	// Path is where Read found the file; empty for a new one.
	Path string `json:"-"`
}

// New returns an empty lock file.
func New() *File {
	return &File{Version: Version, Servers: map[string]*sdk.LockEntry{}}
}

// Read reads a lock file. A missing file is an error that wraps
// fs.ErrNotExist, so callers can treat it as "nothing pinned".
func Read(path string) (*File, error) {
	// Read as every input is: a FIFO or a link to /dev/zero planted as
	// the lock file is refused, not waited on or read without end, and a
	// file of millions of pins is refused before it is decoded.
	data, err := inputfile.ReadFile(path, 0)
	if e, ok := errors.AsType[*inputfile.Error](err); ok && e.Max > 0 {
		e.Raise = "no lock file mcplint writes is that large: delete it and run `mcplint lock` to write it again"
	}
	if err != nil {
		return nil, fmt.Errorf("lock file: %w", err)
	}
	if err := inputfile.LockShape.CheckJSON(path, data); err != nil {
		return nil, fmt.Errorf("lock file %w (delete it and run `mcplint lock` to write it again)", err)
	}
	var f File
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("lock file %s: %v (delete it and run `mcplint lock` to write it again)", path, err)
	}
	if f.Version != Version {
		return nil, fmt.Errorf("lock file %s: version %d, this mcplint reads version %d (run `mcplint lock` to rewrite it)", path, f.Version, Version)
	}
	if f.Servers == nil {
		f.Servers = map[string]*sdk.LockEntry{}
	}
	f.Path = path
	return &f, nil
}

// ReadOrNew reads a lock file, or returns an empty one when there is none.
func ReadOrNew(path string) (*File, error) {
	f, err := Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return New(), nil
	}
	return f, err
}

// Write writes f to path atomically: a temporary file in the same folder,
// synced, then renamed over path, so a crash never leaves half a file.
func Write(path string, f *File) error {
	out := *f
	out.Version = Version
	data, err := json.MarshalIndent(&out, "", "  ")
	if err != nil {
		return fmt.Errorf("lock file %s: %w", path, err)
	}
	data = append(data, '\n')
	if err := atomicfile.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("lock file %s: %w", path, err)
	}
	return nil
}

// Entry returns what f pinned for a server, or nil.
func Entry(f *File, server string) *sdk.LockEntry {
	if f == nil {
		return nil
	}
	return f.Servers[server]
}

// Pin hashes what s exposes.
func Pin(s *sdk.Snapshot) (*sdk.LockEntry, error) {
	e, err := pin.Snapshot(s)
	if err != nil {
		return nil, fmt.Errorf("pin server %q: %w", s.Name, err)
	}
	return e, nil
}
