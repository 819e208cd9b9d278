package quality

import (
	"fmt"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
)

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
