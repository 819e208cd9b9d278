package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// errorShape reports error responses whose "error" is not an object with an
// integer "code" and a string "message".
type errorShape struct{}

func (errorShape) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "error-shape", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: `Error responses carry an integer "code" and a string "message"`,
		Doc:     doc("error-shape"),
		Source:  "2025-11-25/basic/index.mdx#error-responses",
		Uses:    []string{parsedSession.Name},
	}
}

func (errorShape) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, m := range fromServer(ss) {
		if m.Kind != wire.Response || !m.HasError() {
			continue
		}
		if problem := errorProblem(m.Obj["error"]); problem != "" {
			at(report, m.Index, fmt.Sprintf("error response %s: %s", problem, wire.Quote(m.Bytes, 160)),
				`answer errors as "error": {"code": <integer, e.g. -32602>, "message": "<what went wrong>"} with an optional "data"`)
		}
	}
	return nil
}

func errorProblem(raw json.RawMessage) string {
	var e map[string]json.RawMessage
	if err := json.Unmarshal(raw, &e); err != nil || e == nil {
		return "has an \"error\" that is not an object"
	}
	code, ok := e["code"]
	if !ok {
		return "has no \"code\""
	}
	if _, err := strconv.ParseInt(string(code), 10, 64); err != nil {
		return fmt.Sprintf("has \"code\": %s, which is not an integer", code)
	}
	var msg string
	if m, ok := e["message"]; !ok || json.Unmarshal(m, &msg) != nil {
		return "has no string \"message\""
	}
	return ""
}
