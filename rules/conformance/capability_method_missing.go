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
// a server supports, so there it is a warning. The other methods of a
// declared capability (prompts/get, resources/read, completion/complete,
// logging/setLevel, resources/subscribe and unsubscribe, which the
// feature probes send) are a warning in every revision: no text makes
// serving them a MUST of the declaration.
type capabilityMethodMissing struct{}

func (capabilityMethodMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "capability-method-missing", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "A server that declares a capability serves its methods rather than answering -32601",
		Doc:     doc("capability-method-missing"),
		Source:  "2026-07-28/server/tools.mdx#listing-tools",
		Uses:    []string{parsedSession.Name},
	}
}

// capabilityLists are the list methods of the capabilities that have one.
var capabilityLists = map[string]string{"tools/list": "tools", "prompts/list": "prompts", "resources/list": "resources"}

// capabilityMethods are the other methods a declared capability offers,
// each with the capability (and, for subscriptions, its flag) that
// offers it.
var capabilityMethods = map[string][2]string{
	"prompts/get": {"prompts", ""}, "resources/read": {"resources", ""}, "resources/templates/list": {"resources", ""},
	"completion/complete": {"completions", ""}, "logging/setLevel": {"logging", ""},
	"resources/subscribe": {"resources", "subscribe"}, "resources/unsubscribe": {"resources", "subscribe"},
}

// declaredFor reports whether s declares what method needs, and names
// the declaration; list says the method is its capability's list.
func declaredFor(s *sdk.Snapshot, method string) (what string, list, ok bool) {
	if capability, isList := capabilityLists[method]; isList {
		_, declared := s.Capabilities[capability]
		return fmt.Sprintf("the %q capability", capability), true, declared
	}
	need, known := capabilityMethods[method]
	if !known {
		return "", false, false
	}
	c, declared := s.Capabilities[need[0]]
	if need[1] == "" {
		return fmt.Sprintf("the %q capability", need[0]), false, declared
	}
	flags, _ := c.(map[string]any)
	return fmt.Sprintf("%s.%s", need[0], need[1]), false, flags[need[1]] == true
}

func (capabilityMethodMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	seen := map[string]bool{}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Pair == nil || seen[m.Method] || errorCode(m.Pair) != "-32601" {
			continue
		}
		what, list, declared := declaredFor(s, m.Method)
		if !declared {
			continue
		}
		seen[m.Method] = true
		is := sdk.Issue{Tool: sdk.OwnerServer, Pointer: wire.RecordPointer(m.Pair.Index),
			Message: fmt.Sprintf("the server declares %s but answered %s with -32601 (Method not found): %s", what, m.Method, wire.Quote(m.Pair.Bytes, 160)),
			Fix:     fmt.Sprintf("serve %s, or stop declaring %s", m.Method, what)}
		if list {
			is.Fix = fmt.Sprintf("serve %s (an empty list is a valid answer), or stop declaring %s", m.Method, what)
		}
		if s.Era != sdk.EraModern || !list {
			is.Severity = sdk.Warning
		}
		report(is)
	}
	return nil
}
