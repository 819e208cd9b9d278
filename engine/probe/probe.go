// Package probe is the active half of conformance: small named steps a live
// session runs so that the passive conformance rules have exchanges to
// judge. Each probe records an sdk.EventProbe naming it before its
// messages. A probe never calls a real tool.
package probe

import (
	"fmt"
	"time"
)

// Set is which probes a live session runs (--probes).
type Set uint8

// Sets of probes. The zero value is Default.
const (
	// Default runs the in-session probes: no extra process and no fixed
	// wait, a round trip or two on top of the listing.
	Default Set = iota
	// None runs no probe.
	None
	// All adds what costs a process or wall time: the fresh-process probe
	// (one more server start, run beside the main session) and a pause
	// after notifications/initialized. A second server starting beside
	// the first competes with it for the CPU: measured, that put Default
	// over its budget of 1.2 times a minimal client.
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
)

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

// Timings of the probes.
const (
	// MaxTimeout bounds each probe request: a server that answered the
	// listing at once needs no more for an unknown method.
	MaxTimeout = 3 * time.Second
	// Settle is the All set's pause after notifications/initialized.
	Settle = 250 * time.Millisecond
)

func probeTimeout(timeout time.Duration) time.Duration {
	if timeout <= 0 || timeout > MaxTimeout {
		return MaxTimeout
	}
	return timeout
}
