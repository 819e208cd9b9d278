package quality

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/rules/internal/jsonvalue"
	"github.com/mcplint/mcplint/sdk"
)

// hintNames are the boolean hints of ToolAnnotations, in schema order.
var hintNames = []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

// annotationsMissing reports tools that do not say whether they change
// anything: no annotations, no readOnlyHint, or, on a tool that is not
// read-only, no destructiveHint. A hint of the wrong type counts as missing,
// since clients ignore it.
type annotationsMissing struct{}

func (annotationsMissing) Meta() sdk.Meta {
	return sdk.Meta{
		Name:     "annotations-missing",
		Category: sdk.CategoryQuality,
		Severity: sdk.Info,
		Summary:  "Tools say whether they are read-only and, if not, whether they are destructive",
		Doc:      doc("annotations-missing"),
		Source:   "schema/2025-11-25/schema.json ($defs/ToolAnnotations); 2025-11-25/server/tools.mdx#tool",
		Default:  true,
		Uses:     []string{schemawalk.Flattened.Name},
	}
}

func (annotationsMissing) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	flat := schemawalk.Tools(ctx, s)
	for i, t := range s.Tools {
		def := &flat[i].Def
		raw, present := def.Annotations, def.Has&schemawalk.DefAnnotations != 0
		if t.Def == nil {
			present = t.Annotations != nil
		}
		ann, isObject := raw.(map[string]any)
		switch {
		case !present:
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i),
				Message: fmt.Sprintf("%s has no annotations, so clients must assume it may modify and destroy data", toolLabel(i, t.Name)),
				Fix:     annotationsAdvice(t.Name, "add \"annotations\": "),
			})
			continue
		case t.Def != nil && !isObject:
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "annotations"),
				Message: fmt.Sprintf("annotations of %s are %s, not an object", toolLabel(i, t.Name), jsonvalue.Describe(raw)),
				Fix:     annotationsAdvice(t.Name, "make \"annotations\" an object: "),
			})
			continue
		}
		if t.Def != nil {
			for _, h := range hintNames {
				v, ok := ann[h]
				if _, isBool := v.(bool); ok && !isBool {
					report(sdk.Issue{
						Tool:    t.Name,
						Pointer: sdk.ToolPointer(i, "annotations", h),
						Message: fmt.Sprintf("%s of %s is %s, not a boolean, so clients ignore it", h, toolLabel(i, t.Name), jsonvalue.Describe(v)),
						Fix:     fmt.Sprintf("write %s as true or false, without quotes", h),
					})
				}
			}
		}
		a := t.Annotations
		if a == nil {
			a = &sdk.ToolAnnotations{}
		}
		switch {
		case a.ReadOnlyHint == nil && !wrongType(ann, "readOnlyHint"):
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "annotations"),
				Message: fmt.Sprintf("annotations of %s do not say readOnlyHint, so clients assume it modifies its environment", toolLabel(i, t.Name)),
				Fix:     annotationsAdvice(t.Name, "add to its annotations: "),
			})
		case a.ReadOnlyHint != nil && !*a.ReadOnlyHint && a.DestructiveHint == nil && !wrongType(ann, "destructiveHint"):
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, "annotations"),
				Message: fmt.Sprintf("%s is not read-only but its annotations do not say destructiveHint, so clients assume it may delete or overwrite data", toolLabel(i, t.Name)),
				Fix:     destructiveAdvice(t.Name),
			})
		}
	}
	return ctx.Err()
}

func wrongType(ann map[string]any, hint string) bool {
	v, ok := ann[hint]
	_, isBool := v.(bool)
	return ok && !isBool
}

// annotationsAdvice proposes the hints to add, guessing from the tool's
// name where the name is telling.
func annotationsAdvice(name, lead string) string {
	switch intentOf(name) {
	case intentReadOnly:
		return lead + fmt.Sprintf("{\"readOnlyHint\": true} if %q changes nothing, as its name suggests", name)
	case intentAdditive:
		return lead + fmt.Sprintf("{\"readOnlyHint\": false, \"destructiveHint\": false} if %q only adds, as its name suggests", name)
	case intentDestructive:
		return lead + fmt.Sprintf("{\"readOnlyHint\": false, \"destructiveHint\": true}, as the name %q suggests it deletes or overwrites", name)
	}
	return lead + "{\"readOnlyHint\": true} if the tool changes nothing; otherwise {\"readOnlyHint\": false} with \"destructiveHint\": false if it only adds, or true if it deletes or overwrites"
}

func destructiveAdvice(name string) string {
	switch intentOf(name) {
	case intentAdditive:
		return fmt.Sprintf("add \"destructiveHint\": false if %q only adds, as its name suggests", name)
	case intentDestructive:
		return fmt.Sprintf("add \"destructiveHint\": true, as the name %q suggests it deletes or overwrites", name)
	}
	return "add \"destructiveHint\": false if the tool only adds, or true if it deletes or overwrites"
}
