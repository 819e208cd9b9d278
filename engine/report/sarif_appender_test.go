package report

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// TestSARIFAppenderIsEncodingJSON checks the result appender against
// encoding/json (what the result decodes to, and the layout) on the shapes
// WriteSARIF never builds too: nil and empty lists and maps, several
// fingerprints, a Markdown message.
func TestSARIFAppenderIsEncodingJSON(t *testing.T) {
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
			got, found := bytes.CutPrefix(appendSARIFResult([]byte("prefix"), &results[i], d), []byte("prefix"))
			if !found {
				t.Fatalf("the appender overwrote what its buffer held: %q", got)
			}
			want, err := decoded(t, &results[i])
			if err != nil {
				t.Fatal(err)
			}
			var back any
			if err := json.Unmarshal(got, &back); err != nil || !reflect.DeepEqual(back, want) {
				t.Fatalf("depth %d, %#v: the appender's JSON (%v) decodes to\n%#v\nwant\n%#v", d, results[i], err, back, want)
			}
			checkLayout(t, "SARIF result", got, strings.Repeat("  ", d))
			if c, found := rawHostile(got); found {
				t.Fatalf("depth %d: raw %U", d, c)
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

// A fingerprint is the same from run to run where a baseline's key is:
// a tool's place in its list and a record's place in a session move, the
// issue does not.
func TestFingerprintLeavesOutMovingIndices(t *testing.T) {
	tool := func(p string) sdk.Issue {
		return sdk.Issue{Rule: "tool-description-missing", Tool: "search", Pointer: p, Message: "no description"}
	}
	if a, b := fingerprint("srv", tool("/tools/3/description")), fingerprint("srv", tool("/tools/7/description")); a != b {
		t.Errorf("a tool moved in its list changes the fingerprint: %s, %s", a, b)
	}
	rec := func(p string) sdk.Issue {
		return sdk.Issue{Rule: "capability-gated-tools", Tool: sdk.OwnerServer, Pointer: p, Message: "tools differ"}
	}
	if a, b := fingerprint("srv", rec("/transcript/probes/0/records/13")), fingerprint("srv", rec("/transcript/probes/0/records/16")); a != b {
		t.Errorf("a record's place in the session changes the fingerprint: %s, %s", a, b)
	}
	if a, b := fingerprint("srv", tool("/tools/3/description")), fingerprint("srv", tool("/tools/3/inputSchema")); a == b {
		t.Error("two pointers that differ beyond their indices share a fingerprint")
	}
}
