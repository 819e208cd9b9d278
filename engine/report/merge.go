package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/sdk"
)

// ShardReport is the report of one part of a run split with --shard K/N,
// as mcplint merge reads it: a JSON or a SARIF report.
type ShardReport struct {
	// Name names the report in messages (its file).
	Name string
	// Format is "json" or "sarif".
	Format string
	// Mcplint is the version of mcplint that wrote it.
	Mcplint string
	Shard   result.Shard

	json  *result.Report
	sarif *sarifLog
	props *sarifShard
}

// ReadShard reads a shard's report from data, in the format it is in. A
// report that is not one (another format, a whole run, a file that is not
// a report) is an error saying what it is and what to give instead.
func ReadShard(name string, data []byte) (*ShardReport, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var top map[string]json.RawMessage
	if err := dec.Decode(&top); err != nil {
		return nil, fmt.Errorf("%s: not a JSON or SARIF report of mcplint: %v", name, jsonError(data, err))
	}
	if dec.More() {
		return nil, fmt.Errorf("%s holds more than one JSON document, as a jsonl report does: mcplint merge joins the json and sarif reports of --shard runs; write each shard's report with --format json (or sarif)", name)
	}
	switch {
	case top["runs"] != nil:
		return readSARIFShard(name, data)
	case top["targets"] != nil:
		return readJSONShard(name, data)
	}
	return nil, fmt.Errorf("%s: not a JSON or SARIF report of mcplint (it has neither \"targets\" nor \"runs\"); give the reports written with --shard K/N --format json or --format sarif", name)
}

// jsonError places a syntax error at its line and column.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		// Offset counts the bytes read, the offending one included.
		off := max(int(syn.Offset)-1, 0)
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		col := off - bytes.LastIndexByte(data[:off], '\n')
		return fmt.Errorf("line %d, column %d: %v", line, col, err)
	}
	return err
}

func readJSONShard(name string, data []byte) (*ShardReport, error) {
	var rep result.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("%s: not a JSON report of mcplint: %v", name, jsonError(data, err))
	}
	if rep.Version != result.Version {
		return nil, fmt.Errorf("%s: JSON report version %d, this mcplint reads version %d; merge with the mcplint that wrote the shards", name, rep.Version, result.Version)
	}
	if rep.Shard == nil {
		return nil, notShard(name)
	}
	if len(rep.Shard.Targets) != len(rep.Targets) || len(rep.Shard.Names) != len(rep.Targets) || len(rep.Shard.Skipped) != len(rep.Skipped) {
		return nil, fmt.Errorf("%s: its \"shard\" part places %d targets and names %d, and %d skipped servers; the report has %d and %d; was it edited?", name, len(rep.Shard.Targets), len(rep.Shard.Names), len(rep.Shard.Skipped), len(rep.Targets), len(rep.Skipped))
	}
	return &ShardReport{Name: name, Format: "json", Mcplint: rep.Mcplint, Shard: *rep.Shard, json: &rep}, nil
}

