// Package rawmcp is the hand-written JSON-RPC plumbing of the raw fixture
// servers: each of them breaks the protocol in one deliberate way, which an
// SDK would not let it do.
package rawmcp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
)

// Msg is one incoming JSON-RPC message.
type Msg struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  json.RawMessage `json:"error,omitempty"`
}

// Server reads messages from stdin and writes lines to stdout.
type Server struct {
	in   *bufio.Reader
	back []Msg // messages put back, returned by Next first (last in first)
	mu   sync.Mutex
	out  io.Writer
}

// New serves on the process's stdin and stdout.
func New() *Server {
	return &Server{in: bufio.NewReaderSize(os.Stdin, 1<<20), out: os.Stdout}
}

// Pushback makes m the next message Next returns, and returns s.
func (s *Server) Pushback(m Msg) *Server {
	s.back = append(s.back, m)
	return s
}

// Next reads the next message; ok is false at the end of stdin.
func (s *Server) Next() (Msg, bool) {
	if n := len(s.back); n > 0 {
		m := s.back[n-1]
		s.back = s.back[:n-1]
		return m, true
	}
	for {
		line, err := s.in.ReadBytes('\n')
		if len(line) > 0 {
			var m Msg
			if json.Unmarshal(line, &m) == nil {
				return m, true
			}
		}
		if err != nil {
			return Msg{}, false
		}
	}
}

// Line writes b and a newline to stdout as one write.
func (s *Server) Line(b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.out.Write(append(b, '\n'))
}

// Send writes v as one JSON line.
func (s *Server) Send(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	s.Line(b)
}

// Reply answers request id with result.
func (s *Server) Reply(id json.RawMessage, result any) {
	s.Send(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
}

// Fail answers request id with an error.
func (s *Server) Fail(id json.RawMessage, code int, message string) {
	s.Send(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": message}})
}

// Logf writes a line to stderr.
func Logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
}

// Tool is a minimal valid tool definition.
func Tool(name, description string) map[string]any {
	return map[string]any{
		"name":        name,
		"description": description,
		"inputSchema": map[string]any{"type": "object", "properties": map[string]any{}},
	}
}

// Legacy is a correct 2025-11-25 server: it refuses server/discover as an
// unknown method, negotiates initialize, and serves tools/list with tools.
// A handler for other methods may be given in extra; it returns false for
// methods it does not serve.
type Legacy struct {
	Name  string
	Tools []map[string]any
	// Capabilities are what initialize declares; tools alone when nil.
	Capabilities map[string]any
	// Instructions, when set, are the initialize result's instructions.
	Instructions string
	// Extra serves methods before the defaults; it returns true when it
	// handled m.
	Extra func(s *Server, m Msg) bool
	// Call, when set, serves tools/call with the call's tool name and
	// arguments; it must answer the request.
	Call func(s *Server, id json.RawMessage, c ToolCall)
	// IgnoreUnknown makes unknown requests go unanswered instead of
	// failing with -32601.
	IgnoreUnknown bool
	// ServeBeforeInit serves requests that arrive before initialize
	// instead of refusing them.
	ServeBeforeInit bool
}

// Serve runs the server until stdin closes.
func (l Legacy) Serve(s *Server) {
	initialized := false
	for {
		m, ok := s.Next()
		if !ok {
			return
		}
		if m.Method == "" || len(m.ID) == 0 {
			continue // responses and notifications need no answer
		}
		if !initialized && !l.ServeBeforeInit && m.Method != "initialize" && m.Method != "ping" && m.Method != "server/discover" {
			s.Fail(m.ID, -32600, "server not initialized: send initialize first")
			continue
		}
		if m.Method == "initialize" {
			initialized = true
		}
		if l.Extra != nil && l.Extra(s, m) {
			continue
		}
		if l.Call != nil && m.Method == "tools/call" {
			var c ToolCall
			json.Unmarshal(m.Params, &c)
			l.Call(s, m.ID, c)
			continue
		}
		switch m.Method {
		case "initialize":
			caps := l.Capabilities
			if caps == nil {
				caps = map[string]any{"tools": map[string]any{}}
			}
			result := map[string]any{
				"protocolVersion": "2025-11-25",
				"capabilities":    caps,
				"serverInfo":      map[string]any{"name": l.Name, "version": "1.0.0"},
			}
			if l.Instructions != "" {
				result["instructions"] = l.Instructions
			}
			s.Reply(m.ID, result)
		case "ping":
			s.Reply(m.ID, map[string]any{})
		case "tools/list":
			s.Reply(m.ID, map[string]any{"tools": l.Tools})
		default:
			if !l.IgnoreUnknown {
				s.Fail(m.ID, -32601, "Method not found: "+m.Method)
			}
		}
	}
}

// ToolCall is the parameters of a tools/call request.
type ToolCall struct {
	Name      string         `json:"name"`
	Arguments map[string]any `json:"arguments"`
}

// TextResult is a tools/call result holding one text block.
func TextResult(text string, isError bool) map[string]any {
	r := map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}}
	if isError {
		r["isError"] = true
	}
	return r
}

// Pages serves tools/list one tool a page, forever: page n names tool_n
// and carries nextCursor next(n).
func Pages(next func(page int) string) func(s *Server, m Msg) bool {
	page := 0
	return func(s *Server, m Msg) bool {
		if m.Method != "tools/list" {
			return false
		}
		page++
		name := fmt.Sprintf("tool_%d", page)
		s.Reply(m.ID, map[string]any{
			"tools":      []any{Tool(name, "Return page "+name+" of the catalogue.")},
			"nextCursor": next(page),
		})
		return true
	}
}

// Take creates the lock file path, reporting whether this process was the
// one to: the fixtures that behave differently in their first process
// decide so at their first message, so that which process is first does
// not depend on the order they were exec'd in. The file stays when the
// process ends, as a stale lock does.
func Take(path string) bool {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return false
	}
	f.Close()
	return true
}
