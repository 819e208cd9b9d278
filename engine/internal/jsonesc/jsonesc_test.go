package jsonesc

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
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

// TestPlainWord checks plainWord against plainHTML for every byte at every
// position of a word, among plain bytes and next to every other byte: the
// borrows of its subtractions cross bytes.
func TestPlainWord(t *testing.T) {
	plain := func(b byte) bool { return b < utf8.RuneSelf && plainHTML[b] }
	for b := range 256 {
		for o := range 256 {
			for pos := range 7 {
				w := []byte("abcdefgh")
				w[pos], w[pos+1] = byte(b), byte(o)
				want := plain(byte(b)) && plain(byte(o))
				if got := plainWord(le64(string(w), 0)); got && !want {
					t.Fatalf("plainWord(%q) = true; byte %#x or %#x needs escaping or is not ASCII", w, b, o)
				}
				if want && !plainWord(le64(string(w), 0)) && b > ' ' && o > ' ' {
					t.Errorf("plainWord(%q) = false for plain bytes", w)
				}
			}
		}
	}
}

// TestAppendStringMatchesEncodingJSON holds AppendString, with and without
// HTML escaping, to what encoding/json writes for strings that cross every
// path of its loop: whole plain words, escapes at each byte of a word,
// invalid UTF-8, U+2028 and U+2029, and runes of two to four bytes.
func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	inputs := []string{"", "plain words of ASCII text", "a<b>&c", "tab\there\nnewline \"quoted\" back\\slash",
		"\x00\x01\x1f\x7f", "bad \xff\xfe utf-8 \xc3", "line\u2028para\u2029end", "é中😀 mixed <html> & text",
		"12345678<2345678&", "\u0085 C1 and \u200b zero width"}
	for i := range 16 {
		w := []byte("abcdefghijklmnop")
		w[i] = '"'
		inputs = append(inputs, string(w))
	}
	for _, html := range []bool{true, false} {
		for _, s := range inputs {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(html)
			if err := enc.Encode(s); err != nil {
				t.Fatal(err)
			}
			if got := string(AppendString(nil, s, html)); got != strings.TrimSuffix(want.String(), "\n") {
				t.Errorf("AppendString(%q, html=%v) = %s, encoding/json writes %s", s, html, got, want.String())
			}
		}
	}
}