func readSARIFShard(name string, data []byte) (*ShardReport, error) {
	var log sarifLog
	if err := json.Unmarshal(data, &log); err != nil {
		return nil, fmt.Errorf("%s: not a SARIF log of mcplint: %v", name, jsonError(data, err))
	}
	if len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "mcplint" {
		return nil, fmt.Errorf("%s: not a SARIF log of mcplint (want one run whose tool is mcplint)", name)
	}
	run := &log.Runs[0]
	if run.Properties == nil || run.Properties.Shard == nil {
		return nil, notShard(name)
	}
	p := run.Properties.Shard
	if len(p.Results) != len(p.Targets) || len(p.Notifications) != len(p.Targets) || len(run.Invocations) != 1 {
		return nil, fmt.Errorf("%s: its mcplintShard properties do not match its run (%d targets, %d result counts, %d notification counts); was it edited?", name, len(p.Targets), len(p.Results), len(p.Notifications))
	}
	if sum(p.Results) != len(run.Results) || sum(p.Notifications) != len(run.Invocations[0].Notifications) {
		return nil, fmt.Errorf("%s: its mcplintShard properties count %d results and %d notifications, the run has %d and %d; was it edited?", name, sum(p.Results), sum(p.Notifications), len(run.Results), len(run.Invocations[0].Notifications))
	}
	if len(p.Names) != len(p.Targets) || len(p.Renamed) != len(p.Targets) {
		return nil, fmt.Errorf("%s: its mcplintShard properties name %d and rename %d of its %d targets; was it edited?", name, len(p.Names), len(p.Renamed), len(p.Targets))
	}
	for i, rn := range p.Renamed {
		if rn != nil && (len(rn.Fingerprints) != p.Results[i] || len(rn.Qualified) != p.Results[i] || len(rn.Notifications) != p.Notifications[i]) {
			return nil, fmt.Errorf("%s: its mcplintShard properties rename target number %d with counts that do not match its results; was it edited?", name, i+1)
		}
	}
	return &ShardReport{Name: name, Format: "sarif", Mcplint: run.Tool.Driver.Version, Shard: p.Shard, sarif: &log, props: p}, nil
}

func notShard(name string) error {
	return fmt.Errorf("%s is the report of a whole run, not of a shard (it has no \"shard\" part): mcplint merge joins the reports of runs given --shard K/N", name)
}

func sum(counts []int) int {
	n := 0
	for _, c := range counts {
		n += c
	}
	return n
}

// Merged is the report of a whole run, joined from its shards.
type Merged struct {
	// Format is the format of the shards and of the merged report.
	Format string
	// Report is the merged JSON report; nil for SARIF.
	Report *result.Report

	sarif   *sarifRun
	results []sarifResult
	// targets name the targets of the SARIF run in order, with the
	// results and notifications of each, for the gate.
	targets []mergedTarget
}

type mergedTarget struct {
	results []sarifResult
	notes   []sarifNotification
}

// Merge joins the reports of every part of one run into the report the
// whole run would have written: its targets in the run's order (the order
// the whole run resolved them in, which each shard records), its summary
// counted again. It refuses parts of different runs (another mcplint,
// configuration, rule selection, settings or target list: their
// fingerprints differ), a part given twice, a missing part, and formats
// mixed.
func Merge(parts []*ShardReport) (*Merged, error) {
	if len(parts) == 0 {
		return nil, errors.New("no report to merge: give the report of every shard")
	}
	if err := checkParts(parts); err != nil {
		return nil, err
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].Shard.Index < parts[j].Shard.Index })
	if err := rename(parts); err != nil {
		return nil, err
	}
	if parts[0].Format == "json" {
		return &Merged{Format: "json", Report: mergeJSON(parts)}, nil
	}
	return mergeSARIF(parts), nil
}

// rename names each target as the whole run would have: servers that call
// themselves by one name take their fallback names (their files' or
// packages'), which servers in different shards could not know of each
// other. Where the name changed what was found (a lock, a baseline, an
// [[ignore]] server glob, or peers whose findings name it), the shards
// cannot be merged exactly, and it says so.
func rename(parts []*ShardReport) error {
	count := map[string]int{}
	where := map[string][]string{}
	for _, p := range parts {
		for _, n := range p.Shard.Names {
			if n != nil {
				count[n.Stable]++
				where[n.Stable] = append(where[n.Stable], p.Name)
			}
		}
	}
	for _, p := range parts {
		for i, n := range p.Shard.Names {
			if n == nil || count[n.Stable] < 2 || n.Fallback == "" {
				continue
			}
			switch {
			case p.Format == "json" && p.json.Targets[i].Name == n.Fallback:
				continue // its own shard named it so already
			case p.Format == "sarif" && (i >= len(p.props.Renamed) || p.props.Renamed[i] == nil):
				continue
			}
			if p.Shard.NamesMatter || n.Peers {
				why := "a lock, a baseline or an [[ignore]] server glob of the run reads server names"
				if n.Peers {
					why = "the servers linted beside it name it in their findings"
				}
				return fmt.Errorf("servers of different shards call themselves %q (in %s): the whole run names each by its file or package (%q), and %s, so the shards' findings are not the whole run's; lint these servers in one run, or without --shard",
					Escape(n.Stable), strings.Join(slices.Compact(where[n.Stable]), ", "), Escape(n.Fallback), why)
			}
			if p.Format == "json" {
				p.json.Targets[i].Name = n.Fallback
			} else {
				p.renameSARIF(i)
			}
		}
	}
	return nil
}

