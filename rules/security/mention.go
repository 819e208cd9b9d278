package security

import (
	"sort"
	"strings"
)

// A phrase that a text quotes or gives as an example is talked about, not
// said: these heuristics tell a mention from a directive.

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
	_, _, ok := w.quoteAround(from, to)
	return ok
}

// quoteAround finds the quotation marks or backticks on one line around
// bytes [from, to) of the folded text: the offsets of the opening and the
// closing mark. Double quotation marks are tried first, then backticks,
// then single marks. The text's pairs are found once, the first time
// they are asked for, so that a text with many matches on one long line
// costs a search a match, not a read of the line.
func (w *words) quoteAround(from, to int) (open, end int, ok bool) {
	if !w.quotesRead {
		w.quotesRead = true
		for qi, q := range quoteMarks {
			w.quotes[qi] = appendQuoteSpans(w.quotes[qi], w.text, q)
		}
	}
	for _, spans := range w.quotes {
		// The spans of one mark are disjoint and in order: the last
		// that opens before from is the only one that can hold it.
		k := sort.Search(len(spans), func(i int) bool { return spans[i].open >= from }) - 1
		if k >= 0 && spans[k].end >= to {
			return spans[k].open, spans[k].end, true
		}
	}
	return 0, 0, false
}

// quoteSpan is a pair of quotation marks: the offsets of the opening and
// the closing mark.
type quoteSpan struct{ open, end int }

// quoteMarks are the marks quoteAround pairs, in the order it tries them.
var quoteMarks = [3]byte{'"', '`', '\''}

// appendQuoteSpans appends the pairs of mark q in t. Marks pair on one
// line, each opening mark with the next closing one; a single mark must
// look like a quotation mark, not an apostrophe (see quoteBoundary).
func appendQuoteSpans(out []quoteSpan, t string, q byte) []quoteSpan {
	for lineStart := 0; lineStart < len(t); {
		lineEnd := len(t)
		if k := strings.IndexByte(t[lineStart:], '\n'); k >= 0 {
			lineEnd = lineStart + k
		}
		o := -1
		for i := lineStart; i < lineEnd; i++ {
			if t[i] != q || (q == '\'' && !quoteBoundary(t, i, o < 0)) {
				continue
			}
			if o < 0 {
				o = i
				continue
			}
			out = append(out, quoteSpan{o, i})
			o = -1
		}
		lineStart = lineEnd + 1
	}
	return out
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
