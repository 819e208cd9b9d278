package ident

import (
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	for in, want := range map[string][]string{
		"getV2User":          {"get", "V2", "User"},
		"getHTTPResponse":    {"get", "HTTP", "Response"},
		"base64Encode":       {"base64", "Encode"},
		"slack_post_message": {"slack", "post", "message"},
		"browser-navigate":   {"browser", "navigate"},
		"":                   nil,
	} {
		if got := Words(in); !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
	}
}
