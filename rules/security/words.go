package security

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.mau.fi/util/confusable"
	"golang.org/x/text/unicode/norm"

	"github.com/mcplint/mcplint/rules/internal/visible"
)

// Folding and tokenizing: a text is folded (look-alikes, invisible
// characters, quotation marks) and cut into words and sentences before
// phrases are matched over it.

// token is one word of a text.
type token struct {
	start, end int // bytes in words.text
	// soft is true when only invisible characters separate this word
	// from the one before: "ig\u200bnore" is one word split in two.
	soft bool
}

// words is a text prepared for phrase matching.
type words struct {
	// text is the folded text: plain ASCII as written, anything else
	// lowercased with invisible characters removed and look-alike letters
	// replaced by the ASCII they imitate.
	text string
	// orig is the text as written when folding kept it (plain ASCII), so
	// quotes show the author's capitals; else empty.
	orig    string
	lowered string
	toks    []token
	// sentences[i] is the index of the first token of sentence i.
	sentences []int
	hasSoft   bool
	// reading is how the text was read when it is not the text as
	// written: its glued words spaced, or its encoded runs decoded.
	reading readingKind
	// quotes are the text's quoted spans, one list a mark of quoteMarks,
	// found the first time quoteAround asks; quotesRead says they were.
	quotes     [len(quoteMarks)][]quoteSpan
	quotesRead bool
}

// word returns token i as it stands in the text (capitals kept in plain
// text); compare it with strings.EqualFold, or use lowerWord.
func (w *words) word(i int) string { return w.text[w.toks[i].start:w.toks[i].end] }

func (w *words) lowerWord(i int) string { return strings.ToLower(w.word(i)) }

// near is lowerWord, or "" for an index outside the text: for readings
// that look a word or two either way ("the contact's assistant", "a
// user's password"; folding has made every apostrophe a straight one).
func (w *words) near(i int) string {
	if i < 0 || i >= len(w.toks) {
		return ""
	}
	return w.lowerWord(i)
}

// lower is the whole folded text in lowercase, for byte searches.
func (w *words) lower() string {
	if w.lowered == "" {
		w.lowered = strings.ToLower(w.text)
	}
	return w.lowered
}

// softMark stands for removed invisible characters in folded text.
const softMark = '\x01'

// fold leaves plain ASCII as it is (words compare without regard to
// case) and, for other text, lowercases it, removes invisible characters
// (leaving a soft mark) and replaces look-alike letters and quotation
// marks by their ASCII forms.
func fold(s string) string {
	if visible.Plain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		// Most of a text that is not plain is still ASCII: one lookup
		// lowers or blanks a byte.
		if c := s[i]; c < 0x80 && c != 0x1b {
			b.WriteByte(asciiFold[c])
			i++
			continue
		}
		// A terminal escape sequence renders as nothing, so it hides in a
		// word ("\x1b[8mIgnore") the way a zero-width character does.
		if n := escapeLen(s[i:]); n > 0 {
			b.WriteByte(softMark)
			i += n
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r < 0x80:
			if isControl(r) {
				b.WriteByte(' ')
			} else {
				b.WriteRune(unicode.ToLower(r))
			}
		case isInvisible(r) || isTag(r) || isBidiControl(r) || r == 0x2800:
			b.WriteByte(softMark)
		case strings.ContainsRune("“”„‟«»＂", r):
			b.WriteByte('"')
		case strings.ContainsRune("‘’‚‛′＇", r):
			b.WriteByte('\'')
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		default:
			b.WriteString(asciiLookalike(r))
		}
	}
	return b.String()
}

// asciiFold is fold's mapping of ASCII bytes other than ESC: controls
// become spaces, capitals lowercase.
var asciiFold = func() (t [0x80]byte) {
	for c := range rune(0x80) {
		switch {
		case isControl(c):
			t[c] = ' '
		default:
			t[c] = byte(unicode.ToLower(c))
		}
	}
	return t
}()

// escapeLen is the length of the terminal escape sequence s starts with,
// or 0: CSI (ESC [ or U+009B, parameters, a final byte), OSC (ESC ], up to
// BEL or ESC \), or ESC and one byte.
func escapeLen(s string) int {
	var i int
	switch {
	case strings.HasPrefix(s, "\x1b["):
		i = 2
	case strings.HasPrefix(s, "\u009b"):
		i = len("\u009b")
	case strings.HasPrefix(s, "\x1b]"):
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
		return len(s)
	case len(s) >= 2 && s[0] == 0x1b && s[1] >= 0x40 && s[1] <= 0x5f:
		return 2
	default:
		return 0
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		return i + 1
	}
	return i
}

func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// appendLower appends s with ASCII capitals lowered, so a map lookup of a
// capitalized word costs no allocation.
func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// hasPrefixFold is strings.HasPrefix ignoring ASCII case; prefix is
// lowercase.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// asciiLookalike returns the lowercase ASCII a letter stands for when it
// is a compatibility form (fullwidth ｉ, mathematical 𝐢) or a confusable
// (Cyrillic і), and the letter itself lowercased otherwise; and the ASCII
// punctuation a compatibility form of it stands for (fullwidth －).
func asciiLookalike(r rune) string {
	if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
		// A full-width or small form of ASCII punctuation ("－", "／",
		// "﹣") reads as it does: "ｒｍ －ｒｆ ／" is a command too.
		if k := norm.NFKC.String(string(r)); len(k) == 1 && k[0] > ' ' && k[0] < 0x7f {
			return k
		}
		return string(r)
	}
	if k := norm.NFKC.String(string(r)); asciiAlnum(k) {
		return strings.ToLower(k)
	}
	if repl := confusable.GetReplacement(r); repl != "" && asciiAlnum(repl) {
		return strings.ToLower(repl)
	}
	return string(unicode.ToLower(r))
}

