package security

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/internal/ranges"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// phraseFindings calls found for each text of s in which ps matches at
// least once outside a quotation or an example, where keep, when not nil,
// keeps the match, with those matches. A match refused takes no words
// (see findKept).
func phraseFindings(ctx context.Context, s *sdk.Snapshot, ps *phraseSet, keep func(t visible.Text, w *words, m match) bool, found func(t visible.Text, w *words, ms []match)) {
	j := directiveGate().index(ps)
	var v *judgement
	if j >= 0 {
		v = judged.Of(ctx, s)
	}
	w := &words{}
	// reported are the texts found so far, by their place in
	// visible.Texts order, which a reading of them does not report
	// again.
	var reported map[int]bool
	// check reports whether t has a match that is used, not mentioned,
	// whether keep keeps it or not: what keep refuses in one text, the
	// same words may hold in another tool's.
	check := func(i int, t visible.Text) bool {
		used := false
		kept := ps.findKept(w, func(m match) bool {
			if w.mentioned(m) {
				return false
			}
			used = true
			return keep == nil || keep(t, w, m)
		})
		if len(kept) > 0 {
			if reported == nil {
				reported = map[int]bool{}
			}
			reported[i] = true
			found(t, w, kept)
		}
		return used
	}
	if v != nil {
		// A text whose value was read before without a match has none:
		// the texts the gate lets through recur as the list's do, and
		// visible.First gives each its value's first text.
		first := visible.First(ctx, s)
		unmatched := make([]bool, len(first))
		for _, e := range v.texts[j] {
			if f := first[e.i]; int(f) != e.i && unmatched[f] {
				continue
			}
			v.words(w, e.i, e.t)
			unmatched[e.i] = !check(e.i, e.t)
		}
	} else {
		i := -1
		visible.Texts(ctx, s, func(t visible.Text) {
			i++
			if t.Kind == visible.KindResourceURI || !ps.mayMatch(t.Value, t.Plain()) {
				return
			}
			w.reset(t.Value)
			check(i, t)
		})
	}
	kinds := readingSets()[ps]
	if kinds == 0 {
		return
	}
	// Readings recur as their texts do: unmatched holds the values read
	// before without a match.
	unmatched := map[string]bool{}
	for _, r := range readings(ctx, s) {
		if r.how&kinds == 0 || reported[r.i] || unmatched[r.value] {
			continue
		}
		matched := false
		if ps.mayMatchFolded(r.folded, r.plain) {
			if r.plain {
				w.resetFolded(r.value, r.value)
			} else {
				w.resetFolded(r.folded, "")
			}
			w.reading = r.how
			matched = check(r.i, r.t)
		}
		if !matched && len(unmatched) < judgedMax {
			unmatched[r.value] = true
		}
	}
}

// directiveGate judges the texts of a Snapshot for all the phrase rules in
// one pass: they read the same texts, and ruling a text out costs about as
// much as reading its words once.
var directiveGate = newPhraseGate(concealmentPhrases, overridePhrases, flowPhrases, hijackPhrases, contextPhrases, piiPhrases, payloadWords)

// phraseGate holds several phrase sets' required parts in one table, so
// that one pass over a text's words gives each set's mayMatch verdict.
type phraseGate struct {
	sets  []*phraseSet
	union *phraseSet
	// owner[i] is the index in sets of the phrase whose parts are
	// union.needs[i].
	owner []int
	// byAnchor[p] holds the indices in union.needs of the needs whose
	// phrase's anchor part (see phraseSet.anchor) is p, and anchors is
	// the set of those parts: a sentence hits the common words of the
	// phrases' other parts far more often than theirs.
	byAnchor [maxParts][]int
	anchors  partSet
}

// judged is directiveGate's judgement of a Snapshot, made once for all
// the phrase rules; a rule that reads it (through phraseFindings too)
// lists it in its Meta.Uses, with visible.Listing.
var judged = analysis.New(analysis.Analysis[*judgement]{
	Name: "phrase-judgement",
	Doc:  "which texts each phrase rule must read, and the marks other rules filter texts by",
	Uses: []string{visible.Listing.Name, visible.Recurring.Name, foldedTexts.Name},
	Run:  func(ctx context.Context, s *sdk.Snapshot) *judgement { return directiveGate().judge(ctx, s) },
})

// judgement is a gate's verdicts on the texts of one Snapshot, in
// visible.Texts order.
type judgement struct {
	// maybe[j][i] is whether text i can hold a match of the gate's set
	// j; resource URIs are false. It is let go once texts is made.
	maybe [][]bool
	// folded is foldedTexts of the Snapshot.
	folded *folded
	// marks[i] is what the scan found of text i's bytes for other
	// rules' filters, found apart for the texts it does not read raw.
	marks []byteMarks
	// texts[j] are the texts that maybe[j] holds; secretFiles those
	// whose marks say they may name a secret file, secretish those in
	// which secrets.FindNamed may find a secret, forkBombs those with
	// ":()", rereads those with a long word that may read otherwise. Each rule reads its few texts from these, in order, rather
	// than visit every text of the Snapshot again for its verdict.
	texts                             [][]indexed
	secretFiles, secretish, forkBombs []indexed
	// rereads are the texts that may read otherwise (see readings).
	rereads []indexed
}

