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

// deprecatedFeature tells a 2026-07-28 server which of the features that
// revision deprecates it still uses: the logging capability and log
// messages, and sampling or roots asked for through an
// InputRequiredResult. It is information: the features still work for at
// least a year, but new clients may not offer them.
type deprecatedFeature struct{}

func (deprecatedFeature) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "deprecated-feature", Category: sdk.CategoryConformance, Severity: sdk.Info, Default: true,
		Summary: "A 2026-07-28 server does not rely on what that revision deprecates (logging, sampling, roots)",
		Doc:     doc("deprecated-feature"),
		Source:  "2026-07-28/deprecated.mdx#deprecated",
		Era:     sdk.EraModern,
		Uses:    []string{parsedSession.Name},
	}
}

// deprecatedUse says what each deprecated feature is replaced by
// (2026-07-28/deprecated.mdx).
var deprecatedUse = map[string]string{
	"logging":  "log to stderr (stdio) or use OpenTelemetry for observability; stop declaring the logging capability",
	"sampling": "call an LLM provider's API directly instead of asking the client to sample",
	"roots":    "take directories or files as tool parameters, resource URIs or server configuration",
}

// inputRequestFeature is the deprecated feature an input request's method
// belongs to.
var inputRequestFeature = map[string]string{
	"sampling/createMessage": "sampling",
	"roots/list":             "roots",
}

func (deprecatedFeature) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || s.Era != sdk.EraModern {
		return nil
	}
	unrequested := map[*wire.Msg]bool{} // log-message-unrequested reports these
	for _, m := range unrequestedLogs(ss) {
		unrequested[m] = true
	}
	found := map[string]bool{}
	use := func(feature string, index int, how string) {
		if found[feature] {
			return
		}
		found[feature] = true
		at(report, index, fmt.Sprintf("the server %s: %s is deprecated as of 2026-07-28 and new implementations should not adopt it", how, feature), deprecatedUse[feature])
	}
	for _, m := range fromServer(ss) {
		switch {
		case m.Kind == wire.Notification && m.Method == "notifications/message" && !unrequested[m]:
			use("logging", m.Index, "sends log messages (notifications/message)")
		case m.Kind == wire.Response && m.Pair != nil && m.Pair.Method == "server/discover":
			var res struct {
				Capabilities map[string]json.RawMessage `json:"capabilities"`
			}
			if !m.Result(&res) {
				continue
			}
			if _, ok := res.Capabilities["logging"]; ok {
				use("logging", m.Index, `declares the "logging" capability`)
			}
		case m.Kind == wire.Response:
			var res struct {
				ResultType    string `json:"resultType"`
				InputRequests map[string]struct {
					Method string `json:"method"`
				} `json:"inputRequests"`
			}
			if !m.Result(&res) || res.ResultType != "input_required" {
				continue
			}
			for _, key := range slices.Sorted(maps.Keys(res.InputRequests)) {
				r := res.InputRequests[key]
				if f, ok := inputRequestFeature[r.Method]; ok {
					use(f, m.Index, "asks the client for "+r.Method+" in an InputRequiredResult")
				}
			}
		}
	}
	return nil
}
