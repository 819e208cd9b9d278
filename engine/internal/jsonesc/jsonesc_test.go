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
