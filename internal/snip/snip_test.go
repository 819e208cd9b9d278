package snip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestRunes(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"", 3, ""},
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		// Counted in characters, not bytes: three runes of six bytes fit.
		{"äöü", 3, "äöü"},
		{"äöüß", 3, "äöü…"},
		{"日本語テキスト", 2, "日本…"},
		{"😀😀😀", 1, "😀…"},
		// A byte that is not UTF-8 is one character, kept as it is.
		{"a\xffbc", 2, "a\xff…"},
		{"abc", 0, "…"},
	} {
		if got := Runes(c.s, c.n); got != c.want {
			t.Errorf("Runes(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

func TestRunesNeverSplitsACharacter(t *testing.T) {
	s := strings.Repeat("aé日😀", 50)
	for n := range utf8.RuneCountInString(s) + 2 {
		got := Runes(s, n)
		if !utf8.ValidString(got) {
			t.Fatalf("Runes(s, %d) = %q, not valid UTF-8", n, got)
		}
		kept := strings.TrimSuffix(got, Ellipsis)
		if !strings.HasPrefix(s, kept) || utf8.RuneCountInString(kept) != min(n, utf8.RuneCountInString(s)) {
			t.Fatalf("Runes(s, %d) kept %d runes %q, want the first %d", n, utf8.RuneCountInString(kept), kept, n)
		}
	}
}
