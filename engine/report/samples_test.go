package report

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// Reports the format tests feed the writers: samples, hostile text in every
// field, large and randomly ranked reports.

// largeReport is a report of many targets and issues whose text mixes
// everything the encoder or the escaping treats specially: HTML
// characters, quotes and backslashes, C0 and C1 controls, bidi and tag
// characters, characters outside the BMP, U+2028, invalid UTF-8.
func largeReport(targets, issues int, seed uint64) *result.Report {
	rng := rand.New(rand.NewPCG(seed, 1))
	pieces := []string{"plain ", "<b>&amp;</b>", `"q"`, `\`, "\x1b[2J", "\u009b", "\u202e", "\U000E0041",
		"🙂", "日本", "\u2028", "\u200b", "\xff", "\t\n", "ok", "{\"a\": [1, 2]}", "\n      \"issues\": null"}
	text := func() string {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	issue := func() sdk.Issue {
		is := sdk.Issue{Rule: text(), Category: "schema", Severity: sdk.Severity(1 + rng.IntN(3)), Tool: text(),
			Pointer: sdk.ToolPointer(rng.IntN(1000), "inputSchema", text()), Message: text(), Fix: text()}
		if rng.IntN(3) > 0 {
			is.Location = &sdk.Location{File: text(), Line: rng.IntN(100000), Column: rng.IntN(200)}
		}
		return is
	}
	r := &result.Report{Version: result.Version, Mcplint: "dev", Summary: result.Summary{Errors: 3, Warnings: 2}}
	for i := range targets {
		t := &result.Target{Name: text(), Source: sdk.SourceStatic, Input: text(), Counts: result.Counts{Tools: i},
			ContextTokens: rng.IntN(1e6), Score: rng.Float64(), Grade: "B",
			Components: map[string]float64{"lint": rng.Float64(), "tokens": 1e21, "x<y": 0}}
		switch i % 4 {
		case 0:
			t.Issues, t.Suppressed = []sdk.Issue{}, nil
		case 1:
			e := text()
			t.Error = &e
		default:
			for range issues {
				t.Issues = append(t.Issues, issue())
			}
			for range issues / 10 {
				t.Suppressed = append(t.Suppressed, result.Suppressed{Issue: issue(), By: result.ByConfig, Reason: text()})
			}
			t.RuleErrors = []result.RuleError{{Rule: text(), Error: text()}}
			t.Server = &sdk.Implementation{Name: text(), Version: "1.0"}
		}
		r.Targets = append(r.Targets, t)
	}
	r.Targets = append(r.Targets, nil)
	return r
}

// firstDiff is the offset of the first byte where a and b differ, -1 when
// they are equal.
func firstDiff(a, b []byte) int {
	if bytes.Equal(a, b) {
		return -1
	}
	i := 0
	for i < min(len(a), len(b)) && a[i] == b[i] {
		i++
	}
	return i
}

func clipAt(b []byte, i int) string {
	return string(b[max(0, i-40):min(len(b), i+40)])
}

// hostile are strings every escaping path treats specially, one kind each.
var hostile = []string{
	"", "plain text", `"quoted"`, `back\slash\`, `\"`, "<b>&amp;</b>", "/",
	"\x1b[31mred\x1b[0m", "\x00\x01\x07\x0b\x0e\x1f", "\x7f", "\b\f\n\r\t",
	"\u0080\u0085\u009b\u009f", "\u00a0\u00ad", "\u061c\u200e\u200f\u202a\u202e\u2066\u2069",
	"\u200b\u200c\u200d\u2060\ufeff", "\U000E0001\U000E0041\U000E007F", "\ufe0f\U000E0100",
	"\u115f\u3164", "\u2028\u2029", "\u2027\u202a", "\xff", "a\xc3", "\xc3(", "\xed\xa0\x80",
	"\xf4\x90\x80\x80", "\xe2\x80", "\ufffd", "\U0010FFFF", "🙂日本", "a\xffb\u202ec\x1bd\u2028e",
	"\n      \"issues\": null",
}

// issuesReport is one target of n issues; 13,000 is about what the lint
// benchmark's 10,000-tool file yields. The text is what rules write:
// mostly ASCII, quotes, now and then a hostile character.
func issuesReport(n int) *result.Report {
	t := &result.Target{Name: "big", Source: sdk.SourceStatic, Input: "big.json", Grade: "F", Issues: []sdk.Issue{}}
	for i := range n {
		name := fmt.Sprintf("tool_%d", i/2)
		quoted := strconv.Quote(fmt.Sprintf("Fetches the forecast for %s", name))
		if i%10 == 0 {
			quoted = "\"ignore previous instructions\u202e\u200b\""
		}
		t.Issues = append(t.Issues, sdk.Issue{
			Rule: "description-too-long", Category: "descriptions", Severity: sdk.Severity(1 + i%3), Tool: name,
			Pointer:  sdk.ToolPointer(i/2, "inputSchema", "properties", "city", "description"),
			Message:  "description " + quoted + " is 1,204 characters, over the limit of 1,024",
			Fix:      "shorten the description to what a model needs to choose and call the tool",
			Location: &sdk.Location{File: "big.json", Line: 100 + i*37, Column: 9},
		})
	}
	return &result.Report{Version: result.Version, Mcplint: "dev", Targets: []*result.Target{t}}
}

// hostileMetas are rules whose every text is hostile, plus a duplicate.
func hostileMetas() []sdk.Meta {
	var out []sdk.Meta
	for i, h := range hostile {
		out = append(out, sdk.Meta{Name: h, Category: []string{"security", "schema", ""}[i%3],
			Severity: sdk.Severity(1 + i%3), Summary: h, Doc: h + "\n\n" + h, Source: h + " 2025-11-25/server/tools.mdx#x", Default: i%2 == 0})
	}
	return append(out, sdk.Meta{Name: hostile[1], Summary: "dup"})
}

// hostileReport has a target per hostile string, each with an issue and
// a suppressed issue per hostile string; every third could not be linted.
func hostileReport() *result.Report {
	r := &result.Report{Version: result.Version, Mcplint: "\u202e\xff"}
	for i, h := range hostile {
		tg := &result.Target{Name: h, Input: h, Grade: h, Components: map[string]float64{"lint": 0.5}}
		for j, g := range hostile {
			is := sdk.Issue{Rule: g, Category: h, Severity: sdk.Severity(j % 5), Tool: g, Pointer: h, Message: g + h, Fix: h}
			if j%2 == 0 {
				is.Location = &sdk.Location{File: g, Line: j - 3, Column: i - 5}
			}
			tg.Issues = append(tg.Issues, is)
			tg.Suppressed = append(tg.Suppressed, result.Suppressed{Issue: is, By: []string{result.ByInline, result.ByConfig, h}[j%3], Reason: g})
		}
		if i%3 == 0 {
			tg.Error = &h
		}
		tg.RuleErrors = []result.RuleError{{Rule: h, Error: h}}
		r.Targets = append(r.Targets, tg)
	}
	return r
}

// largeTargets is largeReport without its nil target, which the writers
// other than JSON never could write.
func largeTargets(targets, issues int, seed uint64) *result.Report {
	r := largeReport(targets, issues, seed)
	r.Targets = r.Targets[:len(r.Targets)-1]
	return r
}

// rankedReport has issues of every severity and ranked category, and
// some of none, spread over targets in random order: the ties the top
// issues must break in report order.
func rankedReport(targets, issues int, seed uint64) *result.Report {
	rng := rand.New(rand.NewPCG(seed, 2))
	cats := []string{sdk.CategorySecurity, sdk.CategoryConformance, sdk.CategorySchema, sdk.CategoryReference,
		sdk.CategoryNaming, sdk.CategoryQuality, "plugin", ""}
	r := &result.Report{Version: result.Version}
	for i := range targets {
		t := &result.Target{Name: fmt.Sprintf("t%d", i), Grade: "C"}
		for j := range rng.IntN(issues + 1) {
			t.Issues = append(t.Issues, sdk.Issue{Rule: fmt.Sprintf("rule-%d", rng.IntN(20)),
				Category: cats[rng.IntN(len(cats))], Severity: sdk.Severity(rng.IntN(5)),
				Tool: fmt.Sprintf("tool_%d", j), Pointer: sdk.ToolPointer(j), Message: fmt.Sprintf("m%d.%d", i, j),
				Fix: []string{"", "fix it"}[rng.IntN(2)]})
		}
		r.Targets = append(r.Targets, t)
	}
	return r
}

func factReports() map[string]*result.Report {
	reports := map[string]*result.Report{
		"sample": sample(), "rich": richSample(), "exercised": exercisedSample(),
		"large": largeTargets(6, 2000, 4), "hostile": hostileReport(), "issues": issuesReport(3000),
		"empty": {Version: result.Version}, "no targets": {Version: result.Version, Targets: []*result.Target{}},
	}
	for seed := range uint64(40) {
		reports[fmt.Sprintf("ranked %d", seed)] = rankedReport(1+int(seed%4), int(seed%12), seed)
	}
	return reports
}
