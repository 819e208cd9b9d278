package report

import (
	"fmt"
	"io"
	"slices"

	"github.com/mcplint/mcplint/config"

	"github.com/mcplint/mcplint/engine/result"
)

// Format is one report format: its name (--format NAME) and its writer.
type Format struct {
	Name string
	// Write renders r; opt shapes the text report and is ignored by the
	// others.
	Write func(w io.Writer, r *result.Report, opt TextOptions) error
}

// writers are the writer of each format config.Formats names.
var writers = map[string]func(w io.Writer, r *result.Report, opt TextOptions) error{
	"text":     WriteText,
	"json":     func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteJSON(w, r) },
	"sarif":    func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteSARIF(w, r, r.Rules) },
	"junit":    func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteJUnit(w, r, r.Enabled) },
	"github":   func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteGitHub(w, r) },
	"markdown": func(w io.Writer, r *result.Report, _ TextOptions) error { return WriteMarkdown(w, r) },
}

// Formats are every report format, in the order of config.Formats, the
// one list of format names that the config file, --format and the help
// accept. A new format is a writer in this package, a line in writers and
// its name in config.Formats.
var Formats = must(formatsOf(config.Formats, writers))

// formatsOf pairs each name with its writer, in names' order: an error
// when a name has no writer or a writer no name, which would be a format
// that fails when chosen or one that cannot be.
func formatsOf(names []string, writers map[string]func(io.Writer, *result.Report, TextOptions) error) ([]Format, error) {
	out := make([]Format, 0, len(names))
	for _, name := range names {
		w, ok := writers[name]
		if !ok {
			return nil, fmt.Errorf("report format %q has no writer: add one to writers", name)
		}
		out = append(out, Format{name, w})
	}
	for name := range writers {
		if !slices.Contains(names, name) {
			return nil, fmt.Errorf("report format %q has a writer but is not in config.Formats: add it there", name)
		}
	}
	return out, nil
}

func must(f []Format, err error) []Format {
	if err != nil {
		panic(err)
	}
	return f
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
