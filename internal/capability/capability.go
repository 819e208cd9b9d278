// Package capability labels what a tool can do that matters when tools are
// combined: read the user's private data, take in content that others
// wrote, send data out, destroy things, run code. Each label carries the
// evidence it was given on (an annotation, words of the name, a parameter,
// a phrase of the description); a tool gets no label without evidence.
//
// The labels feed the toxic-flow rule and the report's per-tool
// capabilities. They are a reading of what the server says about its
// tools, not of what the tools do: a server that misdescribes a tool is
// misread, and its annotations are taken at their word.
package capability

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/internal/ident"
	"github.com/mcplint/mcplint/sdk"
)

// Label names one capability.
type Label string

// The labels, in the order a tool's capabilities are listed.
const (
	// PrivateData reads the user's own data: files, mail, messages,
	// repositories, databases, credentials.
	PrivateData Label = "private-data"
	// UntrustedContent takes in content that others write: web pages,
	// issues, comments, mail, chat messages.
	UntrustedContent Label = "untrusted-content"
	// OutboundSink sends data where others read it: mail, chat, posts,
	// issues and comments, uploads, pushes.
	OutboundSink Label = "outbound-sink"
	// Destructive deletes, overwrites or stops things.
	Destructive Label = "destructive"
	// CodeExecution runs code or commands the model writes.
	CodeExecution Label = "code-execution"
)

// Labels are every label, in listing order.
var Labels = []Label{PrivateData, UntrustedContent, OutboundSink, Destructive, CodeExecution}

// Capability is one label of a tool with the evidence for it.
type Capability struct {
	Label    Label    `json:"label"`
	Evidence []string `json:"evidence"`
}

// Has reports whether caps hold label l.
func Has(caps []Capability, l Label) bool {
	return slices.ContainsFunc(caps, func(c Capability) bool { return c.Label == l })
}

// Labelled is the capabilities of every tool of a Snapshot, in tool
// order, computed once per Snapshot for all the rules that list it.
var Labelled = analysis.New(analysis.Analysis[[][]Capability]{
	Name: "capabilities",
	Doc:  "each tool's capability labels, with their evidence",
	Run:  func(_ context.Context, s *sdk.Snapshot) [][]Capability { return classifyAll(s) },
})

// Of returns the capabilities of every tool of s, in tool order: shared
// by the rules of a Pass when ctx is one (see Labelled), else made anew.
func Of(ctx context.Context, s *sdk.Snapshot) [][]Capability { return Labelled.Of(ctx, s) }

func classifyAll(s *sdk.Snapshot) [][]Capability {
	out := make([][]Capability, len(s.Tools))
	for i := range s.Tools {
		out[i] = Classify(&s.Tools[i])
	}
	return out
}

// Classify labels one tool. The result is nil when nothing marks it.
func Classify(t *sdk.Tool) []Capability {
	f := readFacts(t)
	var out []Capability
	for _, l := range Labels {
		if ev := f.evidence(l); len(ev) > 0 {
			out = append(out, Capability{Label: l, Evidence: ev})
		}
	}
	return out
}

// facts are what the classifier reads of one tool.
type facts struct {
	name   string
	words  []string // the name's words, lowercase, a final plural "s" kept
	params []string // top-level parameter names
	desc   string   // description, lowercase
	ann    *sdk.ToolAnnotations
}

func readFacts(t *sdk.Tool) facts {
	f := facts{name: t.Name, desc: strings.ToLower(t.Description), ann: t.Annotations}
	for _, w := range ident.Words(t.Name) {
		f.words = append(f.words, strings.ToLower(w))
	}
	if m, ok := t.InputSchema.(map[string]any); ok {
		if props, ok := m["properties"].(map[string]any); ok {
			for p := range props {
				f.params = append(f.params, p)
			}
			slices.Sort(f.params)
		}
	}
	return f
}

func hint(p *bool, want bool) bool { return p != nil && *p == want }

func (f facts) readOnly() bool    { return f.ann != nil && hint(f.ann.ReadOnlyHint, true) }
func (f facts) closedWorld() bool { return f.ann != nil && hint(f.ann.OpenWorldHint, false) }

// nameHas returns the first word of the name that is in set (plural
// forms match their singular), or "".
func (f facts) nameHas(set map[string]bool) string {
	for _, w := range f.words {
		if set[w] || len(w) > 3 && strings.HasSuffix(w, "s") && set[w[:len(w)-1]] {
			return w
		}
	}
	return ""
}

// readVerb returns the first word of the name that says the tool reads,
// or "". A read verb after a verb that writes is a noun: the "view" of
// "create_view_table" is what gets created.
func (f facts) readVerb() string {
	for _, w := range f.words {
		if readVerbs[w] {
			return w
		}
		if writeVerbs[w] || destroyVerbs[w] {
			return ""
		}
	}
	return ""
}

// paramEndsIn returns the first parameter whose last word is in set
// ("body", "rich_text", "htmlText" for {"body", "text"}; not
// "parentCommentId" for {"comment"}).
func (f facts) paramEndsIn(set map[string]bool) string {
	for _, p := range f.params {
		if ws := ident.Words(p); len(ws) > 0 && set[strings.ToLower(ws[len(ws)-1])] {
			return p
		}
	}
	return ""
}

// paramIs returns the first parameter whose name, without case or
// separators, is in set.
func (f facts) paramIs(set map[string]bool) string {
	for _, p := range f.params {
		if set[strings.ToLower(strings.Join(ident.Words(p), ""))] {
			return p
		}
	}
	return ""
}

// descHas returns the first phrase of list found in the description at
// word boundaries, or "".
func (f facts) descHas(list []string) string {
	for _, p := range list {
		for from := 0; ; {
			i := strings.Index(f.desc[from:], p)
			if i < 0 {
				break
			}
			i += from
			end := i + len(p)
			if (i == 0 || !isWordByte(f.desc[i-1])) && (end == len(f.desc) || !isWordByte(f.desc[end])) {
				return p
			}
			from = i + 1
		}
	}
	return ""
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// Evidence strings: what was seen, quoted.

func nameEvidence(name string, words ...string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = strconv.Quote(w)
	}
	return "name " + strconv.Quote(name) + ": " + strings.Join(q, " + ")
}

func paramEvidence(p string) string { return "parameter " + strconv.Quote(p) }

func descEvidence(phrase string) string { return "description: " + strconv.Quote(phrase) }

const (
	readOnlyEvidence    = "annotation readOnlyHint: true"
	openWorldEvidence   = "annotation openWorldHint: true"
	destructiveEvidence = "annotation destructiveHint: true"
)
