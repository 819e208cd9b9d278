package static

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/internal/synth"
)

// genericCases are inputs where a decoder is easy to get subtly wrong.
var genericCases = []string{
	// Literals and white space.
	`true`, `false`, `null`, ` null `, "[" + strings.Repeat(" ", 8) + "1]", "[" + strings.Repeat(" ", 17) + "1 ]",
	"[1" + strings.Repeat(" ", 16) + "\t]", "[" + strings.Repeat(" ", 7) + "\v1]", "\t\r\n[ 1 ,\t2 ]\n", `nul`, `truex`, `True`,
	"\f1", "\v1", "\u00a01", "1\u00a0", "[1]\x00", `[1] [2]`, ``, ` `,
	// Numbers.
	`0`, `-0`, `-0.0`, `0e0`, `-0e-0`, `1E400`, `-1e400`, `1e-400`, `1e308`, `1.7976931348623157e308`,
	`1.7976931348623159e308`, `4.9e-324`, `123456789012345`, `1234567890123456`, `9007199254740993`,
	`-9007199254740993`, `18446744073709551616`, `99999999999999999999999`, `0.1`, `1.5e3`, `1e+2`, `1E-2`,
	`01`, `-01`, `00`, `1.`, `.1`, `-`, `+1`, `1e`, `1e+`, `1.e1`, `0x10`, `1_000`, `Infinity`, `NaN`, `-Infinity`,
	`[-]`, `[1.e]`, `[0.0e-0]`, `{"a":-0}`,
	// Strings, escapes and surrogates.
	`""`, `"abc"`, `"\"\\\/\b\f\n\r\t"`, `"\'"`, `"\x41"`, `"\u0041"`, `"\u00e9"`, `"\u00E9"`, `"\u0000"`,
	`"\ud83d\ude00"`, `"\ud83d"`, `"\ude00"`, `"\ud83d\u0041"`, `"\ud83dx"`, `"\ud83d\ud83d\ude00"`,
	`"\ude00\ud83d"`, `"\ud83d\"`, `"\uDBFF\uDFFF"`, `"\uD800\uDC00"`, `"\u12"`, `"\u12g4"`, `"\U0041"`,
	`"\`, `"abc`, `"a` + "\x00" + `"`, `"a` + "\x1f" + `"`, `"a` + "\x7f" + `"`, "\"a\tb\"", "\"a\nb\"",
	"\"\xff\"", "\"a\xc3\"", "\"\xc3\xa9\"", "\"\xed\xa0\x80\"", "\"\xef\xbf\xbd\"", "\"\xf4\x90\x80\x80\"",
	"\"\xe2\x82\"", "\"\xc0\xaf\"", "\"\xff\\n\"", "\"é\\u00e9\xff\"", "\"" + strings.Repeat("\xff", 40) + "\"",
	// Objects and arrays.
	`{}`, `[]`, `{ }`, `[ ]`, `{"a":1,"a":2}`, `{"a":{"b":1},"a":[]}`, `{"\u0061":1,"a":2}`, `{"a":1,}`,
	`[1,]`, `[,1]`, `{,}`, `{"a"}`, `{"a":}`, `{"a" 1}`, `{1:1}`, `{'a':1}`, `[1 2]`, `{"a":1 "b":2}`, `[`, `{`,
	`]`, `}`, `[[]]`, `[{}]`, `{"":""}`, `{"a":[1,{"b":[null,true,false]}]}`, "{\"\xff\":1}", `{"k":"v"}x`,
	"\xef\xbb\xbf{}",
	// Objects of scalars, which the decoder shares when they repeat.
	`[{"a":1,"a":2},{"a":1,"a":2},{"a":2}]`, `[{"a":"x"},{"a":"x"},{"a":"y"},{"a":1},{"a":"1"},{"a":1}]`,
	`[{"a":null},{"a":false},{"a":true},{"a":null},{"a":false}]`, `[{"ab":"c"},{"a":"bc"},{"ab":"c"}]`,
	`[{},{},[{}],{"a":{}},{"a":{}}]`, `[{"a":[1]},{"a":[1]},{"a":1e400},{"a":1e400}]`,
	// Nesting at and past encoding/json's limit.
	strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth),
	strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1),
	strings.Repeat(`{"a":`, maxDepth) + "1" + strings.Repeat("}", maxDepth),
	strings.Repeat(`{"a":`, maxDepth+1) + "1" + strings.Repeat("}", maxDepth+1),
	strings.Repeat("[", maxDepth+1),
}

func TestDecodeAnyMatchesEncodingJSON(t *testing.T) {
	for _, in := range genericCases {
		if msg := genericAgreement([]byte(in)); msg != "" {
			t.Errorf("%.60q: %s", in, msg)
		}
	}
}

