// Command idoff answers every request with the right result under the
// wrong id: the request's id plus 1000, so no answer matches a request.
// IDOFF_ERA=modern makes it a 2026-07-28 server; anything else a legacy one.
package main

import (
	"encoding/json"
	"os"
	"strconv"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	s := rawmcp.New()
	modern := os.Getenv("IDOFF_ERA") == "modern"
	for {
		m, ok := s.Next()
		if !ok {
			return
		}
		if m.Method == "" || len(m.ID) == 0 {
			continue
		}
		n, err := strconv.Atoi(string(m.ID))
		if err != nil {
			continue
		}
		id := json.RawMessage(strconv.Itoa(n + 1000))
		switch {
		case modern && m.Method == "server/discover":
			s.Reply(id, map[string]any{"resultType": "complete", "supportedVersions": []string{rawmcp.ModernVersion},
				"capabilities": map[string]any{"tools": map[string]any{}}, "ttlMs": 0, "cacheScope": "public"})
		case !modern && m.Method == "initialize":
			s.Reply(id, map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "idoff", "version": "1.0.0"}})
		default:
			s.Fail(id, -32601, "Method not found")
		}
	}
}