// indexed is a text with its place in visible.Texts order.
type indexed struct {
	i int
	t visible.Text
}

// folded is the texts of a Snapshot that are not plain, folded, by their
// place in visible.Texts order: most texts are plain, and a string kept
// for each of them would cost more than these do.
type folded struct {
	at    []int32
	texts []string
}

// text returns text i folded when it is not plain, else "".
func (f *folded) text(i int) string {
	k, ok := slices.BinarySearch(f.at, int32(i))
	if !ok {
		return ""
	}
	return f.texts[k]
}

// foldedTexts is the texts of s that are not plain, folded: folding
// costs more than the rest of a phrase rule's work on such a text, and
// every rule that reads words needs it. The texts are folded once, on
// every core.
var foldedTexts = analysis.New(analysis.Analysis[*folded]{
	Name: "folded-texts",
	Doc:  "the model-visible texts that are not plain, folded",
	Uses: []string{visible.Listing.Name},
	Run:  foldTexts,
})

func foldTexts(ctx context.Context, s *sdk.Snapshot) *folded {
	f := &folded{}
	var values []string
	i := int32(-1)
	visible.Texts(ctx, s, func(t visible.Text) {
		i++
		if !t.Plain() && t.Kind != visible.KindResourceURI {
			f.at = append(f.at, i)
			values = append(values, t.Value)
		}
	})
	f.texts = make([]string, len(values))
	ranges.Go(len(values), func(_, lo, hi int) {
		for k := lo; k < hi; k++ {
			f.texts[k] = fold(values[k])
		}
	})()
	return f
}

// words makes w the words of text i, t, folded once for all the rules.
func (v *judgement) words(w *words, i int, t visible.Text) {
	if t.Plain() {
		w.resetFolded(t.Value, t.Value)
		return
	}
	w.resetFolded(v.folded.text(i), "")
}

// newPhraseGate returns the gate of sets, built the first time it is
// asked for, as its sets are.
func newPhraseGate(sets ...func() *phraseSet) func() *phraseGate {
	return sync.OnceValue(func() *phraseGate {
		compiled := make([]*phraseSet, len(sets))
		for i, set := range sets {
			compiled[i] = set()
		}
		return compilePhraseGate(compiled...)
	})
}

func compilePhraseGate(sets ...*phraseSet) *phraseGate {
	g := &phraseGate{sets: sets, union: &phraseSet{vocab: map[string]*partSet{}}}
	offset := 0
	for j, ps := range sets {
		if offset+ps.nparts > maxParts {
			panic(fmt.Sprintf("phrase gate: more than %d required parts in all", maxParts))
		}
		for w, parts := range ps.vocab {
			merged := g.union.vocab[w]
			if merged == nil {
				merged = &partSet{}
				g.union.vocab[w] = merged
			}
			merged.union(parts.shift(offset))
		}
		for k, need := range ps.needs {
			need = need.shift(offset)
			chain := make([]link, len(ps.chains[k]))
			for i, l := range ps.chains[k] {
				chain[i] = link{part: l.part + offset, lo: l.lo, hi: l.hi}
			}
			g.union.chains = append(g.union.chains, chain)
			if a := ps.anchor[k]; a >= 0 {
				g.byAnchor[offset+a] = append(g.byAnchor[offset+a], len(g.union.needs))
				g.anchors.add(offset + a)
			}
			g.union.needs = append(g.union.needs, need)
			g.owner = append(g.owner, j)
		}
		for c, lengths := range ps.lengths {
			g.union.lengths[c] |= lengths
		}
		offset += ps.nparts
	}
	for w, parts := range g.union.vocab {
		if len(w) <= 8 {
			g.union.short.put(wordKey(w), *parts)
		}
	}
	return g
}

// index returns the index of ps among the gate's sets, or -1.
func (g *phraseGate) index(ps *phraseSet) int {
	for j, set := range g.sets {
		if set == ps {
			return j
		}
	}
	return -1
}

