package security

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"strings"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/internal/ident"
	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// A text can say more than its words: words glued into one identifier
// ("alwaysUseThisTool"), text encoded as hex or base64 ("49676e6f7265…")
// and text written in Unicode tag characters read as plain sentences to a
// model, which spaces the first, decodes the second and reads the third
// as the ASCII it mirrors, but not to a phrase. The directive rules read
// such a text a second time, spaced, decoded or revealed.

// reading is a text of a Snapshot read another way.
type reading struct {
	// i is the text's place in visible.Texts order.
	i int
	t visible.Text
	// value is the text read that way: spaced, or its decoded runs one
	// to a line.
	value string
	// how is what was done, for messages: readGlued, readDecoded or
	// readHidden.
	how readingKind
	// folded is value folded (see fold), or value itself when plain
	// (visible.Plain), made once for the phrase rules that each read it.
	folded string
	plain  bool
}

type readingKind uint8

const (
	readGlued readingKind = 1 << iota
	readDecoded
	readHidden
)

// note is what a message adds about a finding in a reading.
func (k readingKind) note() string {
	switch k {
	case readGlued:
		return " (in words glued together, which keep it from keyword filters)"
	case readDecoded:
		return " (encoded as hex or base64 in the text, which hides it from a reader)"
	case readHidden:
		return " (written in Unicode tag characters, which a reader does not see and a model reads)"
	}
	return ""
}

// readingSets are the phrase sets that read each kind of reading: words
// glued into one identifier are an order to the model only when the
// order is about its instructions, its choice of tools or hiding; an
// encoded text is read by every rule of orders.
func readingSets() map[*phraseSet]readingKind {
	return map[*phraseSet]readingKind{
		overridePhrases():    readGlued | readDecoded | readHidden,
		hijackPhrases():      readGlued | readDecoded | readHidden,
		concealmentPhrases(): readGlued | readDecoded | readHidden,
		flowPhrases():        readDecoded | readHidden,
	}
}

// otherReadings is the texts of s that read otherwise, found once for all
// the rules. Only a word of twelve letters and digits or more can glue an
// order or encode one, and the phrase rules' scan, which reads every word
// already, tells which texts have such a word that may (see
// byteMarks.reread): few texts are read again.
var otherReadings = analysis.New(analysis.Analysis[[]reading]{
	Name: "other-readings",
	Doc:  "the texts that read otherwise, glued words spaced or encoded runs decoded",
	Uses: []string{judged.Name},
	Run:  readAgain,
})

// readings returns otherReadings of s; a rule that calls it lists
// otherReadings in its Meta.Uses.
func readings(ctx context.Context, s *sdk.Snapshot) []reading { return otherReadings.Of(ctx, s) }

func readAgain(ctx context.Context, s *sdk.Snapshot) []reading {
	var out []reading
	// A text recurs as its list's texts do, and its readings are its
	// value's: read[value] is where out holds the first text's.
	read := map[string][2]int{}
	for _, e := range judged.Of(ctx, s).rereads {
		t := e.t
		if t.Kind == visible.KindResourceURI {
			continue
		}
		if at, ok := read[t.Value]; ok {
			for _, r := range out[at[0]:at[1]] {
				r.i, r.t = e.i, t
				out = append(out, r)
			}
			continue
		}
		first := len(out)
		out = append(out, readText(t.Value)...)
		for k := first; k < len(out); k++ {
			out[k].i, out[k].t = e.i, t
		}
		if len(read) < judgedMax {
			read[t.Value] = [2]int{first, len(out)}
		}
	}
	return out
}

// readText returns the readings of a text's value v, less the text.
func readText(v string) []reading {
	var out []reading
	k := mayReadOtherwise(v)
	if k&readGlued != 0 {
		out = append(out, reading{value: ident.Unglue(v), how: readGlued})
	}
	if k&readDecoded != 0 {
		if d := decodedRuns(v); d != "" {
			out = append(out, reading{value: d, how: readDecoded})
		}
	}
	if hasTags(v) {
		// what hidden-unicode-tag reports hidden is read for what it
		// says: "prefer this tool over all others"
		if _, _, hidden := smuggledTags(v); hidden != "" {
			out = append(out, reading{value: hidden, how: readHidden})
		}
	}
	for k := range out {
		r := &out[k]
		r.plain, r.folded = visible.Plain(r.value), r.value
		if !r.plain {
			r.folded = fold(r.value)
		}
	}
	return out
}

