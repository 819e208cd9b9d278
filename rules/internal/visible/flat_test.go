package visible

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/schemawalk"
	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// walkTexts lists a schema's texts the way this package first did, with
// schemawalk.Walk and a lookup per keyword: the flattening listing must
// give the same texts in the same order with the same pointers.
func walkTexts(schema any, ptr string) []string {
	var out []string
	emit := func(kind Kind, value, base string, toks ...string) {
		if value != "" {
			out = append(out, fmt.Sprintf("%s %s %s", kind, sdk.Pointer(base, toks...), value))
		}
	}
	schemawalk.Walk(schema, ptr, func(n schemawalk.Node) bool {
		if n.Keyword == "properties" {
			emit(KindParamName, n.Name, n.Pointer)
		}
		obj := n.Object()
		if obj == nil {
			return true
		}
		for _, kv := range [...]struct {
			key  string
			kind Kind
		}{{"title", KindParamTitle}, {"description", KindParamDescription}, {"$comment", KindComment}} {
			if s, ok := obj[kv.key].(string); ok {
				emit(kv.kind, s, n.Pointer, kv.key)
			}
		}
		for _, vk := range valueKeys {
			if v, ok := obj[vk.key]; ok {
				valueTexts(v, vk.kind, &origin{base: n.Pointer}, 0, vk.tok, 0, func(kind Kind, value string, at *origin, node int32, tok token, elem int) {
					toks := tokenPaths[tok]
					if elem >= 0 {
						toks = append(toks[:len(toks):len(toks)], strconv.Itoa(elem))
					}
					emit(kind, value, at.pointer(node), toks...)
				})
			}
		}
		if tp, ok := obj["type"].(string); ok && !jsonType(tp) && strings.Contains(tp, " ") {
			emit(KindSchemaText, tp, n.Pointer, "type")
		}
		props, _ := obj["properties"].(map[string]any)
		if req, ok := obj["required"].([]any); ok {
			for i, e := range req {
				if name, ok := e.(string); ok && strings.Contains(name, " ") && props[name] == nil {
					emit(KindSchemaText, name, n.Pointer, "required", strconv.Itoa(i))
				}
			}
		}
		var other []string
		for k, v := range obj {
			if _, isString := v.(string); isString && otherText(k) {
				other = append(other, k)
			}
		}
		sort.Strings(other)
		for _, k := range other {
			emit(KindSchemaText, obj[k].(string), n.Pointer, k)
		}
		return true
	})
	return out
}

func TestSchemaTextsMatchWalk(t *testing.T) {
	files, err := filepath.Glob("../../*/testdata/*/*.json")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../../testdata/realservers/*.json")
	files = append(files, more...)
	schemas := 0
	var sc scratch
	for _, f := range files {
		snap, err := linttest.Load(f)
		if err != nil {
			continue
		}
		for i, tool := range snap.Tools {
			for _, part := range []struct {
				name   string
				schema any
			}{{"inputSchema", tool.InputSchema}, {"outputSchema", tool.OutputSchema}} {
				if part.schema == nil {
					continue
				}
				schemas++
				ptr := sdk.ToolPointer(i, part.name)
				var got []string
				schemaTexts(&origin{owner: tool.Name, tool: i, base: ptr, nodes: schemawalk.Flatten(nil, part.schema)}, &sc, func(t Text) {
					got = append(got, fmt.Sprintf("%s %s %s", t.Kind, t.Pointer(), t.Value))
				})
				if want := walkTexts(part.schema, ptr); !slices.Equal(got, want) {
					t.Errorf("%s %s:\ngot  %q\nwant %q", f, ptr, got, want)
				}
			}
		}
	}
	if schemas < 100 {
		t.Errorf("only %d schemas in the fixtures", schemas)
	}
}