func asciiAlnum(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// wordLower maps the bytes isWordByte accepts to their lowercase and every
// other byte to 0: scan reads every byte of every text, and one lookup
// both tests and lowers it.
var wordLower = func() (t [256]byte) {
	for c := range 256 {
		b := byte(c)
		if !isWordByte(b) {
			continue
		}
		if b >= 'A' && b <= 'Z' {
			b += 'a' - 'A'
		}
		t[c] = b
	}
	return t
}()

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z'
}

// split folds s and cuts it into words and sentences.
func split(s string) *words {
	w := &words{}
	w.reset(s)
	return w
}

// reset makes w the words of s, reusing w's storage: a rule that reads
// every text of a large server splits them all into one words value.
func (w *words) reset(s string) {
	if visible.Plain(s) {
		w.resetFolded(s, s)
		return
	}
	w.resetFolded(fold(s), "")
}

// resetFolded makes w the words of a text already folded, as reset does;
// orig is the text as written when folding kept it, else "".
func (w *words) resetFolded(folded, orig string) {
	*w = words{text: folded, orig: orig, toks: w.toks[:0], sentences: w.sentences[:0],
		quotes: w.quotes}
	for qi := range w.quotes {
		w.quotes[qi] = w.quotes[qi][:0]
	}
	t := w.text
	w.sentences = append(w.sentences, 0)
	if orig != "" {
		w.cutPlain()
		return
	}
	soft := false
	for i := 0; i < len(t); {
		c := t[i]
		if c == softMark {
			soft = true
			w.hasSoft = true
			i++
			continue
		}
		r, size := rune(c), 1
		if c >= 0x80 {
			r, size = utf8.DecodeRuneInString(t[i:])
		}
		if isWordByte(c) || (c >= 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r))) {
			start := i
			for i < len(t) {
				c := t[i]
				if isWordByte(c) {
					i++
					continue
				}
				if c == '\'' && i+1 < len(t) && isWordByte(t[i+1]) && i > start {
					i++
					continue
				}
				if c >= 0x80 {
					r, size := utf8.DecodeRuneInString(t[i:])
					if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) {
						i += size
						continue
					}
				}
				break
			}
			w.toks = append(w.toks, token{start: start, end: i, soft: soft && len(w.toks) > 0})
			soft = false
			continue
		}
		soft = false
		if sentenceEnd(t, i) && len(w.toks) > w.sentences[len(w.sentences)-1] {
			w.sentences = append(w.sentences, len(w.toks))
		}
		i += size
	}
}

// cutPlain cuts w.text, plain (visible.Plain: printable ASCII, tabs and
// line breaks), as resetFolded cuts any text: in plain text no byte is a
// soft mark or beyond ASCII, so a word is a run of word bytes joined by
// apostrophes between them, and every other byte may end a sentence.
func (w *words) cutPlain() {
	t := w.text
	for i := 0; i < len(t); {
		if wordLower[t[i]] == 0 {
			if sentenceEnd(t, i) && len(w.toks) > w.sentences[len(w.sentences)-1] {
				w.sentences = append(w.sentences, len(w.toks))
			}
			i++
			continue
		}
		start := i
		i = plainWordEnd(t, i)
		w.toks = append(w.toks, token{start: start, end: i})
	}
}

// plainWordEnd returns the end of the word of plain text t that starts at
// byte i: a run of word bytes joined by apostrophes between them.
func plainWordEnd(t string, i int) int {
	for i++; i < len(t); i++ {
		if wordLower[t[i]] == 0 && (t[i] != '\'' || i+1 >= len(t) || wordLower[t[i+1]] == 0) {
			break
		}
	}
	return i
}

// sentenceEnd reports whether the byte at i ends a sentence: . ! ? or ;
// before a space, a quote, a closing parenthesis or the end, or a line
// break before a blank line or a line that starts a list item, a heading,
// a quote or a number. A colon does not, and a period inside "e.g." or
// "~/.ssh" does not.
func sentenceEnd(t string, i int) bool {
	switch t[i] {
	case '.', '!', '?', ';':
		return i+1 >= len(t) || t[i+1] == ' ' || t[i+1] == '\n' || t[i+1] == '\t' || t[i+1] == '"' || t[i+1] == '\'' || t[i+1] == ')'
	case '\n':
		j := i + 1
		for j < len(t) && (t[j] == ' ' || t[j] == '\t') {
			j++
		}
		if j >= len(t) {
			return true
		}
		switch t[j] {
		case '\n', '-', '*', '#', '>', '<':
			return true
		}
		return t[j] >= '0' && t[j] <= '9'
	}
	return false
}

// sentenceOf returns the token range [lo, hi) of the sentence holding
// token i. The sentences' starts are in order, so a text with many
// sentences costs a search a call, not a read of them all.
func (w *words) sentenceOf(i int) (lo, hi int) {
	k := sort.Search(len(w.sentences), func(k int) bool { return w.sentences[k] > i })
	lo, hi = 0, len(w.toks)
	if k > 0 {
		lo = w.sentences[k-1]
	}
	if k < len(w.sentences) {
		hi = w.sentences[k]
	}
	return lo, hi
}

// quote returns the matched words as they read in the folded text, with a
// middle dot where invisible characters were.
func (w *words) quote(m match) string {
	return w.display(w.toks[m.start].start, w.toks[m.end-1].end)
}

// display returns bytes [from, to) of the text as written when it can,
// else as folded, with a middle dot where invisible characters were.
func (w *words) display(from, to int) string {
	if w.orig != "" {
		return w.orig[from:to]
	}
	return strings.ReplaceAll(w.text[from:to], string(softMark), "·")
}
