package runner

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"runtime/trace"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/sdk"
)

// Run checks every rule against snap concurrently, fills each issue's rule,
// category and severity (its own, else the rule's default), and returns the
// issues rule by rule, in the order of rules; the engine's pipeline then
// overrides severities and sorts. A rule is skipped for a Snapshot
// outside its protocol (sdk.Meta.InProtocol): of another (or of no) era,
// or of a version older than the rule's Since.
// A rule that fails or panics yields a RuleError; the others still run.
func Run(ctx context.Context, rules []sdk.Rule, snap *sdk.Snapshot) ([]sdk.Issue, []result.RuleError) {
	return RunPass(ctx, rules, analysis.NewPass(snap))
}

// RunPass is Run over pass's Snapshot with pass's analyses, for a caller
// that reads the analyses the rules shared once they are done (the
// engine reports the capability labels toxic-flow read).
func RunPass(ctx context.Context, rules []sdk.Rule, pass *analysis.Pass) ([]sdk.Issue, []result.RuleError) {
	return runPass(ctx, rules, pass, runtime.GOMAXPROCS(0))
}

// RunPassSerial is RunPass with one rule at a time, on the calling
// goroutine: for a caller that already keeps every CPU busy with other
// targets, to which a goroutine per rule would add only their start and
// the growth of their stacks, per target.
func RunPassSerial(ctx context.Context, rules []sdk.Rule, pass *analysis.Pass) ([]sdk.Issue, []result.RuleError) {
	return runPass(ctx, rules, pass, 0)
}

// outcome is what one rule found, or why it could not run.
type outcome struct {
	issues found
	err    *result.RuleError
}

// found is a rule's issues in order, in chunks that are never regrown: a
// rule on a large server reports tens of thousands of issues, which a
// growing slice would copy again at every doubling and leave behind as
// garbage, only for runPass to copy them all once more.
type found [][]sdk.Issue

// maxChunk is the most issues in one chunk of found.
const maxChunk = 1024

func (f *found) add(is sdk.Issue) {
	n := len(*f)
	if n == 0 || len((*f)[n-1]) == cap((*f)[n-1]) {
		size := 8
		if n > 0 {
			size = min(2*cap((*f)[n-1]), maxChunk)
		}
		*f = append(*f, make([]sdk.Issue, 0, size))
		n++
	}
	(*f)[n-1] = append((*f)[n-1], is)
}

// len is how many issues f holds.
func (f found) len() int {
	n := 0
	for _, c := range f {
		n += len(c)
	}
	return n
}

// runPass runs the rules on at most places goroutines at once; with 0,
// on the calling one, in turn.
func runPass(ctx context.Context, rules []sdk.Rule, pass *analysis.Pass, places int) ([]sdk.Issue, []result.RuleError) {
	snap := pass.Snapshot()
	results := make([]outcome, len(rules))
	run := func(i int, r sdk.Rule, meta sdk.Meta) {
		var issues found
		var err error
		rctx := pass.For(ctx, meta.Name, meta.Uses)
		trace.WithRegion(ctx, meta.Name, func() { issues, err = check(rctx, r, meta, snap) })
		results[i] = outcome{issues: issues}
		if err != nil {
			results[i].err = &result.RuleError{Rule: meta.Name, Error: err.Error()}
		}
	}
	// As many rules run at once as there are CPUs: each keeps its working
	// set live until it is done, and more at once would finish no sooner.
	// Rules share work on a Snapshot (its visible texts, flattened
	// schemas), built once by the first rule that asks while the others
	// wait; the builder holds a place of its own, so a waiting rule only
	// leaves its CPU to the builder's goroutines. Twice as many places
	// bought nothing on the realistic 10,000-tool list (the same wall,
	// CPU and peak memory, whole process, 20 alternated pairs).
	sem := make(chan struct{}, max(places, 1))
	// The analyses the rules share live as long as the Pass: Run's is
	// garbage once the rules are done with snap.
	var wg sync.WaitGroup
	for i, r := range rules {
		meta := r.Meta()
		if !meta.InProtocol(snap) {
			continue
		}
		if places == 0 {
			run(i, r, meta)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			run(i, r, meta)
		}()
	}
	wg.Wait()
	n := 0
	for _, res := range results {
		n += res.issues.len()
	}
	issues := make([]sdk.Issue, 0, n)
	var errs []result.RuleError
	for _, res := range results {
		for _, c := range res.issues {
			issues = append(issues, c...)
		}
		if res.err != nil {
			errs = append(errs, *res.err)
		}
	}
	return issues, errs
}

