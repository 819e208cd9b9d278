package report

import (
	"bytes"
	"encoding"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// The format tests check what a report says against independent facts: the
// output parsed with encoding/json or encoding/xml compared with the report
// model, encoding/json's own encoding and layout where a hand-written
// encoder stands in for it, and the escaping policy checked rune by rune
// with the unicode tables. No test compares a writer with a copy of itself.
// (The SARIF schema itself is checked in CI by the official validator,
// .ci/e2e-formats.sh.)

// rawHostile returns the first character of out that a terminal or a
// reader's eye would act on or not see: a control character other than the
// layout's newlines and DEL (which terminals ignore, and encoding/json
// leaves as it is), a format character (bidi controls, zero-width
// characters, tags), a line or paragraph separator; or invalid UTF-8.
func rawHostile(out []byte) (rune, bool) {
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRune(out[i:])
		if r == utf8.RuneError && size == 1 {
			return r, true
		}
		if unicode.Is(unicode.Cc, r) && r != '\n' && r != 0x7f || unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029 {
			return r, true
		}
		i += size
	}
	return 0, false
}

// decoded is v as encoding/json encodes and decodes it: the value a JSON
// reader sees.
func decoded(t testing.TB, v any) (any, error) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out, nil
}

// checkLayout fails unless out is laid out as encoding/json indents it,
// each line after the first prefixed by prefix.
func checkLayout(t testing.TB, what string, out []byte, prefix string) {
	t.Helper()
	var compact, indented bytes.Buffer
	if err := json.Compact(&compact, out); err != nil {
		t.Fatalf("%s: not JSON: %v", what, err)
	}
	if err := json.Indent(&indented, compact.Bytes(), prefix, "  "); err != nil {
		t.Fatal(err)
	}
	if i := firstDiff(bytes.TrimSuffix(out, []byte("\n")), indented.Bytes()); i >= 0 {
		t.Fatalf("%s: layout differs from encoding/json's indent at byte %d:\n got %q\nwant %q",
			what, i, clipAt(out, i), clipAt(indented.Bytes(), i))
	}
}

// TestJSONIsTheModel: WriteJSON decodes to exactly what encoding/json makes
// of the report model, laid out as encoding/json indents, with no raw
// hostile character; a report encoding/json refuses, WriteJSON refuses.
func TestJSONIsTheModel(t *testing.T) {
	reports := factReports()
	reports["large with a nil target"] = largeReport(9, 3000, 1)
	reports["skipped"] = &result.Report{Version: result.Version, Targets: []*result.Target{}, Skipped: []result.Skipped{{Name: "a<b", Reason: "\u202e"}}}
	for name, r := range reports {
		var out bytes.Buffer
		err := WriteJSON(&out, r)
		want, wantErr := decoded(t, r)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("%s: WriteJSON error %v, encoding/json error %v", name, err, wantErr)
		}
		if err != nil {
			continue
		}
		var got any
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatalf("%s: the report is not JSON: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the report decodes to something other than the model", name)
		}
		checkLayout(t, name, out.Bytes(), "")
		if r, found := rawHostile(out.Bytes()); found {
			t.Errorf("%s: raw %U in the JSON report", name, r)
		}
	}
}

// TestJSONSeverityOutOfRange: the issues the appenders decline go through
// encoding/json, which refuses an unset severity and names others as
// MarshalText does.
func TestJSONSeverityOutOfRange(t *testing.T) {
	for _, sev := range []sdk.Severity{0, -1, 4, 99} {
		is := sdk.Issue{Rule: "r", Severity: sev, Message: "\u202e"}
		r := &result.Report{Version: result.Version, Targets: []*result.Target{{Name: "t",
			Issues:     []sdk.Issue{{Rule: "a", Severity: sdk.Error}, is},
			Suppressed: []result.Suppressed{{Issue: is, By: result.ByInline}}}}}
		var out bytes.Buffer
		err := WriteJSON(&out, r)
		want, wantErr := decoded(t, r)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("severity %d: WriteJSON error %v, encoding/json error %v", sev, err, wantErr)
		}
		if err != nil {
			continue
		}
		var got any
		if err := json.Unmarshal(out.Bytes(), &got); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("severity %d: the report decodes to something other than the model (%v)", sev, err)
		}
	}
}

