package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

var mergeRules = []sdk.Meta{
	{Name: "alpha", Category: "schema", Severity: sdk.Error, Summary: "Alpha.", Default: true},
	{Name: "beta", Category: "naming", Severity: sdk.Warning, Summary: "Beta.", Default: true},
	{Name: "gamma", Category: "quality", Severity: sdk.Info, Summary: "Gamma.", Default: true},
}

// mergeTarget is a linted target with one issue of each rule named.
func mergeTarget(name, input string, rules ...string) *result.Target {
	t := &result.Target{Name: name, Source: "static", Input: input, Score: 1, Grade: "A",
		Components: map[string]float64{"lint": 1}, Issues: []sdk.Issue{}, Suppressed: []result.Suppressed{}}
	for _, r := range rules {
		var sev sdk.Severity
		var cat string
		for _, m := range mergeRules {
			if m.Name == r {
				sev, cat = m.Severity, m.Category
			}
		}
		t.Issues = append(t.Issues, sdk.Issue{Rule: r, Category: cat, Severity: sev, Tool: "t", Pointer: "/tools/0", Message: r + " on " + input, Fix: "Fix it."})
	}
	return t
}

// wholeAndShards is a run of four targets and its two shards: shard 1
// holds the first and third, shard 2 the second and fourth and the
// skipped server. Two servers call themselves "srv", one in each shard,
// so the whole run names them by their files.
func wholeAndShards() (*result.Report, [2]*result.Report) {
	names := []*result.ShardName{{Stable: "one"}, {Stable: "srv", Fallback: "two"}, {Stable: "three"}, {Stable: "srv", Fallback: "four"}}
	targets := []*result.Target{
		mergeTarget("one", "one.json", "gamma"),
		mergeTarget("two", "two.json", "beta", "alpha"),
		mergeTarget("three", "three.json"),
		mergeTarget("four", "four.json", "gamma", "beta"),
	}
	skipped := result.Skipped{Name: "old", Input: "mcp.json", Reason: "disabled"}
	whole := &result.Report{Version: result.Version, Mcplint: "1.0.0", Targets: targets, Skipped: []result.Skipped{skipped},
		Summary: result.Summary{Errors: 1, Warnings: 2, Infos: 2}, Rules: mergeRules}
	part := func(index int, at []int, skippedAt []int) *result.Report {
		r := &result.Report{Version: result.Version, Mcplint: "1.0.0", Targets: []*result.Target{}, Rules: mergeRules,
			Shard: &result.Shard{Index: index, Count: 2, Fingerprint: "sha256:" + strings.Repeat("ab", 32), Total: 5, Targets: at, Skipped: skippedAt}}
		for _, i := range at {
			t := *targets[i]
			t.Name = names[i].Stable // alone in its shard, it keeps its own name
			r.Targets = append(r.Targets, &t)
			r.Shard.Names = append(r.Shard.Names, names[i])
		}
		if len(skippedAt) > 0 {
			r.Skipped = []result.Skipped{skipped}
		}
		// The first [[ignore]] entry matched in shard 2 only; the second
		// matched nothing, and only shard 1 could have matched it.
		r.Shard.Ignores = []result.ShardIgnore{{Used: index == 2}, {Reported: index == 1}}
		return r
	}
	return whole, [2]*result.Report{part(1, []int{0, 2}, []int{}), part(2, []int{1, 3}, []int{4})}
}

func render(t *testing.T, format string, r *result.Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	var err error
	if format == "json" {
		err = WriteJSON(&buf, r)
	} else {
		err = WriteSARIF(&buf, r, r.Rules)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestMergeIsTheWholeRun: shards given in any order merge into the bytes
// the whole run writes, in JSON and SARIF (whose driver lists the rules
// named by every shard, renumbered), servers renamed as the run names
// them; the shard's JSON report follows the schema.
func TestMergeIsTheWholeRun(t *testing.T) {
	whole, shards := wholeAndShards()
	for _, format := range []string{"json", "sarif"} {
		var parts []*ShardReport
		for _, k := range []int{1, 0} {
			data := render(t, format, shards[k])
			if format == "json" {
				ValidateAgainstSchema(t, data)
			}
			p, err := ReadShard(format+string(rune('1'+k)), data)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, p)
		}
		m, err := Merge(parts)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		var got bytes.Buffer
		if err := m.Write(&got); err != nil {
			t.Fatal(err)
		}
		if want := render(t, format, whole); !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: the merge differs from the whole run:\n%s", format, firstLineApart(got.Bytes(), want))
		}
		v, err := m.Gate("warning", "")
		if err != nil || v.Code != ExitIssues || len(v.Reasons) != 2 || !strings.HasPrefix(v.Reasons[0], "two:") {
			t.Errorf("%s: gate at warning: %+v, %v; want exit 1 for two and four", format, v, err)
		}
	}
}

func firstLineApart(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return "got  " + g[i] + "\nwant " + w[i]
		}
	}
	return "lengths differ"
}

// TestMergeRefuses: what is not the parts of one run is refused, naming
// the reports.
func TestMergeRefuses(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(a, b *result.Report) []*result.Report
		wants string
	}{
		{"missing shard", func(a, b *result.Report) []*result.Report { return []*result.Report{a} }, "shard 2/2 missing"},
		{"shard twice", func(a, b *result.Report) []*result.Report { return []*result.Report{a, b, a} }, "are both shard 1/2"},
		{"another run", func(a, b *result.Report) []*result.Report {
			b.Shard.Fingerprint = "sha256:" + strings.Repeat("cd", 32)
			return []*result.Report{a, b}
		}, "shards of different runs"},
		{"another version", func(a, b *result.Report) []*result.Report {
			b.Mcplint = "1.1.0"
			return []*result.Report{a, b}
		}, "by mcplint 1.0.0 and"},
		{"another split", func(a, b *result.Report) []*result.Report {
			b.Shard.Count = 3
			return []*result.Report{a, b}
		}, "split the run differently"},
		{"a whole run", func(a, b *result.Report) []*result.Report {
			b.Shard = nil
			return []*result.Report{a, b}
		}, "report of a whole run"},
		{"an [[ignore]] used in another shard", func(a, b *result.Report) []*result.Report {
			a.Shard.Ignores[0].Reported = true
			return []*result.Report{a, b}
		}, "entry number 1 of the config matched an issue in r2.json, yet r1.json reported it unused"},
		{"an [[ignore]] reported twice", func(a, b *result.Report) []*result.Report {
			b.Shard.Ignores[1].Reported = true
			return []*result.Report{a, b}
		}, "r1.json, r2.json each reported it unused"},
		{"a name the lock reads", func(a, b *result.Report) []*result.Report {
			a.Shard.NamesMatter, b.Shard.NamesMatter = true, true
			return []*result.Report{a, b}
		}, `servers of different shards call themselves "srv"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, shards := wholeAndShards()
			var parts []*ShardReport
			var err error
			for i, r := range c.edit(shards[0], shards[1]) {
				var p *ShardReport
				p, err = ReadShard("r"+string(rune('1'+i))+".json", render(t, "json", r))
				if err != nil {
					break
				}
				parts = append(parts, p)
			}
			if err == nil {
				_, err = Merge(parts)
			}
			if err == nil || !strings.Contains(err.Error(), c.wants) {
				t.Errorf("got %v, want an error with %q", err, c.wants)
			}
		})
	}
}
