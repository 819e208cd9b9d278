package pipeline

import (
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Dedupe collapses repeated findings into the first of them, which counts
// the rest (sdk.Issue.Count): same rule, subject (the tool or owner), and
// message, at the same pointer or at another record of the transcript. A
// server that sends one undeclared request in a loop is one finding that
// says how often, not a thousand.
//
// It runs after the baseline, which matches findings one by one, and
// before scoring, so that a loop weighs as one defect.
type Dedupe struct{}

// Name implements Processor.
func (Dedupe) Name() string { return "dedupe" }

// Process implements Processor.
func (Dedupe) Process(targets []*Target) {
	each(targets, func(t *Target) { t.Result.Issues = dedupe(t.Result.Issues) })
}

type dedupeKey struct{ rule, tool, pointer, message string }

func dedupe(issues []sdk.Issue) []sdk.Issue {
	if len(issues) < 2 {
		return issues
	}
	// The issues are compacted in place: a large server's list holds tens
	// of thousands, and a copy of them is megabytes more for the collector
	// to chase at the end of a lint, when the heap is fullest.
	first := make(map[dedupeKey]int, len(issues))
	kept := issues[:0]
	for i := range issues {
		is := &issues[i]
		k := dedupeKey{is.Rule, is.Tool, subject(is.Pointer), is.Message}
		if j, ok := first[k]; ok {
			kept[j].Count = max(kept[j].Count, 1) + max(is.Count, 1)
			continue
		}
		first[k] = len(kept)
		if len(kept) < i {
			kept = append(kept, *is)
		} else {
			kept = kept[:i+1]
		}
	}
	clear(issues[len(kept):])
	return kept
}

// subject is what a pointer names for deduplication: a transcript record
// stands for its kind ("/transcript/records/*/..."), so the same finding on
// another record is a repeat; any other pointer stands for itself.
func subject(p string) string {
	const records = "/transcript/records/"
	rest, ok := strings.CutPrefix(p, records)
	if !ok {
		return p
	}
	_, tail, _ := strings.Cut(rest, "/")
	return records + "*/" + tail
}
