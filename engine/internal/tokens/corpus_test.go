package tokens

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

var (
	corpusOnce  sync.Once
	corpusTools []sdk.Tool
	corpusErr   error
)

// schemaTools turns every definition of the MCP schemas in testdata/schema
// into a tool whose input schema is that definition: real descriptions,
// Markdown, nested properties and enums, as a tool list carries them.
func schemaTools(tb testing.TB) []sdk.Tool {
	tb.Helper()
	corpusOnce.Do(func() {
		files, err := filepath.Glob("testdata/schema/*.json")
		if err != nil || len(files) == 0 {
			corpusErr = err
			return
		}
		for _, f := range files {
			var doc struct {
				Defs map[string]any `json:"$defs"`
			}
			b, err := os.ReadFile(f)
			if err == nil {
				err = json.Unmarshal(b, &doc)
			}
			if err != nil {
				corpusErr = err
				return
			}
			names := make([]string, 0, len(doc.Defs))
			for name := range doc.Defs {
				names = append(names, name)
			}
			slices.Sort(names)
			for _, name := range names {
				def := map[string]any{"name": snake(name), "inputSchema": doc.Defs[name]}
				if m, ok := doc.Defs[name].(map[string]any); ok && m["description"] != nil {
					def["description"] = m["description"]
				}
				corpusTools = append(corpusTools, sdk.ToolFromDef(def))
			}
		}
	})
	if corpusErr != nil || len(corpusTools) == 0 {
		tb.Fatalf("read testdata/schema: %v (%d tools)", corpusErr, len(corpusTools))
	}
	return corpusTools
}

// snake turns a definition name such as "CallToolRequest" into a tool name
// such as "call_tool_request".
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// toolListJSON is a tools/list result of at least size bytes, made of the
// schema tools repeated with numbered names.
func toolListJSON(tb testing.TB, size int) []byte {
	tb.Helper()
	tools := schemaTools(tb)
	out := []byte(`{"tools":[`)
	for i := 0; len(out) < size; i++ {
		t := tools[i%len(tools)]
		def := map[string]any{}
		for k, v := range t.Def {
			def[k] = v
		}
		def["name"] = t.Name + "_" + string(rune('a'+i/len(tools)%26))
		b, err := json.Marshal(def)
		if err != nil {
			tb.Fatal(err)
		}
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, b...)
	}
	return append(out, "]}"...)
}