// MaxIssues is how many issues of one rule a target's report keeps: a
// plugin (or a rule on a hostile tool list) reporting ten million issues
// would otherwise take gigabytes of memory and a report nobody can read.
// The rest are counted in one more issue of the rule that says how many.
const MaxIssues = sdk.MaxIssues

func check(ctx context.Context, r sdk.Rule, meta sdk.Meta, snap *sdk.Snapshot) (issues found, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rule panicked: %v", p)
		}
	}()
	severity := func(s sdk.Severity) sdk.Severity {
		if s == 0 {
			s = meta.Severity
		}
		return s
	}
	kept, more := 0, 0
	var worst sdk.Severity
	err = r.Check(ctx, snap, func(is sdk.Issue) {
		is.Severity = severity(is.Severity)
		if kept >= MaxIssues {
			more++
			worst = max(worst, is.Severity)
			return
		}
		is.Rule, is.Category = meta.Name, meta.Category
		is.OWASP, is.CWE = meta.OWASP, meta.CWE
		issues.add(is)
		kept++
	})
	if more > 0 {
		issues.add(sdk.Issue{
			Rule: meta.Name, Category: meta.Category, OWASP: meta.OWASP, CWE: meta.CWE, Severity: worst,
			Message: fmt.Sprintf("%d more issues of %s are not shown: a report keeps the first %d of each rule for each target", more, meta.Name, MaxIssues),
			Fix:     fmt.Sprintf("fix the issues shown and lint again, or turn the rule off with --disable %s if it misfires on this server", meta.Name),
		})
	}
	return issues, err
}

// Sort orders issues as reports show them: server-wide findings first, then
// tools, prompts and resources in the server's own order, then by pointer,
// rule and message.
//
// A large server has tens of thousands of issues, so each pointer is read
// once into a key, and the sort moves indices rather than issues.
func Sort(issues []sdk.Issue) {
	type key struct{ section, index int }
	keys := make([]key, len(issues))
	order := make([]int, len(issues))
	for i := range issues {
		keys[i].section, keys[i].index = position(issues[i].Pointer)
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		if c := cmp.Compare(keys[i].section, keys[j].section); c != 0 {
			return c
		}
		if c := cmp.Compare(keys[i].index, keys[j].index); c != 0 {
			return c
		}
		a, b := &issues[i], &issues[j]
		// Within one definition, file order when both are placed.
		if la, lb := a.Location, b.Location; la != nil && lb != nil && la.File == lb.File && (la.Line != lb.Line || la.Column != lb.Column) {
			if la.Line != lb.Line {
				return cmp.Compare(la.Line, lb.Line)
			}
			return cmp.Compare(la.Column, lb.Column)
		}
		if c := strings.Compare(a.Pointer, b.Pointer); c != 0 {
			return c
		}
		if c := strings.Compare(a.Rule, b.Rule); c != 0 {
			return c
		}
		return strings.Compare(a.Message, b.Message)
	})
	permute(issues, order)
}

// permute puts issues[order[k]] at k for every k, in place, following
// each cycle of the permutation once; order is used up. A copy of a large
// server's issues would be megabytes more garbage at the end of a lint.
func permute(issues []sdk.Issue, order []int) {
	for start := range order {
		if order[start] < 0 {
			continue
		}
		held := issues[start]
		k := start
		for {
			i := order[k]
			order[k] = -1
			if i == start {
				issues[k] = held
				break
			}
			issues[k] = issues[i]
			k = i
		}
	}
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