// TestNeedsLook puts each byte value at each place in a word of plain
// bytes: needsLook must flag every byte str has to look at.
func TestNeedsLook(t *testing.T) {
	for _, fill := range []byte{'a', ' ', '~', 0x80, 0xff} {
		for c := range 256 {
			for at := range 8 {
				w := [8]byte{}
				for k := range w {
					w[k] = fill
				}
				w[at] = byte(c)
				want := c < 0x20 || c == '"' || c == '\\'
				if got := needsLook(binary.LittleEndian.Uint64(w[:])); want && !got {
					t.Errorf("needsLook(%q) = false, want true", w)
				} else if !want && got {
					t.Errorf("needsLook(%q) = true for plain bytes", w)
				}
			}
		}
	}
}

// TestDecodeAnyLongStrings places what str must notice at every offset
// from an eight-byte boundary.
func TestDecodeAnyLongStrings(t *testing.T) {
	for _, special := range []string{`\"`, `\n`, `\u00e9`, `\ud83d\ude00`, "\x01", "\xff", "é", "\xed\xa0\x80", `"`, "\x7f"} {
		for n := range 20 {
			for _, tail := range []string{"", "abcdefghijklmnop"} {
				in := `"` + strings.Repeat("x", n) + special + tail + `"`
				if msg := genericAgreement([]byte(in)); msg != "" {
					t.Errorf("%q: %s", in, msg)
				}
			}
		}
	}
}

func TestDecodeAnyValues(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want any
	}{
		{`-0`, math.Copysign(0, -1)},
		{`"\ud83d\ude00"`, "😀"},
		{`"\ud83d\u0041"`, "\ufffdA"},
		{`"\ud83d\ud83d\ude00"`, "\ufffd😀"},
		{"\"\xed\xa0\x80\"", "\ufffd\ufffd\ufffd"},
		{`{"a":1,"a":2}`, map[string]any{"a": 2.0}},
		{`[]`, []any{}},
		{`1e-400`, 0.0},
	} {
		got, ok := decodeAny([]byte(tc.in))
		if !ok || !sameTree(got, tc.want) {
			t.Errorf("decodeAny(%q) = %#v, %v; want %#v", tc.in, got, ok, tc.want)
		}
	}
}

// TestDecodeAnySharesBytes checks the reason for decoding by hand: a plain
// string points into the document instead of being copied, and a string
// that needed decoding does not.
func TestDecodeAnySharesBytes(t *testing.T) {
	data := []byte(`{"plain":"abc","esc":"a\nb"}`)
	v, ok := decodeAny(data)
	if !ok {
		t.Fatal("decodeAny refused a valid document")
	}
	m := v.(map[string]any)
	data[10] = 'X'
	if m["plain"] != "Xbc" {
		t.Errorf(`"plain" is %q: the string was copied`, m["plain"])
	}
	data[21] = 'X'
	if m["esc"] != "a\nb" {
		t.Errorf(`"esc" is %q: the decoded string shares the document`, m["esc"])
	}
}

func TestDecodeAnySynth(t *testing.T) {
	if msg := genericAgreement(synth.ToolList(200, 7)); msg != "" {
		t.Fatal(msg)
	}
}

// FuzzGeneric checks decodeAny against encoding/json: the same tree
// (down to the sign of zero) for every document encoding/json accepts, and
// a refusal for every one it rejects.
func FuzzGeneric(f *testing.F) {
	for _, in := range genericCases {
		if len(in) < 1000 {
			f.Add([]byte(in))
		}
	}
	f.Add(synth.ToolList(2, 1))
	f.Add([]byte(pretty))
	f.Fuzz(func(t *testing.T, data []byte) {
		if msg := genericAgreement(data); msg != "" {
			t.Fatal(msg)
		}
	})
}

// genericAgreement says how decodeAny and json.Unmarshal into an any
// disagree about data, or "" when they agree.
func genericAgreement(data []byte) string {
	var want any
	err := json.Unmarshal(data, &want)
	got, ok := decodeAny(data)
	if te, isType := err.(*json.UnmarshalTypeError); isType && strings.HasPrefix(te.Value, "number") && ok {
		// A number past float64's range: decodeAny keeps it as written,
		// which encoding/json does with UseNumber.
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var exact any
		if dec.Decode(&exact) != nil || !sameNumbers(got, exact) {
			return fmt.Sprintf("decodeAny gave %.200s, encoding/json with UseNumber %.200s", fmt.Sprintf("%#v", got), fmt.Sprintf("%#v", exact))
		}
		return ""
	}
	switch {
	case err != nil && ok:
		return fmt.Sprintf("decodeAny accepted what encoding/json rejects (%v): %.200s", err, fmt.Sprintf("%#v", got))
	case err == nil && !ok:
		return "decodeAny refused what encoding/json accepts"
	case err == nil && !sameTree(got, want):
		return fmt.Sprintf("decodeAny gave %.200s, encoding/json %.200s", fmt.Sprintf("%#v", got), fmt.Sprintf("%#v", want))
	}
	return ""
}

