package security

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// phraseFindings calls found for each text of s in which ps matches at
// least once outside a quotation or an example, with those matches.
func phraseFindings(s *sdk.Snapshot, ps *phraseSet, found func(t visible.Text, w *words, ms []match)) {
	w := &words{}
	visible.Texts(s, func(t visible.Text) {
		if t.Kind == visible.KindResourceURI || !ps.mayMatch(t.Value, t.Plain()) {
			return
		}
		w.reset(t.Value)
		var used []match
		for _, m := range ps.find(w) {
			if !w.mentioned(m) {
				used = append(used, m)
			}
		}
		if len(used) > 0 {
			found(t, w, used)
		}
	})
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
		qs = append(qs, strconv.Quote(truncate(q, 80)))
	}
	return strings.Join(qs, ", ")
}

// padded says when the words of a match were split or padded with
// invisible characters, which is itself a sign of intent.
func padded(w *words, ms []match) string {
	for _, m := range ms {
		if strings.ContainsRune(w.text[w.toks[m.start].start:w.toks[m.end-1].end], softMark) {
			return " (· marks invisible characters padding its words, which keep it from keyword filters)"
		}
	}
	return ""
}
