package security

import (
	"fmt"
	"math/bits"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/secrets"
)

// The prefilter index: a rule's phrases indexed by their words, so that
// most texts are rejected in one pass over their bytes before they are
// folded and matched.

// phraseSet is a rule's phrases, indexed by the words they can start with.
type phraseSet struct {
	byFirst map[string][]*phrase
	anyway  []*phrase
	all     []*phrase
	// unanchored is true when some phrase has no required part (see
	// requiredParts), so that any text can match it.
	unanchored bool
	// vocab maps every word of a required part (see requiredParts), in
	// each spelling, to the parts it belongs to; needs[i] is the set of
	// required parts of phrase i. mayMatch reads them.
	vocab map[string]*partSet
	needs []partSet
	// nparts is how many required parts the phrases have.
	nparts int
	// chains[i] is phrase i's required parts in their order, with how
	// far apart their words can stand (see chainOf).
	chains [][]link
	// anchor[i] is the required part of phrase i likeliest to be rare in
	// prose (see anchorPart), or -1 when it has none; byAnchor[p] holds
	// the phrases whose anchor is part p, and anchors those parts.
	anchor   []int
	byAnchor [][]int
	anchors  partSet
	// short is vocab's words of up to eight bytes, keyed by wordKey.
	short shortWords
	// lengths has bit n of entry c set when vocab holds a word of n
	// bytes starting with c, so that most words of a text are ruled out
	// before a lookup.
	lengths [256]uint64
}

// anchorPart picks, of a phrase's required parts, the one with the longest
// shortest word (the rarest in prose), or -1 when there is none.
func anchorPart(parts []requiredPart) int {
	best, bestLen := -1, 0
	for k, part := range parts {
		shortest := len(part.words[0])
		for _, w := range part.words {
			shortest = min(shortest, len(w))
		}
		if shortest > bestLen {
			best, bestLen = k, shortest
		}
	}
	return best
}

// newPhraseSet returns the phrase set of srcs, compiled the first time it
// is asked for: compiling every rule's phrases took most of the start-up
// of every mcplint process, those that lint no text included (--version,
// a live server that fails), and before any file could be read.
func newPhraseSet(srcs ...string) func() *phraseSet {
	return sync.OnceValue(func() *phraseSet { return compilePhraseSet(srcs...) })
}