// appenderIssues are issues with hostile text in every field and the
// edges of every number.
func appenderIssues() []sdk.Issue {
	loc := func(file string) *sdk.Location { return &sdk.Location{File: file, Line: 12, Column: -3} }
	var issues []sdk.Issue
	for _, h := range hostile {
		issues = append(issues,
			sdk.Issue{Rule: h, Category: "schema", OWASP: h, CWE: h, Severity: sdk.Error, Tool: h, Pointer: "/tools/0", Message: h, Fix: h},
			sdk.Issue{Rule: "r", Severity: sdk.Info, Pointer: h, Fix: "x" + h + "y", Location: loc(h), Count: 1134},
		)
	}
	return append(issues,
		sdk.Issue{Severity: sdk.Warning},
		sdk.Issue{Severity: sdk.Warning, Location: &sdk.Location{}},
		sdk.Issue{Severity: sdk.Info, Location: &sdk.Location{Line: 1 << 62, Column: -1 << 63}, Count: -1},
		sdk.Issue{Severity: sdk.Error, Message: strings.Join(hostile, "")},
	)
}

// checkAppended checks what an appender wrote after "prefix" at depth d:
// it decodes to what encoding/json makes of v, is laid out as
// encoding/json indents at that depth, and holds no raw hostile character.
// The appender may decline only a severity it cannot name.
func checkAppended(t testing.TB, got []byte, ok bool, sev sdk.Severity, v any, d int) {
	t.Helper()
	if _, named := severityName(sev); ok != named {
		t.Fatalf("severity %d: the appender said ok=%v", sev, ok)
	}
	got, found := bytes.CutPrefix(got, []byte("prefix"))
	if !found {
		t.Fatalf("the appender overwrote what its buffer held: %q", got)
	}
	if !ok {
		if len(got) > 0 {
			t.Fatalf("severity %d: the appender declined but wrote %q", sev, got)
		}
		return
	}
	want, err := decoded(t, v)
	if err != nil {
		t.Fatalf("encoding/json refuses %#v (%v), the appender wrote it", v, err)
	}
	var back any
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatalf("depth %d, %#v: the appender wrote no JSON value (%v): %q", d, v, err, got)
	}
	if !reflect.DeepEqual(back, want) {
		t.Fatalf("depth %d, %#v: the appender's JSON decodes to\n%#v\nwant\n%#v", d, v, back, want)
	}
	checkLayout(t, "appended element", got, strings.Repeat("  ", d))
	if r, found := rawHostile(got); found {
		t.Fatalf("depth %d, %#v: raw %U", d, v, r)
	}
}

func TestAppendersAreEncodingJSON(t *testing.T) {
	issues := appenderIssues()
	for _, d := range []int{0, 1, 2, 3, 15, 16, 17, 40} {
		for i := range issues {
			got, ok := appendIssue([]byte("prefix"), &issues[i], d)
			checkAppended(t, got, ok, issues[i].Severity, &issues[i], d)
			for _, by := range []string{result.ByConfig, "", "\u202e<&>\xff"} {
				s := &result.Suppressed{Issue: issues[i], By: by, Reason: issues[i].Message}
				got, ok := appendSuppressed([]byte("prefix"), s, d)
				checkAppended(t, got, ok, s.Severity, s, d)
			}
		}
	}
}

