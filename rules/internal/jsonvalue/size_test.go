package jsonvalue

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSize holds Size to json.Marshal on the values that make it differ
// from a plain byte count, and on the tool lists of published servers.
func TestSize(t *testing.T) {
	values := []any{
		nil, true, false, "", "plain", `quote " and \ backslash`, "\b\f\n\r\t", "\x00\x1f\x7f",
		"<a href='x'>&amp;</a>", "é€😀", "\xff\xfe bad \xc3", "line\u2028para\u2029", "\u2027\u202a",
		0.0, math.Copysign(0, -1), 1.0, -1.5, 1e20, 1e21, 123456789012345678901234.0, 1e-6, 1e-7, 1.5e-10,
		5e-324, math.MaxFloat64, 0.1, 1.0 / 3,
		map[string]any{}, map[string]any(nil), []any{}, []any(nil),
		map[string]any{"a<": []any{1.0, "x", nil, map[string]any{"k": false}}, "b": map[string]any{}},
		json.Number("1e400"), []string{"typed", "slice"}, math.NaN(), []any{math.Inf(1)},
	}
	for _, v := range values {
		b, err := json.Marshal(v)
		want := len(b)
		if err != nil {
			want = 0
		}
		if got := Size(v); got != want {
			t.Errorf("Size(%#v) = %d, json.Marshal gives %d bytes (err %v)", v, got, want, err)
		}
	}
	files, _ := filepath.Glob("../../../testdata/realservers/*.json")
	if len(files) == 0 {
		t.Fatal("no tool lists of published servers found")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(v)
		if got := Size(v); got != len(b) {
			t.Errorf("%s: Size = %d, json.Marshal gives %d bytes", f, got, len(b))
		}
	}
}

// TestStringSizeEveryPosition puts each character that JSON escapes or
// that takes more than a byte at every place of a string long enough to
// be weighed eight bytes at a time.
func TestStringSizeEveryPosition(t *testing.T) {
	for _, c := range []string{`"`, `\`, "<", ">", "&", "\x00", "\x1f", "\n", "\x7f", " ", "~", "é", "😀", "\xff", "\u2028", "'", "%", "!", "=", "?"} {
		for at := range 20 {
			s := strings.Repeat("a", at) + c + strings.Repeat("b", 20-at)
			b, _ := json.Marshal(s)
			if got := Size(s); got != len(b) {
				t.Errorf("Size(%q) = %d, json.Marshal gives %d bytes", s, got, len(b))
			}
		}
	}
}

// TestObjectSize: ObjectSize is Size, and tells each member's key and
// the Size of its value once; an object with a value that does not
// marshal weighs 0.
func TestObjectSize(t *testing.T) {
	for _, m := range []map[string]any{
		nil, {}, {"a": 1.0}, {"name": "x", "inputSchema": map[string]any{"type": "object"}, "tags<": []any{"a", nil}},
		{"ok": "x", "bad": math.NaN()},
	} {
		told := map[string]int{}
		got := ObjectSize(m, func(key string, size int) {
			if _, again := told[key]; again {
				t.Errorf("%v: member %q told twice", m, key)
			}
			told[key] = size
		})
		if want := Size(m); got != want {
			t.Errorf("ObjectSize(%v) = %d, Size gives %d", m, got, want)
		}
		if got == 0 {
			continue
		}
		for k, v := range m {
			if told[k] != Size(v) {
				t.Errorf("%v: member %q told size %d, want %d", m, k, told[k], Size(v))
			}
		}
	}
}