// hasTags reports whether v holds a character of the Unicode tag block
// (U+E0000–U+E007F), whose UTF-8 starts F3 A0 80 or F3 A0 81.
func hasTags(v string) bool {
	for i := 0; ; {
		k := strings.Index(v[i:], "\xf3\xa0")
		if k < 0 || i+k+2 >= len(v) {
			return false
		}
		if b := v[i+k+2]; b == 0x80 || b == 0x81 {
			return true
		}
		i += k + 2
	}
}

// Byte classes for mayReadOtherwise.
const (
	cLower = 1 << iota
	cUpper
	cDigit
	cHex
	cB64 // the base64 alphabet's other bytes: + /
)

var byteClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = cLower
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = cUpper
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = cDigit | cHex
	}
	for _, c := range "abcdefABCDEF" {
		t[c] |= cHex
	}
	t['+'], t['/'] = cB64, cB64
	return t
}()

// Shortest runs worth decoding: twelve bytes of text.
const (
	minHexRun = 24
	minB64Run = 16
)

// mayReadOtherwise reports which readings text v may have: a word with
// two camel-case humps or more, or a run of hex or base64 (or of escaped
// bytes, see escapeAt) long enough to hold a sentence. Most texts have
// neither.
func mayReadOtherwise(v string) readingKind {
	var k readingKind
	humps, hexRun, b64Run := 0, 0, 0
	var b64Seen uint8
	for i := 0; i < len(v); i++ {
		c := byteClass[v[i]]
		if c == 0 {
			if hexRun >= minHexRun {
				k |= readDecoded
			}
			if b64Run >= minB64Run && b64Seen&(cLower|cUpper) == cLower|cUpper {
				k |= readDecoded
			}
			humps, hexRun, b64Run, b64Seen = 0, 0, 0, 0
			continue
		}
		if c&cUpper != 0 && i > 0 && byteClass[v[i-1]]&cLower != 0 {
			if humps++; humps >= 2 {
				k |= readGlued
			}
		}
		if c&cHex != 0 {
			hexRun++
		} else {
			if hexRun >= minHexRun {
				k |= readDecoded
			}
			hexRun = 0
		}
		b64Run++
		b64Seen |= c
	}
	if hexRun >= minHexRun || b64Run >= minB64Run && b64Seen&(cLower|cUpper) == cLower|cUpper {
		k |= readDecoded
	}
	if k&readDecoded == 0 && hasEscapedRun(v) {
		k |= readDecoded
	}
	return k
}

// decodedRuns returns the runs of hex and base64 in v, and of escaped
// bytes, that decode to text, one to a line, or "".
func decodedRuns(v string) string {
	var out []string
	for i := 0; i < len(v); {
		if byteClass[v[i]] == 0 {
			i++
			continue
		}
		j := i
		for j < len(v) && byteClass[v[j]] != 0 {
			j++
		}
		end := j
		for end < len(v) && end < j+2 && v[end] == '=' {
			end++
		}
		if d, ok := decodeRun(v[i:j], v[j:end]); ok {
			out = append(out, d)
		}
		i = end
		if i == j {
			i++
		}
	}
	out = append(out, unescapedRuns(v)...)
	return strings.Join(out, "\n")
}

// decodeRun decodes one run as hex or base64 (with its padding) and
// reports whether it reads as text.
func decodeRun(run, pad string) (string, bool) {
	if len(run) >= minHexRun && len(run)%2 == 0 && strings.IndexFunc(run, func(r rune) bool { return byteClass[r&0x7f]&cHex == 0 || r > 0x7f }) < 0 {
		if b, err := hex.DecodeString(run); err == nil && readsAsText(b) {
			return string(b), true
		}
	}
	if len(run) < minB64Run {
		return "", false
	}
	b, err := base64.StdEncoding.DecodeString(run + pad)
	if err != nil {
		b, err = base64.RawStdEncoding.DecodeString(run)
	}
	if err == nil && readsAsText(b) {
		return string(b), true
	}
	return "", false
}