func FuzzIssueJSON(f *testing.F) {
	for i, h := range hostile {
		f.Add(h, hostile[(i+1)%len(hostile)], "m"+h, 1+i%3, i*977, -i, i%2 == 0, uint8(i))
	}
	f.Add("", "", "", 0, 0, 0, true, uint8(0))
	f.Fuzz(func(t *testing.T, a, b, c string, sev, line, col int, hasLocation bool, depth uint8) {
		is := sdk.Issue{Rule: a, Category: b, Severity: sdk.Severity(sev), Tool: c,
			Pointer: a + b, Message: c + a, Fix: b + c, Count: line}
		if hasLocation {
			is.Location = &sdk.Location{File: c, Line: line, Column: col}
		}
		d := int(depth % 24)
		got, ok := appendIssue([]byte("prefix"), &is, d)
		checkAppended(t, got, ok, is.Severity, &is, d)
		s := &result.Suppressed{Issue: is, By: a, Reason: b}
		got, ok = appendSuppressed([]byte("prefix"), s, d)
		checkAppended(t, got, ok, s.Severity, s, d)
	})
}

// TestAppendersKnowEveryField fails when sdk.Issue, sdk.Location or
// Suppressed gain a field or a marshaler: the appenders would silently
// leave it out of the report, so they must learn it first.
func TestAppendersKnowEveryField(t *testing.T) {
	fields := func(v any) []string {
		var out []string
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			f := typ.Field(i)
			out = append(out, f.Name+" "+f.Type.String()+" "+string(f.Tag))
		}
		return out
	}
	want := map[string][]string{
		"sdk.Issue": {
			`Rule string json:"rule"`, `Category string json:"category"`, `OWASP string json:"owasp,omitempty"`, `CWE string json:"cwe,omitempty"`,
			`Severity sdk.Severity json:"severity"`, `Tool string json:"tool"`,
			`Pointer string json:"pointer"`, `Message string json:"message"`, `Fix string json:"fix"`,
			`Location *sdk.Location json:"location,omitempty"`,
			`Count int json:"count,omitempty"`,
		},
		"sdk.Location": {`File string json:"file"`, `Line int json:"line"`, `Column int json:"column"`},
		"Suppressed":   {`Issue sdk.Issue `, `By string json:"by"`, `Reason string json:"reason"`},
	}
	got := map[string][]string{
		"sdk.Issue": fields(sdk.Issue{}), "sdk.Location": fields(sdk.Location{}), "Suppressed": fields(result.Suppressed{}),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the fields the appenders write changed; teach appendIssue and appendSuppressed, then this list:\n got %q\nwant %q", got, want)
	}
	for _, v := range []any{sdk.Issue{}, &sdk.Issue{}, sdk.Location{}, &sdk.Location{}, result.Suppressed{}, &result.Suppressed{}} {
		_, m := v.(json.Marshaler)
		_, tm := v.(encoding.TextMarshaler)
		if m || tm {
			t.Errorf("%T has a marshaler the appenders do not call", v)
		}
	}
	if _, m := any(sdk.Severity(0)).(json.Marshaler); m {
		t.Error("sdk.Severity has a MarshalJSON the appenders do not call")
	}
}

