package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// toolListVaries compares the tool lists other sessions with the same
// server saw (Snapshot.Relisted, from the fresh-process probes) with the
// main session's. The second session declares roots where the main one
// declares nothing, so a tool only it lists is capability-gated
// (capability-gated-tools), not a variation; a tool it lacks, or lists
// with another definition, is one. The client-identity session declares
// what the second one declared and only names itself differently, so any
// difference between those two is a variation. The main session's own
// listing after the --exercise calls (probe AfterExercise) must not
// differ from its first either: the list must not change as a side effect
// of other requests.
//
// Each list compared is confirmed: the probe sessions list again once the
// server is quiet (the second session not when its list holds the main
// session's, which was final at its first listing: nothing then needs
// confirming) and a list that kept changing is left out, and the main
// session does the same for a server that announces list changes
// (probe.SettleTools), so a list that grew after list_changed is the
// server's list, not a variation. The MUST this enforces is new in
// 2026-07-28; in a handshake-era session a variation is allowed, so it is
// a warning that says what the next revision requires.
type toolListVaries struct{}

func (toolListVaries) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "tool-list-varies", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Every session, whatever the client calls itself, is shown the same tools",
		Doc:     doc("tool-list-varies"),
		Source:  "2026-07-28/server/tools.mdx#listing-tools",
	}
}

func (toolListVaries) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	severity, era := sdk.Error, ""
	if s.Era == sdk.EraLegacy {
		severity = sdk.Warning
		era = fmt.Sprintf(" (allowed in %s, which this server speaks; 2026-07-28 requires that the list \"MUST NOT vary per-connection\")", versionOf(s))
	}
	var second *sdk.Listing
	for i := range s.Relisted {
		if s.Relisted[i].Probe == "second-session" {
			second = &s.Relisted[i]
		}
	}
	for i := range s.Relisted {
		l := &s.Relisted[i]
		switch l.Probe {
		case "second-session":
			gone, changed, _ := compareTools(s.Tools, l.Tools)
			if len(gone)+len(changed) == 0 {
				continue
			}
			report(sdk.Issue{Tool: sdk.OwnerServer, Pointer: l.Pointer, Severity: severity,
				Message: "a second session with the same client saw another tool list: " + describeDiff(gone, nil, changed) + era,
				Fix:     "serve every connection the same tools: build the list from the server's configuration, not from per-connection state, timing or the order of requests"})
		case "after-exercise":
			gone, changed, added := compareTools(s.Tools, l.Tools)
			if len(gone)+len(changed)+len(added) == 0 {
				continue
			}
			why := ""
			if s.Era == sdk.EraLegacy {
				why = fmt.Sprintf(" (allowed in %s, which this server speaks; 2026-07-28 requires that the list \"MUST NOT vary [...] as a side effect of other requests on the connection\")", versionOf(s))
			}
			report(sdk.Issue{Tool: sdk.OwnerServer, Pointer: l.Pointer, Severity: severity,
				Message: "after the --exercise tool calls, the same session listed other tools (confirmed by a second listing): " + describeDiff(gone, added, changed) + why,
				Fix:     "keep the tool list independent of the requests a connection made: what a call changes must not add, remove or redefine tools"})
		case "client-identity":
			if second == nil {
				continue
			}
			gone, changed, added := compareTools(second.Tools, l.Tools)
			if len(gone)+len(changed)+len(added) == 0 {
				continue
			}
			report(sdk.Issue{Tool: sdk.OwnerServer, Pointer: l.Pointer, Severity: severity,
				Message: fmt.Sprintf("a client that named itself %s saw another tool list than one named %s: %s%s", strconv.Quote(l.Client), strconv.Quote(second.Client), describeDiff(gone, added, changed), era),
				Fix:     "show every client the same tools: a list chosen by clientInfo lets a server pass review under one name and act differently under another"})
		}
	}
	return nil
}

// versionOf is the protocol version s speaks, for a message.
func versionOf(s *sdk.Snapshot) string {
	if s.ProtocolVersion != "" {
		return s.ProtocolVersion
	}
	return "the handshake era"
}

// compareTools lists the tools of base that other lacks, those both list
// with different definitions, and those only other lists, by name in
// base's order (then other's).
func compareTools(base, other []sdk.Tool) (gone, changed, added []string) {
	defs := map[string]string{}
	for _, t := range other {
		defs[t.Name] = canonical(t)
	}
	seen := map[string]bool{}
	for _, t := range base {
		seen[t.Name] = true
		d, ok := defs[t.Name]
		switch {
		case !ok:
			gone = append(gone, t.Name)
		case d != canonical(t):
			changed = append(changed, t.Name)
		}
	}
	for _, t := range other {
		if !seen[t.Name] {
			added = append(added, t.Name)
			seen[t.Name] = true
		}
	}
	return gone, changed, added
}

// canonical is a tool's definition as JSON with sorted keys.
func canonical(t sdk.Tool) string {
	b, _ := json.Marshal(t)
	var v any
	json.Unmarshal(b, &v)
	b, _ = json.Marshal(v)
	return string(b)
}

func describeDiff(gone, added, changed []string) string {
	var parts []string
	if len(gone) > 0 {
		parts = append(parts, "without "+quoteNames(gone))
	}
	if len(added) > 0 {
		parts = append(parts, "with "+quoteNames(added)+" as well")
	}
	if len(changed) > 0 {
		parts = append(parts, "with other definitions of "+quoteNames(changed))
	}
	return strings.Join(parts, ", ")
}

func quoteNames(names []string) string {
	const most = 5
	q := make([]string, 0, most)
	for i, n := range names {
		if i == most {
			q = append(q, fmt.Sprintf("and %d more", len(names)-most))
			break
		}
		q = append(q, strconv.Quote(n))
	}
	return strings.Join(q, ", ")
}

// capabilityGatedTools reports, as information, the tools a server lists
// only for a client that declares a capability: mcplint's main session
// declares none, its second session declares roots. Such a tool is not
// missing (dangling-tool-reference knows it), but a reviewer should know
// that what is linted depends on the client.
type capabilityGatedTools struct{}

func (capabilityGatedTools) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "capability-gated-tools", Category: sdk.CategoryConformance, Severity: sdk.Info, Default: true,
		Summary: "Tools that only clients declaring a capability are shown",
		Doc:     doc("capability-gated-tools"),
		Source:  "2025-11-25/basic/lifecycle.mdx#capability-negotiation",
	}
}

func (capabilityGatedTools) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for _, l := range s.Relisted {
		if l.Probe != "second-session" || len(l.Capabilities) == 0 {
			continue
		}
		_, _, added := compareTools(s.Tools, l.Tools)
		if len(added) == 0 {
			continue
		}
		report(sdk.Issue{Tool: sdk.OwnerServer, Pointer: l.Pointer,
			Message: fmt.Sprintf("%s: listed only for a client that declares %s; a client that declares nothing is not shown them, and only the main session's tools are linted",
				quoteNames(added), strings.Join(l.Capabilities, ", ")),
			Fix: "nothing to fix if intended; say in the tool descriptions or instructions which client capability a tool needs"})
	}
	return nil
}
