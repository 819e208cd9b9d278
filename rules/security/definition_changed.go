package security

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/pin"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/sdk"
)

// definitionChanged reports tools and instructions that differ from what
// .mcplint.lock pinned.
type definitionChanged struct{}

// Meta describes the rule.
func (definitionChanged) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "definition-changed",
		Category: sdk.CategorySecurity,
		Severity: sdk.Error,
		Summary:  "a tool or the instructions changed since `mcplint lock` pinned them",
		Doc:      doc("definition-changed"),
		Source:   "https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks (Invariant Labs, rug pulls); RFC 8785",
		Default:  true,
		OWASP:    "MCP04:2025 Software Supply Chain Attacks & Dependency Tampering",
		CWE:      "CWE-345",
	}
}

const relock = "review the change (`mcplint diff` of the tool list you approved against this server names each change and how bad it is); if it is intended, run `mcplint lock` to pin the new definition"

// Check compares s with s.Lock.
func (definitionChanged) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	pinned := s.Lock
	if pinned == nil {
		if s.LockFile != "" {
			target := "the target you lint"
			if s.Input != "" {
				target += " (" + s.Input + ")"
			}
			report(sdk.Issue{Tool: sdk.OwnerServer, Severity: sdk.Warning,
				Message: fmt.Sprintf("%s has no entry for server %s, so a change to its tool definitions goes unnoticed", s.LockFile, strconv.Quote(s.Name)),
				Fix:     "pin it: run `mcplint lock` with " + target + "; entries are keyed by server name, so a server pinned under another name needs a new pin"})
		}
		return nil
	}
	cur, err := pin.Snapshot(s)
	if err != nil {
		return fmt.Errorf("definition-changed: %w", err)
	}
	switch {
	case pinned.Instructions != cur.Instructions && cur.Instructions == "":
		report(sdk.Issue{Tool: sdk.OwnerInstructions, Pointer: "/instructions",
			Message: "the server no longer sends the instructions that were pinned", Fix: relock})
	case pinned.Instructions != cur.Instructions && pinned.Instructions == "":
		report(sdk.Issue{Tool: sdk.OwnerInstructions, Pointer: "/instructions",
			Message: "the server now sends instructions, and none were pinned: " + strconv.Quote(snip.Runes(s.Instructions, 120)), Fix: relock})
	case pinned.Instructions != cur.Instructions:
		report(sdk.Issue{Tool: sdk.OwnerInstructions, Pointer: "/instructions",
			Message: "the instructions changed since they were pinned; they now read: " + strconv.Quote(snip.Runes(s.Instructions, 120)), Fix: relock})
	}
	seen := map[string]bool{}
	for i, t := range s.Tools {
		if seen[t.Name] {
			continue
		}
		seen[t.Name] = true
		old, ok := pinned.Tools[t.Name]
		if !ok {
			report(sdk.Issue{Tool: t.Name, Pointer: sdk.ToolPointer(i), Severity: sdk.Warning,
				Message: fmt.Sprintf("tool %s is new since the definitions were pinned", strconv.Quote(t.Name)), Fix: relock})
			continue
		}
		now := cur.Tools[t.Name]
		if old.SHA256 == now.SHA256 {
			continue
		}
		added, removed, changed := pin.ChangedParts(old, now)
		report(sdk.Issue{Tool: t.Name, Pointer: sdk.ToolPointer(i) + firstPart(changed, added),
			Message: fmt.Sprintf("tool %s changed since it was pinned: %s", strconv.Quote(t.Name), describeParts(added, removed, changed)), Fix: relock})
	}
	var gone []string
	for name := range pinned.Tools {
		if !seen[name] {
			gone = append(gone, name)
		}
	}
	sort.Strings(gone)
	for _, name := range gone {
		report(sdk.Issue{Tool: name, Pointer: "/tools", Severity: sdk.Info,
			Message: fmt.Sprintf("tool %s was pinned but the server no longer exposes it", strconv.Quote(name)), Fix: relock})
	}
	return nil
}

// innermost drops a pointer when a deeper one under it is listed: a
// changed property also changes its schema, and the property says more.
func innermost(ps []string) []string {
	var out []string
	for _, p := range ps {
		deeper := false
		for _, q := range ps {
			if len(q) > len(p) && strings.HasPrefix(q, p+"/") {
				deeper = true
				break
			}
		}
		if !deeper {
			out = append(out, p)
		}
	}
	return out
}

func describeParts(added, removed, changed []string) string {
	var parts []string
	if c := innermost(changed); len(c) > 0 {
		parts = append(parts, "changed "+strings.Join(c, ", "))
	}
	if len(added) > 0 {
		parts = append(parts, "added "+strings.Join(added, ", "))
	}
	if len(removed) > 0 {
		parts = append(parts, "removed "+strings.Join(removed, ", "))
	}
	if len(parts) == 0 {
		return "its definition differs"
	}
	return strings.Join(parts, "; ")
}

func firstPart(changed, added []string) string {
	if c := innermost(changed); len(c) > 0 {
		return c[0]
	}
	if len(added) > 0 {
		return added[0]
	}
	return ""
}
