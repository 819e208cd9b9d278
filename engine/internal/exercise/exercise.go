// Package exercise calls a live server's tools with arguments generated
// from their input schemas and reads the outcome back from the transcript.
//
// It has three parts. Plan turns each tool's inputSchema into scenarios:
// happy-path argument sets that satisfy the schema and edge cases that
// break it on purpose (a required argument missing, a value of the wrong
// type, empty and zero values). Run sends them, one at a time, inside a
// live session, so that every call and its answer land in the transcript
// where the conformance rules read them. Read finds the scenarios in a
// transcript again and judges each: this is how the results reach the
// report, and why a saved transcript yields the same results as the run
// that recorded it.
//
// Calling a tool can change the world. Only tools that declare
// annotations.readOnlyHint true are called unless the mode is ModeAll, and
// in ModeClosed only those that also declare openWorldHint false.
package exercise

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/sdk"
)

// Modes (the --exercise flag and the [server] exercise key).
const (
	// ModeNone calls no tool.
	ModeNone = "none"
	// ModeReadOnly calls only tools whose annotations.readOnlyHint is true.
	ModeReadOnly = "readonly"
	// ModeClosed calls only read-only tools that also declare
	// openWorldHint false: nothing that reaches beyond the server.
	ModeClosed = "closed"
	// ModeAll calls every tool, after naming on the notice writer the ones
	// that are not read-only.
	ModeAll = "all"
)

// Kinds of scenario.
const (
	Happy = result.Happy
	Edge  = result.Edge
)

// Scenario names. Happy argument sets are "happy-1" … "happy-N".
const (
	// NoSchema is the one call made to a tool whose input schema cannot be
	// read as an object schema: empty arguments, judged as a happy path.
	NoSchema    = "no-schema"
	EdgeMissing = "edge-missing-required"
	EdgeType    = "edge-wrong-type"
	EdgeEmpty   = "edge-empty"
	EdgeZero    = "edge-zero"
)

// BestEffort marks, in a scenario's event, happy arguments that may not
// satisfy the schema (a pattern mcplint could not satisfy, a reference it
// could not follow).
const BestEffort = "best-effort"

// DefaultScenarios is how many happy-path argument sets a tool gets at most.
const DefaultScenarios = 3

// DefaultProgressCeiling bounds one call that keeps reporting progress:
// each notifications/progress moves its deadline to the request timeout
// from then, but never past this long after the call was sent.
const DefaultProgressCeiling = 2 * time.Minute

// DefaultSessionTimeout bounds a whole live session that exercises tools:
// the calls come on top of the listing, one at a time.
const DefaultSessionTimeout = 10 * time.Minute

// Options configure a run.
type Options struct {
	// Mode is ModeNone (or empty), ModeReadOnly, ModeClosed or ModeAll.
	Mode string
	// Scenarios is the most happy-path argument sets per tool
	// (DefaultScenarios when zero).
	Scenarios int
	// Seed makes the generated arguments differ from the default ones; the
	// same seed always yields the same arguments.
	Seed uint64
	// Roots are the folders the server may touch, for file and folder
	// arguments (RootsFromArgs); a tool that lists them replaces them.
	Roots Roots
	// Timeout bounds each call (the session's request timeout when zero);
	// progress the server reports extends it, up to ProgressCeiling.
	Timeout time.Duration
	// ProgressCeiling bounds a call that keeps reporting progress
	// (DefaultProgressCeiling when zero).
	ProgressCeiling time.Duration
	// Notice receives, before any call, the tools that are about to be
	// called, which of them may reach beyond this machine, and in ModeAll
	// which are not read-only. It should be the user's stderr whether or
	// not it is a terminal; nil discards it.
	Notice io.Writer
	// Requests, when set, are sent in place of the generated scenarios:
	// the requests a user asked for by name (mcplint call, read-resource,
	// get-prompt). Mode is then not read.
	Requests []Request
	// Progress receives a progress line rewritten in place as scenarios
	// run; only ever a terminal, nil for none.
	Progress io.Writer
}

