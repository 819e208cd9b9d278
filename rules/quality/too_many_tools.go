package quality

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

// defaultMaxTools is where published guidance puts the start of the decline:
// Anthropic finds tool-selection accuracy degrades past 30 to 50 tools loaded
// at once, and RAG-MCP measured selection holding up below about 30. A server
// rarely has the client to itself, so the default is the low end.
const defaultMaxTools = 30

type tooManyToolsSettings struct {
	Max int `json:"max"`
}

// tooManyTools reports a server that exposes more than max tools.
type tooManyTools struct {
	settings *tooManyToolsSettings
}

func (r *tooManyTools) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "too-many-tools",
		Category: sdk.CategoryQuality,
		Severity: sdk.Warning,
		Summary:  "The server exposes few enough tools for a model to choose among reliably",
		Doc:      doc("too-many-tools"),
		Source: "Anthropic, Claude Agent SDK: Tool search (code.claude.com/docs/en/agent-sdk/tool-search): " +
			"tool selection accuracy degrades with more than 30-50 tools; RAG-MCP (arXiv:2505.03275); " +
			"Cursor MCP docs: only the first 40 tools are sent to the agent",
		Default: true,
	}
}

// Configure reads "max", the most tools a server may expose (at least 1).
func (r *tooManyTools) Configure(decode func(any) error) error {
	s := tooManyToolsSettings{Max: defaultMaxTools}
	if err := decode(&s); err != nil {
		return fmt.Errorf("too-many-tools settings: %w", err)
	}
	if s.Max < 1 {
		return fmt.Errorf("too-many-tools: max is %d; set it to 1 or more (disable the rule to turn the check off)", s.Max)
	}
	r.settings = &s
	return nil
}

func (r *tooManyTools) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	limit := defaultMaxTools
	if r.settings != nil {
		limit = r.settings.Max
	}
	if len(s.Tools) <= limit {
		return nil
	}
	report(sdk.Issue{
		Tool:    sdk.OwnerServer,
		Pointer: "/tools",
		Message: fmt.Sprintf("the server exposes %d tools, more than %d", len(s.Tools), limit),
		Fix: fmt.Sprintf("bring it to %d or fewer: merge tools that differ only in one argument, "+
			"split the server by task, or let users enable groups of tools (toolsets) they need", limit),
	})
	return ctx.Err()
}
