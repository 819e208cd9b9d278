// Package target turns what the user named (command-line arguments, a
// client config, the [server] of .mcplint.toml) into the servers to lint.
package target

import (
	"errors"

	"github.com/mcplint/mcplint/sdk"
)

// ErrNoTarget is returned (wrapped) by Resolve when nothing names a target.
var ErrNoTarget = errors.New("no target")

// ErrUsage is returned (wrapped) by Resolve for a malformed command line.
var ErrUsage = errors.New("usage")

// usageErr is an error whose text is the whole message and which matches
// one of the sentinel errors above.
type usageErr struct {
	kind error
	msg  string
}

func (e usageErr) Error() string        { return e.msg }
func (e usageErr) Is(target error) bool { return target == e.kind }

// Kind says how a target is read.
type Kind int

// Kinds of target.
const (
	// Static is a JSON file holding a tool list.
	Static Kind = iota + 1
	// Trace is a JSON Lines session recorded by `mcplint record`.
	Trace
	// Command is a server started as a child process and spoken to live.
	Command
	// Remote is a server reached over HTTP at URL: an http:// or https://
	// argument, or a client config's http entry (Streamable HTTP). One
	// mcplint cannot speak to (a legacy HTTP+SSE or websocket server) comes
	// with Skip set.
	Remote
)

// Target is one server to lint.
type Target struct {
	// Name identifies the server in reports and keys it in .mcplint.lock
	// and baselines: a client config's key; else the package a folder
	// holds (package.json, pyproject.toml, go.mod); else the script,
	// package or program a command runs; else a file's base name. A loaded
	// server's serverInfo.name replaces it unless Keyed.
	Name string
	// Keyed says Name is the user's own key for the server (a client
	// config's), which wins over what the server calls itself.
	Keyed bool
	// Input is what the user wrote (a path or a command line), for reports.
	Input string
	Kind  Kind
	// Path is the file for Static and Trace targets.
	Path string
	// Data is a Static target's file as read when it was resolved, so
	// that what was sniffed is what is linted and a large file is read
	// once; nil to read Path (a run that holds many files reads the
	// small ones again when it lints them). A Trace target's file is read
	// as a stream when it is linted; Data is set only for one that was
	// never a file (a git revision's).
	Data []byte
	// MaxFileSize caps the file of a Trace target read from Path
	// (--max-file-size); 0 for inputfile.DefaultMaxSize.
	MaxFileSize int64
	// Command is the argv vector for Command targets, run without a shell.
	Command []string
	// Env overlays the current environment of a Command target.
	Env map[string]string
	// Dir is the working directory of a Command target; empty for the
	// current one.
	Dir string
	// Group names the client config a target came from; targets of one
	// group see each other as Snapshot.Peers, and so do the targets of a
	// run that have no group.
	Group string
	// URL is a Remote target's address.
	URL string
	// Headers are sent with every request to a Remote target (credentials,
	// variables expanded). Their values are never printed or reported.
	Headers map[string]string
	// Declared is the file that declares a live server, for reports that
	// attach findings to a file (SARIF): the .mcplint.toml whose [server]
	// names it, the client config it is an entry of (DeclaredLine its
	// key's line), the package.json, go.mod or pyproject.toml of the
	// folder named, or the script named; an absolute path, empty when
	// there is none (a command line, a URL, a compiled executable).
	Declared     string
	DeclaredLine int
	// Registry is what the MCP Registry server.json this server came from
	// claims about it; nil for any other target.
	Registry *sdk.RegistryEntry
	// Skip, when not empty, says why this server cannot be linted (a remote
	// server, a variable with no value, "disabled" in its config). Report
	// it as such; do not start it.
	Skip string
}
