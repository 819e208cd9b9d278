package jsonesc

import (
	"encoding/json"
	"testing"
)

// TestAppendASCIIMatchesEncodingJSON holds every escape to what
// json.Marshal writes for a string of that one byte.
func TestAppendASCIIMatchesEncodingJSON(t *testing.T) {
	for c := range byte(0x80) {
		if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
			continue
		}
		want, err := json.Marshal(string(rune(c)))
		if err != nil {
			t.Fatal(err)
		}
		got := `"` + string(AppendASCII(nil, c)) + `"`
		if got != string(want) {
			t.Errorf("AppendASCII(%#x) = %s, encoding/json writes %s", c, got, want)
		}
	}
}

func TestEscapeRunes(t *testing.T) {
	nonASCII := func(r rune) bool { return r >= 0x80 }
	for _, tc := range []struct{ in, want string }{
		{`{"a":"plain"}`, `{"a":"plain"}`},
		{`{"a":"é"}`, `{"a":"\u00e9"}`},
		{`{"a":"😀x"}`, `{"a":"\ud83d\ude00x"}`},
		{`{"a":"` + "\ufffd" + `"}`, `{"a":"\ufffd"}`},
	} {
		if got := string(EscapeRunes([]byte(tc.in), nonASCII)); got != tc.want {
			t.Errorf("EscapeRunes(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
	in := []byte(`"é"`)
	if got := EscapeRunes(in, func(rune) bool { return false }); &got[0] != &in[0] {
		t.Error("EscapeRunes copied a text it had nothing to escape in")
	}
}
