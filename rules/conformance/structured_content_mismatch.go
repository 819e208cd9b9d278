package conformance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

// structuredContentMismatch reports results of a tool with an
// outputSchema whose structuredContent does not validate against it, or
// that carry none: "Servers MUST provide structured results that conform
// to this schema." Results with isError true are left out: an error is
// not the structured result the schema describes.
type structuredContentMismatch struct{}

func (structuredContentMismatch) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "structured-content-mismatch", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Tool results carry structuredContent that validates against the tool's outputSchema",
		Doc:     doc("structured-content-mismatch"),
		Source:  "2025-11-25/server/tools.mdx#output-schema",
		Since:   "2025-06-18",
		Uses:    []string{parsedSession.Name},
	}
}

func (structuredContentMismatch) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	outputs := newSchemas(s.Tools, func(t sdk.Tool) any { return t.OutputSchema })
	type finding struct {
		first  *toolCall
		why    string
		n      int
		absent bool
	}
	var found []*finding
	byTool := map[[2]int]*finding{} // tool, 0 mismatch / 1 absent
	calls := toolCalls(s, ss)
	for k := range calls {
		c := &calls[k]
		if s.Tools[c.tool].OutputSchema == nil || !c.resp.HasResult() {
			continue
		}
		var res struct {
			Structured json.RawMessage `json:"structuredContent"`
			IsError    bool            `json:"isError"`
		}
		if !c.resp.Result(&res) || res.IsError {
			continue
		}
		var key [2]int
		why := ""
		absent := len(res.Structured) == 0 || string(res.Structured) == "null"
		if absent {
			key = [2]int{c.tool, 1}
		} else {
			schema := outputs.get(c.tool)
			if schema == nil {
				continue // the schema rules report a schema that does not compile
			}
			err := schema.Validate(res.Structured)
			if err == nil {
				continue
			}
			key, why = [2]int{c.tool, 0}, err.Error()
		}
		f := byTool[key]
		if f == nil {
			f = &finding{first: c, why: why, absent: absent}
			byTool[key] = f
			found = append(found, f)
		}
		f.n++
	}
	for _, f := range found {
		if f.absent {
			report(sdk.Issue{Tool: f.first.name, Pointer: f.first.resp.Pointer(),
				Message: fmt.Sprintf("%q declares an outputSchema, but its result has no structuredContent%s", f.first.name, times(f.n)),
				Fix:     `return the result object as "structuredContent" (with the same JSON in a text block for older clients), or remove the outputSchema`})
			continue
		}
		report(sdk.Issue{Tool: f.first.name, Pointer: sdk.Pointer(f.first.resp.Pointer(), "msg", "result", "structuredContent"),
			Message: fmt.Sprintf("%q returned structuredContent that does not match its outputSchema: %s%s", f.first.name, f.why, times(f.n)),
			Fix:     "make the tool return what its outputSchema describes, or correct the outputSchema to describe what it returns"})
	}
	return nil
}
