package config

import "testing"

func TestMatchGlob(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{"search_*", "search_web", true},
		{"search_*", "search_", true},
		{"search_*", "web_search", false},
		{"*_search", "web_search", true},
		{"*", "", true},
		{"", "", true},
		{"", "x", false},
		{"a?c", "abc", true},
		{"a?c", "aéc", true},
		{"a?c", "ac", false},
		{"<resource file:///*>", "<resource file:///a/b.txt>", true},
		{"<prompt *>", "<prompt summarize>", true},
		{"<instructions>", "<instructions>", true},
		{"[a-c]x", "bx", true},
		{"[a-c]x", "dx", false},
		{"[!a-c]x", "dx", true},
		{"[^a-c]x", "ax", false},
		{"[]]", "]", true},
		{`\*`, "*", true},
		{`\*`, "a", false},
		{"*a*b*c", "xxaxxbxxc", true},
		{"*a*b*c", "xxaxxbxxcx", false},
		{"get_*_by_id", "get_user_by_id", true},
		{"search_[", "search_[", false}, // invalid: matches nothing
	} {
		if got := MatchGlob(tc.pattern, tc.name); got != tc.want {
			t.Errorf("MatchGlob(%q, %q) = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}

func TestValidGlob(t *testing.T) {
	for _, p := range []string{"", "*", "a[b]c", `\[x`, "[]]", "[!]]"} {
		if err := ValidGlob(p); err != nil {
			t.Errorf("ValidGlob(%q) = %v", p, err)
		}
	}
	for _, p := range []string{"[", "a[bc", `x\`, "[]"} {
		if ValidGlob(p) == nil {
			t.Errorf("ValidGlob(%q) accepted an invalid glob", p)
		}
	}
}
