package tokens

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// checkCompact fails when compact writes v differently from json.Marshal,
// or refuses a value json.Marshal writes.
func checkCompact(t *testing.T, v any) {
	t.Helper()
	want, err := json.Marshal(v)
	var c compact
	got, ok := c.encode(v)
	if err != nil {
		if ok {
			t.Errorf("compact wrote %s for %#v, which json.Marshal refuses: %v", got, v, err)
		}
		return
	}
	if !ok || !bytes.Equal(got, want) {
		t.Errorf("compact(%#v) = %s (ok %v), json.Marshal = %s", v, got, ok, want)
	}
	if len(c.members) != 0 {
		t.Errorf("compact left %d members on its stack", len(c.members))
	}
}

func TestCompactMatchesMarshal(t *testing.T) {
	for _, v := range []any{
		nil, true, false, "", 0.0, math.Copysign(0, -1), 1.0, -1.5, 1e20, 1e21, 123456789e15, 1e-6, 9.99e-7, -1e-7, 5e-324,
		math.MaxFloat64, 0.1, 100.0, 1e100, math.Inf(1), math.NaN(),
		"plain", "<a href=\"x\">&amp;</a>", "tab\tnew\nline\rcr\bbs\fff", "\x00\x01\x1f\x7f",
		"bad \xff utf8 \xe2\x80", "sep\u2028par\u2029", "emoji 😀 and ü", `back\slash`,
		[]any{}, []any(nil), map[string]any{}, map[string]any(nil),
		[]any{1.0, "x", nil, []any{map[string]any{"b": 1.0, "a": []any{}}}},
		map[string]any{"z": 1.0, "a": map[string]any{"y": true, "b<": "&"}, "é": nil, "A": "", "\xff": 1.0},
	} {
		checkCompact(t, v)
	}
	// Types a generic decode does not make are left to json.Marshal.
	for _, v := range []any{map[string]any{"n": json.Number("12")}, []any{int64(3)}, map[string]string{}} {
		var c compact
		if got, ok := c.encode(v); ok {
			t.Errorf("compact wrote %s for %#v; want it left to json.Marshal", got, v)
		}
	}
}

// TestCompactFixtures writes every tool of the package's and the rules'
// test files as json.Marshal does.
func TestCompactFixtures(t *testing.T) {
	var files []string
	for _, pattern := range []string{"testdata/schema/*.json", "../../../rules/*/testdata/*/*.json", "../../../testdata/realservers/*.json"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 50 {
		t.Fatalf("found only %d test files", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if json.Unmarshal(data, &v) != nil {
			continue
		}
		checkCompact(t, v)
		if s, _, err := sdk.DecodeSnapshot(data); err == nil {
			for _, tool := range s.Tools {
				checkCompact(t, tool.Def)
			}
		}
	}
}

func FuzzCompact(f *testing.F) {
	f.Add(`{"a":[1,2.5e-9,"<x>"],"b":{"\u2028":null}}`, "s\xff\x00<>&", 1e21)
	f.Add(`[true,false,{"z":{},"a":[]}]`, "plain", -0.000001)
	f.Fuzz(func(t *testing.T, doc, s string, x float64) {
		var v any
		if json.Unmarshal([]byte(doc), &v) == nil {
			checkCompact(t, v)
		}
		checkCompact(t, map[string]any{s: []any{s, x, v}, "k": map[string]any{s + "x": x}})
	})
}
