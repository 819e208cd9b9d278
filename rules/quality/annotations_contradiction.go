package quality

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

// annotationsContradiction reports annotations that contradict each other or
// the tool's name, and hints the spec calls meaningless on a read-only tool.
type annotationsContradiction struct{}

func (annotationsContradiction) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "annotations-contradiction",
		Category: sdk.CategoryQuality,
		Severity: sdk.Warning,
		Summary:  "Tool annotations agree with each other and with the tool's name",
		Doc:      doc("annotations-contradiction"),
		Source:   "schema/2025-11-25/schema.json ($defs/ToolAnnotations: destructiveHint and idempotentHint are meaningful only when readOnlyHint is false)",
		Default:  true,
	}
}

func (annotationsContradiction) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	for i, t := range s.Tools {
		a := t.Annotations
		if a == nil || a.ReadOnlyHint == nil || !*a.ReadOnlyHint {
			continue
		}
		destructiveName := clearlyDestructive(t.Name)
		if destructiveName {
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "annotations", "readOnlyHint"),
				Message: fmt.Sprintf("%s says readOnlyHint: true, but its name says it %s", toolLabel(i, t.Name), thirdPerson(firstWord(t.Name))),
				Fix:     "if the tool deletes or overwrites, set \"readOnlyHint\": false and \"destructiveHint\": true; if it really changes nothing, rename it so clients and users are not misled",
			})
		}
		if d := a.DestructiveHint; d != nil {
			if *d {
				if !destructiveName {
					report(sdk.Issue{
						Tool:    t.Name,
						Pointer: sdk.ToolPointer(i, "annotations", "destructiveHint"),
						Message: fmt.Sprintf("%s says both readOnlyHint: true and destructiveHint: true; a read-only tool cannot destroy anything", toolLabel(i, t.Name)),
						Fix:     "if the tool deletes or overwrites anything, set \"readOnlyHint\": false; otherwise remove \"destructiveHint\"",
					})
				}
			} else {
				report(sdk.Issue{
					Severity: sdk.Info,
					Tool:     t.Name,
					Pointer:  sdk.ToolPointer(i, "annotations", "destructiveHint"),
					Message:  fmt.Sprintf("destructiveHint on read-only %s has no meaning: it applies only when readOnlyHint is false", toolLabel(i, t.Name)),
					Fix:      "remove \"destructiveHint\" (readOnlyHint: true already says the tool changes nothing)",
				})
			}
		}
		// idempotentHint false is the default, and SDKs that write every
		// field emit it on every tool: it says nothing, so it is not noise
		// worth a finding.
		if a.IdempotentHint != nil && *a.IdempotentHint {
			report(sdk.Issue{
				Severity: sdk.Info,
				Tool:     t.Name,
				Pointer:  sdk.ToolPointer(i, "annotations", "idempotentHint"),
				Message:  fmt.Sprintf("idempotentHint on read-only %s has no meaning: it applies only when readOnlyHint is false", toolLabel(i, t.Name)),
				Fix:      "remove \"idempotentHint\" (a tool that changes nothing is trivially idempotent)",
			})
		}
	}
	return ctx.Err()
}

// thirdPerson conjugates a verb from clearlyDestructiveVerbs for a message:
// "delete" gives "deletes"; the abbreviations rm and del read "deletes".
func thirdPerson(verb string) string {
	switch verb {
	case "rm", "del":
		return "deletes"
	}
	return verb + "s"
}
