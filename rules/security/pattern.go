package security

import (
	"fmt"
	"strings"
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
//	$             the end of the sentence: no word after
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
	nEnd
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
			case t == "$":
				seq.kids = append(seq.kids, &node{kind: nEnd})
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
	case nGap, nEnd:
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

// match is one phrase found in a text: tokens [start, end).
type match struct {
	phrase     *phrase
	start, end int
}

// find returns the first match of any phrase at each position, leftmost
// first, without overlaps.
func (ps *phraseSet) find(w *words) []match { return ps.findIn(w, true, nil) }

// findKept is find of the matches keep keeps. A match keep refuses takes
// no words: the next phrase is tried at its position, and the next
// position is its second word, so that a phrase a rule rejects in a
// context does not hide another phrase there, or one that starts inside
// it.
func (ps *phraseSet) findKept(w *words, keep func(match) bool) []match {
	return ps.findIn(w, true, keep)
}

// findIn is findKept; with screen, it first rules out, as the gate does, each
// sentence that lacks a word of some required part of every phrase (see
// sentenceMayMatch), which no match can lack. Texts reach find when one
// of their sentences holds the parts of some phrase, of any set the gate
// judges for, and their other sentences, nearly all, cost a lookup a
// word instead of a try of every phrase that can start at each word.
func (ps *phraseSet) findIn(w *words, screen bool, keep func(match) bool) []match {
	var out []match
	var scratch []byte
	// Words split by invisible characters are joined by matchWord, so
	// such a text's words say nothing of what can match.
	screen = screen && !ps.unanchored && !w.hasSoft
	screened := -1
	si := 0
	for i := 0; i < len(w.toks); i++ {
		for si+1 < len(w.sentences) && w.sentences[si+1] <= i {
			si++
		}
		hi := len(w.toks)
		if si+1 < len(w.sentences) {
			hi = w.sentences[si+1]
		}
		// A match ends in the sentence it starts in, so a sentence is
		// judged when find enters it.
		if screen && si != screened {
			screened = si
			if !ps.sentenceMayMatch(w, w.sentences[si], hi) {
				i = hi - 1
				continue
			}
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
			m := match{phrase: p, start: i, end: end}
			if keep != nil && !keep(m) {
				return false
			}
			out = append(out, m)
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

// sentenceMayMatch reports whether tokens [lo, hi) of w, a text without
// soft marks, hold a word of each required part of some phrase of ps, in
// the phrase's order and as far apart as it allows (see chainOf), as
// mayMatch judges a sentence.
func (ps *phraseSet) sentenceMayMatch(w *words, lo, hi int) bool {
	var hit partSet
	for k := lo; k < hi; k++ {
		if parts := ps.wordParts(w.word(k)); parts != nil {
			hit.union(*parts)
		}
	}
	if hit.empty() {
		return false
	}
	var pws []partWord
	cut := false
	return ps.coveredBy(&hit, func(k int) bool {
		if !cut {
			pws, cut = ps.partWords(w, lo, hi, nil), true
		}
		return inOrder(ps.chains[k], pws)
	})
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
	case nEnd:
		return i == hi && cont(i)
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

// setOf is the set of phrase sources srcs, for a rule to tell which of
// its phrases a match is of (m.phrase.src).
func setOf(srcs []string) map[string]bool {
	d := make(map[string]bool, len(srcs))
	for _, src := range srcs {
		d[src] = true
	}
	return d
}

// indexOf is setOf with each source's place in srcs, for a rule that reads
// its phrases' matches each its own way.
func indexOf(srcs []string) map[string]int {
	d := make(map[string]int, len(srcs))
	for i, src := range srcs {
		d[src] = i
	}
	return d
}
