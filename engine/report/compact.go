package report

import (
	"bufio"
	"io"
	"strconv"

	"github.com/mcplint/mcplint/engine/result"
)

// WriteCompact writes one line per issue, for editors, grep and CI logs:
//
//	tools.json:4:5: error input-schema-missing: tool "x" has no inputSchema
//	weather: warning tool-name-style: … (/tools/1/name)
//
// An issue in a file starts with its file:line:column; any other (a live
// server, a trace) with its target's name and ends with its JSON pointer
// in parentheses. A target that could not be linted and a rule that could
// not run are a line each too, and the issues of one rule past
// opt.MaxSameIssues are one "… and N more" line per target. Every piece
// of server text goes through Escape, which also keeps a line one line.
func WriteCompact(w io.Writer, r *result.Report, opt TextOptions) error {
	// Written as it is built: a large server has thousands of lines.
	b := bufio.NewWriterSize(w, 64<<10)
	for _, t := range r.Targets {
		name := Escape(t.Name)
		if t.Error != nil {
			b.WriteString(name + ": error: could not lint: " + Escape(*t.Error) + "\n")
		}
		for _, re := range t.RuleErrors {
			b.WriteString(name + ": error: rule " + Escape(re.Rule) + " could not run: " + Escape(re.Error) + "\n")
		}
		shown, hidden := capSame(t.Issues, opt.MaxSameIssues)
		for _, is := range shown {
			if l := is.Location; l != nil && l.File != "" {
				b.WriteString(Escape(l.File) + ":" + strconv.Itoa(l.Line) + ":" + strconv.Itoa(l.Column) + ": ")
				b.WriteString(is.Severity.String() + " " + Escape(is.Rule) + ": " + Escape(message(&is)) + "\n")
				continue
			}
			b.WriteString(name + ": " + is.Severity.String() + " " + Escape(is.Rule) + ": " + Escape(message(&is)) + " (" + Escape(is.Pointer) + ")\n")
		}
		for _, h := range hidden {
			b.WriteString(name + ": " + moreLine(h) + "\n")
		}
	}
	return b.Flush()
}