// sameTree is reflect.DeepEqual for decoded JSON, except that it tells
// 0 from -0 and an empty slice or map from a nil one.
func sameTree(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || (a == nil) != (b == nil) || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !sameTree(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || (a == nil) != (b == nil) || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !sameTree(a[i], b[i]) {
				return false
			}
		}
		return true
	case float64:
		b, ok := b.(float64)
		return ok && math.Float64bits(a) == math.Float64bits(b)
	case string, bool, nil:
		return a == b
	}
	return false
}

// sameNumbers compares decodeAny's tree with encoding/json's UseNumber
// one: a json.Number on both sides is the same text, a float64 is the
// value of the other side's text.
func sameNumbers(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			if w, ok := b[k]; !ok || !sameNumbers(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !sameNumbers(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		return a == b
	case float64:
		n, ok := b.(json.Number)
		f, err := n.Float64()
		return ok && err == nil && f == a
	}
	return a == b
}

// TestDecodeShares checks that small objects and arrays given again are
// one map or slice when what they hold is scalars or shared, that one
// holding a reference or too many members is not shared, and that the
// table of shared values stays bounded.
func TestDecodeShares(t *testing.T) {
	v, ok := decodeAny([]byte(`[{"type":"string"},{"type":"string"},{"type":"number"},{"a":[1]},{"a":[1]},` +
		`{"type":"object","properties":{}},{"type":"object","properties":{}},` +
		`{"p":{"q":{"type":"string"}}},{"p":{"q":{"type":"string"}}},` +
		`{"items":{"$ref":"#/a"}},{"items":{"$ref":"#/a"}},` +
		`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9},{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9},` +
		`[1,"x"],[1,"x"],` +
		`{"$schema":"s","properties":{"id":{"type":"string"}}},{"$schema":"s","properties":{"id":{"type":"string"}}}]`))
	if !ok {
		t.Fatal("not decoded")
	}
	a := v.([]any)
	same := func(i, j int) bool {
		return reflect.ValueOf(a[i]).UnsafePointer() == reflect.ValueOf(a[j]).UnsafePointer()
	}
	for _, c := range []struct {
		i, j int
		want bool
	}{{0, 1, true}, {0, 2, false}, {3, 4, true}, {5, 6, true}, {7, 8, true}, {9, 10, false}, {11, 12, false}, {13, 14, true}, {15, 16, true}} {
		if same(c.i, c.j) != c.want {
			t.Errorf("%v and %v: shared %v, want %v", a[c.i], a[c.j], !c.want, c.want)
		}
	}
	// The hole decodeParallel fills in afterwards is an empty array until
	// then: what holds it must not be shared with an object that holds a
	// real empty array.
	data := []byte(`{"a":{"t":[1,2]},"b":{"t":[]}}`)
	start := bytes.Index(data, []byte("[1"))
	d := decoder{hole: span{start, start + len("[1,2]")}}
	doc, ok := d.document(data)
	if !ok {
		t.Fatal("not decoded")
	}
	m := doc.(map[string]any)
	if reflect.ValueOf(m["a"]).UnsafePointer() == reflect.ValueOf(m["b"]).UnsafePointer() {
		t.Error("the object holding the hole is shared")
	}
	// A reference resolves against the resource it sits in, and the
	// resolver tells subschemas apart by their map: the same "$ref" object
	// under two "$id"s must be two maps.
	for _, obj := range []string{`{"$ref":"#/$defs/a"}`, `{"$dynamicRef":"#a"}`, `{"$recursiveRef":"#"}`,
		`{"$id":"x.json"}`, `{"$anchor":"a"}`, `{"$dynamicAnchor":"a"}`, `{"$recursiveAnchor":true}`, `{"id":"x.json"}`} {
		v, ok := decodeAny([]byte("[" + obj + "," + obj + "]"))
		if !ok {
			t.Fatal("not decoded")
		}
		if a = v.([]any); same(0, 1) {
			t.Errorf("%s given twice is one map: a reference or identifier must keep its place", obj)
		}
	}
	var b strings.Builder
	b.WriteString("[")
	for i := range 2 * shareMaxCount {
		fmt.Fprintf(&b, `{"n":%d},`, i)
	}
	b.WriteString("{}]")
	d = decoder{}
	if _, ok := d.document([]byte(b.String())); !ok {
		t.Fatal("not decoded")
	}
	if len(d.shared) > shareMaxCount {
		t.Errorf("%d shared objects kept, want at most %d", len(d.shared), shareMaxCount)
	}
}
