package report

import (
	"bytes"
	"encoding"
	"encoding/json"
	"io"
	"reflect"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// writeSARIFWhole is WriteSARIF as it was before it streamed: build every
// result, encode the whole log indented, then escape the whole buffer. It
// is the oracle WriteSARIF must match byte for byte.
func writeSARIFWhole(w io.Writer, r *result.Report, rules []sdk.Meta) error {
	driver := sarifDriver{Name: "mcplint", Version: r.Mcplint, InformationURI: ProjectURL, Rules: []sarifDescriptor{}}
	index := map[string]int{}
	for _, m := range rules {
		if _, dup := index[m.Name]; dup {
			continue
		}
		index[m.Name] = len(driver.Rules)
		driver.Rules = append(driver.Rules, descriptor(m))
	}
	ruleIndex := func(name string) int {
		i, ok := index[name]
		if !ok {
			i = len(driver.Rules)
			index[name] = i
			driver.Rules = append(driver.Rules, sarifDescriptor{ID: name})
		}
		return i
	}

	inv := sarifInvocation{ExecutionSuccessful: true}
	results := []sarifResult{}
	for _, t := range r.Targets {
		if t.Error != nil {
			inv.ExecutionSuccessful = false
			inv.Notifications = append(inv.Notifications, sarifNotification{
				Level:      "error",
				Message:    sarifMessage{Text: sentence("target " + Escape(t.Name) + " (" + Escape(t.Input) + ") could not be linted: " + Escape(*t.Error))},
				Properties: map[string]any{"target": Escape(t.Name)},
			})
		}
		for _, re := range t.RuleErrors {
			inv.ExecutionSuccessful = false
			inv.Notifications = append(inv.Notifications, sarifNotification{
				Level:          "error",
				Message:        sarifMessage{Text: sentence("rule " + Escape(re.Rule) + " could not run on target " + Escape(t.Name) + ": " + Escape(re.Error))},
				AssociatedRule: &sarifRuleRef{ID: re.Rule, Index: ruleIndex(re.Rule)},
				Properties:     map[string]any{"target": Escape(t.Name)},
			})
		}
		for _, is := range t.Issues {
			results = append(results, sarifResultOf(t, is, ruleIndex(is.Rule), nil))
		}
		for _, s := range t.Suppressed {
			results = append(results, sarifResultOf(t, s.Issue, ruleIndex(s.Rule), &s))
		}
	}

	log := sarifLog{
		Schema: sarifSchema, Version: sarifVersion,
		Runs: []sarifRun{{
			Tool:        sarifTool{Driver: driver},
			Invocations: []sarifInvocation{inv},
			Results:     results,
			ColumnKind:  "unicodeCodePoints",
		}},
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		return err
	}
	_, err := w.Write(escapeJSON(buf.Bytes()))
	return err
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

func TestWriteSARIFMatchesWholeEncoding(t *testing.T) {
	large := largeTargets(9, 3000, 3)
	reports := map[string]*result.Report{
		"sample": sample(), "rich": richSample(), "exercised": exercisedSample(),
		"large": large, "hostile": hostileReport(), "issues": issuesReport(5000),
		"empty": {Version: result.Version}, "no targets": {Version: result.Version, Targets: []*result.Target{}},
	}
	ruleSets := map[string][]sdk.Meta{"none": nil, "sample": sampleMetas(), "hostile": hostileMetas()}
	for name, r := range reports {
		for rulesName, rules := range ruleSets {
			var got, want bytes.Buffer
			err := WriteSARIF(&got, r, rules)
			wantErr := writeSARIFWhole(&want, r, rules)
			if err != nil || wantErr != nil {
				t.Fatalf("%s, %s rules: WriteSARIF error %v, whole encoding error %v", name, rulesName, err, wantErr)
			}
			if i := firstDiff(got.Bytes(), want.Bytes()); i >= 0 {
				t.Errorf("%s, %s rules: WriteSARIF differs from the whole encoding at byte %d:\n got %q\nwant %q",
					name, rulesName, i, clipAt(got.Bytes(), i), clipAt(want.Bytes(), i))
			}
		}
	}
}

// TestSARIFAppenderMatchesEncoder checks the result appender against
// encoding/json on the shapes WriteSARIF never builds too: nil and empty
// lists and maps, several fingerprints, a Markdown message.
func TestSARIFAppenderMatchesEncoder(t *testing.T) {
	var results []sarifResult
	for i, h := range hostile {
		g := hostile[(i+7)%len(hostile)]
		res := sarifResult{
			RuleID: h, RuleIndex: i - 2, Level: g,
			Message: sarifMessage{Text: h, Markdown: []string{"", g}[i%2]},
			Locations: []sarifLocation{{LogicalLocations: []sarifLogical{{Name: h, FullyQualifiedName: g, Kind: h}, {}}}, {
				PhysicalLocation: &sarifPhysical{ArtifactLocation: sarifArtifact{URI: g}, Region: &sarifRegion{StartLine: i, StartColumn: i % 3}},
				LogicalLocations: []sarifLogical{},
			}, {PhysicalLocation: &sarifPhysical{ArtifactLocation: sarifArtifact{URI: h}}}},
			PartialFingerprints: map[string]string{h: g, g + "x": h, fingerprintKey: "0f"},
			Properties:          sarifResultProps{Target: h, Category: g, Tool: h, Pointer: g, Fix: h},
		}
		if i%2 == 0 {
			res.Suppressions = []sarifSuppression{{Kind: h, Status: g, Justification: h + g}, {}}
		}
		results = append(results, res)
	}
	results = append(results,
		sarifResult{},
		sarifResult{Locations: []sarifLocation{}, PartialFingerprints: map[string]string{}, Suppressions: []sarifSuppression{}},
		sarifResult{RuleIndex: -1 << 63, Locations: []sarifLocation{{PhysicalLocation: &sarifPhysical{Region: &sarifRegion{StartLine: 1 << 62, StartColumn: -1}}}}},
	)
	for _, d := range []int{0, 1, 2, 3, 4, 15, 16, 17, 40} {
		for i := range results {
			want, err := encodeElement(results[i], d)
			if err != nil {
				t.Fatal(err)
			}
			got, found := bytes.CutPrefix(appendSARIFResult([]byte("prefix"), &results[i], d), []byte("prefix"))
			if !found {
				t.Fatalf("the appender overwrote what its buffer held: %q", got)
			}
			if i := firstDiff(got, want); i >= 0 {
				t.Fatalf("depth %d, %#v: the appender differs from the encoder at byte %d:\n got %q\nwant %q",
					d, results[i], i, clipAt(got, i), clipAt(want, i))
			}
		}
	}
}

// TestSARIFAppenderKnowsEveryField fails when a type a result is made of
// gains a field or a marshaler: appendSARIFResult would silently leave it
// out of the log, so it must learn it first.
func TestSARIFAppenderKnowsEveryField(t *testing.T) {
	types := []any{sarifResult{}, sarifMessage{}, sarifLocation{}, sarifPhysical{}, sarifArtifact{},
		sarifRegion{}, sarifLogical{}, sarifSuppression{}, sarifResultProps{}}
	got := map[string][]string{}
	for _, v := range types {
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			f := typ.Field(i)
			got[typ.Name()] = append(got[typ.Name()], f.Name+" "+f.Type.String()+" "+string(f.Tag))
		}
		for _, v := range []any{v, reflect.New(typ).Interface()} {
			_, m := v.(json.Marshaler)
			_, tm := v.(encoding.TextMarshaler)
			if m || tm {
				t.Errorf("%T has a marshaler appendSARIFResult does not call", v)
			}
		}
	}
	want := map[string][]string{
		"sarifResult": {
			`RuleID string json:"ruleId"`, `RuleIndex int json:"ruleIndex"`, `Level string json:"level"`,
			`Message report.sarifMessage json:"message"`, `Locations []report.sarifLocation json:"locations"`,
			`PartialFingerprints map[string]string json:"partialFingerprints"`,
			`Suppressions []report.sarifSuppression json:"suppressions,omitempty"`,
			`Properties report.sarifResultProps json:"properties"`,
		},
		"sarifMessage": {`Text string json:"text"`, `Markdown string json:"markdown,omitempty"`},
		"sarifLocation": {`PhysicalLocation *report.sarifPhysical json:"physicalLocation,omitempty"`,
			`LogicalLocations []report.sarifLogical json:"logicalLocations"`},
		"sarifPhysical": {`ArtifactLocation report.sarifArtifact json:"artifactLocation"`,
			`Region *report.sarifRegion json:"region,omitempty"`},
		"sarifArtifact": {`URI string json:"uri"`},
		"sarifRegion":   {`StartLine int json:"startLine"`, `StartColumn int json:"startColumn,omitempty"`},
		"sarifLogical": {`Name string json:"name"`, `FullyQualifiedName string json:"fullyQualifiedName"`,
			`Kind string json:"kind"`},
		"sarifSuppression": {`Kind string json:"kind"`, `Status string json:"status"`,
			`Justification string json:"justification"`},
		"sarifResultProps": {`Target string json:"target"`, `Category string json:"category,omitempty"`,
			`Tool string json:"tool"`, `Pointer string json:"pointer"`, `Fix string json:"fix,omitempty"`},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the fields appendSARIFResult writes changed; teach it, then this list:\n got %q\nwant %q", got, want)
	}
}

// BenchmarkWriteSARIF writes the 13,000 issues of issuesReport as SARIF,
// streamed and as one buffer.
func BenchmarkWriteSARIF(b *testing.B) {
	r := issuesReport(13000)
	rules := sampleMetas()
	for _, w := range []struct {
		name  string
		write func(io.Writer, *result.Report, []sdk.Meta) error
	}{{"streamed", WriteSARIF}, {"whole", writeSARIFWhole}} {
		b.Run(w.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := w.write(io.Discard, r, rules); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
