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
// protocol. Every rule reads a Snapshot and nothing else, and writes none
// of it: the source that read the server sets each field once, and the
// engine sets Name, Input, Peers, Lock, LockFile, Registry and Tokens
// once, before any rule runs.
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
	// with Tools; nil when there were none. A static file that
	// `mcplint dump` wrote gives back the capability-gated tools of the
	// live run it dumped, as ProbeDumped listings.
	Relisted []Listing `json:"relisted,omitempty"`

	// Peers are the other servers linted in the same run from one client
	// config, or the other targets named one by one in the same run, for
	// cross-server rules. Their own Peers are nil.
	Peers []*Snapshot `json:"peers,omitempty"`

	// Lock is what .mcplint.lock pinned for this server, filled in by the
	// engine before rules run; nil when nothing is pinned for it.
	Lock *LockEntry `json:"lock,omitempty"`
	// LockFile names the lock file in effect, when there is one: with Lock
	// nil it means the lock pins other servers and not this one.
	LockFile string `json:"lockFile,omitempty"`

	// Registry is what the MCP Registry server.json the server was
	// launched from claims about it, filled in by the engine before rules
	// run; nil when the server did not come from one.
	Registry *RegistryEntry `json:"registry,omitempty"`

	// Locator places pointers in the input file; nil when there is no file.
	Locator Locator `json:"-"`

	// Ambiguous is, for a static Snapshot, the file's bytes when they hold
	// JSON that parsers read differently (an object that gives a key twice,
	// bytes that are not UTF-8), for the rules that say where; nil when
	// there is no such thing to say.
	Ambiguous []byte `json:"-"`
}

// Listing is one more session's view of a server's tools.
type Listing struct {
	// Probe names the session: "second-session" (a fresh process of the
	// same server, same client name), "client-identity" (one whose
	// client named itself Client), or ProbeDumped (a static file's record
	// of a session, holding only the tools it listed beyond Tools).
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
	// Stream, on a message of the server that came in an SSE stream of
	// the Streamable HTTP transport, says which stream; nil for any other
	// record, and in transcripts recorded before mcplint noted it.
	Stream *MessageStream `json:"stream,omitempty"`
}

// MessageStream is the SSE stream a server's message came on. The
// transport knows it for every message it reads; a rule about what a
// stream may carry judges from it, not from which streams were open.
type MessageStream struct {
	// N is the stream's number, the HTTP.Stream of the exchange that
	// opened it (a stream resumed with GET and Last-Event-ID keeps its
	// number).
	N int `json:"n"`
	// Request is the id of the client's request whose POST the stream
	// answers; absent on a stream the client opened with GET on its own
	// (the standalone stream of the legacy eras).
	Request json.RawMessage `json:"request,omitempty"`
	// Method is that request's method: "subscriptions/listen" marks the
	// listen stream of 2026-07-28.
	Method string `json:"method,omitempty"`
}

// Listen reports whether the stream is the response stream of a
// subscriptions/listen request.
func (s *MessageStream) Listen() bool { return s != nil && s.Method == "subscriptions/listen" }

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
	// EventHTTP: an HTTP exchange of the Streamable HTTP transport got its
	// response head (or failed); HTTP says what was sent and answered, ID
	// names the JSON-RPC message the request carried. The messages of the
	// response body follow as s2c records.
	EventHTTP = "http"
	// EventSSE: an SSE event with an id, a retry field, an event type
	// other than "message", or no data (a priming event); HTTP.SSE says
	// which. Its data, when it has any, follows as an s2c record.
	EventSSE = "sse"
	// EventFlood: the server sent more messages than the client records,
	// or faster than the rate it records them at; the notifications and
	// requests past the cap or the rate were counted, not recorded. Bytes
	// is how many bytes they held, Detail how many of each. It comes
	// after a session's other records (a trace's counts of what it did not
	// keep may follow it).
	EventFlood = "flood"
)

// EventRecordsCounted: a trace held more unasked records of one kind
// (notifications of one method, stderr lines, stdout lines that are not
// JSON) than a reader keeps; the first were kept in place and the rest
// counted. Detail says what and how many, Bytes how long they were.
const EventRecordsCounted = "records-counted"

