package orderedjson

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestWriteIsEncodingJSONIndent holds Write to encoding/json: a value
// decoded with Decode and written back is what json.Indent makes of the
// compact input (key order, numbers as written, two-space indent), and
// each string is quoted as json.Encoder quotes it with HTML escaping off.
func TestWriteIsEncodingJSONIndent(t *testing.T) {
	for _, in := range []string{
		`{}`, `[]`, `"x"`, `null`, `true`, `1.50e3`,
		`{"z":1,"a":[1,2,{"b":null,"a":false}],"m":{},"e":[],"n":-0.000001,"big":123456789012345678901234567890}`,
		`{"description":"<b>bold</b> & \"quoted\" \\ tab\t cr\r nl\n bell\u0007 bs\b ff\f nul\u0000 del\u007f","ls":"\u2028\u2029","emoji":"é 日本 🙂"}`,
		`[{"b":1,"a":2},{"a":2,"b":1}]`,
	} {
		v, err := Decode([]byte(in))
		if err != nil {
			t.Fatalf("Decode(%s): %v", in, err)
		}
		var got bytes.Buffer
		Write(&got, v, 0)
		var compact, want bytes.Buffer
		if err := json.Compact(&compact, got.Bytes()); err != nil {
			t.Fatalf("Write(%s) wrote invalid JSON %s: %v", in, got.Bytes(), err)
		}
		if err := json.Indent(&want, compact.Bytes(), "", "  "); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("Write(%s) =\n%s\njson.Indent gives\n%s", in, got.Bytes(), want.Bytes())
		}
		var inv, outv any
		if err := json.Unmarshal([]byte(in), &inv); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(got.Bytes(), &outv); err != nil {
			t.Fatal(err)
		}
		if a, b := mustMarshal(t, inv), mustMarshal(t, outv); a != b {
			t.Errorf("Write(%s) changed the value: %s, was %s", in, b, a)
		}
	}
}

// TestStringsQuoteAsEncodingJSON compares the quoting of every ASCII byte,
// invalid UTF-8 and the line separators with json.Encoder's.
func TestStringsQuoteAsEncodingJSON(t *testing.T) {
	var samples []string
	for c := range 0x80 {
		samples = append(samples, "a"+string(rune(c))+"z")
	}
	samples = append(samples, "bad \xff\xfe byte", "cut \xe6\x97", "\u2028\u2029", "é 日本 🙂", strings.Repeat("<&>", 3))
	for _, s := range samples {
		var got bytes.Buffer
		Write(&got, s, 0)
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		if got.String() != strings.TrimSuffix(want.String(), "\n") {
			t.Errorf("Write(%q) = %s, encoding/json writes %s", s, got.Bytes(), want.Bytes())
		}
	}
}

func TestDecodeKeepsOrderAndNumbers(t *testing.T) {
	v, err := Decode([]byte(`{"b": 1.0, "a": [2e1], "b": "again"}`))
	if err != nil {
		t.Fatal(err)
	}
	o := v.(Object)
	if len(o) != 3 || o[0].Key != "b" || o[1].Key != "a" || o[2].Key != "b" {
		t.Fatalf("members %v, want b, a, b in that order", o)
	}
	if o[0].Value != json.Number("1.0") || o.Get("a").(Array)[0] != json.Number("2e1") {
		t.Errorf("numbers %v, %v: want them as written", o[0].Value, o.Get("a"))
	}
	if o.Get("b") != json.Number("1.0") || o.Get("none") != nil {
		t.Errorf("Get: the first member of a name, nil for none")
	}
	for _, in := range []string{`{"a":1} {}`, `{"a":`, `[1,]`} {
		if _, err := Decode([]byte(in)); err == nil {
			t.Errorf("Decode(%s) = nil error", in)
		}
	}
}

func mustMarshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
