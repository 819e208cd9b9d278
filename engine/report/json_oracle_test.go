package report

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// writeJSONWhole is the report writer as it was before it streamed: encode
// the whole report indented, then escape the whole buffer. It is the
// oracle WriteJSON must match byte for byte.
func writeJSONWhole(w io.Writer, r *result.Report) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return err
	}
	_, err := w.Write(escapeJSON(buf.Bytes()))
	return err
}

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

func TestWriteJSONMatchesWholeEncoding(t *testing.T) {
	reports := map[string]*result.Report{
		"sample": sample(), "rich": richSample(), "exercised": exercisedSample(),
		"large": largeReport(9, 3000, 1), "empty": {Version: result.Version},
		"no targets": {Version: result.Version, Targets: []*result.Target{}, Skipped: []result.Skipped{{Name: "a<b"}}},
	}
	encoderPath := func(w io.Writer, r *result.Report) error { return writeJSON(w, r, true) }
	for name, r := range reports {
		var got, want, encoded bytes.Buffer
		if err := WriteJSON(&got, r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := writeJSONWhole(&want, r); err != nil {
			t.Fatal(err)
		}
		if err := encoderPath(&encoded, r); err != nil {
			t.Fatal(err)
		}
		if i := firstDiff(got.Bytes(), want.Bytes()); i >= 0 {
			t.Errorf("%s: WriteJSON differs from the whole encoding at byte %d:\n got %q\nwant %q",
				name, i, clipAt(got.Bytes(), i), clipAt(want.Bytes(), i))
		}
		if i := firstDiff(encoded.Bytes(), want.Bytes()); i >= 0 {
			t.Errorf("%s: the encoder path differs from the whole encoding at byte %d:\n got %q\nwant %q",
				name, i, clipAt(encoded.Bytes(), i), clipAt(want.Bytes(), i))
		}
	}
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

// encodeElement is what the encoder path writes for v as an element at
// depth d: encoding/json indented at that depth, then escapeJSON.
func encodeElement(v any, d int) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(strings.Repeat("  ", d), "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return escapeJSON(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), nil
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

func TestAppendersMatchEncoder(t *testing.T) {
	loc := func(file string) *sdk.Location { return &sdk.Location{File: file, Line: 12, Column: -3} }
	var issues []sdk.Issue
	for _, h := range hostile {
		issues = append(issues,
			sdk.Issue{Rule: h, Category: "schema", Severity: sdk.Error, Tool: h, Pointer: "/tools/0", Message: h, Fix: h},
			sdk.Issue{Rule: "r", Severity: sdk.Info, Pointer: h, Fix: "x" + h + "y", Location: loc(h)},
		)
	}
	issues = append(issues,
		sdk.Issue{Severity: sdk.Warning},
		sdk.Issue{Severity: sdk.Warning, Location: &sdk.Location{}},
		sdk.Issue{Severity: sdk.Info, Location: &sdk.Location{Line: 1 << 62, Column: -1 << 63}},
		sdk.Issue{Severity: sdk.Error, Message: strings.Join(hostile, "")},
	)
	for _, d := range []int{0, 1, 2, 3, 15, 16, 17, 40} {
		for i := range issues {
			checkAppendIssue(t, &issues[i], d)
			for _, by := range []string{result.ByConfig, "", "\u202e<&>\xff"} {
				checkAppendSuppressed(t, &result.Suppressed{Issue: issues[i], By: by, Reason: issues[i].Message}, d)
			}
		}
	}
}

func checkAppendIssue(t *testing.T, is *sdk.Issue, d int) {
	t.Helper()
	got, ok := appendIssue([]byte("prefix"), is, d)
	checkAppended(t, got, ok, is.Severity, is, d)
}

func checkAppendSuppressed(t *testing.T, s *result.Suppressed, d int) {
	t.Helper()
	got, ok := appendSuppressed([]byte("prefix"), s, d)
	checkAppended(t, got, ok, s.Severity, s, d)
}

// checkAppended checks what an appender wrote after "prefix" against the
// encoder path, and that it declined only a severity it cannot name.
func checkAppended(t *testing.T, got []byte, ok bool, sev sdk.Severity, v any, d int) {
	t.Helper()
	want, err := encodeElement(v, d)
	if _, named := severityName(sev); ok != named {
		t.Fatalf("severity %d: the appender said ok=%v", sev, ok)
	}
	if !ok {
		if !bytes.Equal(got, []byte("prefix")) {
			t.Fatalf("severity %d: the appender declined but wrote %q", sev, got)
		}
		return
	}
	if err != nil {
		t.Fatalf("encoding %#v: %v", v, err)
	}
	got, found := bytes.CutPrefix(got, []byte("prefix"))
	if !found {
		t.Fatalf("the appender overwrote what its buffer held: %q", got)
	}
	if i := firstDiff(got, want); i >= 0 {
		t.Fatalf("depth %d, %#v: the appender differs from the encoder at byte %d:\n got %q\nwant %q",
			d, v, i, clipAt(got, i), clipAt(want, i))
	}
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

// TestWriteJSONSeverityOutOfRange checks the elements the appenders decline
// go through encoding/json: an unset severity fails the report as it did,
// an unknown one is written as MarshalText names it.
func TestWriteJSONSeverityOutOfRange(t *testing.T) {
	for _, sev := range []sdk.Severity{0, -1, 4, 99} {
		is := sdk.Issue{Rule: "r", Severity: sev, Message: "\u202e"}
		r := &result.Report{Version: result.Version, Targets: []*result.Target{{Name: "t",
			Issues:     []sdk.Issue{{Rule: "a", Severity: sdk.Error}, is},
			Suppressed: []result.Suppressed{{Issue: is, By: result.ByInline}}}}}
		var got, want bytes.Buffer
		err := WriteJSON(&got, r)
		wantErr := writeJSONWhole(&want, r)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("severity %d: WriteJSON error %v, encoding/json error %v", sev, err, wantErr)
		}
		if err != nil {
			continue
		}
		if i := firstDiff(got.Bytes(), want.Bytes()); i >= 0 {
			t.Errorf("severity %d: WriteJSON differs from the whole encoding at byte %d:\n got %q\nwant %q",
				sev, i, clipAt(got.Bytes(), i), clipAt(want.Bytes(), i))
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
			Pointer: a + b, Message: c + a, Fix: b + c}
		if hasLocation {
			is.Location = &sdk.Location{File: c, Line: line, Column: col}
		}
		d := int(depth % 24)
		checkAppendIssue(t, &is, d)
		checkAppendSuppressed(t, &result.Suppressed{Issue: is, By: a, Reason: b}, d)
	})
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

// BenchmarkWriteJSONIssues writes the issues of issuesReport with the
// appenders and with every issue through encoding/json.
func BenchmarkWriteJSONIssues(b *testing.B) {
	r := issuesReport(13000)
	for _, w := range []struct {
		name      string
		encodeAll bool
	}{{"appenders", false}, {"encoder", true}} {
		b.Run(w.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := writeJSON(io.Discard, r, w.encodeAll); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkWriteJSON(b *testing.B) {
	r := largeReport(3, 20000, 2)
	for _, w := range []struct {
		name  string
		write func(io.Writer, *result.Report) error
	}{{"streamed", WriteJSON}, {"whole", writeJSONWhole}} {
		b.Run(w.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := w.write(io.Discard, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
