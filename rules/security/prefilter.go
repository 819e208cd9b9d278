package security

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/mcplint/mcplint/rules/secrets"
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
	vocab map[string]partSet
	needs []partSet
	// nparts is how many required parts the phrases have.
	nparts int
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
func anchorPart(parts [][]string) int {
	best, bestLen := -1, 0
	for k, words := range parts {
		shortest := len(words[0])
		for _, w := range words {
			shortest = min(shortest, len(w))
		}
		if shortest > bestLen {
			best, bestLen = k, shortest
		}
	}
	return best
}

func newPhraseSet(srcs ...string) *phraseSet {
	ps := &phraseSet{byFirst: map[string][]*phrase{}, vocab: map[string]partSet{}}
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
		for _, words := range parts {
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
// has one of its words in one sentence; words and sentences are cut as
// words.reset cuts plain text. Other text is folded first and judged the
// same way, unless folding left a soft mark, which may join the parts of
// a word: such a text is always tried. In folded text without one, a
// word of a phrase (ASCII) is a word the scan reads too, since a word
// with a letter beyond ASCII is no word of a phrase and the scan's
// sentences end where words.reset's do.
func (ps *phraseSet) mayMatch(s string, plain bool) bool {
	if ps.unanchored {
		return true
	}
	if !plain {
		s = fold(s)
		if strings.IndexByte(s, softMark) >= 0 {
			return true
		}
	}
	return ps.scan(s, nil, func(hit partSet) bool { return ps.covered(&hit) })
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
}

// done reports whether m is all true, so that reading on cannot change it.
func (m *byteMarks) done() bool {
	return m.secretFile && m.candidate && m.url && m.named && m.forkBomb
}

// secretish reports whether secrets.FindNamed can find anything in a text
// with these marks.
func (m *byteMarks) secretish() bool { return m.candidate || m.url || m.named }

// scan collects, sentence by sentence, the required parts of ps that the
// words of plain text s hold, as mayMatch describes, and hands each
// sentence's parts to sentence, stopping when it returns true; it reports
// whether it stopped. Sentences that hold no part, most of them, are not
// handed on: every phrase with no required part makes its set unanchored,
// which both callers settle without scanning. When m is not nil, scan
// also sets its marks, true as it meets them; sentence decides whether
// stopping leaves any unread.
func (ps *phraseSet) scan(s string, m *byteMarks, sentence func(hit partSet) bool) bool {
	var hit partSet
	var buf [64]byte
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
		if n >= 12 && m != nil {
			m.candidate = true
		}
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
	if ps.unanchored {
		return true
	}
	// A need is covered only if its anchor part is hit.
	for w, set := range hit {
		for set &= ps.anchors[w]; set != 0; set &= set - 1 {
			for _, k := range ps.byAnchor[w*64+bits.TrailingZeros64(set)] {
				if hit.covers(ps.needs[k]) {
					return true
				}
			}
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
// holding a plain word, each stood for by one, see altWord). A part that
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

// altWord returns the word that stands for an alternative, a sequence, in
// its part: one of the plain words the sequence is made of, which every
// match of it holds, the first that is not a function word ("place" of
// "in place of", "user" of "to the user", "card" of "card number"), so
// that a common word does not make the whole part common; the first plain
// word when all are function words, "" when there is none.
func altWord(seq *node) string {
	first := ""
	for _, k := range seq.kids {
		if k.kind != nWord {
			continue
		}
		if !functionWords[k.word] {
			return k.word
		}
		if first == "" {
			first = k.word
		}
	}
	return first
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
				w := altWord(alt)
				if w == "" {
					words = nil
					break
				}
				words = append(words, w)
			}
		}
		if len(words) > 0 {
			out = append(out, words)
		}
	}
	return out
}
