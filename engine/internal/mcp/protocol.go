package mcp

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
)

// Protocol versions mcplint speaks.
const (
	// ModernVersion is the per-request-metadata revision mcplint asks for
	// first (2026-07-28/basic/versioning.mdx).
	ModernVersion = "2026-07-28"
	// LegacyVersion is what the fallback initialize asks for.
	LegacyVersion = "2025-11-25"
)

// LegacyVersions are the handshake-era revisions mcplint accepts as a
// counter-offer to initialize, newest first.
var LegacyVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// IsLegacyVersion reports whether v is a handshake-era revision mcplint
// speaks.
func IsLegacyVersion(v string) bool { return slices.Contains(LegacyVersions, v) }

// Method names the client sends or answers.
const (
	MethodDiscover          = "server/discover"
	MethodInitialize        = "initialize"
	MethodInitialized       = "notifications/initialized"
	MethodCancelled         = "notifications/cancelled"
	MethodProgress          = "notifications/progress"
	MethodPing              = "ping"
	MethodRootsList         = "roots/list"
	MethodToolsList         = "tools/list"
	MethodToolsCall         = "tools/call"
	MethodPromptsList       = "prompts/list"
	MethodPromptsGet        = "prompts/get"
	MethodResourcesRead     = "resources/read"
	MethodResourcesList     = "resources/list"
	MethodResourceTemplates = "resources/templates/list"
)

// Reserved _meta keys of the modern era (2026-07-28/basic/index.mdx#_meta).
const (
	MetaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	MetaClientInfo         = "io.modelcontextprotocol/clientInfo"
	MetaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	MetaServerInfo         = "io.modelcontextprotocol/serverInfo"
)

// JSON-RPC and MCP error codes the client reads or sends.
const (
	CodeMethodNotFound                  = -32601
	CodeMissingRequiredClientCapability = -32021
	CodeUnsupportedProtocolVersion      = -32022
)

// ClientName is the clientInfo name mcplint sends.
const ClientName = "mcplint"

// ClientVersion is the clientInfo version mcplint sends; the CLI may set it
// to its own version at start-up.
var ClientVersion = "0.1.0"

// Message is the envelope of one JSON-RPC message, read leniently: fields of
// the wrong type are left empty rather than failing the whole message.
type Message struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"-"`
	Params json.RawMessage `json:"params,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *RPCError       `json:"-"`
	// HasMethod, HasResult and HasError tell a present field from an absent
	// one ("result": null is a result).
	HasMethod, HasResult, HasError bool
}

// RPCError is a JSON-RPC error object.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *RPCError) Error() string {
	return "JSON-RPC error " + strconv.Itoa(e.Code) + ": " + e.Message
}

// IsRequest reports a request: a method and an id.
func (m *Message) IsRequest() bool { return m.HasMethod && HasID(m.ID) }

// IsNotification reports a notification: a method and no id.
func (m *Message) IsNotification() bool { return m.HasMethod && !HasID(m.ID) }

// IsResponse reports a response: no method, and a result or an error.
func (m *Message) IsResponse() bool { return !m.HasMethod && (m.HasResult || m.HasError) }

// HasID reports whether an id is present and not null.
func HasID(id json.RawMessage) bool {
	id = bytes.TrimSpace(id)
	return len(id) > 0 && !bytes.Equal(id, []byte("null"))
}

// ParseMessages reads one line as JSON-RPC messages: one for an object, one
// per element for a batch array. Elements that are not objects are skipped.
func ParseMessages(line []byte) []Message {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return nil
	}
	if line[0] == '[' {
		var batch []json.RawMessage
		if json.Unmarshal(line, &batch) != nil {
			return nil
		}
		var out []Message
		for _, b := range batch {
			if m, ok := ParseMessage(b); ok {
				out = append(out, m)
			}
		}
		return out
	}
	if m, ok := ParseMessage(line); ok {
		return []Message{m}
	}
	return nil
}

// ParseMessage reads one JSON object as a JSON-RPC message.
func ParseMessage(raw []byte) (Message, bool) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil || fields == nil {
		return Message{}, false
	}
	var m Message
	m.ID = fields["id"]
	m.Params = fields["params"]
	if method, ok := fields["method"]; ok {
		m.HasMethod = json.Unmarshal(method, &m.Method) == nil
	}
	if res, ok := fields["result"]; ok {
		m.Result, m.HasResult = res, true
	}
	if e, ok := fields["error"]; ok {
		m.HasError = true
		var re RPCError
		if json.Unmarshal(e, &re) == nil {
			m.Error = &re
		} else {
			m.Error = &RPCError{Message: "malformed error object: " + string(e)}
		}
	}
	return m, true
}

// IDKey is the key a request and its response are paired by: the id's
// JSON text, with numbers in one canonical form (1, 1.0 and 1e0 pair) and
// strings kept distinct from numbers ("1" does not pair with 1, as JSON-RPC
// requires). Ids that are neither are keyed by their compact text.
func IDKey(id json.RawMessage) string {
	id = bytes.TrimSpace(id)
	if len(id) == 0 {
		return ""
	}
	switch id[0] {
	case '"':
		var s string
		if json.Unmarshal(id, &s) == nil {
			return "s:" + s
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if f, err := strconv.ParseFloat(string(id), 64); err == nil {
			return "n:" + strconv.FormatFloat(f, 'g', -1, 64)
		}
	}
	var b bytes.Buffer
	if json.Compact(&b, id) == nil {
		return "x:" + b.String()
	}
	return "x:" + string(id)
}

// IsModernError reports whether a response error identifies a modern
// (2026-07-28) server, as the stdio backward-compatibility rule requires:
// UnsupportedProtocolVersion (-32022) carrying its data.supported list, or
// MissingRequiredClientCapability (-32021) carrying
// data.requiredCapabilities. Any other error, -32601 and -32602 included,
// says nothing about the era; HeaderMismatch (-32020) belongs to HTTP and a
// legacy server may use that code for its own purposes.
func IsModernError(e *RPCError) bool {
	if e == nil {
		return false
	}
	switch e.Code {
	case CodeUnsupportedProtocolVersion:
		_, ok := SupportedVersions(e)
		return ok
	case CodeMissingRequiredClientCapability:
		var data struct {
			Required map[string]any `json:"requiredCapabilities"`
		}
		return json.Unmarshal(e.Data, &data) == nil && data.Required != nil
	}
	return false
}

// SupportedVersions reads data.supported of an UnsupportedProtocolVersion
// error; ok is false when the list is missing or not strings.
func SupportedVersions(e *RPCError) (versions []string, ok bool) {
	if e == nil || e.Code != CodeUnsupportedProtocolVersion {
		return nil, false
	}
	var data struct {
		Supported []string `json:"supported"`
	}
	if json.Unmarshal(e.Data, &data) != nil || data.Supported == nil {
		return nil, false
	}
	return data.Supported, true
}
