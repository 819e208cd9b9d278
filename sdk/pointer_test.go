package sdk

import (
	"slices"
	"testing"
)

// TestPointer: tokens are escaped as RFC 6901 says, whichever of "~" and
// "/" they hold, and SplitPointer gives them back.
func TestPointer(t *testing.T) {
	for _, c := range []struct {
		base   string
		tokens []string
		want   string
	}{
		{"/tools/0", nil, "/tools/0"},
		{"", []string{"properties", "a"}, "/properties/a"},
		{"/tools/0/inputSchema", []string{"properties", "a/b"}, "/tools/0/inputSchema/properties/a~1b"},
		{"/x", []string{"m~n", "", "~/", "/~1"}, "/x/m~0n//~0~1/~1~01"},
		{"/x", []string{"plain", "a~"}, "/x/plain/a~0"},
	} {
		got := Pointer(c.base, c.tokens...)
		if got != c.want {
			t.Errorf("Pointer(%q, %q) = %q, want %q", c.base, c.tokens, got, c.want)
		}
		if back := SplitPointer(got); len(c.tokens) > 0 && !slices.Equal(back[len(back)-len(c.tokens):], c.tokens) {
			t.Errorf("SplitPointer(%q) = %q, want %q at its end", got, back, c.tokens)
		}
	}
}
