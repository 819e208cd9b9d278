// Package bytepair finds where in a text a byte is followed by one of the
// bytes that may follow it. Several rules test every byte of every text
// for a few rare marks, and some of those marks start with a common byte
// (a space before "tool", a space before "data"): stopping at each common
// byte to look at the next costs a mispredicted branch every few bytes,
// where one lookup of the pair costs a branch that is almost never taken.
package bytepair

// Set is a set of byte pairs. Its zero value is empty.
type Set [256][4]uint64

// Add adds the pair (first, next).
func (p *Set) Add(first, next byte) { p[first][next>>6] |= 1 << (next & 63) }

// AddAny adds first followed by any byte.
func (p *Set) AddAny(first byte) {
	p[first] = [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
}

// Has reports whether (first, next) is in the set.
func (p *Set) Has(first, next byte) bool { return p[first][next>>6]&(1<<(next&63)) != 0 }

// Index returns the first i with (s[i], s[i+1]) in the set, or -1. The
// last byte of s, with no byte after it, starts no pair.
func (p *Set) Index(s string) int {
	if len(s) < 2 {
		return -1
	}
	first := s[0]
	for i := 1; i < len(s); i++ {
		next := s[i]
		if p[first][next>>6]&(1<<(next&63)) != 0 {
			return i - 1
		}
		first = next
	}
	return -1
}
