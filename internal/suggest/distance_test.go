package suggest

import (
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "abc", 0}, {"", "abc", 3},
		{"hiden", "hidden", 1}, {"hdiden", "hidden", 1}, {"kitten", "sitting", 3},
		{"café", "cafe", 1}, {"ab", "ba", 1},
		{strings.Repeat("a", 300), "a", 301},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%.20q, %.20q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
