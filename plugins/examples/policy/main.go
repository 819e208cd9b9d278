// Command mcplint-plugin-policy is an example third-party rule plugin: an
// organization's policy for the MCP servers it ships. It imports only
// mcplint's sdk, as any plugin would.
//
//	[[plugin]]
//	name = "policy"
//	path = "bin/mcplint-plugin-policy"
//	[plugin.settings]
//	prefix = "acme_"
//	banned-phrases = ["as an AI", "TODO"]
package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/plugin"
)

// settings is the plugin's [plugin.settings] table, shared by its rules.
type settings struct {
	Prefix        string   `json:"prefix"`
	BannedPhrases []string `json:"banned-phrases"`
}

func main() {
	s := &settings{}
	plugin.Serve(plugin.RuleSet{
		Name:    "policy",
		Version: "1.0.0",
		Rules:   []sdk.Rule{toolPrefix{s}, bannedPhrases{s}},
		Configure: func(decode func(any) error) error {
			if err := decode(s); err != nil {
				return err
			}
			for _, p := range s.BannedPhrases {
				if strings.TrimSpace(p) == "" {
					return fmt.Errorf("banned-phrases: an empty phrase would match everything")
				}
			}
			return nil
		},
	})
}

// toolPrefix is policy/tool-prefix.
type toolPrefix struct{ s *settings }

func (toolPrefix) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "tool-prefix", Category: sdk.CategoryNaming, Severity: sdk.Error, Default: true,
		Summary: "Every tool name starts with the organization's prefix",
		Doc: "Tools from every company server share one namespace in a client, so each name must start with the " +
			"configured `prefix` (`[plugin.settings] prefix = \"acme_\"`).\n\n**Bad**: `get_user`\n\n**Good**: `acme_get_user`",
		Source: "the organization's MCP server policy",
	}
}

func (r toolPrefix) Check(_ context.Context, snap *sdk.Snapshot, report func(sdk.Issue)) error {
	if r.s.Prefix == "" {
		return nil
	}
	for i, t := range snap.Tools {
		if !strings.HasPrefix(t.Name, r.s.Prefix) {
			report(sdk.Issue{
				Tool: t.Name, Pointer: sdk.ToolPointer(i, "name"),
				Message: fmt.Sprintf("tool name %q does not start with %q", t.Name, r.s.Prefix),
				Fix:     fmt.Sprintf("rename it to %q", r.s.Prefix+t.Name),
			})
		}
	}
	return nil
}

// bannedPhrases is policy/banned-phrases.
type bannedPhrases struct{ s *settings }

func (bannedPhrases) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "banned-phrases", Category: sdk.CategoryQuality, Severity: sdk.Warning, Default: true,
		Summary: "Tool descriptions avoid the organization's banned phrases",
		Doc: "Descriptions must not contain any of the configured `banned-phrases` (case-insensitive).\n\n" +
			"**Bad**: `\"TODO: describe this\"`\n\n**Good**: `\"Returns the user's profile.\"`",
		Source: "the organization's MCP server policy",
	}
}

func (r bannedPhrases) Check(_ context.Context, snap *sdk.Snapshot, report func(sdk.Issue)) error {
	for i, t := range snap.Tools {
		lower := strings.ToLower(t.Description)
		for _, p := range r.s.BannedPhrases {
			if strings.Contains(lower, strings.ToLower(p)) {
				report(sdk.Issue{
					Tool: t.Name, Pointer: sdk.ToolPointer(i, "description"),
					Message: fmt.Sprintf("description contains the banned phrase %q", p),
					Fix:     "reword the description without it",
				})
			}
		}
	}
	return nil
}
