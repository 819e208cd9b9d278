// Package probe is the active half of conformance: small named steps a live
// session runs so that the passive conformance rules have exchanges to
// judge. Each probe records an sdk.EventProbe naming it before its
// messages. A probe never calls a real tool.
package probe

import (
	"fmt"
	"time"

	"github.com/mcplint/mcplint/engine/internal/mcp"
)

// Set is which probes a live session runs (--probes).
type Set uint8

// Sets of probes. The zero value is Default.
const (
	// Default runs the in-session probes and the request-before-init probe
	// in a second server process started beside the main session (which
	// also lists the tools again, for tool-list-varies): together they
	// cover mcpkit's 14 conformance checks.
	Default Set = iota
	// None runs no probe.
	None
	// All adds what costs one more process or wall time: the
	// client-identity probe (a third process whose client names itself
	// differently), a pause after notifications/initialized, a
	// subscriptions/listen stream held until it is acknowledged, and the
	// probes of what a server declares beyond tools (Features).
	All
)

// ParseSet reads a --probes value: none, default or all ("" is default).
func ParseSet(s string) (Set, error) {
	switch s {
	case "", "default":
		return Default, nil
	case "none":
		return None, nil
	case "all":
		return All, nil
	}
	return Default, fmt.Errorf("probes %q: want none, default or all", s)
}

func (s Set) String() string {
	switch s {
	case None:
		return "none"
	case All:
		return "all"
	}
	return "default"
}

// Probe names, as recorded in the Detail of the sdk.EventProbe before each
// probe's messages.
const (
	// UnknownMethod sends a request for a method no protocol version
	// defines (unknown-method-code).
	UnknownMethod = "unknown-method"
	// UnknownTool calls a tool the server does not list (unknown-tool-error).
	UnknownTool = "unknown-tool"
	// Ping pings a legacy server (ping-response).
	Ping = "ping"
	// UnsupportedVersion asks a modern server for a protocol version it
	// does not support (unsupported-version-error).
	UnsupportedVersion = "unsupported-version"
	// Notification sends a notification no protocol version defines, last,
	// so that an answer to it follows it (notification-answered).
	Notification = "notification"
	// InitializedWait pauses after notifications/initialized so that an
	// answer to it follows it (notification-answered); All only.
	InitializedWait = "initialized-wait"
	// RequestBeforeInit is the fresh process: tools/list before initialize
	// (request-before-init), then initialize asking for an unsupported
	// version (version-negotiation).
	RequestBeforeInit = "request-before-init"
	// SecondSession lists the tools in the fresh process once its
	// handshake is done: the list must not vary between sessions
	// (tool-list-varies).
	SecondSession = "second-session"
	// ClientIdentity lists the tools in a session whose client names
	// itself OtherClientName (tool-list-varies); All only.
	ClientIdentity = "client-identity"
	// Relisting confirms the main session's tool list by listing again
	// once the server is quiet (SettleTools): a list that keeps changing
	// leaves tool-list-varies nothing to compare.
	Relisting = "relisting"
)

// Judges are the rules each probe feeds: when a probe is inconclusive,
// these rules could not judge the server.
var Judges = map[string][]string{
	UnknownMethod:      {"unknown-method-code"},
	UnknownTool:        {"unknown-tool-error"},
	Ping:               {"ping-response"},
	UnsupportedVersion: {"unsupported-version-error"},
	RequestBeforeInit:  {"request-before-init", "version-negotiation"},
	SecondSession:      {"tool-list-varies"},
	ClientIdentity:     {"tool-list-varies"},
	Relisting:          {"tool-list-varies"},
	MissingMeta:        {"meta-field-missing"},
	UnknownResource:    {"resource-not-found-code"},
	Listen:             {"subscription-acknowledged"},
	AfterExercise:      {"tool-list-varies"},
	mcp.ProbeCancel:    {"cancelled-request-answered"},

	PromptMissingArgument: {"prompt-missing-argument-error"},
}

// What the probes send.
const (
	// UnknownMethodName is a method no protocol version defines.
	UnknownMethodName = "mcplint/no-such-method"
	// UnknownToolName is the tool name the unknown-tool probe starts from;
	// a suffix is added while the server lists a tool of that name.
	UnknownToolName = "mcplint_no_such_tool"
	// NotificationName is a notification no protocol version defines.
	NotificationName = "notifications/mcplint/probe"
	// UnsupportedVersionName is a protocol version no server supports: a
	// later date than any published revision, as a newer client would ask.
	UnsupportedVersionName = "2099-01-01"
)

// Settle is the All set's pause after notifications/initialized.
const Settle = 250 * time.Millisecond