// renameSARIF gives the results and notifications of the shard's target i
// its fallback name, as the shard rendered them under it.
func (p *ShardReport) renameSARIF(i int) {
	rn := p.props.Renamed[i]
	run := &p.sarif.Runs[0]
	r0, n0 := sum(p.props.Results[:i]), sum(p.props.Notifications[:i])
	for j := range p.props.Results[i] {
		res := &run.Results[r0+j]
		res.Properties.Target = rn.Target
		res.PartialFingerprints = map[string]string{fingerprintKey: rn.Fingerprints[j]}
		for k := range res.Locations {
			for l := range res.Locations[k].LogicalLocations {
				res.Locations[k].LogicalLocations[l].FullyQualifiedName = rn.Qualified[j]
			}
		}
	}
	notes := run.Invocations[0].Notifications
	for j := range p.props.Notifications[i] {
		n := &notes[n0+j]
		n.Message.Text = rn.Notifications[j]
		n.Properties["target"] = rn.Target
	}
}

func checkParts(parts []*ShardReport) error {
	first := parts[0]
	seen := map[int]*ShardReport{}
	places := map[int]string{}
	for _, p := range parts {
		switch {
		case p.Format != first.Format:
			return fmt.Errorf("%s is a %s report and %s a %s report: merge the shards' reports of one format", first.Name, first.Format, p.Name, p.Format)
		case p.Mcplint != first.Mcplint:
			return fmt.Errorf("%s was written by mcplint %s and %s by mcplint %s: the shards of one run are linted by one mcplint; rerun them with the same version", first.Name, first.Mcplint, p.Name, p.Mcplint)
		case p.Shard.Count != first.Shard.Count:
			return fmt.Errorf("%s is shard %d/%d and %s shard %d/%d: they split the run differently; give the reports of one --shard K/N run", first.Name, first.Shard.Index, first.Shard.Count, p.Name, p.Shard.Index, p.Shard.Count)
		case p.Shard.Fingerprint != first.Shard.Fingerprint:
			return fmt.Errorf("%s and %s are shards of different runs (their fingerprints differ: another configuration, rule selection, settings, list of targets, or order of that list); give the shards of one run, each linted with the same command and targets in the same order, but --shard", first.Name, p.Name)
		case p.Shard.Index < 1 || p.Shard.Index > p.Shard.Count:
			return fmt.Errorf("%s: shard %d/%d is not a part of %d", p.Name, p.Shard.Index, p.Shard.Count, p.Shard.Count)
		}
		if other, dup := seen[p.Shard.Index]; dup {
			return fmt.Errorf("%s and %s are both shard %d/%d: give each shard's report once", other.Name, p.Name, p.Shard.Index, p.Shard.Count)
		}
		seen[p.Shard.Index] = p
		for _, at := range append(append([]int{}, p.Shard.Targets...), p.Shard.Skipped...) {
			if at < 0 || at >= p.Shard.Total {
				return fmt.Errorf("%s: a target's place %d is outside the run's %d targets; was it edited?", p.Name, at, p.Shard.Total)
			}
			if other, dup := places[at]; dup {
				return fmt.Errorf("%s and %s both hold the run's target number %d: give each shard's report once", other, p.Name, at+1)
			}
			places[at] = p.Name
		}
	}
	var missing []string
	for k := 1; k <= first.Shard.Count; k++ {
		if seen[k] == nil {
			missing = append(missing, fmt.Sprintf("%d/%d", k, first.Shard.Count))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("shard %s missing: the merge of a run needs the report of each of its %d shards (given: %d)", strings.Join(missing, ", "), first.Shard.Count, len(parts))
	}
	if len(places) != first.Shard.Total {
		return fmt.Errorf("the shards hold %d of the run's %d targets; was a report edited?", len(places), first.Shard.Total)
	}
	return checkIgnores(parts)
}

// checkIgnores refuses shards whose unused-suppression findings about
// [[ignore]] entries are not the whole run's: the run reports an entry
// once, on its first target it could have matched, and only when no
// target used it; each shard judges by its own targets.
func checkIgnores(parts []*ShardReport) error {
	for i := range parts[0].Shard.Ignores {
		var used, reported []string
		for _, p := range parts {
			if i >= len(p.Shard.Ignores) {
				return fmt.Errorf("%s: it has %d [[ignore]] entries, %s %d; was it edited?", p.Name, len(p.Shard.Ignores), parts[0].Name, len(parts[0].Shard.Ignores))
			}
			if p.Shard.Ignores[i].Used {
				used = append(used, p.Name)
			}
			if p.Shard.Ignores[i].Reported {
				reported = append(reported, p.Name)
			}
		}
		if len(reported) == 0 || len(reported) == 1 && len(used) == 0 {
			continue
		}
		const fix = "the shards' unused-suppression findings are not the whole run's; lint the shards with --disable unused-suppression, or fix the entry on a whole run"
		if len(used) > 0 {
			return fmt.Errorf("[[ignore]] entry number %d of the config matched an issue in %s, yet %s reported it unused, judging by its own targets: %s",
				i+1, strings.Join(used, ", "), strings.Join(reported, ", "), fix)
		}
		return fmt.Errorf("[[ignore]] entry number %d of the config matched nothing, and %s each reported it unused, where the whole run reports it once: %s",
			i+1, strings.Join(reported, ", "), fix)
	}
	return nil
}

func mergeJSON(parts []*ShardReport) *result.Report {
	total := parts[0].Shard.Total
	targets := make([]*result.Target, total)
	skipped := make([]*result.Skipped, total)
	for _, p := range parts {
		for i, at := range p.Shard.Targets {
			targets[at] = p.json.Targets[i]
		}
		for i, at := range p.Shard.Skipped {
			skipped[at] = &p.json.Skipped[i]
		}
	}
	rep := &result.Report{Version: result.Version, Mcplint: parts[0].Mcplint, Targets: []*result.Target{}}
	for i := range total {
		if targets[i] != nil {
			rep.Targets = append(rep.Targets, targets[i])
		}
		if skipped[i] != nil {
			rep.Skipped = append(rep.Skipped, *skipped[i])
		}
	}
	rep.Summary = result.Summarize(rep.Targets)
	return rep
}

// mergeSARIF joins the runs: the driver lists the rules the merged results
// name, in the order of every rule known to the run (which each shard
// records), then those named that are not known, in the order the targets
// name them, as WriteSARIF does; every ruleIndex is renumbered.
func mergeSARIF(parts []*ShardReport) *Merged {
	total := parts[0].Shard.Total
	byPlace := make([]*mergedTarget, total)
	descriptors := map[string]sarifDescriptor{}
	success := true
	for _, p := range parts {
		run := &p.sarif.Runs[0]
		success = success && run.Invocations[0].ExecutionSuccessful
		for _, d := range run.Tool.Driver.Rules {
			descriptors[d.ID] = d
		}
		results, notes := run.Results, run.Invocations[0].Notifications
		for i, at := range p.props.Targets {
			nr, nn := p.props.Results[i], p.props.Notifications[i]
			byPlace[at] = &mergedTarget{results: results[:nr:nr], notes: notes[:nn:nn]}
			results, notes = results[nr:], notes[nn:]
		}
	}
	m := &Merged{Format: "sarif"}
	named := map[string]bool{}
	var order []string // the rules named but not known, as met
	known := map[string]bool{}
	for _, name := range parts[0].props.Rules {
		known[name] = true
	}
	meet := func(id string) {
		if !named[id] {
			named[id] = true
			if !known[id] {
				order = append(order, id)
			}
		}
	}
	for _, t := range byPlace {
		if t == nil {
			continue // a skipped server: SARIF does not list them
		}
		m.targets = append(m.targets, *t)
		for _, n := range t.notes {
			if n.AssociatedRule != nil {
				meet(n.AssociatedRule.ID)
			}
		}
		for _, r := range t.results {
			meet(r.RuleID)
		}
	}
	first := parts[0].sarif.Runs[0]
	driver := sarifDriver{Name: first.Tool.Driver.Name, Version: first.Tool.Driver.Version, InformationURI: first.Tool.Driver.InformationURI, Rules: []sarifDescriptor{}}
	index := map[string]int{}
	add := func(id string) {
		if _, dup := index[id]; dup || !named[id] {
			return
		}
		index[id] = len(driver.Rules)
		driver.Rules = append(driver.Rules, descriptors[id])
	}
	for _, name := range parts[0].props.Rules {
		add(name)
	}
	for _, id := range order {
		add(id)
	}
	inv := sarifInvocation{ExecutionSuccessful: success}
	for _, t := range m.targets {
		for _, n := range t.notes {
			if n.AssociatedRule != nil {
				n.AssociatedRule = &sarifRuleRef{ID: n.AssociatedRule.ID, Index: index[n.AssociatedRule.ID]}
			}
			inv.Notifications = append(inv.Notifications, n)
		}
		for _, r := range t.results {
			r.RuleIndex = index[r.RuleID]
			m.results = append(m.results, r)
		}
	}
	m.sarif = &sarifRun{Tool: sarifTool{Driver: driver}, Invocations: []sarifInvocation{inv}, ColumnKind: first.ColumnKind}
	return m
}

// Write writes the merged report.
func (m *Merged) Write(w io.Writer) error {
	if m.Report != nil {
		return WriteJSON(w, m.Report)
	}
	results := m.results
	if results == nil {
		results = []sarifResult{}
	}
	return writeSARIFRun(w, m.sarif, results, func(b []byte, r *sarifResult, d int) ([]byte, bool) {
		return appendSARIFResult(b, r, d), true
	})
}

// ErrNoGrades is the error of Gate with a minimum grade over SARIF shards,
// which carry no grade.
var ErrNoGrades = errors.New("--min-grade: SARIF reports carry no grade; merge the shards' JSON reports (--format json) to gate on grades")

// Gate applies the exit-code contract to the merged report, as Gate does
// to a run's. A SARIF log carries no grade, so minGrade must be "" then
// (ErrNoGrades); its issues are its unsuppressed results, and a target
// that could not be linted or a rule that could not run is a notification
// of level error.
func (m *Merged) Gate(failOn, minGrade string) (Verdict, error) {
	if m.Report != nil {
		return Gate(m.Report, failOn, minGrade), nil
	}
	if minGrade != "" {
		return Verdict{}, ErrNoGrades
	}
	levels := map[string]sdk.Severity{"error": sdk.Error, "warning": sdk.Warning, "note": sdk.Info}
	threshold := map[string]sdk.Severity{"error": sdk.Error, "warning": sdk.Warning, "info": sdk.Info}[failOn]
	v := Verdict{Code: ExitOK}
	for _, t := range m.targets {
		failed := 0
		var name string
		for _, n := range t.notes {
			if n.Level == "error" {
				failed++
			}
			if s, ok := n.Properties["target"].(string); ok {
				name = s
			}
		}
		issues := 0
		for _, r := range t.results {
			name = r.Properties.Target
			if len(r.Suppressions) == 0 && threshold != 0 && levels[r.Level] >= threshold {
				issues++
			}
		}
		if failed > 0 {
			v.Code = max(v.Code, ExitTarget)
			v.Reasons = append(v.Reasons, name+": could not be linted, or a rule could not run on it (see the log's notifications)")
		}
		if issues > 0 {
			v.Code = max(v.Code, ExitIssues)
			v.Reasons = append(v.Reasons, fmt.Sprintf("%s: %s at or above --fail-on %s", name, plural.Grouped(issues, "issue"), failOn))
		}
	}
	return v, nil
}
