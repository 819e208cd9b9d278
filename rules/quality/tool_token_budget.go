package quality

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/jsonvalue"
	"github.com/mcplint/mcplint/sdk"
)

// defaultToolTokens is the per-tool budget. Anthropic measures 50 tools at
// 10,000 to 20,000 tokens, 200 to 400 a tool; 1,000 is well over twice the
// upper end, so only a tool far heavier than its peers is reported.
const defaultToolTokens = 1000

type tokenBudgetSettings struct {
	MaxTokens int `json:"max-tokens"`
}

func decodeTokenBudget(rule string, def int, decode func(any) error) (*tokenBudgetSettings, error) {
	s := tokenBudgetSettings{MaxTokens: def}
	if err := decode(&s); err != nil {
		return nil, fmt.Errorf("%s settings: %w", rule, err)
	}
	if s.MaxTokens < 1 {
		return nil, fmt.Errorf("%s: max-tokens is %d; set it to 1 or more (disable the rule to turn the check off)", rule, s.MaxTokens)
	}
	return &s, nil
}

// toolTokenBudget reports tools whose definition costs more context tokens
// than max-tokens. It reads the counts the engine put in Snapshot.Tokens and
// says nothing when there are none.
type toolTokenBudget struct {
	settings *tokenBudgetSettings
}

func (r *toolTokenBudget) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "tool-token-budget",
		Category: sdk.CategoryQuality,
		Severity: sdk.Warning,
		Summary:  "No single tool definition costs more context tokens than the budget",
		Doc:      doc("tool-token-budget"),
		Source: "Anthropic, Claude Agent SDK: Tool search (code.claude.com/docs/en/agent-sdk/tool-search): " +
			"50 tools can use 10-20K tokens of context",
		Default: true,
	}
}

// Configure reads "max-tokens", the budget of one tool (at least 1).
func (r *toolTokenBudget) Configure(decode func(any) error) error {
	s, err := decodeTokenBudget("tool-token-budget", defaultToolTokens, decode)
	if err != nil {
		return err
	}
	r.settings = s
	return nil
}

func (r *toolTokenBudget) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	if s.Tokens == nil {
		return nil
	}
	limit := defaultToolTokens
	if r.settings != nil {
		limit = r.settings.MaxTokens
	}
	for i, t := range s.Tools {
		if i >= len(s.Tokens.Tools) {
			break
		}
		n := s.Tokens.Tools[i]
		if n <= limit {
			continue
		}
		report(sdk.Issue{
			Tool:    t.Name,
			Pointer: sdk.ToolPointer(i),
			Message: fmt.Sprintf("%s costs %d tokens of context on every request, over the budget of %d", toolLabel(i, t.Name), n, limit),
			Fix:     trimAdvice(t),
		})
	}
	return ctx.Err()
}

// trimAdvice names the part of a definition that weighs most, by its share
// of the JSON, and how to make it lighter.
func trimAdvice(t sdk.Tool) string {
	parts := []struct {
		key, advice string
	}{
		{"description", "shorten its description: keep what the tool does, when to use it and what it returns, and move background and long examples out"},
		{"inputSchema", "shrink its inputSchema: shorten parameter descriptions, drop generated titles and repeated defaults, define repeated subschemas once in $defs, or split the tool by task"},
		{"outputSchema", "shrink its outputSchema, which clients send to the model with the rest of the definition"},
	}
	var sizes [3]int
	whole := definitionSize(t, func(key string, n int) {
		for i, p := range parts {
			if p.key == key {
				sizes[i] = n
			}
		}
	})
	if whole == 0 {
		return "shorten the tool's description and input schema"
	}
	best, bestSize := -1, 0
	for i, n := range sizes {
		if n > bestSize {
			best, bestSize = i, n
		}
	}
	if best < 0 {
		return "shorten the tool's definition"
	}
	return fmt.Sprintf("%s (%s is %d%% of the definition)", parts[best].advice, parts[best].key, bestSize*100/whole)
}

// definitionSize is the length of t's JSON, as sdk.Tool marshals, or 0
// when it does not marshal. It weighs each member of the definition once
// and tells member its key and size: a tool over the budget is large, and
// weighing it whole and then its parts again cost twice as much.
func definitionSize(t sdk.Tool, member func(key string, size int)) int {
	if t.Def == nil {
		return jsonvalue.Size(t)
	}
	return jsonvalue.ObjectSize(t.Def, member)
}
