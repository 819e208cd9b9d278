// Command slowstart reads nothing until SLOWSTART_DELAY (a Go duration)
// has passed, as a server that takes seconds to start does, then serves
// the era SLOWSTART_ERA names:
//
//   - legacy: a 2025-11-25 server that refuses server/discover;
//   - modern: a 2026-07-28 server that refuses initialize;
//   - dual: both, the way published dual-era servers do it: server/discover
//     is served until initialize arrives, and after it the process is a
//     legacy session that refuses server/discover as an unknown method.
//
// Requests sent while it "starts" wait in the pipe and are read in order.
package main

import (
	"encoding/json"
	"os"
	"time"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	delay, err := time.ParseDuration(os.Getenv("SLOWSTART_DELAY"))
	if err != nil {
		rawmcp.Logf("slowstart: SLOWSTART_DELAY %q: %v", os.Getenv("SLOWSTART_DELAY"), err)
		os.Exit(2)
	}
	time.Sleep(delay)
	tools := []map[string]any{rawmcp.Tool("wait", "Report how long the server took to start, in seconds.")}
	s := rawmcp.New()
	switch era := os.Getenv("SLOWSTART_ERA"); era {
	case "legacy":
		rawmcp.Legacy{Name: "slowstart-legacy", Tools: tools}.Serve(s)
	case "modern":
		rawmcp.Modern{Name: "slowstart-modern", Tools: tools}.Serve(s)
	case "dual":
		dual(s, tools)
	default:
		rawmcp.Logf("slowstart: SLOWSTART_ERA %q: want legacy, modern or dual", era)
		os.Exit(2)
	}
}

// dual serves modern requests until initialize selects the legacy era for
// the rest of the process.
func dual(s *rawmcp.Server, tools []map[string]any) {
	legacy := false
	for {
		m, ok := s.Next()
		if !ok {
			return
		}
		if m.Method == "" || len(m.ID) == 0 {
			continue
		}
		if m.Method == "initialize" {
			legacy = true
			s.Reply(m.ID, map[string]any{
				"protocolVersion": "2025-11-25",
				"capabilities":    map[string]any{"tools": map[string]any{}},
				"serverInfo":      map[string]any{"name": "slowstart-dual", "version": "1.0.0"},
			})
			continue
		}
		if legacy {
			switch m.Method {
			case "tools/list":
				s.Reply(m.ID, map[string]any{"tools": tools})
			case "ping":
				s.Reply(m.ID, map[string]any{})
			default:
				s.Fail(m.ID, -32601, "Method not found")
			}
			continue
		}
		var p struct {
			Meta map[string]any `json:"_meta"`
		}
		json.Unmarshal(m.Params, &p)
		if v, _ := p.Meta["io.modelcontextprotocol/protocolVersion"].(string); v != rawmcp.ModernVersion {
			s.Send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{
				"code": -32022, "message": "Unsupported protocol version",
				"data": map[string]any{"supported": []string{rawmcp.ModernVersion, "2025-11-25"}, "requested": v},
			}})
			continue
		}
		if _, ok := p.Meta["io.modelcontextprotocol/clientCapabilities"]; !ok {
			s.Fail(m.ID, -32602, "missing _meta field io.modelcontextprotocol/clientCapabilities")
			continue
		}
		meta := map[string]any{"io.modelcontextprotocol/serverInfo": map[string]any{"name": "slowstart-dual", "version": "1.0.0"}}
		switch m.Method {
		case "server/discover":
			s.Reply(m.ID, map[string]any{"resultType": "complete", "supportedVersions": []string{rawmcp.ModernVersion, "2025-11-25"},
				"capabilities": map[string]any{"tools": map[string]any{}}, "ttlMs": 0, "cacheScope": "public", "_meta": meta})
		case "tools/list":
			s.Reply(m.ID, map[string]any{"resultType": "complete", "tools": tools, "ttlMs": 0, "cacheScope": "public", "_meta": meta})
		case "tools/call":
			s.Fail(m.ID, -32602, "unknown tool")
		default:
			s.Fail(m.ID, -32601, "Method not found: "+m.Method)
		}
	}
}
