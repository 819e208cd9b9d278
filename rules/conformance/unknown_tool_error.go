package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

// unknownToolError reports a tools/call of a tool the server does not list
// that came back as a success: calling a tool that does not exist must
// fail, as a protocol error or as a result with isError true.
type unknownToolError struct{}

func (unknownToolError) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "unknown-tool-error", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Calling a tool that does not exist fails",
		Doc:     doc("unknown-tool-error"),
		Source:  "2025-11-25/server/tools.mdx#error-handling",
		Uses:    []string{parsedSession.Name},
	}
}

func (unknownToolError) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	known := map[string]bool{}
	for _, t := range s.Tools {
		known[t.Name] = true
	}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Method != "tools/call" || m.Pair == nil || m.Pair.HasError() {
			continue
		}
		var p struct {
			Name string `json:"name"`
		}
		if !m.Params(&p) || known[p.Name] {
			continue
		}
		var res struct {
			IsError bool `json:"isError"`
		}
		if raw, ok := m.Pair.Obj["result"]; ok && json.Unmarshal(raw, &res) == nil && res.IsError {
			continue
		}
		at(report, m.Pair.Index, fmt.Sprintf("calling the tool %q, which the server does not list, succeeded", p.Name),
			`fail calls to unknown tools: a JSON-RPC error (-32602, "unknown tool") or a result with "isError": true`)
	}
	return nil
}
