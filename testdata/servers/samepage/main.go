// Command samepage ignores the cursor of tools/list: every page is the
// first one again, with nextCursor "next", so a client that follows it
// reads the same tools over and over. SAMEPAGE_ERA=modern serves it as a
// 2026-07-28 server; anything else as a legacy one.
package main

import (
	"os"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

func main() {
	tools := []map[string]any{
		rawmcp.Tool("search", "Search the catalogue for items whose title matches the query."),
		rawmcp.Tool("fetch_item", "Fetch one item of the catalogue by its id."),
	}
	if os.Getenv("SAMEPAGE_ERA") == "modern" {
		rawmcp.Modern{Name: "samepage", Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			if m.Method != "tools/list" {
				return false
			}
			s.Reply(m.ID, map[string]any{"resultType": "complete", "ttlMs": 0, "cacheScope": "public", "tools": tools, "nextCursor": "next"})
			return true
		}}.Serve(rawmcp.New())
		return
	}
	rawmcp.Legacy{Name: "samepage", Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
		if m.Method != "tools/list" {
			return false
		}
		s.Reply(m.ID, map[string]any{"tools": tools, "nextCursor": "next"})
		return true
	}}.Serve(rawmcp.New())
}