func (o Options) progressCeiling() time.Duration {
	if o.ProgressCeiling > 0 {
		return o.ProgressCeiling
	}
	return DefaultProgressCeiling
}

// Enabled reports whether the options call any tool.
func (o Options) Enabled() bool {
	return o.Mode == ModeReadOnly || o.Mode == ModeClosed || o.Mode == ModeAll || len(o.Requests) > 0
}

// CheckMode refuses a mode that is not one of the four.
func CheckMode(mode string) error {
	switch mode {
	case "", ModeNone, ModeReadOnly, ModeClosed, ModeAll:
		return nil
	}
	return fmt.Errorf("exercise mode %q: want %s, %s, %s or %s", mode, ModeNone, ModeReadOnly, ModeClosed, ModeAll)
}

// OpenWorld reports whether a tool may reach beyond the server (the web,
// a third party, a program of this machine): unless it declares
// openWorldHint false, the spec says to assume it does.
func OpenWorld(t sdk.Tool) bool {
	return t.Annotations == nil || t.Annotations.OpenWorldHint == nil || *t.Annotations.OpenWorldHint
}

// modeWants says which tools a mode calls, for messages.
func modeWants(mode string) string {
	if mode == ModeClosed {
		return "read-only with openWorldHint false"
	}
	return "read-only (readOnlyHint true)"
}

// ReadOnly reports whether a tool declares itself read-only.
func ReadOnly(t sdk.Tool) bool {
	return t.Annotations != nil && t.Annotations.ReadOnlyHint != nil && *t.Annotations.ReadOnlyHint
}

// Select returns the tools the mode allows calling, in listing order, and
// of those the ones that are not read-only (in ModeAll), which the caller
// must announce before calling them.
func Select(tools []sdk.Tool, mode string) (call, risky []sdk.Tool) {
	for _, t := range tools {
		switch {
		case mode == ModeAll:
			call = append(call, t)
			if !ReadOnly(t) {
				risky = append(risky, t)
			}
		case mode == ModeReadOnly && ReadOnly(t), mode == ModeClosed && ReadOnly(t) && !OpenWorld(t):
			call = append(call, t)
		}
	}
	return call, risky
}

// describeRisk says why a tool that is not read-only is risky to call.
func describeRisk(t sdk.Tool) string {
	a := t.Annotations
	switch {
	case a == nil || a.ReadOnlyHint == nil:
		return "no readOnlyHint"
	case a.DestructiveHint == nil || *a.DestructiveHint:
		// destructiveHint defaults to true for tools that are not read-only.
		return "destructive"
	}
	return "not read-only"
}

// Announce writes what the user is owed before any call: the tools about
// to be called, those of them that may reach beyond this machine, and in
// ModeAll those that may change something.
func Announce(w io.Writer, server, mode string, call, risky []sdk.Tool) {
	if w == nil || len(call) == 0 {
		return
	}
	names := make([]string, len(call))
	var open []string
	for i, t := range call {
		names[i] = strconv.Quote(t.Name)
		if OpenWorld(t) {
			open = append(open, strconv.Quote(t.Name))
		}
	}
	fmt.Fprintf(w, "mcplint: --exercise=%s: calling %s of %s: %s\n", mode, plural.Count(len(call), "tool"), server, strings.Join(names, ", "))
	if len(open) > 0 {
		fmt.Fprintf(w, "mcplint: --exercise=%s: %d of them may reach beyond this machine (no openWorldHint false): %s; --exercise=closed calls none of them\n",
			mode, len(open), strings.Join(open, ", "))
	}
	if len(risky) == 0 {
		return
	}
	parts := make([]string, len(risky))
	for i, t := range risky {
		parts[i] = fmt.Sprintf("%q (%s)", t.Name, describeRisk(t))
	}
	fmt.Fprintf(w, "mcplint: --exercise=all: of these, not read-only: %s\n", strings.Join(parts, ", "))
}
