package quality

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/mcplint/mcplint/rules/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

// describeValue names a JSON value's type and quotes it, for messages about
// a field of the wrong type: `a string ("true")`, `null`.
func describeValue(v any) string {
	var t string
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		t = "a boolean"
	case float64, json.Number:
		t = "a number"
	case string:
		t = "a string"
	case []any:
		t = "an array"
	case map[string]any:
		t = "an object"
	default:
		t = fmt.Sprintf("a %T", v)
	}
	return t + " (" + snippet(v) + ")"
}

// snippet is v as JSON, cut short so a huge value does not flood a report.
func snippet(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	const limit = 40
	if s := string(b); utf8.RuneCountInString(s) > limit {
		return string([]rune(s)[:limit]) + "…"
	}
	return string(b)
}

// description returns the "description" member of a tool's definition
// and whether it has one, falling back to the typed value when the Tool
// was built without its raw definition; ts is its schemawalk.Tools entry.
func description(t *sdk.Tool, ts *schemawalk.ToolSchemas) (any, bool) {
	if t.Def == nil {
		return t.Description, t.Description != ""
	}
	return ts.Def.Description, ts.Def.Has&schemawalk.DefDescription != 0
}

// toolLabel names a tool in a message: `tool "get_user"`, or by its index
// when it has no name (tool-name-format reports that).
func toolLabel(i int, name string) string {
	if name == "" {
		return fmt.Sprintf("tool %d (no name)", i)
	}
	return fmt.Sprintf("tool %q", name)
}
