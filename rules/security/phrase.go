package security

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.mau.fi/util/confusable"
	"golang.org/x/text/unicode/norm"

	"github.com/mcplint/mcplint/rules/internal/visible"
)

// The directive rules match documented phrases over words, not bytes:
// case, spacing, punctuation, zero-width padding and look-alike letters do
// not change a match, so "IGNORE  previous\u200b instructions" and
// "іgnore previous instructions" (Cyrillic і) read as the plain phrase.
//
// A phrase is written in a small pattern language:
//
//	word          one word (letters, digits and apostrophes), lowercase
//	word*         a word that starts with "word"
//	(a|b c)       one of the alternatives, each a sequence
//	[a b]         an optional sequence
//	~3            zero to three words of anything
//	!(a|b)        one word that is none of these
//
// A match never crosses the end of a sentence.

type nodeKind int

const (
	nWord nodeKind = iota
	nPrefix
	nSeq
	nAlt
	nOpt
	nGap
	nNot
)

type node struct {
	kind  nodeKind
	word  string
	kids  []*node
	limit int
}

// phrase is one compiled pattern.
type phrase struct {
	src  string
	root *node
	// firsts are the words a match can start with; nil when it can start
	// with anything (a leading gap or a negated word).
	firsts []string
	// negatable phrases mean nothing when a negation comes shortly before
	// them: "never shares data without telling the user".
	negatable bool
}

// compile parses a pattern; a "!!" prefix marks it negatable. It panics on
// a malformed pattern, which is a bug in the rule's table.
func compile(src string) *phrase {
	p := &phrase{src: src}
	text := src
	if rest, ok := strings.CutPrefix(text, "!!"); ok {
		p.negatable = true
		text = rest
	}
	toks := lexPattern(text)
	root, rest := parseSeq(toks)
	if len(rest) > 0 {
		panic(fmt.Sprintf("phrase %q: unexpected %q", src, rest[0]))
	}
	p.root = root
	p.firsts, _ = firstWords(root)
	return p
}

