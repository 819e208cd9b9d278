package jsonvalue

import (
	"strings"
	"testing"
)

func TestDescribe(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{
		{nil, "null"},
		{true, "a boolean (true)"},
		{42.0, "a number (42)"},
		{"x", `a string ("x")`},
		{[]any{1.0}, "an array ([1])"},
		{map[string]any{"a": 1.0}, `an object ({"a":1})`},
		{strings.Repeat("é", 60), `a string ("` + strings.Repeat("é", 39) + `…)`},
		{int8(3), "a Go int8 (3)"},
	} {
		if got := Describe(tt.v); got != tt.want {
			t.Errorf("Describe(%#v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
