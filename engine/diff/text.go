package diff

import (
	"fmt"
	"strings"
	"unicode"
)

// Similarity is how much of two texts' wording they share: the words of
// each (runs of letters and digits, lower-cased) as multisets, and the
// size of their intersection over the size of their union (the weighted
// Jaccard index), from 0 (no word in common) to 1 (the same words, in
// any order). A typo fix or a reworded clause keeps it high; a paragraph
// appended to a one-line description, or a text replaced by another,
// brings it down. Two texts without words are 1.
func Similarity(a, b string) float64 {
	wa, wb := words(a), words(b)
	inter, union := 0, 0
	for w, n := range wa {
		m := wb[w]
		inter += min(n, m)
		union += max(n, m)
	}
	for w, m := range wb {
		if _, ok := wa[w]; !ok {
			union += m
		}
	}
	if union == 0 {
		return 1
	}
	return float64(inter) / float64(union)
}

func words(s string) map[string]int {
	out := map[string]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		out[w]++
	}
	return out
}

// text compares a text a model reads (a description, a title, the
// instructions). schemaSame says the schema the text describes did not
// change: a rewrite of the text alone is the rug pull, what the model is
// told changed while what it calls did not.
func (c *comparer) text(owner, ptr, o, n string, schemaSame bool) {
	if o == n {
		return
	}
	ch := Change{Owner: owner, Pointer: ptr, Class: Compatible}
	what := "the " + ptr[strings.LastIndex(ptr, "/")+1:]
	if owner == "<instructions>" {
		what = "the instructions"
	}
	switch {
	case o == "":
		ch.Kind, ch.New = "text-added", n
		ch.Message = what + " was added"
	case n == "":
		ch.Kind, ch.Old = "text-removed", o
		ch.Message = what + " was removed"
	default:
		ch.Old, ch.New = o, n
		sim := Similarity(o, n)
		ch.Kind = "text-changed"
		ch.Message = fmt.Sprintf("%s was edited (word similarity %.2f)", what, sim)
		if sim < c.opt.Similarity && schemaSame {
			ch.Class, ch.Kind = Risky, "description-rewritten"
			ch.Message = fmt.Sprintf("%s was rewritten (word similarity %.2f, under %.2f) while the schema did not change: what the model is told changed, not what it calls; read the new text before trusting it", what, sim, c.opt.Similarity)
		}
	}
	if owner == "<instructions>" && ch.Kind == "text-changed" {
		ch.Kind = "instructions-changed"
	}
	c.add(ch)
}
