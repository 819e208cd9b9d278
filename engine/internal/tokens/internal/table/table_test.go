package table

import (
	"strings"
	"testing"
)

func TestBuildOpen(t *testing.T) {
	tokens := []string{"a", "b", "ab", "abc", "\x00", "\xff\xfe", strings.Repeat("x", 40), "hello world", "\xe4\xb8\xad"}
	data, err := Build(tokens)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Open(string(data))
	if err != nil {
		t.Fatal(err)
	}
	if tb.Len() != len(tokens) || tb.MaxLen() != 40 {
		t.Errorf("Len, MaxLen = %d, %d; want %d, 40", tb.Len(), tb.MaxLen(), len(tokens))
	}
	for r, tok := range tokens {
		if got := tb.Rank(tok); got != uint32(r) {
			t.Errorf("Rank(%q) = %d, want %d", tok, got, r)
		}
	}
	for _, s := range []string{"", "c", "ba", "abcd", "hello", "hello worlD", strings.Repeat("x", 39), strings.Repeat("x", 41), "\xe4\xb8"} {
		if got := tb.Rank(s); got != NoRank {
			t.Errorf("Rank(%q) = %d, want NoRank", s, got)
		}
	}
	for _, c := range []struct {
		a, b byte
		want uint32
	}{{'a', 'b', 2}, {0xff, 0xfe, 5}, {'b', 'a', NoRank}, {0, 0, NoRank}} {
		if got := tb.PairRank(c.a, c.b); got != c.want {
			t.Errorf("PairRank(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestBuildRejects(t *testing.T) {
	for name, tokens := range map[string][]string{
		"duplicate": {"a", "b", "a"},
		"empty":     {"a", ""},
		"too long":  {strings.Repeat("y", MaxTokenLen+1)},
	} {
		if _, err := Build(tokens); err == nil {
			t.Errorf("%s: Build succeeded, want an error", name)
		}
	}
}

func TestOpenRejects(t *testing.T) {
	good, err := Build([]string{"a", "bc"})
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"empty":     "",
		"magic":     "o200ktb0" + string(good[8:]),
		"truncated": string(good[:len(good)-1]),
		"longer":    string(good) + "x",
	} {
		if _, err := Open(data); err == nil {
			t.Errorf("%s: Open succeeded, want an error", name)
		}
	}
}

// TestHashReadsEveryByte checks that changing any one byte of strings of
// every length up to 40 changes the hash: the overlapping reads must not
// skip a byte.
func TestHashReadsEveryByte(t *testing.T) {
	for n := 1; n <= 40; n++ {
		b := []byte(strings.Repeat("q", n))
		h := Hash(string(b))
		for i := range b {
			b[i] = 'r'
			if Hash(string(b)) == h {
				t.Errorf("length %d: changing byte %d leaves the hash unchanged", n, i)
			}
			b[i] = 'q'
		}
	}
}
