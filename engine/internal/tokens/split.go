package tokens

import (
	"math/bits"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// The o200k_base pre-tokenizer splits text into pieces with this pattern
// before byte-pair merging:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|\p{N}{1,3}
//	| ?[^\s\p{L}\p{N}]+[\r\n/]*
//	|\s*[\r\n]+
//	|\s+(?!\S)
//	|\s+
//
// pieceEnd matches it by hand: every branch is a run of one character class,
// so the backtracking a regex engine would do reduces to remembering where
// the last character of another class was. \s is unicode.IsSpace, as in the
// regex engines tiktoken ports use.

// kind is the class of one character as the pattern sees it: each character
// has exactly one.
type kind uint8

const (
	kUpper   kind = 1 << iota // Lu, Lt
	kLower                    // Ll
	kLetter                   // Lm, Lo: in both letter runs
	kMark                     // M: in both letter runs, yet not \p{L}
	kNumber                   // N
	kNewline                  // \r, \n
	kSpace                    // any other \s
	kOther                    // everything else: punctuation, symbols, controls
)

const (
	// setUpper is [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}].
	setUpper = kUpper | kLetter | kMark
	// setLower is [\p{Ll}\p{Lm}\p{Lo}\p{M}].
	setLower = kLower | kLetter | kMark
	// setPrefix is [^\r\n\p{L}\p{N}].
	setPrefix = kMark | kSpace | kOther
	// setPunct is [^\s\p{L}\p{N}].
	setPunct = kMark | kOther
	// setSpace is \s.
	setSpace = kNewline | kSpace
)

// byteKinds is the kind of each ASCII byte, and zero for the bytes that
// start or continue a multi-byte character.
var byteKinds = func() (t [256]kind) {
	for r := range rune(utf8.RuneSelf) {
		t[r] = kindOfRune(r)
	}
	return t
}()

func kindOfRune(r rune) kind {
	switch {
	case r == '\r' || r == '\n':
		return kNewline
	case unicode.IsSpace(r):
		return kSpace
	case unicode.Is(unicode.Lo, r) || unicode.Is(unicode.Lm, r):
		return kLetter
	case unicode.Is(unicode.Ll, r):
		return kLower
	case unicode.Is(unicode.Lu, r) || unicode.Is(unicode.Lt, r):
		return kUpper
	case unicode.Is(unicode.M, r):
		return kMark
	case unicode.Is(unicode.N, r):
		return kNumber
	}
	return kOther
}

// multibyteKind is the kind and the byte length of the character at s[i],
// which byteKinds has no kind for; s is valid UTF-8. Callers look the byte
// up in byteKinds first themselves: a call per ASCII character would cost
// more than the lookup.
func multibyteKind(s string, i int) (kind, int) {
	r, n := utf8.DecodeRuneInString(s[i:])
	return runeKind(r), n
}

// runeBlocks caches kindOfRune by blocks of 256 code points, each filled
// the first time a character of it is seen: text in one script keeps to a
// few blocks, and a lookup there is cheaper than the unicode tables' binary
// searches. Goroutines that fill the same block at once fill it alike, so
// whichever store lands is right.
var runeBlocks [(unicode.MaxRune + 1) >> 8]atomic.Pointer[[256]kind]

func runeKind(r rune) kind {
	b := runeBlocks[r>>8].Load()
	if b == nil {
		b = new([256]kind)
		for i := range b {
			b[i] = kindOfRune(r&^0xff | rune(i))
		}
		runeBlocks[r>>8].Store(b)
	}
	return b[r&0xff]
}

// runEnd is where the run of characters in set that starts at i ends.
func runEnd(s string, i int, set kind) int {
	for i < len(s) {
		if k := byteKinds[s[i]]; k != 0 {
			if k&set == 0 {
				break
			}
			i++
			continue
		}
		k, n := multibyteKind(s, i)
		if k&set == 0 {
			break
		}
		i += n
	}
	return i
}

// pieceEnd is the end of the piece that starts at p < len(s), in valid UTF-8.
// It takes the shapes that make up most of English and JSON, where every
// byte that settles the piece is ASCII, without the general machinery of
// pieceEndGeneral, to which it leaves everything else: a byte from 0x80 up
// may be a letter, mark or number that continues a run.
func pieceEnd(s string, p int) int {
	c := s[p]
	k := byteKinds[c]
	if k&(kUpper|kLower) != 0 {
		return asciiWordEnd(s, p, p)
	}
	if p+1 == len(s) {
		if k&(kOther|kNumber) != 0 {
			return p + 1
		}
		return pieceEndGeneral(s, p)
	}
	next := byteKinds[s[p+1]]
	switch {
	case next == 0:
	case k&(kOther|kSpace) != 0 && next&(kUpper|kLower) != 0:
		// [^\r\n\p{L}\p{N}] then an ASCII letter: the prefix of a word.
		return asciiWordEnd(s, p, p+1)
	case k == kNumber:
		// \p{N}{1,3}
		i := p + 1
		for ; i < len(s) && i < p+3; i++ {
			if k := byteKinds[s[i]]; k != kNumber {
				if k == 0 {
					return pieceEndGeneral(s, p)
				}
				break
			}
		}
		return i
	case k == kOther || c == ' ' && next == kOther:
		// " ?[^\s\p{L}\p{N}]+[\r\n/]*"
		i := p + 1
		for i < len(s) && byteKinds[s[i]] == kOther {
			i++
		}
		if i < len(s) && s[i] >= utf8.RuneSelf {
			return pieceEndGeneral(s, p)
		}
		for i < len(s) && (s[i] == '\r' || s[i] == '\n' || s[i] == '/') {
			i++
		}
		return i
	}
	return pieceEndGeneral(s, p)
}

// asciiWordEnd is the end of the word piece that starts at p, its letters
// at w: an ASCII letter. In ASCII both letter branches of the pattern come
// to [A-Z]*[a-z]*, so only a byte from 0x80 up where a run stops needs
// pieceEndGeneral.
func asciiWordEnd(s string, p, w int) int {
	i := w
	for i < len(s) && byteKinds[s[i]] == kUpper {
		i++
	}
	i = lowerEnd(s, i)
	if i < len(s) {
		switch c := s[i]; {
		case c >= utf8.RuneSelf:
			return pieceEndGeneral(s, p)
		case c == '\'':
			return contractionEnd(s, i)
		}
	}
	return i
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// lowerEnd is where the run of ASCII lowercase letters from i ends. Most
// of a tool's text is such runs; a byte at a time, the loop's exit was
// mispredicted once a word, and the lookups cost more than the arithmetic
// that finds the end among eight bytes at once.
func lowerEnd(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		w := le64(s, i)
		// Under 0x80, adding 0x1f sets a byte's high bit from 'a' up and
		// adding 0x05 from '{' up, without carrying into the next byte.
		x := w &^ highs
		lower := (x + 0x1f*ones) &^ (x + 0x05*ones) &^ w & highs
		if other := ^lower & highs; other != 0 {
			return i + bits.TrailingZeros64(other)/8
		}
	}
	for i < len(s) && byteKinds[s[i]] == kLower {
		i++
	}
	return i
}

// pieceEndGeneral is pieceEnd for any text.
func pieceEndGeneral(s string, p int) int {
	k0, n0 := byteKinds[s[p]], 1
	if k0 == 0 {
		k0, n0 = multibyteKind(s, p)
	}

	// The letter branches try the optional prefix character first, then go
	// without it: a mark there is a prefix character and a letter both.
	starts := [2]int{p, p}
	nstarts := 1
	if k0&setPrefix != 0 && p+n0 < len(s) {
		starts[0] = p + n0
		nstarts = 2
	}
	if k0&(setUpper|setLower|setPrefix) != 0 {
		// First alternative, [upper]*[lower]+: the greedy upper run backs
		// off one character at a time until a lower-run character follows
		// it: past the run only Ll qualifies, inside it the last Lm, Lo or M.
		for _, st := range starts[:nstarts] {
			i, lastBoth := st, -1
			for i < len(s) {
				k, n := byteKinds[s[i]], 1
				if k == 0 {
					k, n = multibyteKind(s, i)
				}
				if k&setUpper == 0 {
					if k == kLower {
						return contractionEnd(s, runEnd(s, i+n, setLower))
					}
					break
				}
				if k&setLower != 0 {
					lastBoth = i + n
				}
				i += n
			}
			if lastBoth >= 0 {
				return contractionEnd(s, lastBoth)
			}
		}
		// Second alternative, [upper]+[lower]*.
		for _, st := range starts[:nstarts] {
			if i := runEnd(s, st, setUpper); i > st {
				return contractionEnd(s, runEnd(s, i, setLower))
			}
		}
	}

	switch {
	case k0 == kNumber:
		// \p{N}{1,3}
		i := p + n0
		for range 2 {
			if i == len(s) {
				break
			}
			k, n := byteKinds[s[i]], 1
			if k == 0 {
				k, n = multibyteKind(s, i)
			}
			if k != kNumber {
				break
			}
			i += n
		}
		return i
	case k0&setPunct != 0 || s[p] == ' ' && p+1 < len(s) && runEnd(s, p+1, setPunct) > p+1:
		// " ?[^\s\p{L}\p{N}]+[\r\n/]*"
		i := p
		if s[i] == ' ' {
			i++
		}
		i = runEnd(s, i, setPunct)
		for i < len(s) && (s[i] == '\r' || s[i] == '\n' || s[i] == '/') {
			i++
		}
		return i
	}

	// What is left starts with \s.
	e := runEnd(s, p, setSpace)
	lastNewline := -1
	for i := p; i < e; i++ {
		if s[i] == '\r' || s[i] == '\n' {
			lastNewline = i
		}
	}
	switch {
	case lastNewline >= 0:
		// \s*[\r\n]+: the greedy \s* backs off to the last newline of the run.
		return lastNewline + 1
	case e == len(s):
		return e
	}
	// \s+(?!\S) leaves the last space of a run for the word after it, unless
	// the run is that one space; then \s+ takes it.
	_, last := utf8.DecodeLastRuneInString(s[p:e])
	if e-last > p {
		return e - last
	}
	return e
}

// contractionEnd extends a letter run that ends at i over a following
// (?i:'s|'t|'re|'ve|'m|'ll|'d). Case folding makes the long s (U+017F) an s.
func contractionEnd(s string, i int) int {
	if i+1 >= len(s) || s[i] != '\'' {
		return i
	}
	switch s[i+1] {
	case 's', 'S', 't', 'T', 'm', 'M', 'd', 'D':
		return i + 2
	case 'r', 'R', 'v', 'V':
		if i+2 < len(s) && s[i+2]|0x20 == 'e' {
			return i + 3
		}
	case 'l', 'L':
		if i+2 < len(s) && s[i+2]|0x20 == 'l' {
			return i + 3
		}
	case 0xC5:
		if i+2 < len(s) && s[i+2] == 0xBF {
			return i + 3
		}
	}
	return i
}
