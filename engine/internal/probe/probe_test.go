package probe

import "testing"

func TestParseSet(t *testing.T) {
	tests := []struct {
		in   string
		want Set
		ok   bool
	}{
		{"", Default, true},
		{"default", Default, true},
		{"none", None, true},
		{"all", All, true},
		{"All", Default, false},
		{"some", Default, false},
	}
	for _, tt := range tests {
		got, err := ParseSet(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseSet(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
		if err == nil && tt.in != "" && got.String() != tt.in {
			t.Errorf("%v.String() = %q, want %q", got, got.String(), tt.in)
		}
	}
}

func TestAbsentName(t *testing.T) {
	tests := []struct {
		listed map[string]bool
		want   string
	}{
		{nil, UnknownToolName},
		{map[string]bool{"search": true}, UnknownToolName},
		{map[string]bool{UnknownToolName: true}, UnknownToolName + "_2"},
		{map[string]bool{UnknownToolName: true, UnknownToolName + "_2": true}, UnknownToolName + "_3"},
	}
	for _, tt := range tests {
		if got := absentName(tt.listed); got != tt.want || tt.listed[got] {
			t.Errorf("absentName(%v) = %q, want %q", tt.listed, got, tt.want)
		}
	}
}
