package streamhttp

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
)

// A paramHeader is a tool parameter the server asks to see mirrored into a
// header (x-mcp-header, 2026-07-28/basic/transports/streamable-http.mdx#custom-headers-from-tool-parameters).
type paramHeader struct {
	name string   // the header is Mcp-Param-{name}
	path []string // the chain of properties keys to the value
}

// paramHeaders reads the x-mcp-header annotations of one inputSchema,
// following properties only, as the spec's header extraction does.
func paramHeaders(schema json.RawMessage, prefix []string, out []paramHeader) []paramHeader {
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Header     *string                    `json:"x-mcp-header"`
	}
	if json.Unmarshal(schema, &s) != nil {
		return out
	}
	if s.Header != nil && len(prefix) > 0 && *s.Header != "" {
		out = append(out, paramHeader{name: *s.Header, path: append([]string(nil), prefix...)})
	}
	for k, sub := range s.Properties {
		out = paramHeaders(sub, append(prefix, k), out)
	}
	return out
}

// learnTools keeps the mirrored parameters of every tool a tools/list
// result names, for the tools/call requests that follow.
func (t *Transport) learnTools(result json.RawMessage) {
	var res struct {
		Tools []struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	if json.Unmarshal(result, &res) != nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.params == nil {
		t.params = map[string][]paramHeader{}
	}
	for _, tool := range res.Tools {
		if ps := paramHeaders(tool.InputSchema, nil, nil); len(ps) > 0 {
			t.params[tool.Name] = ps
		}
	}
}

// setParamHeaders adds the Mcp-Param-{Name} headers of a modern tools/call
// from its arguments: strings as they are, integers in decimal, booleans
// as true or false, each encoded as Mcp-Name is; an absent or null value
// gets no header.
func (t *Transport) setParamHeaders(h http.Header, tool string, arguments json.RawMessage) {
	t.mu.Lock()
	ps := t.params[tool]
	t.mu.Unlock()
	for _, p := range ps {
		v := arguments
		for _, k := range p.path {
			var obj map[string]json.RawMessage
			if json.Unmarshal(v, &obj) != nil {
				v = nil
				break
			}
			v = obj[k]
		}
		if s, ok := headerValue(v); ok {
			h.Set("Mcp-Param-"+p.name, EncodeValue(s))
		}
	}
}

func headerValue(v json.RawMessage) (string, bool) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || string(v) == "null" {
		return "", false
	}
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s, true
	}
	if string(v) == "true" || string(v) == "false" {
		return string(v), true
	}
	var n json.Number
	if json.Unmarshal(v, &n) == nil && !strings.ContainsAny(string(n), ".eE") {
		return string(n), true
	}
	return "", false
}
