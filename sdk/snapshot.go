package sdk

import (
	"encoding/json"
	"time"
)

// Sources a Snapshot can come from (Snapshot.Source).
const (
	SourceLive   = "live"
	SourceTrace  = "trace"
	SourceStatic = "static"
)

// Snapshot is everything mcplint knows about one MCP server: what a model
// will read from it and, for live sessions and traces, how it spoke the
// protocol. Every rule reads a Snapshot and nothing else.
//
// Its JSON form is what plugins receive and what Issue.Pointer points into:
// "/tools/3/inputSchema", "/instructions", "/prompts/0/arguments/1".
type Snapshot struct {
	// Name identifies the server in reports: the client config's key, the
	// serverInfo name, or the input's base name.
	Name string `json:"name"`
	// Source is SourceLive, SourceTrace or SourceStatic.
	Source string `json:"source"`
	// Input is what the user named: a path or a command line.
	Input string `json:"input,omitempty"`
	// Era is EraLegacy or EraModern; empty when unknown (static files).
	Era string `json:"era,omitempty"`
	// ProtocolVersion is the negotiated (legacy) or used (modern) version.
	ProtocolVersion string `json:"protocolVersion,omitempty"`
	// Server is the serverInfo the server sent, when it sent one.
	Server *Implementation `json:"serverInfo,omitempty"`
	// Capabilities is the server's capabilities object as sent.
	Capabilities map[string]any `json:"capabilities,omitempty"`
	// Instructions are the server's instructions to the model.
	Instructions string `json:"instructions,omitempty"`
	// HasInstructions tells an empty instructions string from none.
	HasInstructions bool `json:"-"`

	Tools             []Tool             `json:"tools"`
	Prompts           []Prompt           `json:"prompts,omitempty"`
	Resources         []Resource         `json:"resources,omitempty"`
	ResourceTemplates []ResourceTemplate `json:"resourceTemplates,omitempty"`

	// Tokens is what the tool list and instructions cost a model, filled in
	// by the engine before rules run.
	Tokens *TokenCounts `json:"tokens,omitempty"`

	// Transcript is every message of the session, for live sessions and
	// traces; nil for static files, where conformance rules say nothing.
	Transcript *Transcript `json:"transcript,omitempty"`

	// Relisted are the tool lists other sessions with the same server saw
	// (live lints' fresh-process probes), for the rules that compare them
	// with Tools; nil when there were none.
	Relisted []Listing `json:"relisted,omitempty"`

	// Peers are the other servers linted in the same run from one client
	// config, for cross-server rules. Their own Peers are nil.
	Peers []*Snapshot `json:"peers,omitempty"`

	// Lock is what .mcplint.lock pinned for this server, filled in by the
	// engine before rules run; nil when nothing is pinned for it.
	Lock *LockEntry `json:"lock,omitempty"`
	// LockFile names the lock file in effect, when there is one: with Lock
	// nil it means the lock pins other servers and not this one.
	LockFile string `json:"lockFile,omitempty"`

	// Locator places pointers in the input file; nil when there is no file.
	Locator Locator `json:"-"`
}

// Listing is one more session's view of a server's tools.
type Listing struct {
	// Probe names the session: "second-session" (a fresh process of the
	// same server, same client name) or "client-identity" (one whose
	// client named itself Client).
	Probe string `json:"probe"`
	// Client is the clientInfo name the session sent.
	Client string `json:"client"`
	// Capabilities are the names of the capabilities the session declared
	// (the main session declares none).
	Capabilities []string `json:"capabilities,omitempty"`
	// Pointer is the first tools/list answer of the session in the
	// transcript ("/transcript/probes/0/records/9").
	Pointer string `json:"pointer"`
	Tools   []Tool `json:"tools"`
}

// Implementation is the serverInfo (or clientInfo) object.
type Implementation struct {
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Version string `json:"version"`
}

// TokenCounts are token counts with the o200k_base encoding.
type TokenCounts struct {
	// Tools[i] is what Snapshot.Tools[i] costs as compact JSON.
	Tools []int `json:"tools"`
	// Instructions is what the instructions cost.
	Instructions int `json:"instructions"`
	// Total is the sum: what every request that carries the tool list and
	// the instructions costs.
	Total int `json:"total"`
}

// Transcript is a session's messages in order.
type Transcript struct {
	// Command is the argv the server was started with.
	Command []string `json:"command,omitempty"`
	// Started is when the session began; Record.TMs counts from it.
	Started time.Time `json:"started"`
	Records []Record  `json:"records"`
	// Probes are the sessions probes held with fresh processes of the same
	// server (a request before initialize needs a process that has not been
	// initialized). Each begins with an EventProbe record naming its probe
	// and counts its time from its own Started. Rules that judge one
	// session's flow read Records alone.
	Probes []*Transcript `json:"probes,omitempty"`
}

// Directions of a Record.
const (
	DirClientToServer = "c2s"
	DirServerToClient = "s2c"
	DirStderr         = "stderr"
	// DirEvent marks something the client observed that is not a message:
	// see Event.
	DirEvent = "event"
)

// Record is one line of a session.
type Record struct {
	// TMs is milliseconds since Transcript.Started.
	TMs float64 `json:"t_ms"`
	// Dir is one of the Dir constants.
	Dir string `json:"dir"`
	// Msg is the JSON message exactly as it crossed the wire, when the line
	// was JSON.
	Msg json.RawMessage `json:"msg,omitempty"`
	// Raw is the line as text when it was not JSON (or for stderr). Bytes
	// that are not UTF-8 are kept as they were.
	Raw string `json:"raw,omitempty"`
	// Event describes an observation when Dir is DirEvent.
	Event *Event `json:"event,omitempty"`
	// NoNewline is true for the last line of a stream that ended without a
	// newline: the bytes were sent, but a line-reading peer may never see
	// them as a message.
	NoNewline bool `json:"no_newline,omitempty"`
}

// Event kinds (Event.Kind).
const (
	EventOversizeLine = "oversize-line" // a line over the cap was skipped; Bytes says how long
	EventExit         = "exit"          // the process exited; Code and Detail say how
	EventStdoutClosed = "stdout-closed" // the server closed stdout
	EventTimeout      = "timeout"       // a request got no answer in time; ID names it
	EventProbe        = "probe"         // a probe started; Detail names it
	EventStdinClosed  = "stdin-closed"  // the client closed the server's stdin: an exit after it is expected, one before it is not
	EventSignal       = "signal"        // a signal was sent to the server's process group; Detail names it and why
	// EventPagination: the client stopped following nextCursor (a cursor
	// came back again, or the page cap was reached); Detail says which.
	EventPagination = "pagination-stopped"
	// EventStderrTruncated: stderr past Bytes bytes was not recorded.
	EventStderrTruncated = "stderr-truncated"
	// EventInconclusive: a probe got no answer at all, so the rules it
	// feeds cannot judge the server; Detail is "PROBE: why".
	EventInconclusive = "probe-inconclusive"
)

// Event is something the client observed that is not a message.
type Event struct {
	Kind   string          `json:"kind"`
	Bytes  int64           `json:"bytes,omitempty"`
	Code   *int            `json:"code,omitempty"`
	ID     json.RawMessage `json:"id,omitempty"`
	Detail string          `json:"detail,omitempty"`
}
