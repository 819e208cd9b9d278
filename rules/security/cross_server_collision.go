package security

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// crossServerCollision reports tools that another server of the same
// client config also exposes, and text that names another server's tools.
type crossServerCollision struct{}

// Meta describes the rule.
func (crossServerCollision) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "cross-server-collision",
		Category: sdk.CategorySecurity,
		Severity: sdk.Warning,
		Summary:  "a tool name another server of the same config also uses, or text that names another server's tools",
		Doc:      doc("cross-server-collision"),
		Source:   "https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks (Invariant Labs, tool shadowing); 2025-11-25/server/tools.mdx#tool-names",
		Default:  true,
		OWASP:    "MCP03:2025 Tool Poisoning",
		CWE:      "CWE-694",
		Uses:     []string{visible.Listing.Name},
	}
}

// Check compares s with its peers.
func (crossServerCollision) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	if len(s.Peers) == 0 {
		return nil
	}
	own := map[string]bool{}
	for _, t := range s.Tools {
		own[t.Name] = true
	}
	owners := map[string][]string{} // peer tool name -> peer servers
	for _, p := range s.Peers {
		if p == nil || p == s {
			continue
		}
		for _, t := range p.Tools {
			if t.Name == "" {
				continue
			}
			if list := owners[t.Name]; len(list) == 0 || list[len(list)-1] != p.Name {
				owners[t.Name] = append(list, p.Name)
			}
		}
	}
	reported := map[string]bool{}
	for i, t := range s.Tools {
		servers := owners[t.Name]
		if len(servers) == 0 || reported[t.Name] {
			continue
		}
		reported[t.Name] = true
		report(sdk.Issue{
			Tool:    t.Name,
			Pointer: sdk.ToolPointer(i, "name"),
			Message: fmt.Sprintf("tool %s is also exposed by %s in the same client config; which one the model calls depends on the client", strconv.Quote(t.Name), serverList(servers)),
			Fix:     "give the tool a name specific to this server (for example with a server prefix), or configure only one of the servers",
		})
	}
	visible.Texts(ctx, s, func(t visible.Text) {
		if t.Kind == visible.KindName || t.Kind == visible.KindParamName || t.Kind == visible.KindResourceURI {
			return
		}
		var named []string
		seen := map[string]bool{}
		forEachName(t.Value, func(name string, start, end int) {
			servers := owners[name]
			if len(servers) == 0 || own[name] || seen[name] || !distinctive(t.Value, name, start, end) {
				return
			}
			seen[name] = true
			named = append(named, fmt.Sprintf("%s (%s)", strconv.Quote(name), serverList(servers)))
		})
		if len(named) == 0 {
			return
		}
		report(sdk.Issue{
			Tool:    t.Owner(),
			Pointer: t.Pointer(),
			Message: fmt.Sprintf("%s names tools of other servers: %s; text that steers how another server's tool is used is tool shadowing", kindName(t.Kind.String()), strings.Join(named, ", ")),
			Fix:     "describe only this server's own tools; another server's tools are that server's business",
		})
	})
	return nil
}

func serverList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "server " + strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

func isNameByte(c byte) bool {
	return isWordByte(c) || c == '_' || c == '-' || c == '.'
}

// forEachName calls f with every run of tool-name characters in s, without
// a trailing dot or hyphen (the end of a sentence).
func forEachName(s string, f func(name string, start, end int)) {
	for i := 0; i < len(s); {
		if !isNameByte(s[i]) {
			i++
			continue
		}
		start := i
		for i < len(s) && isNameByte(s[i]) {
			i++
		}
		end := i
		for end > start && (s[end-1] == '.' || s[end-1] == '-') {
			end--
		}
		if end > start {
			f(s[start:end], start, end)
		}
	}
}

// distinctive reports whether a name found in text reads as a tool name
// rather than a word: it has a separator or an inner capital, or it is
// quoted and followed by "tool".
func distinctive(text, name string, start, end int) bool {
	if strings.ContainsAny(name, "_-.") {
		return true
	}
	for i := 1; i < len(name); i++ {
		if name[i] >= 'A' && name[i] <= 'Z' && name[i-1] >= 'a' && name[i-1] <= 'z' {
			return true
		}
	}
	if start == 0 || end >= len(text) || !strings.ContainsRune("`'\"", rune(text[start-1])) || text[end] != text[start-1] {
		return false
	}
	rest := strings.TrimLeft(text[end+1:], " ")
	return len(rest) >= 4 && strings.EqualFold(rest[:4], "tool")
}
