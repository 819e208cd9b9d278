package conformance

import (
	"context"
	"fmt"
	"slices"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// promptMissingArgumentError reports a prompts/get that leaves out an
// argument the listed prompt requires and is answered with a result, or
// with an error code other than -32602 (Invalid params). The prompts
// page says so with a SHOULD, so the rule warns; it is silent in versions
// whose text says nothing of it (2024-11-05, 2025-03-26).
type promptMissingArgumentError struct{}

func (promptMissingArgumentError) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "prompt-missing-argument-error", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "A prompts/get without an argument the prompt requires is refused with -32602",
		Doc:     doc("prompt-missing-argument-error"),
		Source:  "2025-11-25/server/prompts.mdx#error-handling",
		Uses:    []string{parsedSession.Name},
	}
}

// promptArgumentVersions are the protocol versions whose prompts page
// asks for -32602 on a missing required argument.
var promptArgumentVersions = []string{"2025-06-18", "2025-11-25", "2026-07-28"}

func (promptMissingArgumentError) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil || !slices.Contains(promptArgumentVersions, s.ProtocolVersion) {
		return nil
	}
	required := map[string][]string{}
	for _, p := range s.Prompts {
		for _, a := range p.Arguments {
			if a.Required {
				required[p.Name] = append(required[p.Name], a.Name)
			}
		}
	}
	for _, m := range ss.Msgs {
		if m.Dir != sdk.DirClientToServer || m.Method != "prompts/get" || m.Pair == nil {
			continue
		}
		var p struct {
			Name      string         `json:"name"`
			Arguments map[string]any `json:"arguments"`
		}
		if !m.Params(&p) {
			continue
		}
		missing := ""
		for _, a := range required[p.Name] {
			if _, given := p.Arguments[a]; !given {
				missing = a
				break
			}
		}
		code := errorCode(m.Pair)
		if missing == "" || code == "-32602" {
			continue
		}
		problem := "was answered with a result: " + wire.Quote(m.Pair.Bytes, 120)
		if m.Pair.HasError() {
			problem = "was refused with code " + code + " instead of -32602 (Invalid params)"
		}
		is := sdk.Issue{Tool: sdk.OwnerPrompt(p.Name), Pointer: wire.RecordPointer(m.Pair.Index),
			Message: fmt.Sprintf("getting prompt %q without its required argument %q %s", p.Name, missing, problem),
			Fix:     fmt.Sprintf(`check the arguments of prompts/get before building the messages, and answer a missing required argument with {"code": -32602, "message": "Missing required argument: %s"}`, missing)}
		report(is)
	}
	return nil
}
