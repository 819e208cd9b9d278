package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// capabilityMethodMissing reports a server that declares tools, prompts
// or resources and answers that capability's list method with -32601
// (Method not found). 2026-07-28 makes answering the list a MUST of the
// declaration; earlier revisions say only that capabilities declare what
// a server supports, so there it is a warning.
type capabilityMethodMissing struct{}

func (capabilityMethodMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "capability-method-missing", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A server that declares tools, prompts or resources answers that capability's list method",
		Doc:     doc("capability-method-missing"),
		Source:  "2026-07-28/server/tools.mdx#listing-tools",
		Uses:    []string{parsedSession.Name},
	}
}

// capabilityLists are the list methods of the capabilities that have one.
var capabilityLists = map[string]string{"tools/list": "tools", "prompts/list": "prompts", "resources/list": "resources"}

func (capabilityMethodMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	seen := map[string]bool{}
	for _, m := range ss.Msgs {
		capability, ok := capabilityLists[m.Method]
		if m.Dir != sdk.DirClientToServer || !ok || m.Pair == nil || errorCode(m.Pair) != "-32601" || seen[m.Method] {
			continue
		}
		if _, declared := s.Capabilities[capability]; !declared {
			continue
		}
		seen[m.Method] = true
		is := sdk.Issue{Tool: sdk.OwnerServer, Pointer: wire.RecordPointer(m.Pair.Index),
			Message: fmt.Sprintf("the server declares the %q capability but answered %s with -32601 (Method not found): %s", capability, m.Method, wire.Quote(m.Pair.Bytes, 160)),
			Fix:     fmt.Sprintf("serve %s (an empty list is a valid answer), or stop declaring the %q capability", m.Method, capability)}
		if s.Era != sdk.EraModern {
			is.Severity = sdk.Warning
		}
		report(is)
	}
	return nil
}