func lexPattern(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ':
			i++
		case strings.IndexByte("()[]|", c) >= 0:
			out = append(out, s[i:i+1])
			i++
		case c == '!' && i+1 < len(s) && s[i+1] == '(':
			out = append(out, "!(")
			i += 2
		default:
			j := i
			for j < len(s) && strings.IndexByte(" ()[]|", s[j]) < 0 {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

func parseSeq(toks []string) (*node, []string) {
	seq := &node{kind: nSeq}
	for len(toks) > 0 {
		t := toks[0]
		switch t {
		case "|", ")", "]":
			return seq, toks
		case "(", "!(":
			alt, rest := parseAlt(toks[1:])
			if len(rest) == 0 || rest[0] != ")" {
				panic("phrase: unclosed (")
			}
			if t == "!(" {
				alt.kind = nNot
			}
			seq.kids = append(seq.kids, alt)
			toks = rest[1:]
		case "[":
			alt, rest := parseAlt(toks[1:])
			if len(rest) == 0 || rest[0] != "]" {
				panic("phrase: unclosed [")
			}
			seq.kids = append(seq.kids, &node{kind: nOpt, kids: []*node{alt}})
			toks = rest[1:]
		default:
			switch {
			case strings.HasPrefix(t, "~"):
				var n int
				fmt.Sscanf(t[1:], "%d", &n)
				seq.kids = append(seq.kids, &node{kind: nGap, limit: n})
			case strings.HasSuffix(t, "*"):
				seq.kids = append(seq.kids, &node{kind: nPrefix, word: strings.TrimSuffix(t, "*")})
			default:
				seq.kids = append(seq.kids, &node{kind: nWord, word: t})
			}
			toks = toks[1:]
		}
	}
	return seq, toks
}

func parseAlt(toks []string) (*node, []string) {
	alt := &node{kind: nAlt}
	for {
		seq, rest := parseSeq(toks)
		alt.kids = append(alt.kids, seq)
		if len(rest) > 0 && rest[0] == "|" {
			toks = rest[1:]
			continue
		}
		return alt, rest
	}
}

// firstWords returns the words a match of n can start with, and whether n
// can match nothing at all. A nil list with ok false means "anything".
func firstWords(n *node) (words []string, empty bool) {
	switch n.kind {
	case nWord:
		return []string{n.word}, false
	case nPrefix, nNot:
		return nil, false
	case nGap:
		return nil, true
	case nOpt:
		w, _ := firstWords(n.kids[0])
		return w, true
	case nAlt:
		var all []string
		anyEmpty := false
		for _, k := range n.kids {
			w, e := firstWords(k)
			if w == nil && !e {
				return nil, false
			}
			all = append(all, w...)
			anyEmpty = anyEmpty || e
		}
		return all, anyEmpty
	case nSeq:
		var all []string
		for _, k := range n.kids {
			w, e := firstWords(k)
			if w == nil && !e {
				return nil, false
			}
			all = append(all, w...)
			if !e {
				return all, false
			}
			if w == nil {
				// A leading gap: the match can start anywhere.
				return nil, false
			}
		}
		return all, true
	}
	return nil, false
}

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
}

// word returns token i as it stands in the text (capitals kept in plain
// text); compare it with strings.EqualFold, or use lowerWord.
func (w *words) word(i int) string { return w.text[w.toks[i].start:w.toks[i].end] }

func (w *words) lowerWord(i int) string { return strings.ToLower(w.word(i)) }

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
// (Cyrillic і), and the letter itself lowercased otherwise.
func asciiLookalike(r rune) string {
	if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
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
	*w = words{text: fold(s), toks: w.toks[:0], sentences: w.sentences[:0]}
	if visible.Plain(s) {
		w.orig = s
	}
	t := w.text
	w.sentences = append(w.sentences, 0)
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

// sentenceEnd reports whether the byte at i ends a sentence: . ! ? ; or a
// colon followed by a space, a blank line, or a line that starts a list
// item or a heading. A period inside "e.g." or "~/.ssh" does not.
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
// token i.
func (w *words) sentenceOf(i int) (lo, hi int) {
	lo, hi = 0, len(w.toks)
	for k, s := range w.sentences {
		if s > i {
			hi = s
			break
		}
		lo = w.sentences[k]
	}
	return lo, hi
}

// match is one phrase found in a text: tokens [start, end).
type match struct {
	phrase     *phrase
	start, end int
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

// phraseSet is a rule's phrases, indexed by the words they can start with.
type phraseSet struct {
	byFirst map[string][]*phrase
	anyway  []*phrase
	all     []*phrase
	// anchors holds, for every phrase, the words of one part it cannot
	// match without; a text with none of them cannot match, and most
	// texts are rejected by this one pass over their words.
	anchors map[string]bool
	// unanchored is true when some phrase has no such part.
	unanchored bool
	// vocab maps every word of a required part (see requiredParts), in
	// each spelling, to the parts it belongs to; needs[i] is the set of
	// required parts of phrase i. mayMatch reads them.
	vocab map[string]partSet
	needs []partSet
	// nparts is how many required parts the phrases have.
	nparts int
	// short is vocab's words of up to eight bytes, keyed by wordKey.
	short shortWords
	// lengths has bit n of entry c set when vocab holds a word of n
	// bytes starting with c, so that most words of a text are ruled out
	// before a lookup.
	lengths [256]uint64
}

// anchorWords picks the required part of a phrase with the longest
// shortest word (the rarest in prose) and returns its words; nil when no
// required part is a plain choice of words.
func anchorWords(p *phrase) []string {
	var best []string
	bestLen := 0
	for _, words := range requiredParts(p) {
		shortest := len(words[0])
		for _, w := range words {
			shortest = min(shortest, len(w))
		}
		if shortest > bestLen {
			best, bestLen = words, shortest
		}
	}
	return best
}

func newPhraseSet(srcs ...string) *phraseSet {
	ps := &phraseSet{byFirst: map[string][]*phrase{}, anchors: map[string]bool{}, vocab: map[string]partSet{}}
	nparts := 0
	for _, src := range srcs {
		p := compile(src)
		ps.all = append(ps.all, p)
		var need partSet
		for _, words := range requiredParts(p) {
			if nparts == maxParts {
				panic(fmt.Sprintf("phrase %q: more than %d required parts in one set", src, maxParts))
			}
			need.add(nparts)
			for _, w := range words {
				for _, spelling := range []string{w, strings.ReplaceAll(w, "'", "")} {
					parts := ps.vocab[spelling]
					parts.add(nparts)
					ps.vocab[spelling] = parts
					if len(spelling) <= 8 {
						ps.short.put(wordKey(spelling), parts)
					}
					if len(spelling) >= 64 {
						panic(fmt.Sprintf("phrase %q: word %q is too long to anchor on", src, spelling))
					}
					ps.lengths[spelling[0]] |= 1 << len(spelling)
				}
			}
			nparts++
		}
		ps.needs = append(ps.needs, need)
		ps.nparts = nparts
		if words := anchorWords(p); words == nil {
			ps.unanchored = true
		} else {
			for _, w := range words {
				ps.anchors[w] = true
				ps.anchors[strings.ReplaceAll(w, "'", "")] = true
			}
		}
		if p.firsts == nil {
			ps.anyway = append(ps.anyway, p)
			continue
		}
		seen := map[string]bool{}
		for _, f := range p.firsts {
			// "don't" is also written "dont".
			for _, spelling := range []string{f, strings.ReplaceAll(f, "'", "")} {
				if !seen[spelling] {
					seen[spelling] = true
					ps.byFirst[spelling] = append(ps.byFirst[spelling], p)
				}
			}
		}
	}
	return ps
}

// mayMatch reports whether s can hold a match of ps, judged on the raw
// text before folding and splitting it, which cost far more; plain is
// visible.Plain(s). Folding leaves plain text as it is, with no invisible
// characters to join words, so a phrase matches plain text only if every
// one of its required parts has one of its words in one sentence; words
// and sentences are cut as words.reset cuts plain text. Other text is
// always tried.
func (ps *phraseSet) mayMatch(s string, plain bool) bool {
	if ps.unanchored || !plain {
		return true
	}
	return ps.scan(s, func(hit partSet) bool { return ps.covered(&hit) })
}

// scan collects, sentence by sentence, the required parts of ps that the
// words of plain text s hold, as mayMatch describes, and hands each
// sentence's parts to sentence, stopping when it returns true; it reports
// whether it stopped. Sentences that hold no part, most of them, are not
// handed on: every phrase with no required part makes its set unanchored,
// which both callers settle without scanning.
func (ps *phraseSet) scan(s string, sentence func(hit partSet) bool) bool {
	var hit partSet
	var buf [64]byte
	for i := 0; i < len(s); {
		if wordLower[s[i]] == 0 {
			// A match never crosses the end of a sentence, so the parts
			// of a phrase must all be found in one.
			if c := s[i]; c != ' ' && c != ',' && sentenceEnd(s, i) && !hit.empty() {
				if sentence(hit) {
					return true
				}
				hit = partSet{}
			}
			i++
			continue
		}
		start := i
		// key packs the word's first eight bytes, lowered: the common
		// words are short, and an integer key is cheaper to look up.
		var key uint64
		for ; i < len(s); i++ {
			c := wordLower[s[i]]
			if c == 0 {
				if s[i] != '\'' || i+1 >= len(s) || wordLower[s[i+1]] == 0 {
					break
				}
				c = '\''
			}
			key = key<<8 | uint64(c)
		}
		n := i - start
		if c := s[start] | 0x20; n >= 64 || ps.lengths[c]&(1<<n) == 0 {
			continue
		}
		if n <= 8 {
			if parts, ok := ps.short.get(key); ok {
				hit.union(*parts)
			}
		} else if parts, ok := ps.vocab[string(appendLower(buf[:0], s[start:i]))]; ok {
			hit.union(parts)
		}
	}
	return !hit.empty() && sentence(hit)
}

// covered reports whether hit holds every part of some phrase.
func (ps *phraseSet) covered(hit *partSet) bool {
	for _, need := range ps.needs {
		if hit.covers(need) {
			return true
		}
	}
	return false
}

// wordKey packs a lowercase word of up to eight bytes into an integer, as
// mayMatch packs the words of a text.
func wordKey(w string) uint64 {
	var k uint64
	for i := 0; i < len(w); i++ {
		k = k<<8 | uint64(w[i])
	}
	return k
}

// shortWords is a set of words keyed by wordKey with their parts: an
// open-addressing table with a multiplicative hash, a few instructions a
// lookup, since mayMatch looks up one word in three of every text. The
// table holds keys and small indices only, so that it stays in the
// processor's nearest cache; the parts sit apart, read on a hit.
type shortWords struct {
	keys  [shortSlots]uint64
	idx   [shortSlots]uint16
	parts []partSet
	n     int
}

// shortSlots is a power of two well over twice the words of any set.
const (
	shortBits  = 11
	shortSlots = 1 << shortBits
)

func shortSlot(key uint64) uint64 { return key * 0x9e3779b97f4a7c15 >> (64 - shortBits) }

func (w *shortWords) put(key uint64, parts partSet) {
	for i := shortSlot(key); ; i = (i + 1) % shortSlots {
		if w.keys[i] == key {
			w.parts[w.idx[i]] = parts
			return
		}
		if w.keys[i] == 0 {
			if w.n++; 2*w.n > shortSlots {
				panic("phrase: too many short words for one set; raise shortBits")
			}
			w.keys[i], w.idx[i] = key, uint16(len(w.parts))
			w.parts = append(w.parts, parts)
			return
		}
	}
}

func (w *shortWords) get(key uint64) (*partSet, bool) {
	for i := shortSlot(key); w.keys[i] != 0; i = (i + 1) % shortSlots {
		if w.keys[i] == key {
			return &w.parts[w.idx[i]], true
		}
	}
	return nil, false
}

// partSet is a set of required parts of a phrase set's phrases.
type partSet [8]uint64

// maxParts is how many required parts a partSet can hold.
const maxParts = len(partSet{}) * 64

func (p *partSet) add(i int) { p[i/64] |= 1 << (i % 64) }

func (p *partSet) empty() bool { return *p == partSet{} }

// lowest returns the lowest part in p, or -1 when p is empty.
func (p *partSet) lowest() int {
	for i, w := range p {
		if w != 0 {
			return i*64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

func (p *partSet) union(q partSet) {
	for i := range p {
		p[i] |= q[i]
	}
}

// shift returns p with every part moved up by n.
func (p partSet) shift(n int) partSet {
	var out partSet
	for i := range maxParts - n {
		if p[i/64]&(1<<(i%64)) != 0 {
			out.add(i + n)
		}
	}
	return out
}

func (p *partSet) covers(q partSet) bool {
	for i := range p {
		if p[i]&q[i] != q[i] {
			return false
		}
	}
	return true
}

// requiredParts returns the words of each part of a phrase that a match
// cannot do without and that is a plain choice of words (or of sequences
// starting with a word, whose first words stand for them). A part that
// can be a function word ("the", "to", "is") is left out when the phrase
// has two others: nearly every sentence holds one, so it would cost the
// one-pass filter a hit on most words and rule out nothing.
func requiredParts(p *phrase) [][]string {
	all := allRequiredParts(p)
	var kept [][]string
	for _, words := range all {
		if !hasFunctionWord(words) {
			kept = append(kept, words)
		}
	}
	// A phrase left with one part ("delete" of "delete from") would let
	// through every sentence with a common word.
	if len(kept) < 2 {
		return all
	}
	return kept
}

// functionWords are the words of nearly every English sentence.
var functionWords = map[string]bool{
	"the": true, "a": true, "an": true, "to": true, "of": true, "in": true, "on": true, "at": true, "by": true,
	"for": true, "with": true, "as": true, "and": true, "or": true, "is": true, "are": true, "be": true,
	"it": true, "this": true, "that": true, "from": true, "into": true,
}

func hasFunctionWord(words []string) bool {
	for _, w := range words {
		if functionWords[w] {
			return true
		}
	}
	return false
}

func allRequiredParts(p *phrase) [][]string {
	var out [][]string
	for _, kid := range p.root.kids {
		var words []string
		switch kid.kind {
		case nWord:
			words = []string{kid.word}
		case nAlt:
			for _, alt := range kid.kids {
				if len(alt.kids) == 0 || alt.kids[0].kind != nWord {
					words = nil
					break
				}
				words = append(words, alt.kids[0].word)
			}
		}
		if len(words) > 0 {
			out = append(out, words)
		}
	}
	return out
}

// find returns the first match of any phrase at each position, leftmost
// first, without overlaps.
func (ps *phraseSet) find(w *words) []match {
	var out []match
	var scratch []byte
	if !ps.unanchored && !w.hasSoft {
		anchored := false
		for i := range w.toks {
			word := w.word(i)
			if hasUpper(word) {
				scratch = appendLower(scratch[:0], word)
				anchored = ps.anchors[string(scratch)]
			} else {
				anchored = ps.anchors[word]
			}
			if anchored {
				break
			}
		}
		if !anchored {
			return nil
		}
	}
	si := 0
	for i := 0; i < len(w.toks); i++ {
		for si+1 < len(w.sentences) && w.sentences[si+1] <= i {
			si++
		}
		hi := len(w.toks)
		if si+1 < len(w.sentences) {
			hi = w.sentences[si+1]
		}
		try := func(p *phrase) bool {
			end := -1
			p.root.match(w, i, hi, func(e int) bool {
				if e > i {
					end = e
					return true
				}
				return false
			})
			if end < 0 {
				return false
			}
			if p.negatable && negatedBefore(w, i, w.sentences[si]) {
				return false
			}
			out = append(out, match{phrase: p, start: i, end: end})
			i = end - 1
			return true
		}
		// Words split by invisible characters do not start with a whole
		// first word, so such a text tries every phrase everywhere.
		var candidates []*phrase
		if first := w.word(i); hasUpper(first) {
			scratch = appendLower(scratch[:0], first)
			candidates = ps.byFirst[string(scratch)]
		} else {
			candidates = ps.byFirst[first]
		}
		if w.hasSoft {
			candidates = ps.all
		}
		found := false
		for _, p := range candidates {
			if try(p) {
				found = true
				break
			}
		}
		if found {
			continue
		}
		for _, p := range ps.anyway {
			if try(p) {
				break
			}
		}
	}
	return out
}

var negations = map[string]bool{"never": true, "not": true, "no": true, "don't": true, "doesn't": true, "won't": true, "cannot": true, "can't": true, "nothing": true}

func negatedBefore(w *words, i, lo int) bool {
	for k := i - 1; k >= lo && k >= i-5; k-- {
		if negations[w.lowerWord(k)] {
			return true
		}
	}
	return false
}

// match calls cont with every token index where a match of n starting at
// token i can end, within [i, hi); it stops when cont returns true.
func (n *node) match(w *words, i, hi int, cont func(int) bool) bool {
	switch n.kind {
	case nWord:
		return matchWord(w, n.word, i, hi, cont)
	case nPrefix:
		if i < hi && hasPrefixFold(w.word(i), n.word) {
			return cont(i + 1)
		}
		return false
	case nNot:
		if i >= hi {
			return false
		}
		for _, k := range n.kids {
			if k.match(w, i, hi, func(e int) bool { return e == i+1 }) {
				return false
			}
		}
		return cont(i + 1)
	case nGap:
		for k := 0; k <= n.limit && i+k <= hi; k++ {
			if cont(i + k) {
				return true
			}
		}
		return false
	case nOpt:
		if n.kids[0].match(w, i, hi, cont) {
			return true
		}
		return cont(i)
	case nAlt:
		for _, k := range n.kids {
			if k.match(w, i, hi, cont) {
				return true
			}
		}
		return false
	case nSeq:
		return matchSeq(w, n.kids, i, hi, cont)
	}
	return false
}

func matchSeq(w *words, kids []*node, i, hi int, cont func(int) bool) bool {
	if len(kids) == 0 {
		return cont(i)
	}
	return kids[0].match(w, i, hi, func(e int) bool {
		return matchSeq(w, kids[1:], e, hi, cont)
	})
}

// matchWord matches one pattern word at token i, joining tokens that only
// invisible characters split ("ig\u200bnore"). A pattern word with an
// apostrophe also matches its spelling without one ("dont").
func matchWord(w *words, word string, i, hi int, cont func(int) bool) bool {
	if i >= hi {
		return false
	}
	tok := w.word(i)
	if strings.EqualFold(tok, word) || (strings.IndexByte(word, '\'') >= 0 && strings.EqualFold(tok, strings.ReplaceAll(word, "'", ""))) {
		return cont(i + 1)
	}
	if !w.hasSoft || !strings.HasPrefix(word, tok) {
		return false
	}
	rest := word[len(tok):]
	for j := i + 1; j < hi && w.toks[j].soft; j++ {
		part := w.word(j)
		if !strings.HasPrefix(rest, part) {
			return false
		}
		rest = rest[len(part):]
		if rest == "" {
			return cont(j + 1)
		}
	}
	return false
}

// mentionCues are words that, shortly before a phrase in the same
// sentence, say the text talks about the phrase rather than uses it: a
// prompt-injection scanner that "detects phrases such as ignore previous
// instructions".
var mentionCues = map[string]bool{
	"detect": true, "detects": true, "detecting": true, "detection": true, "detector": true,
	"scan": true, "scans": true, "scanning": true, "scanner": true,
	"flag": true, "flags": true, "flagging": true, "block": true, "blocks": true, "blocking": true,
	"filter": true, "filters": true, "filtering": true, "identify": true, "identifies": true,
	"recognize": true, "recognizes": true, "classify": true, "classifies": true,
	"phrase": true, "phrases": true, "pattern": true, "patterns": true, "injection": true, "injections": true,
	"jailbreak": true, "jailbreaks": true, "attack": true, "attacks": true, "malicious": true,
	"suspicious": true, "such": true, "keyword": true, "keywords": true,
}

// mentioned reports whether a match is quoted or introduced as an
// example, so the text talks about the phrase instead of saying it.
func (w *words) mentioned(m match) bool {
	if w.quoted(w.toks[m.start].start, w.toks[m.end-1].end) {
		return true
	}
	lo, _ := w.sentenceOf(m.start)
	for k := m.start - 1; k >= lo && k >= m.start-8; k-- {
		word := w.lowerWord(k)
		if mentionCues[word] {
			return true
		}
		// "for example", "e.g.", and a sentence that starts "Example: …"
		if k > lo && ((word == "example" && w.lowerWord(k-1) == "for") || (word == "g" && w.lowerWord(k-1) == "e")) {
			return true
		}
		if k == lo && (word == "example" || word == "examples") {
			return true
		}
	}
	return false
}

// quoted reports whether the bytes [from, to) of the folded text sit
// between a pair of quotation marks or backticks on one line.
func (w *words) quoted(from, to int) bool {
	t := w.text
	lineStart := strings.LastIndexByte(t[:from], '\n') + 1
	lineEnd := len(t)
	if k := strings.IndexByte(t[to:], '\n'); k >= 0 {
		lineEnd = to + k
	}
	for _, q := range []byte{'"', '`', '\''} {
		open := -1
		for i := lineStart; i < lineEnd; i++ {
			if t[i] != q {
				continue
			}
			if q == '\'' && !quoteBoundary(t, i, open < 0) {
				continue
			}
			if open < 0 {
				open = i
				continue
			}
			if open < from && i >= to {
				return true
			}
			open = -1
		}
	}
	return false
}

// quoteBoundary tells an apostrophe ("don't", "user's") from a single
// quotation mark: an opening mark follows no letter, a closing one is
// followed by none.
func quoteBoundary(t string, i int, opening bool) bool {
	if opening {
		return i == 0 || !isWordByte(t[i-1])
	}
	return i+1 >= len(t) || !isWordByte(t[i+1])
}
