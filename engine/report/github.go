package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// WriteGitHub writes the report as GitHub Actions workflow commands, one
// annotation per issue: "::error file=tools.json,line=4,col=5,title=…::…"
// for issues in a file, the same without file for a live server, ::warning
// for warnings and ::notice for infos. Targets that could not be linted and
// rules that could not run are errors too. Suppressed issues are left out.
//
// Server text is first made visible with Escape (so no newline, control or
// bidi character reaches the log), then encoded as the runner expects: %,
// CR and LF in the message, and also ":" and "," in properties.
func WriteGitHub(w io.Writer, r *result.Report) error {
	// Written as it is built: a large server has thousands of annotations.
	b := bufio.NewWriterSize(w, 64<<10)
	var props [][2]string
	for _, t := range r.Targets {
		if t.Error != nil {
			command(b, "error", [][2]string{{"title", "mcplint: " + Escape(t.Name) + " could not be linted"}},
				Escape(t.Input)+": "+Escape(*t.Error))
		}
		for _, re := range t.RuleErrors {
			command(b, "error", [][2]string{{"title", "mcplint: rule " + Escape(re.Rule) + " could not run"}},
				Escape(t.Name)+": "+Escape(re.Error))
		}
		for _, in := range t.Inconclusive {
			command(b, "notice", [][2]string{{"title", "mcplint: probe " + in.Probe + " inconclusive"}},
				Escape(t.Name)+": rules "+strings.Join(in.Rules, ", ")+" could not judge the server: "+Escape(in.Reason))
		}
		for _, n := range t.Notes {
			command(b, "notice", [][2]string{{"title", "mcplint: note on " + Escape(t.Name)}}, Escape(n))
		}
		for _, is := range t.Issues {
			props = props[:0]
			where := ""
			if l := is.Location; l != nil && l.File != "" {
				props = append(props, [2]string{"file", Escape(l.File)})
				if l.Line > 0 {
					props = append(props, [2]string{"line", strconv.Itoa(l.Line)})
					if l.Column > 0 {
						props = append(props, [2]string{"col", strconv.Itoa(l.Column)})
					}
				}
			} else {
				where = " at " + Escape(is.Pointer)
			}
			props = append(props, [2]string{"title", fmt.Sprintf("%s (%s/%s)", Escape(is.Rule), Escape(t.Name), Escape(is.Tool))})
			msg := Escape(message(&is)) + where
			if is.Fix != "" {
				msg += "\nfix: " + Escape(is.Fix)
			}
			command(b, githubLevel(is.Severity), props, msg)
		}
	}
	return b.Flush()
}

func githubLevel(s sdk.Severity) string {
	switch s {
	case sdk.Error:
		return "error"
	case sdk.Warning:
		return "warning"
	default:
		return "notice"
	}
}

// command writes one workflow command line. Properties are written in the
// order given; the file property is also escaped, as a path may hold a
// comma or a colon.
func command(b *bufio.Writer, name string, props [][2]string, message string) {
	b.WriteString("::")
	b.WriteString(name)
	for i, p := range props {
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(p[0])
		b.WriteByte('=')
		// A bufio.Writer keeps its first error for Flush to return.
		_, _ = propertyEscaper.WriteString(b, p[1])
	}
	b.WriteString("::")
	_, _ = dataEscaper.WriteString(b, message)
	b.WriteByte('\n')
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)
