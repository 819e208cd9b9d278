package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// serverInfoMissing reports a handshake answer without the server's name
// and version: serverInfo in the initialize result (required), or the
// io.modelcontextprotocol/serverInfo _meta key of server/discover (SHOULD,
// so a warning there).
type serverInfoMissing struct{}

func (serverInfoMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "server-info-missing", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server names itself and its version in the handshake",
		Doc:     doc("server-info-missing"),
		Source:  "2025-11-25/basic/lifecycle.mdx#initialization",
		Uses:    []string{parsedSession.Name},
	}
}

func (serverInfoMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	h := openingAnswer(s, ss)
	if h == nil || h.Obj == nil {
		return nil
	}
	raw, where, sev := h.Obj["serverInfo"], "initialize result's serverInfo", sdk.Severity(0)
	if h.Modern {
		var meta map[string]json.RawMessage
		json.Unmarshal(h.Obj["_meta"], &meta)
		raw, where, sev = meta[metaServerInfo], "server/discover result's _meta[\""+metaServerInfo+"\"]", sdk.Warning
	}
	var info struct {
		Name    *string `json:"name"`
		Version *string `json:"version"`
	}
	problem := ""
	switch {
	case raw == nil:
		problem = "is missing"
	case json.Unmarshal(raw, &info) != nil:
		problem = "is not an object with string name and version"
	case info.Name == nil || *info.Name == "":
		problem = "has no name"
	case info.Version == nil:
		problem = "has no version"
	}
	if problem == "" {
		return nil
	}
	report(sdk.Issue{
		Severity: sev, Tool: sdk.OwnerServer, Pointer: wire.RecordPointer(h.Resp.Index),
		Message: fmt.Sprintf("the %s %s", where, problem),
		Fix:     `name the server: {"name": "weather-server", "version": "1.4.0"} (an MCP SDK fills this from your server's constructor)`,
	})
	return nil
}
