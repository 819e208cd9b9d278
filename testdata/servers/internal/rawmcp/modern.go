package rawmcp

import "encoding/json"

// ModernVersion is the protocol version a Modern server speaks.
const ModernVersion = "2026-07-28"

// Modern is a correct 2026-07-28 server: every request must declare
// ModernVersion in its _meta (any other version is refused with -32022 and
// the supported list) and client capabilities (else -32602), server/discover and tools/list are served with
// their caching hints, unknown methods fail with -32601 and unknown tools
// with -32602.
type Modern struct {
	Name  string
	Tools []map[string]any
	// Capabilities are what server/discover declares; tools alone when nil.
	Capabilities map[string]any
	// Extra serves methods after the version check and before the
	// defaults; it returns true when it handled m.
	Extra func(s *Server, m Msg) bool
	// AnyVersion serves requests whatever version they declare.
	AnyVersion bool
	// LaxMeta serves requests that lack client capabilities.
	LaxMeta bool
}

// Serve runs the server until stdin closes.
func (l Modern) Serve(s *Server) {
	for {
		m, ok := s.Next()
		if !ok {
			return
		}
		if m.Method == "" || len(m.ID) == 0 {
			continue
		}
		var p struct {
			Meta map[string]any `json:"_meta"`
		}
		json.Unmarshal(m.Params, &p)
		version, _ := p.Meta["io.modelcontextprotocol/protocolVersion"].(string)
		if version != ModernVersion && !l.AnyVersion {
			s.Send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{
				"code": -32022, "message": "Unsupported protocol version",
				"data": map[string]any{"supported": []string{ModernVersion}, "requested": version},
			}})
			continue
		}
		if _, ok := p.Meta["io.modelcontextprotocol/clientCapabilities"]; !ok && !l.LaxMeta {
			// 2026-07-28/basic/index.mdx#_meta: a request missing a
			// required field is malformed and gets -32602.
			s.Fail(m.ID, -32602, "missing _meta field io.modelcontextprotocol/clientCapabilities")
			continue
		}
		if l.Extra != nil && l.Extra(s, m) {
			continue
		}
		meta := ServerInfo(l.Name)
		switch m.Method {
		case "server/discover":
			caps := l.Capabilities
			if caps == nil {
				caps = map[string]any{"tools": map[string]any{}}
			}
			s.Reply(m.ID, map[string]any{
				"resultType":        "complete",
				"ttlMs":             0,
				"cacheScope":        "public",
				"supportedVersions": []string{ModernVersion},
				"capabilities":      caps,
				"_meta":             meta,
			})
		case "tools/list":
			s.Reply(m.ID, map[string]any{"resultType": "complete", "ttlMs": 60000, "cacheScope": "public", "tools": l.Tools, "_meta": meta})
		case "tools/call":
			s.Fail(m.ID, -32602, "unknown tool")
		default:
			s.Fail(m.ID, -32601, "Method not found: "+m.Method)
		}
	}
}

// ServerInfo is the result _meta by which a modern server names itself.
func ServerInfo(name string) map[string]any {
	return map[string]any{"io.modelcontextprotocol/serverInfo": map[string]any{"name": name, "version": "1.0.0"}}
}