// HTTP describes one HTTP exchange (EventHTTP) or SSE event (EventSSE).
// Header values are those mcplint chose or the server sent that the
// protocol names; credentials a user passed (--header) are never recorded.
type HTTP struct {
	// Method is the request method: POST, GET or DELETE.
	Method string `json:"method"`
	// URL is the request URL without its query string.
	URL string `json:"url,omitempty"`
	// Purpose says why mcplint sent a request that was not a message of
	// the session (a transport probe): one of the HTTPPurpose constants.
	Purpose string `json:"purpose,omitempty"`
	// Sent is what the POST carried: "request", "notification" or
	// "response"; empty for a probe's or a bodyless request.
	Sent string `json:"sent,omitempty"`
	// Probe is what a probe's POST carried, in a few words ("tools/list
	// with Mcp-Method: prompts/list"); its body is not a message of the
	// session and is not recorded as one.
	Probe string `json:"probe,omitempty"`
	// Request holds the protocol headers sent (MCP-Protocol-Version,
	// Mcp-Method, Mcp-Name, MCP-Session-Id, Origin, Last-Event-ID).
	Request map[string]string `json:"request,omitempty"`
	// Status is the response status code; 0 when no response came (Error
	// says why).
	Status int `json:"status,omitempty"`
	// ContentType is the response Content-Type.
	ContentType string `json:"content_type,omitempty"`
	// Response holds the protocol headers answered (MCP-Session-Id,
	// WWW-Authenticate, Allow, Location).
	Response map[string]string `json:"response,omitempty"`
	// Body is the start of a response body that carried no JSON-RPC
	// message (an error page, a stray body on a 202).
	Body string `json:"body,omitempty"`
	// Error is why the exchange failed (connection refused, deadline).
	Error string `json:"error,omitempty"`
	// SSE is the SSE event of an EventSSE.
	SSE *SSEEvent `json:"sse,omitempty"`
	// Stream numbers the response streams of a session from 1, so that
	// the messages of one SSE stream can be told from another's.
	Stream int `json:"stream,omitempty"`
	// DuplicateOf, on an EventSSE, is another stream on which the message
	// that follows (one with an id) already came.
	DuplicateOf int `json:"duplicate_of,omitempty"`
	// Authorized is true when the request carried the Authorization
	// header the user passed (its value is never recorded).
	Authorized bool `json:"authorized,omitempty"`
}

// Purposes of the transport probes' requests (HTTP.Purpose).
const (
	HTTPPurposeSessionEnd       = "session-end"              // DELETE of the legacy session
	HTTPPurposeAfterSessionEnd  = "after-session-end"        // a request with the ended session's id
	HTTPPurposeGET              = "get-stream"               // GET for the server's SSE stream
	HTTPPurposeForeignOrigin    = "foreign-origin"           // a request with an Origin of another site
	HTTPPurposeBadVersion       = "invalid-protocol-version" // MCP-Protocol-Version naming no version
	HTTPPurposeMissingVersion   = "missing-protocol-version" // a modern request without MCP-Protocol-Version
	HTTPPurposeHeaderMismatch   = "header-mismatch"          // Mcp-Method that differs from the body's method
	HTTPPurposeNameMismatch     = "name-mismatch"            // Mcp-Name that differs from the body's tool name
	HTTPPurposeResourceMetadata = "protected-resource-metadata"
	// HTTPPurposeAuthServerMetadata is a GET of an authorization server's
	// metadata (RFC 8414 or OpenID Connect discovery), found through the
	// protected resource metadata; never sent with the user's headers.
	HTTPPurposeAuthServerMetadata = "authorization-server-metadata"
	// HTTPPurposeInvalidToken is a request whose bearer token is the
	// user's made invalid: it must be answered 401.
	HTTPPurposeInvalidToken = "invalid-token"
	// HTTPPurposeTokenInQuery is a request that carries the user's token
	// in the access_token query parameter instead of the Authorization
	// header: it must not be accepted.
	HTTPPurposeTokenInQuery = "token-in-query"
	HTTPPurposeCancel       = "cancel" // the client closed a modern request's response stream to cancel it
	HTTPPurposeResume       = "resume" // GET with Last-Event-ID to resume a response stream the server closed early
)

// SSEEvent is one Server-Sent Event's fields other than its data.
type SSEEvent struct {
	ID    string `json:"id,omitempty"`
	Event string `json:"event,omitempty"`
	// Retry is the retry field in milliseconds; nil when absent.
	Retry *int `json:"retry,omitempty"`
	// Empty is true for an event with no data (a priming event).
	Empty bool `json:"empty,omitempty"`
}

// Event is something the client observed that is not a message.
type Event struct {
	Kind   string          `json:"kind"`
	Bytes  int64           `json:"bytes,omitempty"`
	Code   *int            `json:"code,omitempty"`
	ID     json.RawMessage `json:"id,omitempty"`
	Detail string          `json:"detail,omitempty"`
	// HTTP describes an EventHTTP or EventSSE.
	HTTP *HTTP `json:"http,omitempty"`
}
