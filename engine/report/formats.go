package report

import (
	"io"

	"github.com/mcplint/mcplint/engine/result"
)

// Format is one report format: its name (--format NAME) and its writer.
type Format struct {
	Name string
	// Write renders r; opt shapes the text and compact reports and is
	// ignored by the others.
	Write func(w io.Writer, r *result.Report, opt TextOptions) error
	// Stream, when not nil, writes the same report a target at a time as
	// a run makes it (see Stream); nil for a format that needs every
	// target before it writes (text and markdown order and total them).
	Stream func(w io.Writer) Stream
}

// Formats are every report format, in the order the help lists them. The
// config file's [output] format accepts config.Formats, which a test holds
// equal to these names: the config may not import the engine, and the
// formats depend on the report model only. A new format is a writer in
// this package, a line here and its name in config.Formats.
var Formats = []Format{
	{"text", WriteText, nil},
	{"compact", WriteCompact, nil},
	{"json", func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteJSON(w, r) }, NewJSONStream},
	{"jsonl", func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteJSONL(w, r) }, NewJSONLStream},
	{"sarif", func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteSARIF(w, r, r.Rules) }, NewSARIFStream},
	{"junit", func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteJUnit(w, r, r.Enabled) }, NewJUnitStream},
	{"github", func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteGitHub(w, r) }, nil},
	{"markdown", func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteMarkdown(w, r) }, nil},
}

// FormatNames are the names of Formats, in order.
func FormatNames() []string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.Name
	}
	return names
}

// FormatNamed returns the format called name.
func FormatNamed(name string) (Format, bool) {
	for _, f := range Formats {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}