func compilePhraseSet(srcs ...string) *phraseSet {
	ps := &phraseSet{byFirst: map[string][]*phrase{}, vocab: map[string]*partSet{}}
	nparts := 0
	for _, src := range srcs {
		p := compile(src)
		ps.all = append(ps.all, p)
		var need partSet
		parts := requiredParts(p)
		if k := anchorPart(parts); k >= 0 {
			ps.anchor = append(ps.anchor, nparts+k)
			for len(ps.byAnchor) <= nparts+k {
				ps.byAnchor = append(ps.byAnchor, nil)
			}
			ps.byAnchor[nparts+k] = append(ps.byAnchor[nparts+k], len(ps.anchor)-1)
			ps.anchors.add(nparts + k)
		} else {
			ps.anchor = append(ps.anchor, -1)
		}
		ps.chains = append(ps.chains, chainOf(p, parts, nparts))
		for _, part := range parts {
			if nparts == maxParts {
				panic(fmt.Sprintf("phrase %q: more than %d required parts in one set", src, maxParts))
			}
			need.add(nparts)
			for _, w := range part.words {
				for _, spelling := range []string{w, strings.ReplaceAll(w, "'", "")} {
					parts := ps.vocab[spelling]
					if parts == nil {
						parts = &partSet{}
						ps.vocab[spelling] = parts
					}
					parts.add(nparts)
					if len(spelling) <= 8 {
						ps.short.put(wordKey(spelling), *parts)
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
		if len(parts) == 0 {
			ps.unanchored = true
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

// mayMatch reports whether s can hold a match of ps, judged before its
// words are cut, which costs far more; plain is visible.Plain(s). Folding
// leaves plain text as it is, with no invisible characters to join words,
// so a phrase matches plain text only if every one of its required parts
// has one of its words in one sentence, in the phrase's order and as far
// apart as it allows (see chainOf); words and sentences are cut as
// words.reset cuts plain text. Other text is folded first and judged the
// same way, unless folding left a soft mark, which may join the parts of
// a word: such a text is always tried. In folded text without one, a
// word of a phrase (ASCII) is a word the scan reads too, since a word
// with a letter beyond ASCII is no word of a phrase and the scan's
// sentences end where words.reset's do; the few sentences that hold
// every part are cut again as words.reset cuts them (see orderCheck),
// since the scan reads such a word as pieces, and the distances count
// words.
func (ps *phraseSet) mayMatch(s string, plain bool) bool {
	if ps.unanchored {
		return true
	}
	if !plain {
		s = fold(s)
	}
	return ps.mayMatchFolded(s, plain)
}

// mayMatchFolded is mayMatch of a text already folded unless plain.
func (ps *phraseSet) mayMatchFolded(s string, plain bool) bool {
	if ps.unanchored {
		return true
	}
	if !plain && strings.IndexByte(s, softMark) >= 0 {
		return true
	}
	o := orderCheck{ps: ps, text: s, plain: plain}
	return ps.scan(s, nil, func(hit partSet, end int) bool {
		o.next(end)
		return ps.coveredBy(&hit, o.holds)
	})
}

// orderCheck checks the sentences of a text that scan hands on against
// the chains of the phrases whose parts they hold (see inOrder), cutting
// each into words on its first check, as words.reset cuts the text: a
// sentence's words are the text's words between its ends, since no word
// crosses a byte that ends a sentence. It keeps its buffers for the
// text's next sentence.
type orderCheck struct {
	ps *phraseSet
	// text is the text scanned, without soft marks; plain is whether it
	// is visible.Plain, else it is folded.
	text  string
	plain bool
	// end is where the sentence to check ends; cut is whether pws are
	// its words of required parts.
	end int
	cut bool
	pws []partWord
	// w holds the words of a folded sentence, made for the first.
	w *words
}

// next makes the sentence that ends at byte end of the text, as scan
// handed it on, the one holds checks.
func (o *orderCheck) next(end int) { o.end, o.cut = end, false }

// holds reports whether the sentence holds the required parts of phrase
// k of o.ps in its chain's order and distances.
func (o *orderCheck) holds(k int) bool {
	chain := o.ps.chains[k]
	// A part's word alone is in order: scan found it.
	if len(chain) == 1 {
		return true
	}
	if !o.cut {
		o.cut = true
		if o.pws == nil {
			o.pws = make([]partWord, 0, 16)
		}
		sentence := o.text[sentenceStart(o.text, o.end):o.end]
		if o.plain {
			o.pws = o.ps.plainPartWords(sentence, o.pws[:0])
		} else {
			if o.w == nil {
				o.w = &words{}
			}
			o.w.resetFolded(sentence, "")
			o.pws = o.ps.partWords(o.w, 0, len(o.w.toks), o.pws[:0])
		}
	}
	return inOrder(chain, o.pws)
}

// sentenceStart returns where the sentence of t that ends at byte end
// starts: after the byte that ends the one before. scan does not keep
// it, so as to keep one place less while it reads every byte; few
// sentences are cut.
func sentenceStart(t string, end int) int {
	for i := end - 1; i >= 0; i-- {
		switch t[i] {
		case '.', '!', '?', ';', '\n':
			if sentenceEnd(t, i) {
				return i + 1
			}
		}
	}
	return 0
}

// byteMarks is what other rules' filters want of a text's bytes, read by
// scan on its way through them (see judge) so that those rules need not
// read every byte again.
type byteMarks struct {
	// secretFile is mayNameSecretFile of the text.
	secretFile bool
	// candidate, url and named are as secrets.FindNamed takes them:
	// whether the text holds a run of twelve or more ASCII letters and
	// digits (or such a word joined by an apostrophe) or a "-----BEGIN",
	// whether it holds a "://", and whether secrets.SecretNameAt says yes
	// at one of its = and : signs.
	candidate, url, named bool
	// forkBomb is whether the text holds ":()", which destructive-payload
	// reads every text for (its fork bomb has no words).
	forkBomb bool
	// reread is whether the text holds a long word that may read
	// otherwise (see mayReadOtherwise): words glued by camel-case humps,
	// or a run of hex or base64.
	reread bool
}

// done reports whether m is all true, so that reading on cannot change it.
func (m *byteMarks) done() bool {
	return m.secretFile && m.candidate && m.url && m.named && m.forkBomb && m.reread
}

// secretish reports whether secrets.FindNamed can find anything in a text
// with these marks.
func (m *byteMarks) secretish() bool { return m.candidate || m.url || m.named }

// scan collects, sentence by sentence, the required parts of ps that the
// words of plain text s hold, as mayMatch describes, and hands each
// sentence's parts to sentence with the byte it ends at (the byte that
// ends it, or the end of s), stopping when it returns true; it reports
// whether it stopped. Sentences that hold no part, most of them, are not
// handed on: every phrase with no required part makes its set unanchored,
// which both callers settle without scanning. When m is not nil, scan
// also sets its marks, true as it meets them; sentence decides whether
// stopping leaves any unread.
func (ps *phraseSet) scan(s string, m *byteMarks, sentence func(hit partSet, end int) bool) bool {
	var hit partSet
	var buf [64]byte
	// escapes counts the words in a row, one byte apart, that may be
	// escaped bytes ("5b 61", "%5b%61", "\\x5b\\x61"; see escapeAt),
	// lastEnd is where the last word ended, and starts holds where the
	// last minEscapes of them start, so that a run is confirmed on those
	// words alone: a long text of such words in mixed forms, which is no
	// run, costs a few bytes' reading a word, not the whole text's.
	escapes, lastEnd := 0, -2
	var starts [minEscapes]int
	for i := 0; i < len(s); {
		if wordLower[s[i]] == 0 {
			c := s[i]
			// Every hook byte of mayNameSecretFile is a byte between
			// words, so each of them is met here.
			if m != nil {
				if i+1 < len(s) && hookPairs.Has(c, s[i+1]) && !m.secretFile && hookedAt(s, i) {
					m.secretFile = true
				}
				switch c {
				case '-':
					if strings.HasPrefix(s[i:], "-----BEGIN") {
						m.candidate = true
					}
				case ':':
					if strings.HasPrefix(s[i:], "://") {
						m.url = true
					} else if strings.HasPrefix(s[i:], ":()") {
						m.forkBomb = true
					}
					if !m.named && secrets.SecretNameAt(s, i) {
						m.named = true
					}
				case '=':
					if !m.named && secrets.SecretNameAt(s, i) {
						m.named = true
					}
				}
			}
			// A match never crosses the end of a sentence, so the parts
			// of a phrase must all be found in one.
			if c != ' ' && c != ',' && sentenceEnd(s, i) && !hit.empty() {
				if sentence(hit, i) {
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
		// caseBit keeps 0x20 while every byte is a lowercase letter, a
		// digit or an apostrophe, and loses it at a capital.
		caseBit := byte(0x20)
		for ; i < len(s); i++ {
			c := wordLower[s[i]]
			if c == 0 {
				if s[i] != '\'' || i+1 >= len(s) || wordLower[s[i+1]] == 0 {
					break
				}
				c = '\''
			}
			caseBit &= s[i]
			key = key<<8 | uint64(c)
		}
		n := i - start
		if m != nil && !m.reread {
			switch {
			case !mayEscapeByte(s[start:i]):
				escapes = 0
			case start == lastEnd+1:
				escapes++
			default:
				escapes = 1
			}
			lastEnd = i
			if escapes > 0 {
				starts[escapes%minEscapes] = start
			}
			// The oldest of the last minEscapes words is the next to be
			// overwritten; its escape starts a byte before it.
			if escapes >= minEscapes && hasEscapedRun(s[max(starts[(escapes+1)%minEscapes]-1, 0):i]) {
				m.reread = true
			}
		}
		if n >= 12 && m != nil {
			m.candidate = true
			// Only a long word can glue an order or encode one, and
			// only with a capital unless it is hex.
			if !m.reread && (caseBit == 0 || n >= minHexRun) && mayReadOtherwise(s[start:i]) != 0 {
				m.reread = true
			}
		}
		if c := s[start] | 0x20; n >= 64 || ps.lengths[c]&(1<<n) == 0 {
			continue
		}
		if n <= 8 {
			if parts, ok := ps.short.get(key); ok {
				hit.union(*parts)
			}
		} else if parts := ps.vocab[string(appendLower(buf[:0], s[start:i]))]; parts != nil {
			hit.union(*parts)
		}
	}
	return !hit.empty() && sentence(hit, len(s))
}

// coveredBy calls try with each phrase k whose parts hit holds all of,
// until it returns true, and reports whether it did.
func (ps *phraseSet) coveredBy(hit *partSet, try func(k int) bool) bool {
	// A need is covered only if its anchor part is hit.
	for w, set := range hit {
		for set &= ps.anchors[w]; set != 0; set &= set - 1 {
			for _, k := range ps.byAnchor[w*64+bits.TrailingZeros64(set)] {
				if hit.covers(ps.needs[k]) && try(k) {
					return true
				}
			}
		}
	}
	return false
}

// wordParts returns the required parts of ps that a word of a text
// without soft marks belongs to, nil when none: a token matches a pattern
// word when it equals it ignoring case, or its spelling without
// apostrophes (matchWord), and vocab holds both, so the lowered word is
// looked up as scan looks up a word of plain text.
func (ps *phraseSet) wordParts(word string) *partSet {
	n := len(word)
	if n >= 64 || ps.lengths[word[0]|0x20]&(1<<n) == 0 {
		return nil
	}
	if n > 8 {
		var buf [64]byte
		return ps.vocab[string(appendLower(buf[:0], word))]
	}
	var key uint64
	for j := 0; j < n; j++ {
		c := wordLower[word[j]]
		if c == 0 {
			// A letter beyond ASCII is in no pattern word.
			if word[j] != '\'' {
				return nil
			}
			c = '\''
		}
		key = key<<8 | uint64(c)
	}
	parts, _ := ps.short.get(key)
	return parts
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
	shortBits  = 12
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
type partSet [15]uint64

// maxParts is how many required parts a partSet can hold.
const maxParts = len(partSet{}) * 64

func (p *partSet) add(i int) { p[i/64] |= 1 << (i % 64) }

func (p *partSet) has(i int) bool { return p[uint(i)/64]&(1<<(uint(i)%64)) != 0 }

func (p *partSet) empty() bool { return *p == partSet{} }

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

// requiredPart is one part of a phrase that requiredParts returns: the
// index of its node among the phrase's top-level ones, and its words.
type requiredPart struct {
	kid   int
	words []string
}

// requiredParts returns the words of each part of a phrase that a match
// cannot do without and that is a plain choice of words (or of sequences
// holding a plain word, each stood for by one, see altWord). A part that
// can be a function word ("the", "to", "is") is left out when the phrase
// has two others: nearly every sentence holds one, so it would cost the
// one-pass filter a hit on most words and rule out nothing.
func requiredParts(p *phrase) []requiredPart {
	all := allRequiredParts(p)
	var kept []requiredPart
	for _, part := range all {
		if !hasFunctionWord(part.words) {
			kept = append(kept, part)
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

// altWord returns the index among an alternative's nodes of the word that
// stands for the alternative, a sequence, in its part: one of the plain
// words the sequence is made of, which every match of it holds, the first
// that is not a function word ("place" of "in place of", "user" of "to
// the user", "card" of "card number"), so that a common word does not
// make the whole part common; the first plain word when all are function
// words, -1 when there is none.
func altWord(seq *node) int {
	first := -1
	for i, k := range seq.kids {
		if k.kind != nWord {
			continue
		}
		if !functionWords[k.word] {
			return i
		}
		if first < 0 {
			first = i
		}
	}
	return first
}

func allRequiredParts(p *phrase) []requiredPart {
	var out []requiredPart
	for i, kid := range p.root.kids {
		var words []string
		switch kid.kind {
		case nWord:
			words = []string{kid.word}
		case nAlt:
			for _, alt := range kid.kids {
				k := altWord(alt)
				if k < 0 {
					words = nil
					break
				}
				words = append(words, alt.kids[k].word)
			}
		}
		if len(words) > 0 {
			out = append(out, requiredPart{i, words})
		}
	}
	return out
}

// link is one required part of a phrase in a chain (see chainOf): the
// part, and how many words after the previous part's word its own can
// stand, at least and at most.
type link struct {
	part   int
	lo, hi int
}

// chainOf returns the required parts of p, numbered from first on, in the
// phrase's order, with the distances between their words that a match
// allows. A match covers each top-level node of p with consecutive words
// of one sentence, and in text without soft marks a pattern word is one
// word, so the word that stands for a part (see altWord) lies, from the
// previous part's, as far as the nodes between them and the rest of both
// parts' matched alternatives can span.
func chainOf(p *phrase, parts []requiredPart, first int) []link {
	chain := make([]link, len(parts))
	var after span
	for k, part := range parts {
		before, rest := around(p.root.kids[part.kid])
		chain[k] = link{part: first + k}
		if k > 0 {
			gap := after
			for _, n := range p.root.kids[parts[k-1].kid+1 : part.kid] {
				gap = gap.then(spanOf(n))
			}
			gap = gap.then(before)
			chain[k].lo, chain[k].hi = gap.lo+1, gap.hi+1
		}
		after = rest
	}
	return chain
}

// span is how many words a match of a node can cover, at least and at
// most, in text without soft marks.
type span struct{ lo, hi int }

func (s span) then(t span) span { return span{s.lo + t.lo, s.hi + t.hi} }

func (s span) or(t span) span { return span{min(s.lo, t.lo), max(s.hi, t.hi)} }

func spanOf(n *node) span {
	switch n.kind {
	case nGap:
		return span{0, n.limit}
	case nEnd:
		return span{}
	case nOpt:
		return span{0, spanOf(n.kids[0]).hi}
	case nAlt:
		s := spanOf(n.kids[0])
		for _, k := range n.kids[1:] {
			s = s.or(spanOf(k))
		}
		return s
	case nSeq:
		var s span
		for _, k := range n.kids {
			s = s.then(spanOf(k))
		}
		return s
	}
	// A word, a prefix or a negated word: one word.
	return span{1, 1}
}

// around returns how many words of a required part's match can come
// before the word that stands for it and after, over all its
// alternatives.
func around(n *node) (before, after span) {
	if n.kind != nAlt {
		return span{}, span{}
	}
	for i, alt := range n.kids {
		k := altWord(alt)
		var b, a span
		for _, kid := range alt.kids[:k] {
			b = b.then(spanOf(kid))
		}
		for _, kid := range alt.kids[k+1:] {
			a = a.then(spanOf(kid))
		}
		if i == 0 {
			before, after = b, a
		} else {
			before, after = before.or(b), after.or(a)
		}
	}
	return before, after
}

// partWord is a word of a sentence that belongs to some required part:
// its place among the sentence's words, and its parts.
type partWord struct {
	at    int
	parts *partSet
}

// plainPartWords appends to out the words of plain text s that belong to
// required parts of ps, placed among its words, cut as cutPlain cuts
// them: without making the tokens, which the order check does not need.
func (ps *phraseSet) plainPartWords(s string, out []partWord) []partWord {
	at := 0
	for i := 0; i < len(s); {
		if wordLower[s[i]] == 0 {
			i++
			continue
		}
		start := i
		i = plainWordEnd(s, i)
		if parts := ps.wordParts(s[start:i]); parts != nil {
			out = append(out, partWord{at, parts})
		}
		at++
	}
	return out
}

// partWords appends to out the words of tokens [lo, hi) of w that belong
// to required parts of ps, placed from lo, looked up as sentenceMayMatch
// looks them up.
func (ps *phraseSet) partWords(w *words, lo, hi int, out []partWord) []partWord {
	for k := lo; k < hi; k++ {
		if parts := ps.wordParts(w.word(k)); parts != nil {
			out = append(out, partWord{k - lo, parts})
		}
	}
	return out
}

// inOrder reports whether words hold the parts of chain in its order, each
// part's word as far from the previous part's as the chain allows. words
// are in the order of their places.
func inOrder(chain []link, words []partWord) bool {
	var bufA, bufB [16]int
	// at are the places where a match of the chain so far can have its
	// last part's word.
	at := bufA[:0]
	for _, pw := range words {
		if pw.parts.has(chain[0].part) {
			at = append(at, pw.at)
		}
	}
	next := bufB[:0]
	for _, l := range chain[1:] {
		if len(at) == 0 {
			return false
		}
		next = next[:0]
		j := 0
		for _, pw := range words {
			if !pw.parts.has(l.part) {
				continue
			}
			for j < len(at) && at[j] < pw.at-l.hi {
				j++
			}
			if j < len(at) && at[j] <= pw.at-l.lo {
				next = append(next, pw.at)
			}
		}
		at, next = next, at
	}
	return len(at) > 0
}

// mayEscapeByte reports whether word, as scan cuts it, may start with the
// digits of an escaped byte: two hex digits, or "x" and two, or "u" and
// four. Only the start counts, since an escape's digits can run into the
// next word's letters ("%20world", "\\x41BC"), which scan does not cut.
func mayEscapeByte(word string) bool {
	digits := 2
	switch {
	case len(word) >= 3 && word[0] == 'x':
		word = word[1:]
	case len(word) >= 5 && word[0] == 'u':
		word, digits = word[1:], 4
	}
	if len(word) < digits {
		return false
	}
	for i := 0; i < digits; i++ {
		if byteClass[word[i]]&cHex == 0 {
			return false
		}
	}
	return true
}
