package bytepair

import "testing"

func TestIndex(t *testing.T) {
	var p Set
	p.Add(' ', 't')
	p.Add(' ', 'T')
	p.AddAny('`')
	p.Add(0xff, 0xff)
	for _, c := range []struct {
		s    string
		want int
	}{
		{"", -1},
		{" ", -1},
		{" t", 0},
		{"a tool", 1},
		{"a Tool", 1},
		{"at", -1},
		{"a to", 1},
		{"x`", -1}, // the last byte starts no pair
		{"x`a", 1}, // any byte after a backtick
		{"x``", 1}, //
		{" x\xff\xff", 2},
		{" x\xff\xfe", -1},
		{"  \t t", 3},
	} {
		if got := p.Index(c.s); got != c.want {
			t.Errorf("Index(%q) = %d, want %d", c.s, got, c.want)
		}
	}
	if !p.Has(' ', 't') || p.Has(' ', 'x') || !p.Has('`', 0) {
		t.Error("Has disagrees with Add")
	}
}
