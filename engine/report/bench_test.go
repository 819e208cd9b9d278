package report

import (
	"encoding/json"
	"io"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
)

// BenchmarkWriteJSON writes a large report with WriteJSON and, for scale,
// with encoding/json alone (indented, without the escaping policy).
func BenchmarkWriteJSON(b *testing.B) {
	r := largeReport(3, 20000, 2)
	for _, w := range []struct {
		name  string
		write func(io.Writer, *result.Report) error
	}{{"streamed", WriteJSON}, {"encoding-json", func(w io.Writer, r *result.Report) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}}} {
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

// BenchmarkWriteJSONIssues writes the 13,000 issues of issuesReport (about
// what the lint benchmark's 10,000-tool file yields) with the appenders
// and with every issue through encoding/json.
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

// BenchmarkFormats writes the 13,000 issues of issuesReport in every other
// format.
func BenchmarkFormats(b *testing.B) {
	r := issuesReport(13000)
	rules := sampleMetas()
	for _, f := range []struct {
		name  string
		write func(io.Writer) error
	}{
		{"sarif", func(w io.Writer) error { return WriteSARIF(w, r, rules) }},
		{"markdown", func(w io.Writer) error { return WriteMarkdown(w, r) }},
		{"github", func(w io.Writer) error { return WriteGitHub(w, r) }},
		{"junit", func(w io.Writer) error { return WriteJUnit(w, r, rules) }},
		{"text", func(w io.Writer) error { return WriteText(w, r, TextOptions{}) }},
	} {
		b.Run(f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := f.write(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
