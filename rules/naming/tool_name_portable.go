package naming

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
)

// portableNameLength is the longest function name the OpenAI and Anthropic
// APIs accept (both: ^[a-zA-Z0-9_-]{1,64}$).
const portableNameLength = 64

// toolNamePortable reports tool names that the spec allows but common LLM
// APIs reject: longer than 64 characters, or containing a dot.
type toolNamePortable struct{}

func (toolNamePortable) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "tool-name-portable",
		Category: sdk.CategoryNaming,
		Severity: sdk.Warning,
		Summary:  "Tool names fit what LLM APIs accept: at most 64 characters, no dots",
		Doc:      doc("tool-name-portable"),
		Source: "OpenAI API reference, tools[].function.name (a-z, A-Z, 0-9, _ and -, at most 64); " +
			"Anthropic Messages API, tools[].name (^[a-zA-Z0-9_-]{1,64}$); 2025-11-25/server/tools.mdx#tool-names",
		Default: false,
	}
}

func (toolNamePortable) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for i, t := range s.Tools {
		if t.Name == "" {
			continue
		}
		hasDot := strings.Contains(t.Name, ".")
		length := utf8.RuneCountInString(t.Name)
		if !hasDot && length <= portableNameLength {
			continue
		}
		var problems, fixes []string
		suggestion := t.Name
		if hasDot {
			problems = append(problems, `contains "."`)
			suggestion = strings.ReplaceAll(t.Name, ".", "_")
		}
		if length > portableNameLength {
			problems = append(problems, fmt.Sprintf("is %d characters long, over %d", length, portableNameLength))
		}
		if hasDot {
			fixes = append(fixes, fmt.Sprintf("rename it to %q", suggestion))
		}
		if n := utf8.RuneCountInString(suggestion); n > portableNameLength {
			fixes = append(fixes, fmt.Sprintf("shorten it by at least %d characters (clients that prefix the server's name, like mcp__server__tool, need more room still)", n-portableNameLength))
		}
		report(sdk.Issue{
			Tool:    t.Name,
			Pointer: sdk.ToolPointer(i, "name"),
			Message: fmt.Sprintf("tool name %q %s, which the OpenAI and Anthropic APIs reject", t.Name, strings.Join(problems, " and ")),
			Fix:     strings.Join(fixes, ", and "),
		})
	}
	return ctx.Err()
}
