package quality

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

// annotationsContradiction reports annotations that contradict each other or
// the tool's name.
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
		// destructiveHint false and idempotentHint true agree with a
		// read-only tool: SDKs that write every hint emit them, and they
		// contradict nothing, so only destructiveHint true is reported.
		if d := a.DestructiveHint; d != nil && *d && !destructiveName {
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "annotations", "destructiveHint"),
				Message: fmt.Sprintf("%s says both readOnlyHint: true and destructiveHint: true; a read-only tool cannot destroy anything", toolLabel(i, t.Name)),
				Fix:     "if the tool deletes or overwrites anything, set \"readOnlyHint\": false; otherwise remove \"destructiveHint\"",
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
