package quality

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// defaultServerTokens is the budget of a whole tool list plus instructions:
// 10% of a 200,000-token context window, the share past which Claude Code
// stops loading MCP tool definitions up front (ENABLE_TOOL_SEARCH=auto), and
// under the 25,000 at which its /doctor warns for all servers together.
const defaultServerTokens = 20000

// serverTokenBudget reports a server whose tool list and instructions cost
// more context tokens than max-tokens, on every request that carries them.
type serverTokenBudget struct {
	settings *tokenBudgetSettings
}

func (r *serverTokenBudget) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "server-token-budget",
		Category: sdk.CategoryQuality,
		Severity: sdk.Warning,
		Summary:  "The whole tool list and instructions fit a context-token budget",
		Doc:      doc("server-token-budget"),
		Source: "Claude Code MCP docs (code.claude.com/docs/en/mcp): tool search turns on when MCP tool definitions " +
			"exceed 10% of the context window; Claude Code /doctor: \"Large MCP tools context (~N tokens > 25,000)\"",
		Default: true,
	}
}

// Configure reads "max-tokens", the budget of the whole server (at least 1).
func (r *serverTokenBudget) Configure(decode func(any) error) error {
	s, err := decodeTokenBudget("server-token-budget", defaultServerTokens, decode)
	if err != nil {
		return err
	}
	r.settings = s
	return nil
}

func (r *serverTokenBudget) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	if s.Tokens == nil {
		return nil
	}
	limit := defaultServerTokens
	if r.settings != nil {
		limit = r.settings.MaxTokens
	}
	if s.Tokens.Total <= limit {
		return nil
	}
	report(sdk.Issue{
		Tool:    sdk.OwnerServer,
		Pointer: "",
		Message: fmt.Sprintf("the tool list and instructions cost %d tokens of context on every request, over the budget of %d", s.Tokens.Total, limit),
		Fix:     heaviest(s),
	})
	return ctx.Err()
}

// heaviest names the three costliest tools and the instructions' cost, so
// the author knows where trimming pays.
func heaviest(s *sdk.Snapshot) string {
	type cost struct {
		name   string
		tokens int
	}
	// The three costliest, the earlier tool first among equals, as a
	// stable sort would put them, without sorting thousands of tools.
	var top []cost
	for i, n := range s.Tokens.Tools {
		if i >= len(s.Tools) {
			break
		}
		at := len(top)
		for at > 0 && n > top[at-1].tokens {
			at--
		}
		if at < 3 {
			top = slices.Insert(top, at, cost{s.Tools[i].Name, n})
			top = top[:min(len(top), 3)]
		}
	}
	var parts []string
	for _, c := range top {
		parts = append(parts, fmt.Sprintf("%q (%d)", c.name, c.tokens))
	}
	var b strings.Builder
	if len(parts) > 0 {
		b.WriteString("the costliest tools are " + strings.Join(parts, ", "))
	}
	if s.Tokens.Instructions > 0 {
		if b.Len() > 0 {
			b.WriteString(" and ")
		}
		fmt.Fprintf(&b, "the instructions cost %d", s.Tokens.Instructions)
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString("shorten them, split the server by task, or leave out tools most users never call")
	return b.String()
}
