package pipeline

import (
	"sync"

	"github.com/mcplint/mcplint/engine/result"
	inlinesup "github.com/mcplint/mcplint/internal/suppress"
	"github.com/mcplint/mcplint/sdk"
)

// Inline hides the issues an inline suppression covers ("_meta":
// {"mcplint/ignore": {"RULE": "reason"}} on the tool, prompt, resource or
// template the issue is in), and remembers which entries matched, for
// Unused. An entry without a reason suppresses nothing (the rule
// suppression-reason-missing reports it).
type Inline struct {
	mu      sync.Mutex
	entries map[*Target][]inlineEntry
}

type inlineEntry struct {
	inlinesup.Suppression
	used bool
}

// Name implements Processor.
func (*Inline) Name() string { return "inline suppressions" }

// Process implements Processor.
func (p *Inline) Process(targets []*Target) {
	p.entries = map[*Target][]inlineEntry{}
	each(targets, func(t *Target) {
		if t.Snap == nil {
			return
		}
		var entries []inlineEntry
		for _, s := range inlinesup.Inline(t.Snap) {
			if s.Reason != "" {
				entries = append(entries, inlineEntry{Suppression: s})
			}
		}
		if len(entries) == 0 {
			return
		}
		// An issue [[ignore]] took first still uses the entry: a redundant
		// inline entry is not a stale one.
		for _, s := range t.Result.Suppressed {
			if j := matchInline(entries, s.Issue); j >= 0 {
				entries[j].used = true
			}
		}
		suppress(t.Result, result.ByInline, func(is sdk.Issue) (string, bool) {
			j := matchInline(entries, is)
			if j < 0 {
				return "", false
			}
			entries[j].used = true
			return entries[j].Reason, true
		})
		p.mu.Lock()
		p.entries[t] = entries
		p.mu.Unlock()
	})
}

// Unused returns the inline entries of t that matched no issue.
func (p *Inline) Unused(t *Target) []inlinesup.Suppression {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []inlinesup.Suppression
	for _, e := range p.entries[t] {
		if !e.used {
			out = append(out, e.Suppression)
		}
	}
	return out
}

func matchInline(entries []inlineEntry, is sdk.Issue) int {
	for j, s := range entries {
		if s.Rule == is.Rule && s.Covers(is) {
			return j
		}
	}
	return -1
}