// sarifFacts is the part of a SARIF log the facts below read.
type sarifFacts struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID string `json:"id"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Invocations []struct {
			ExecutionSuccessful bool `json:"executionSuccessful"`
		} `json:"invocations"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation *struct {
					Region *struct {
						StartLine   int `json:"startLine"`
						StartColumn int `json:"startColumn"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			Suppressions        []struct {
				Kind string `json:"kind"`
			} `json:"suppressions"`
			Properties struct {
				Tool    string `json:"tool"`
				Pointer string `json:"pointer"`
			} `json:"properties"`
		} `json:"results"`
	} `json:"runs"`
}

// TestSARIFIsTheModel parses WriteSARIF's log with encoding/json and
// checks it against the report: one result per issue and suppressed
// issue, in report order, with its rule (ruleIndex naming it), level,
// position, suppression and fingerprint; and no raw hostile character.
func TestSARIFIsTheModel(t *testing.T) {
	level := func(s sdk.Severity) string {
		switch s {
		case sdk.Error:
			return "error"
		case sdk.Warning:
			return "warning"
		}
		return "note"
	}
	// asJSON is s as a JSON reader gets it back (invalid UTF-8 replaced).
	asJSON := func(s string) string {
		var out string
		data, _ := json.Marshal(s)
		json.Unmarshal(data, &out)
		return out
	}
	for name, r := range factReports() {
		if name == "hostile" {
			continue // severities out of range: no SARIF level, checked below
		}
		for _, rules := range [][]sdk.Meta{nil, sampleMetas()} {
			var out bytes.Buffer
			if err := WriteSARIF(&out, r, rules); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if c, found := rawHostile(out.Bytes()); found {
				t.Errorf("%s: raw %U in the SARIF log", name, c)
			}
			checkLayout(t, name, out.Bytes(), "")
			var log sarifFacts
			dec := json.NewDecoder(&out)
			if err := dec.Decode(&log); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "mcplint" {
				t.Fatalf("%s: version %q, schema %q, %d runs: want one run of mcplint, SARIF 2.1.0", name, log.Version, log.Schema, len(log.Runs))
			}
			run := log.Runs[0]
			type want struct {
				is  sdk.Issue
				sup *result.Suppressed
			}
			var wants []want
			failed := false
			for _, tg := range r.Targets {
				failed = failed || tg.Error != nil || len(tg.RuleErrors) > 0
				for _, is := range tg.Issues {
					wants = append(wants, want{is: is})
				}
				for i := range tg.Suppressed {
					wants = append(wants, want{is: tg.Suppressed[i].Issue, sup: &tg.Suppressed[i]})
				}
			}
			if len(run.Results) != len(wants) {
				t.Fatalf("%s: %d results, want one per issue and suppressed issue: %d", name, len(run.Results), len(wants))
			}
			if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful == failed {
				t.Errorf("%s: invocation %+v, want executionSuccessful %v", name, run.Invocations, !failed)
			}
			for i, res := range run.Results {
				w := wants[i]
				if rule := asJSON(w.is.Rule); res.RuleID != rule || res.RuleIndex < 0 || res.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[res.RuleIndex].ID != rule {
					t.Fatalf("%s: result %d names rule %q at index %d, want %q", name, i, res.RuleID, res.RuleIndex, w.is.Rule)
				}
				if res.Level != level(w.is.Severity) {
					t.Errorf("%s: result %d: level %q for %v", name, i, res.Level, w.is.Severity)
				}
				if res.Message.Text == "" && strings.TrimSpace(w.is.Message+w.is.Fix) != "" || res.PartialFingerprints[fingerprintKey] == "" {
					t.Errorf("%s: result %d has no message or no fingerprint", name, i)
				}
				if res.Properties.Tool != asJSON(Escape(w.is.Tool)) {
					t.Errorf("%s: result %d: tool %q, want %q", name, i, res.Properties.Tool, w.is.Tool)
				}
				if l := w.is.Location; l != nil && l.File != "" && l.Line >= 1 {
					p := res.Locations[0].PhysicalLocation
					if p == nil || p.Region == nil || p.Region.StartLine != l.Line {
						t.Errorf("%s: result %d: region %+v, want line %d", name, i, p, l.Line)
					}
				}
				if (w.sup != nil) != (len(res.Suppressions) == 1) {
					t.Errorf("%s: result %d: suppressions %+v, suppressed %v", name, i, res.Suppressions, w.sup != nil)
				} else if w.sup != nil {
					kind := map[bool]string{true: "inSource", false: "external"}[w.sup.By == result.ByInline]
					if res.Suppressions[0].Kind != kind {
						t.Errorf("%s: result %d: suppression kind %q, want %q (by %s)", name, i, res.Suppressions[0].Kind, kind, w.sup.By)
					}
				}
			}
		}
	}
	var out bytes.Buffer
	if err := WriteSARIF(&out, hostileReport(), hostileMetas()); err != nil {
		t.Fatal(err)
	}
	if !json.Valid(out.Bytes()) {
		t.Error("the hostile report's SARIF log is not JSON")
	}
	if c, found := rawHostile(out.Bytes()); found {
		t.Errorf("hostile: raw %U in the SARIF log", c)
	}
}

// junitFacts is what a JUnit reader takes from the XML.
type junitFacts struct {
	XMLName  xml.Name `xml:"testsuites"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Suites   []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Cases    []struct {
			Name    string    `xml:"name,attr"`
			Failure *struct{} `xml:"failure"`
			Error   *struct{} `xml:"error"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

// TestJUnitIsTheModel parses WriteJUnit's XML with encoding/xml: a suite
// per target named as it is, whose counts add up, and a failed test case
// exactly for each rule with an issue on the target.
func TestJUnitIsTheModel(t *testing.T) {
	for name, r := range factReports() {
		if name == "large" || name == "hostile" {
			continue // rule names XML cannot carry as they are; TestTextFormatsEscape writes them
		}
		var out bytes.Buffer
		if err := WriteJUnit(&out, r, sampleMetas()); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var doc junitFacts
		if err := xml.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatalf("%s: not XML a JUnit reader can parse: %v", name, err)
		}
		if len(doc.Suites) != len(r.Targets) {
			t.Fatalf("%s: %d suites for %d targets", name, len(doc.Suites), len(r.Targets))
		}
		tests, failures := 0, 0
		for i, s := range doc.Suites {
			tg := r.Targets[i]
			if s.Name != Escape(tg.Name) {
				t.Errorf("%s: suite %d is named %q, want %q", name, i, s.Name, Escape(tg.Name))
			}
			if s.Tests != len(s.Cases) {
				t.Errorf("%s: suite %s says %d tests and holds %d", name, s.Name, s.Tests, len(s.Cases))
			}
			withIssues := map[string]bool{}
			for _, is := range tg.Issues {
				if is.Severity > sdk.Info { // infos are output, not failures
					withIssues[Escape(is.Rule)] = true
				}
			}
			failed := 0
			for _, c := range s.Cases {
				if (c.Failure != nil) != withIssues[c.Name] {
					t.Errorf("%s: %s/%s: failure %v, issues of the rule %v", name, s.Name, c.Name, c.Failure != nil, withIssues[c.Name])
				}
				if c.Failure != nil {
					failed++
				}
			}
			if s.Failures != failed {
				t.Errorf("%s: suite %s says %d failures and holds %d", name, s.Name, s.Failures, failed)
			}
			tests += s.Tests
			failures += s.Failures
		}
		if doc.Tests != tests || doc.Failures != failures {
			t.Errorf("%s: testsuites says %d tests, %d failures; its suites add up to %d, %d", name, doc.Tests, doc.Failures, tests, failures)
		}
	}
}

// TestGitHubIsTheModel reads WriteGitHub's workflow commands as the runner
// does: one command a line, one per issue (plus one per target that could
// not be linted and rule that could not run), each of a level GitHub knows.
func TestGitHubIsTheModel(t *testing.T) {
	for name, r := range factReports() {
		var out bytes.Buffer
		if err := WriteGitHub(&out, r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := 0
		for _, tg := range r.Targets {
			want += len(tg.Issues) + len(tg.RuleErrors)
			if tg.Error != nil {
				want++
			}
		}
		n := 0
		for line := range strings.Lines(out.String()) {
			cmd, _, ok := strings.Cut(line, "::")
			if cmd != "" || !ok {
				continue // the job summary's lines, if any
			}
			level, _, _ := strings.Cut(strings.TrimPrefix(line, "::"), " ")
			level, _, _ = strings.Cut(level, "::")
			if level != "error" && level != "warning" && level != "notice" {
				t.Errorf("%s: a command of level %q: %q", name, level, line)
			}
			n++
		}
		if n != want {
			t.Errorf("%s: %d commands, want %d", name, n, want)
		}
		if c, found := rawHostile(out.Bytes()); found {
			t.Errorf("%s: raw %U in the workflow commands", name, c)
		}
	}
}

// TestTextFormatsEscape: no text format lets a raw hostile character
// through, whatever a server named its tools.
func TestTextFormatsEscape(t *testing.T) {
	for _, f := range []struct {
		name  string
		write func(io.Writer, *result.Report) error
	}{
		{"text", func(w io.Writer, r *result.Report) error { return WriteText(w, r, TextOptions{}) }},
		{"markdown", WriteMarkdown},
		{"junit", func(w io.Writer, r *result.Report) error { return WriteJUnit(w, r, hostileMetas()) }},
	} {
		r := hostileReport()
		for _, tg := range r.Targets {
			tg.Grade = "F" // the engine's, never the server's, as is By
			for i := range tg.Suppressed {
				tg.Suppressed[i].By = []string{result.ByConfig, result.ByInline, result.ByBaseline}[i%3]
			}
		}
		var out bytes.Buffer
		if err := f.write(&out, r); err != nil && !errors.Is(err, io.EOF) {
			t.Fatalf("%s: %v", f.name, err)
		}
		if c, found := rawHostile(out.Bytes()); found {
			i := bytes.IndexRune(out.Bytes(), c)
			t.Errorf("%s: raw %U in %q", f.name, c, out.Bytes()[max(0, i-60):min(out.Len(), i+20)])
		}
	}
}

// toolsReport is a report whose targets list tools' capability labels
// with hostile text in every string, nil and empty lists, and a target
// with no labelled tool (its member is left out), n tools in the first.
func toolsReport(n int) *result.Report {
	var tools []result.ToolCapabilities
	for i := range n {
		h := hostile[i%len(hostile)]
		tc := result.ToolCapabilities{Name: h + "tool"}
		switch i % 4 {
		case 0:
			tc.Capabilities = []result.Capability{{Label: "private-data", Evidence: []string{"name " + h, h}}, {Label: h}}
		case 1:
			tc.Capabilities = []result.Capability{{Label: "destructive"}, {Label: "outbound-sink", Evidence: []string{}}}
		case 2:
			tc.Capabilities = []result.Capability{}
		}
		tools = append(tools, tc)
	}
	return &result.Report{Version: 1, Mcplint: "test", Targets: []*result.Target{
		{Name: "labelled", Source: "static", Tools: tools, Score: 0.5, Grade: "C",
			Issues: []sdk.Issue{{Rule: "r", Severity: sdk.Warning, Message: "m"}}},
		{Name: "unlabelled", Source: "static", Score: 1, Grade: "A"},
	}}
}

// TestToolsListIsEncodingJSON: the tools' labels, written element by
// element before the score member, are the bytes encoding/json writes for
// them in the whole target, short lists and long ones (written on every
// CPU) alike.
func TestToolsListIsEncodingJSON(t *testing.T) {
	for _, n := range []int{1, 7, parallelMin + 3} {
		r := toolsReport(n)
		var got, want bytes.Buffer
		if err := WriteJSON(&got, r); err != nil {
			t.Fatal(err)
		}
		if err := writeJSON(&want, r, true); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("%d tools: the report is not what encoding/json writes:\n%s", n, firstDifference(got.Bytes(), want.Bytes()))
		}
		var back any
		if err := json.Unmarshal(got.Bytes(), &back); err != nil {
			t.Fatal(err)
		}
		if model, _ := decoded(t, r); !reflect.DeepEqual(back, model) {
			t.Errorf("%d tools: the report decodes to something other than the model", n)
		}
	}
}

// TestToolsListIsStreamed: a long tools list is written a tool at a time,
// not encoded whole and then indented and copied, which costs several
// times its size.
func TestToolsListIsStreamed(t *testing.T) {
	r := toolsReport(20000)
	var out countingWriter
	if err := WriteJSON(&out, r); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := WriteJSON(io.Discard, r); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(out)/2 {
		t.Errorf("writing a report of %d bytes allocated %d bytes, want at most half its size", out, alloc)
	}
}

// countingWriter counts the bytes written to it.
type countingWriter int

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// firstDifference shows where got and want part, with some context.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(i-80, 0)
	return "got  …" + string(got[lo:min(i+80, len(got))]) + "\nwant …" + string(want[lo:min(i+80, len(want))])
}
