package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// initResultShape reports a handshake answer that is an error or is not an
// object with a "capabilities" object (and, for server/discover, a
// "supportedVersions" list). protocolVersion and serverInfo have rules of
// their own.
type initResultShape struct{}

func (initResultShape) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "init-result-shape", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The initialize (or server/discover) result is an object with the capabilities the spec requires",
		Doc:     doc("init-result-shape"),
		Source:  "2025-11-25/basic/lifecycle.mdx#initialization",
		Uses:    []string{parsedSession.Name},
	}
}

func (initResultShape) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	h := openingAnswer(s, ss)
	if h == nil {
		return nil
	}
	method := "initialize"
	if h.Modern {
		method = "server/discover"
	}
	fail := func(problem, fix string) {
		at(report, h.Resp.Index, fmt.Sprintf("%s answer %s: %s", method, problem, wire.Quote(h.Resp.Bytes, 160)), fix)
	}
	switch {
	case h.Resp.HasError():
		if h.Modern {
			return nil // discover-missing judges a failed server/discover
		}
		fail("is an error", "answer initialize with a result, choosing a protocol version you support if you do not support the one asked for")
		return nil
	case h.Obj == nil:
		fail("is not an object", `answer with an object: {"protocolVersion": …, "capabilities": {…}, "serverInfo": {…}}`)
		return nil
	}
	var caps map[string]json.RawMessage
	if raw, ok := h.Obj["capabilities"]; !ok || json.Unmarshal(raw, &caps) != nil || caps == nil {
		fail(`has no "capabilities" object`, `add "capabilities": {"tools": {}} listing what the server offers ({} when nothing)`)
	}
	if h.Modern {
		var versions []string
		if raw, ok := h.Obj["supportedVersions"]; ok && (json.Unmarshal(raw, &versions) != nil) {
			fail(`has a "supportedVersions" that is not a list of strings`, `send "supportedVersions": ["2026-07-28"]`)
		}
	}
	return nil
}