// judge finds every set's verdict on every text of s, on every core: the
// other directive rule waits for it, holding one of the runner's slots.
// Texts that are not plain are judged folded, as mayMatch judges them.
func (g *phraseGate) judge(ctx context.Context, s *sdk.Snapshot) *judgement {
	n := visible.Len(ctx, s)
	v := &judgement{maybe: make([][]bool, len(g.sets)), folded: foldedTexts.Of(ctx, s), marks: make([]byteMarks, n)}
	for j := range v.maybe {
		v.maybe[j] = make([]bool, n)
	}
	all := uint64(1)<<len(g.sets) - 1
	var always uint64
	for j, ps := range g.sets {
		if ps.unanchored {
			always |= 1 << j
		}
	}
	// A text's verdicts and marks are its value's: each value is judged
	// once, at its first text, and the other texts of the value copy them.
	// Resource URIs, marked in full and never judged, are their own.
	first := visible.First(ctx, s)
	uri := make([]bool, n)
	var todo []indexed
	i := -1
	visible.Texts(ctx, s, func(t visible.Text) {
		i++
		uri[i] = t.Kind == visible.KindResourceURI
		if f := first[i]; int(f) == i || uri[i] || uri[f] {
			todo = append(todo, indexed{i, t})
		}
	})
	ranges.Go(len(todo), func(_, lo, hi int) {
		for _, e := range todo[lo:hi] {
			g.judgeText(v, all, always, e.i, e.t)
		}
	})()
	v.texts = make([][]indexed, len(g.sets))
	i = -1
	visible.Texts(ctx, s, func(t visible.Text) {
		i++
		if f := int(first[i]); f != i && !uri[i] && !uri[f] {
			v.marks[i] = v.marks[f]
			for j := range v.maybe {
				v.maybe[j][i] = v.maybe[j][f]
			}
		}
		for j := range v.maybe {
			if v.maybe[j][i] {
				v.texts[j] = append(v.texts[j], indexed{i, t})
			}
		}
		m := &v.marks[i]
		if m.secretFile {
			v.secretFiles = append(v.secretFiles, indexed{i, t})
		}
		if m.secretish() {
			v.secretish = append(v.secretish, indexed{i, t})
		}
		if m.forkBomb {
			v.forkBombs = append(v.forkBombs, indexed{i, t})
		}
		if m.reread {
			v.rereads = append(v.rereads, indexed{i, t})
		}
	})
	// The lists say it all now, for as long as the Snapshot lives.
	v.maybe = nil
	return v
}

// judgedMax bounds the values a phrase rule remembers, so that a list of
// unique texts costs a bounded amount of memory.
const judgedMax = 1 << 16

// judgeText judges text i, t, for every set: it sets v.marks[i] and
// v.maybe[j][i]. all has a bit for each set, always those of the
// unanchored sets.
func (g *phraseGate) judgeText(v *judgement, all, always uint64, i int, t visible.Text) {
	var got uint64
	text := t.Value
	// The marks are of the raw text: the scan reads a plain one raw, and
	// sees every byte of it unless every set is settled before it starts.
	marks := &v.marks[i]
	if t.Kind == visible.KindResourceURI || !t.Plain() || always == all {
		*marks = byteMarks{secretFile: mayNameSecretFile(t.Value), candidate: true, url: true, named: true,
			forkBomb: strings.Contains(t.Value, ":()"), reread: mayReadOtherwise(t.Value) != 0 || hasTags(t.Value)}
		if f := v.folded.text(i); f != "" {
			// The rules read a text that is not plain folded, where
			// "～／．ｓｓｈ" is "~/.ssh" and "：（）" is ":()".
			marks.secretFile = marks.secretFile || mayNameSecretFile(f)
			marks.forkBomb = marks.forkBomb || strings.Contains(f, ":()")
		}
		marks = nil
	}
	if t.Kind == visible.KindResourceURI {
		return
	}
	if !t.Plain() {
		text = v.folded.text(i)
		if strings.IndexByte(text, softMark) >= 0 {
			got = all
		}
	}
	if got != all {
		got |= always
	}
	if got != all {
		o := orderCheck{ps: g.union, text: text, plain: t.Plain()}
		g.union.scan(text, marks, func(hit partSet, end int) bool {
			// A need is covered only if its anchor part is hit,
			// and a sentence hits few of them; fewer still hold
			// every part of one, and only those are cut into
			// words to check their order.
			o.next(end)
			for w, set := range hit {
				for set &= g.anchors[w]; set != 0; set &= set - 1 {
					for _, k := range g.byAnchor[w*64+bits.TrailingZeros64(set)] {
						if bit := uint64(1) << g.owner[k]; got&bit == 0 && hit.covers(g.union.needs[k]) && o.holds(k) {
							got |= bit
						}
					}
				}
			}
			return got == all && (marks == nil || marks.done())
		})
	}
	for j := range v.maybe {
		v.maybe[j][i] = got&(1<<j) != 0
	}
}

// quoteMatches quotes up to three distinct matched phrases.
func quoteMatches(w *words, ms []match) string {
	var qs []string
	seen := map[string]bool{}
	for _, m := range ms {
		q := w.quote(m)
		if seen[q] {
			continue
		}
		seen[q] = true
		if len(qs) == 3 {
			qs = append(qs, fmt.Sprintf("and %d more", len(ms)-3))
			break
		}
		qs = append(qs, strconv.Quote(snip.Runes(q, 80)))
	}
	return strings.Join(qs, ", ")
}

// padded says when the words of a match were split or padded with
// invisible characters, which is itself a sign of intent.
func padded(w *words, ms []match) string {
	if w.reading != 0 {
		return w.reading.note()
	}
	for _, m := range ms {
		if strings.ContainsRune(w.text[w.toks[m.start].start:w.toks[m.end-1].end], softMark) {
			return " (· marks invisible characters padding its words, which keep it from keyword filters)"
		}
	}
	return ""
}
