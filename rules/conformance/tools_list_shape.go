package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// toolsListShape reports tools/list answers that clients cannot read: a
// JSON-RPC error instead of a result, no "tools" array, tools that are not
// objects or lack a string name or an object inputSchema (each of them:
// the session lists none of them, so none may go unreported), a nextCursor
// that is not a string.
type toolsListShape struct{}

func (toolsListShape) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "tools-list-shape", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "tools/list answers have a tools array of objects with a name and an inputSchema",
		Doc:     doc("tools-list-shape"),
		Source:  "2025-11-25/server/tools.mdx#listing-tools",
		Uses:    []string{parsedSession.Name},
	}
}

func (toolsListShape) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Method != "tools/list" || m.Pair == nil {
			continue
		}
		if m.Pair.HasError() {
			// The client gets no tools at all, and no way to tell an empty
			// server from a broken one but this error.
			at(report, m.Pair.Index, "tools/list was answered with an error, so no client can list the tools: "+wire.Quote(m.Pair.Bytes, 200),
				"serve tools/list once the session is initialized; a tool that cannot work now is still listed, and fails with isError when called")
			continue
		}
		for _, problem := range toolsListProblems(m.Pair) {
			at(report, m.Pair.Index, "tools/list answer "+problem, `answer {"tools": [{"name": "…", "description": "…", "inputSchema": {"type": "object"}}, …]} with "nextCursor" only when there is another page`)
		}
	}
	return nil
}

// toolsListProblems says what is wrong with a tools/list result: the
// result as a whole, or each tool that is wrong and the nextCursor.
func toolsListProblems(resp *wire.Msg) []string {
	var res map[string]json.RawMessage
	if !resp.Result(&res) || res == nil {
		return []string{"is not an object"}
	}
	raw, ok := res["tools"]
	if !ok {
		return []string{`has no "tools" member`}
	}
	var tools []json.RawMessage
	if json.Unmarshal(raw, &tools) != nil {
		return []string{`has a "tools" member that is not an array`}
	}
	var out []string
	for i, t := range tools {
		var tool map[string]json.RawMessage
		if json.Unmarshal(t, &tool) != nil || tool == nil {
			out = append(out, fmt.Sprintf("has tools[%d] that is not an object: %s", i, wire.Quote(t, 60)))
			continue
		}
		var name string
		if json.Unmarshal(tool["name"], &name) != nil || name == "" {
			out = append(out, fmt.Sprintf("has tools[%d] without a string name", i))
			continue
		}
		var schema map[string]json.RawMessage
		if json.Unmarshal(tool["inputSchema"], &schema) != nil || schema == nil {
			out = append(out, fmt.Sprintf("has tool %q without an inputSchema object", name))
		}
	}
	if c, ok := res["nextCursor"]; ok && string(c) != "null" {
		var cursor string
		if json.Unmarshal(c, &cursor) != nil {
			out = append(out, fmt.Sprintf("has a nextCursor that is not a string: %s", c))
		}
	}
	return out
}
