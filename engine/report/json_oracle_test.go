package report

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

// writeJSONWhole is the report writer as it was before it streamed: encode
// the whole report indented, then escape the whole buffer. It is the
// oracle WriteJSON must match byte for byte.
func writeJSONWhole(w io.Writer, r *Report) error {
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
func largeReport(targets, issues int, seed uint64) *Report {
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
	r := &Report{Version: Version, Mcplint: "dev", Summary: Summary{Errors: 3, Warnings: 2}}
	for i := range targets {
		t := &Target{Name: text(), Source: sdk.SourceStatic, Input: text(), Counts: Counts{Tools: i},
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
				t.Suppressed = append(t.Suppressed, Suppressed{Issue: issue(), By: ByConfig, Reason: text()})
			}
			t.RuleErrors = []RuleError{{Rule: text(), Error: text()}}
			t.Server = &sdk.Implementation{Name: text(), Version: "1.0"}
		}
		r.Targets = append(r.Targets, t)
	}
	r.Targets = append(r.Targets, nil)
	return r
}

func TestWriteJSONMatchesWholeEncoding(t *testing.T) {
	reports := map[string]*Report{
		"sample": sample(), "rich": richSample(), "exercised": exercisedSample(),
		"large": largeReport(9, 3000, 1), "empty": {Version: Version},
		"no targets": {Version: Version, Targets: []*Target{}, Skipped: []Skipped{{Name: "a<b"}}},
	}
	for name, r := range reports {
		var got, want bytes.Buffer
		if err := WriteJSON(&got, r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := writeJSONWhole(&want, r); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			i := 0
			for i < min(got.Len(), want.Len()) && got.Bytes()[i] == want.Bytes()[i] {
				i++
			}
			t.Errorf("%s: WriteJSON differs from the whole encoding at byte %d:\n got %q\nwant %q",
				name, i, clipAt(got.Bytes(), i), clipAt(want.Bytes(), i))
		}
	}
}

func clipAt(b []byte, i int) string {
	return string(b[max(0, i-40):min(len(b), i+40)])
}

func BenchmarkWriteJSON(b *testing.B) {
	r := largeReport(3, 20000, 2)
	for _, w := range []struct {
		name  string
		write func(io.Writer, *Report) error
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
