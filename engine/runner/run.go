package runner

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/engine/report"
	"github.com/mcplint/mcplint/sdk"
)

// Run checks every rule against snap concurrently, fills each issue's rule,
// category and severity (its own, else the rule's default, then the user's
// override from severity), and returns the issues in report order. A rule
// limited to one era is skipped for a Snapshot of another (or of no) era.
// A rule that fails or panics yields a RuleError; the others still run.
func Run(ctx context.Context, rules []sdk.Rule, snap *sdk.Snapshot, severity map[string]sdk.Severity) ([]sdk.Issue, []report.RuleError) {
	type result struct {
		issues []sdk.Issue
		err    *report.RuleError
	}
	results := make([]result, len(rules))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, r := range rules {
		meta := r.Meta()
		if meta.Era != "" && meta.Era != snap.Era {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			issues, err := check(ctx, r, meta, snap, severity[meta.Name])
			results[i] = result{issues: issues}
			if err != nil {
				results[i].err = &report.RuleError{Rule: meta.Name, Error: err.Error()}
			}
		}()
	}
	wg.Wait()
	var issues []sdk.Issue
	var errs []report.RuleError
	for _, res := range results {
		issues = append(issues, res.issues...)
		if res.err != nil {
			errs = append(errs, *res.err)
		}
	}
	Sort(issues)
	return issues, errs
}

func check(ctx context.Context, r sdk.Rule, meta sdk.Meta, snap *sdk.Snapshot, override sdk.Severity) (issues []sdk.Issue, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rule panicked: %v", p)
		}
	}()
	err = r.Check(ctx, snap, func(is sdk.Issue) {
		is.Rule, is.Category = meta.Name, meta.Category
		if is.Severity == 0 {
			is.Severity = meta.Severity
		}
		if override != 0 {
			is.Severity = override
		}
		issues = append(issues, is)
	})
	return issues, err
}

// Sort orders issues as reports show them: server-wide findings first, then
// tools, prompts and resources in the server's own order, then by pointer,
// rule and message.
func Sort(issues []sdk.Issue) {
	sort.SliceStable(issues, func(i, j int) bool {
		a, b := issues[i], issues[j]
		sa, ia := position(a.Pointer)
		sb, ib := position(b.Pointer)
		if sa != sb {
			return sa < sb
		}
		if ia != ib {
			return ia < ib
		}
		// Within one definition, file order when both are placed.
		if la, lb := a.Location, b.Location; la != nil && lb != nil && la.File == lb.File && (la.Line != lb.Line || la.Column != lb.Column) {
			if la.Line != lb.Line {
				return la.Line < lb.Line
			}
			return la.Column < lb.Column
		}
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}

var sections = map[string]int{
	"": 0, "serverInfo": 0, "capabilities": 0, "protocolVersion": 0,
	"instructions": 1, "tools": 2, "prompts": 3, "resources": 4,
	"resourceTemplates": 5, "transcript": 6,
}

// position returns the section rank of a pointer and, inside a list, the
// element's index (a transcript record's number for /transcript/records/N).
func position(p string) (section, index int) {
	rest := strings.TrimPrefix(p, "/")
	head, rest, _ := strings.Cut(rest, "/")
	rank, ok := sections[head]
	if !ok {
		rank = len(sections)
	}
	if head == "transcript" {
		rest = strings.TrimPrefix(rest, "records/")
	}
	idx, _, _ := strings.Cut(rest, "/")
	n, err := strconv.Atoi(idx)
	if err != nil {
		n = -1
	}
	return rank, n
}
