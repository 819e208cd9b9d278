package security

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/capability"
	"github.com/mcplint/mcplint/sdk"
)

// A finding names, for each role, the first toxicFlowShown tools of each
// of the first toxicFlowServers servers, and counts the others.
const (
	toxicFlowShown   = 3
	toxicFlowServers = 5
)

type toxicFlowSettings struct {
	// TrustedTools play no part in a flow: "TOOL" on any server,
	// "SERVER/TOOL" on one.
	TrustedTools []string `json:"trusted-tools"`
	// TrustedServers are servers none of whose tools play a part.
	TrustedServers []string `json:"trusted-servers"`
}

// toxicFlow reports the servers loaded together (a client config, or
// one server alone) whose tools can read private data, take in content
// others write and send data out: the lethal trifecta.
type toxicFlow struct {
	settings toxicFlowSettings
}

// Meta describes the rule.
func (*toxicFlow) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "toxic-flow",
		Category: sdk.CategorySecurity,
		Severity: sdk.Warning,
		Summary:  "tools loaded together can read private data, take in untrusted content and send data out (the lethal trifecta)",
		Doc:      doc("toxic-flow"),
		Source: "https://simonwillison.net/2025/Jun/16/the-lethal-trifecta/ (the lethal trifecta); " +
			"https://invariantlabs.ai/blog/mcp-github-vulnerability (GitHub MCP private repository leak); " +
			"https://invariantlabs.ai/blog/whatsapp-mcp-exploited (WhatsApp MCP message history exfiltration)",
		Default: true,
		OWASP:   "MCP10:2025 Context Injection & Over-Sharing",
		CWE:     "CWE-201",
		Uses:    []string{capability.Labelled.Name},
	}
}

// Configure reads the tools and servers the user trusts.
func (r *toxicFlow) Configure(decode func(any) error) error {
	var s toxicFlowSettings
	if err := decode(&s); err != nil {
		return fmt.Errorf("toxic-flow settings: %w", err)
	}
	for _, list := range [][]string{s.TrustedTools, s.TrustedServers} {
		for _, v := range list {
			if strings.TrimSpace(v) == "" {
				return fmt.Errorf("toxic-flow: an empty name in trusted-tools or trusted-servers; remove it")
			}
		}
	}
	r.settings = s
	return nil
}

// flowTool is a tool playing a part in a flow.
type flowTool struct {
	server string // "" for the server being checked
	name   string
}

// Check reports, on the server that holds the outbound sinks, one finding
// for the flows that end there: sources of private data and of untrusted
// content anywhere among the servers loaded together, sinks in this one.
// A server set with several sink servers gets one finding on each.
func (r *toxicFlow) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	var private, untrusted, sinks []flowTool
	firstSink := -1
	peerServers := map[string]bool{}
	collect := func(snap *sdk.Snapshot, own bool) {
		server := ""
		if !own {
			server = snap.Name
		}
		if r.trustedServer(snap.Name) {
			return
		}
		// A peer is not this Pass's Snapshot: its labels are made here.
		lctx := ctx
		if !own {
			lctx = context.Background()
		}
		for i, caps := range capability.Of(lctx, snap) {
			name := snap.Tools[i].Name
			if len(caps) == 0 || r.trustedTool(snap.Name, name) {
				continue
			}
			t := flowTool{server: server, name: name}
			if capability.Has(caps, capability.PrivateData) {
				private = append(private, t)
				if !own {
					peerServers[server] = true
				}
			}
			if capability.Has(caps, capability.UntrustedContent) {
				untrusted = append(untrusted, t)
				if !own {
					peerServers[server] = true
				}
			}
			if own && capability.Has(caps, capability.OutboundSink) {
				sinks = append(sinks, t)
				if firstSink < 0 {
					firstSink = i
				}
			}
		}
	}
	collect(s, true)
	if len(sinks) == 0 {
		return nil
	}
	for _, p := range s.Peers {
		if p != nil && p != s {
			collect(p, false)
		}
	}
	if len(private) == 0 || len(untrusted) == 0 {
		return nil
	}
	var others []string
	for _, p := range s.Peers {
		if p != nil && peerServers[p.Name] && !slices.Contains(others, p.Name) {
			others = append(others, p.Name)
		}
	}
	msg := fmt.Sprintf("the lethal trifecta is loaded together: private data from %s; untrusted content from %s; outbound sink %s. "+
		"Text an attacker plants in the untrusted content can make the model read the private data and send it out",
		roleList(private), roleList(untrusted), roleList(sinks))
	var fix string
	if len(others) > 0 {
		fix = fmt.Sprintf("do not load this server together with %s, or disable %s; ", serverList(others), toolNames(sinks))
	} else {
		fix = fmt.Sprintf("disable %s, or split this server's reading and sending tools into servers (or toolsets) that are not loaded together; ", toolNames(sinks))
	}
	fix += "a tool that reaches only the user's own systems can say so with openWorldHint: false, and a destination the user alone reads can be trusted in [rules.settings.toxic-flow] trusted-tools"
	report(sdk.Issue{
		Tool:    s.Tools[firstSink].Name,
		Pointer: sdk.ToolPointer(firstSink, "name"),
		Message: msg,
		Fix:     fix,
	})
	return ctx.Err()
}

func (r *toxicFlow) trustedServer(server string) bool {
	return slices.Contains(r.settings.TrustedServers, server)
}

func (r *toxicFlow) trustedTool(server, tool string) bool {
	for _, t := range r.settings.TrustedTools {
		if t == tool || t == server+"/"+tool {
			return true
		}
	}
	return false
}

// roleList names, for each server that plays a role (up to
// toxicFlowServers), its first toxicFlowShown tools, and counts the rest,
// so a large server does not hide the others.
func roleList(tools []flowTool) string {
	var parts []string
	servers := 0
	for i := 0; i < len(tools); {
		j := i
		for j < len(tools) && tools[j].server == tools[i].server {
			j++
		}
		servers++
		if servers > toxicFlowServers {
			i = j
			continue
		}
		var names []string
		for _, t := range tools[i:min(j, i+toxicFlowShown)] {
			names = append(names, strconv.Quote(t.name))
		}
		part := strings.Join(names, ", ")
		if rest := j - i - len(names); rest > 0 {
			part += fmt.Sprintf(" and %d more", rest)
		}
		if tools[i].server != "" {
			part += " (server " + strconv.Quote(tools[i].server) + ")"
		} else {
			part += " (this server)"
		}
		parts = append(parts, part)
		i = j
	}
	if servers > toxicFlowServers {
		parts = append(parts, fmt.Sprintf("tools of %d more servers", servers-toxicFlowServers))
	}
	return strings.Join(parts, ", ")
}

// toolNames quotes the first toxicFlowShown tools and counts the rest.
func toolNames(tools []flowTool) string {
	var names []string
	for _, t := range tools[:min(len(tools), toxicFlowShown)] {
		names = append(names, strconv.Quote(t.name))
	}
	out := strings.Join(names, ", ")
	if rest := len(tools) - len(names); rest > 0 {
		out += fmt.Sprintf(" and %d more", rest)
	}
	return out
}
