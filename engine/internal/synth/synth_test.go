package synth

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
)

func TestToolListIsDeterministic(t *testing.T) {
	a, b := ToolList(50, 7), ToolList(50, 7)
	if !bytes.Equal(a, b) {
		t.Fatal("two lists from the same seed differ")
	}
	if bytes.Equal(a, ToolList(50, 8)) {
		t.Fatal("lists from different seeds are the same")
	}
}

func TestToolListShape(t *testing.T) {
	const n = 10000
	data := ToolList(n, 1)
	if mb := float64(len(data)) / 1e6; mb < 10 || mb > 20 {
		t.Errorf("%d tools are %.1f MB, want 10 to 20", n, mb)
	}
	snap, _, err := sdk.DecodeSnapshot(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Tools) != n || !snap.HasInstructions {
		t.Fatalf("got %d tools (instructions: %v), want %d and instructions", len(snap.Tools), snap.HasInstructions, n)
	}
	names := map[string]bool{}
	var short, untyped, phantom, defs, enums, objectArrays, outputs int
	for _, tool := range snap.Tools {
		if names[tool.Name] {
			t.Errorf("name %q repeats", tool.Name)
		}
		names[tool.Name] = true
		switch l := utf8.RuneCountInString(tool.Description); {
		case l < 20:
			short++
		case l < 200 || l > 2000:
			t.Errorf("%s: description of %d characters, want 200 to 2000 (or a short one as a defect)", tool.Name, l)
		}
		in := tool.InputSchema.(map[string]any)
		props := in["properties"].(map[string]any)
		for _, p := range props {
			p := p.(map[string]any)
			if _, typed := p["type"]; !typed && p["$ref"] == nil {
				untyped++
			}
			if p["enum"] != nil {
				enums++
			}
			if items, ok := p["items"].(map[string]any); ok && items["type"] == "object" {
				objectArrays++
			}
		}
		req, _ := in["required"].([]any)
		for _, r := range req {
			if props[r.(string)] == nil {
				phantom++
			}
		}
		if in["$defs"] != nil {
			defs++
		}
		if tool.OutputSchema != nil {
			outputs++
		}
	}
	for what, got := range map[string]int{
		"short descriptions": short, "properties without type": untyped,
		"required names not in properties": phantom,
	} {
		if got < n/100 || got > n/20 {
			t.Errorf("%d %s in %d tools, want about one in forty", got, what, n)
		}
	}
	for what, got := range map[string]int{
		"schemas with $defs": defs, "enums": enums, "arrays of objects": objectArrays, "output schemas": outputs,
	} {
		if got < n/20 {
			t.Errorf("only %d %s in %d tools", got, what, n)
		}
	}
}
