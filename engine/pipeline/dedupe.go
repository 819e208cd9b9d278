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
	first := make(map[dedupeKey]int, len(issues))
	kept := issues[:0:0]
	for _, is := range issues {
		k := dedupeKey{is.Rule, is.Tool, subject(is.Pointer), is.Message}
		if i, ok := first[k]; ok {
			kept[i].Count = max(kept[i].Count, 1) + max(is.Count, 1)
			continue
		}
		first[k] = len(kept)
		kept = append(kept, is)
	}
	if len(kept) == len(issues) {
		return issues
	}
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
