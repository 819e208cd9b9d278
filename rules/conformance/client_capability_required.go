package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// clientCapabilityRequired reports, in a 2026-07-28 session, a server that
// relies on a client capability the request did not declare: an
// InputRequiredResult asking for elicitation, sampling or roots the
// request's clientCapabilities lack, and a MissingRequiredClientCapability
// error (-32021) that does not say what is missing in
// data.requiredCapabilities or, on HTTP, comes without 400 Bad Request.
type clientCapabilityRequired struct{}

func (clientCapabilityRequired) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "client-capability-required", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A request that needs a client capability not declared gets -32021 with data.requiredCapabilities, never an input request for it",
		Doc:     doc("client-capability-required"),
		Source:  "2026-07-28/basic/index.mdx#_meta",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

// inputRequestCapability is the client capability each kind of input
// request needs (2026-07-28/basic/patterns/mrtr.mdx).
var inputRequestCapability = map[string]string{
	"elicitation/create":     "elicitation",
	"sampling/createMessage": "sampling",
	"roots/list":             "roots",
}

func (clientCapabilityRequired) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	const fix = `when serving a request needs a client capability its io.modelcontextprotocol/clientCapabilities lack, answer {"code": -32021, "message": "Missing required client capability", "data": {"requiredCapabilities": {"<capability>": {}}}} (on HTTP with 400 Bad Request) instead of asking for it`
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Kind != wire.Request || m.Pair == nil {
			continue
		}
		if errorCode(m.Pair) == "-32021" {
			var e struct {
				Data struct {
					Required json.RawMessage `json:"requiredCapabilities"`
				} `json:"data"`
			}
			json.Unmarshal(m.Pair.Obj["error"], &e)
			if !listsSomething(e.Data.Required) {
				at(report, m.Pair.Index, fmt.Sprintf("%s was refused with -32021 (MissingRequiredClientCapability) without data.requiredCapabilities naming what is missing: %s",
					m.Method, wire.Quote(m.Pair.Bytes, 160)), fix)
			}
			if st, ok := answerStatus(ss, m); ok && st != 400 {
				at(report, m.Pair.Index, fmt.Sprintf("%s was refused with -32021 (MissingRequiredClientCapability) and HTTP status %d instead of 400 Bad Request", m.Method, st), fix)
			}
			continue
		}
		var res struct {
			ResultType    string `json:"resultType"`
			InputRequests map[string]struct {
				Method string `json:"method"`
			} `json:"inputRequests"`
		}
		if !m.Pair.Result(&res) || res.ResultType != "input_required" || inputRequiredMisplaced(m) {
			continue // input-required-unsupported owns one on a request that cannot have it
		}
		var declared map[string]json.RawMessage
		json.Unmarshal(requestMeta(m)[metaClientCapabilities], &declared)
		for _, key := range slices.Sorted(maps.Keys(res.InputRequests)) {
			method := res.InputRequests[key].Method
			capability, known := inputRequestCapability[method]
			if _, ok := declared[capability]; !known || ok {
				continue
			}
			at(report, m.Pair.Index, fmt.Sprintf("%s was answered with an InputRequiredResult asking for %s (input request %q), but the request's clientCapabilities do not declare %q",
				m.Method, method, key, capability), fix)
			break
		}
	}
	return nil
}

// listsSomething reports whether raw is a non-empty object or array.
func listsSomething(raw json.RawMessage) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch v := v.(type) {
	case map[string]any:
		return len(v) > 0
	case []any:
		return len(v) > 0
	}
	return false
}