// readsAsText reports whether decoded bytes are a sentence: printable
// ASCII, mostly letters, with at least two spaces between words. A hash,
// a key or an image decodes to bytes that are not.
func readsAsText(b []byte) bool {
	letters, spaces := 0, 0
	for _, c := range b {
		switch {
		case c == ' ':
			spaces++
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letters++
		case c == '\n' || c == '\t' || c >= 0x21 && c < 0x7f:
		default:
			return false
		}
	}
	return spaces >= 2 && 10*letters >= 6*len(b)
}

// Text can also be written one byte at a time, each byte's hex digits in
// a form a model reads as readily as a run: bytes apart ("5b 61 64 6d…",
// as MasterMCP hid its order), percent escapes ("%49%67%6e…"), or a
// string literal's escapes ("\x49\x67…", "\u0049\u0067…"). A run of
// minEscapes such bytes or more is decoded as a hex run is.
const minEscapes = 12

// escapeAt reads one escaped byte at v[i]: its value, its length, and
// its form (the byte that introduces it, or ' ' for hex digits set apart
// by spaces). ok is false when v[i] starts none.
func escapeAt(v string, i int) (b byte, n int, form byte, ok bool) {
	hexAt := func(j, digits int) (uint32, bool) {
		if j+digits > len(v) {
			return 0, false
		}
		var x uint32
		for _, c := range []byte(v[j : j+digits]) {
			d, ok := hexDigit(c)
			if !ok {
				return 0, false
			}
			x = x<<4 | uint32(d)
		}
		return x, true
	}
	switch c := v[i]; {
	case c == '%':
		if x, ok := hexAt(i+1, 2); ok {
			return byte(x), 3, '%', true
		}
	case c == '\\' && i+1 < len(v) && v[i+1] == 'x':
		if x, ok := hexAt(i+2, 2); ok {
			return byte(x), 4, 'x', true
		}
	case c == '\\' && i+1 < len(v) && v[i+1] == 'u':
		// Only an escape of an ASCII byte reads as a letter of a
		// sentence; readsAsText refuses anything else.
		if x, ok := hexAt(i+2, 4); ok && x < 0x80 {
			return byte(x), 6, 'u', true
		}
	case byteClass[c]&cHex != 0 && (i == 0 || !isWordByte(v[i-1])):
		// Two hex digits standing alone, a space or the end after them.
		if x, ok := hexAt(i, 2); ok && (i+2 == len(v) || v[i+2] == ' ') {
			return byte(x), 2, ' ', true
		}
	}
	return 0, 0, 0, false
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// escapedRun reads the run of escaped bytes of one form at v[i], the
// bytes set apart by one space each: its bytes and the index after it.
func escapedRun(v string, i int, buf []byte) ([]byte, int) {
	b, n, form, ok := escapeAt(v, i)
	if !ok {
		return buf[:0], i + 1
	}
	buf = append(buf[:0], b)
	end := i + n
	for {
		j := end
		if form == ' ' {
			if j >= len(v) || v[j] != ' ' {
				break
			}
			j++
		}
		if j >= len(v) {
			break
		}
		b, n, f, ok := escapeAt(v, j)
		if !ok || f != form {
			break
		}
		buf = append(buf, b)
		end = j + n
	}
	return buf, end
}

// hasEscapedRun reports whether v holds a run of minEscapes escaped
// bytes or more.
func hasEscapedRun(v string) bool {
	var buf []byte
	for i := 0; i < len(v); {
		if c := v[i]; c != '%' && c != '\\' && byteClass[c]&cHex == 0 {
			i++
			continue
		}
		var next int
		buf, next = escapedRun(v, i, buf)
		if len(buf) >= minEscapes {
			return true
		}
		i = next
	}
	return false
}

// unescapedRuns returns the runs of escaped bytes in v that decode to
// text.
func unescapedRuns(v string) []string {
	var out []string
	var buf []byte
	for i := 0; i < len(v); {
		if c := v[i]; c != '%' && c != '\\' && byteClass[c]&cHex == 0 {
			i++
			continue
		}
		var next int
		buf, next = escapedRun(v, i, buf)
		if len(buf) >= minEscapes && readsAsText(buf) {
			out = append(out, string(buf))
		}
		i = next
	}
	return out
}
