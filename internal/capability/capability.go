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
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

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
	r := newReader()
	for i := range s.Tools {
		out[i] = r.classify(&s.Tools[i])
	}
	return out
}

// Classify labels one tool. The result is nil when nothing marks it.
func Classify(t *sdk.Tool) []Capability { return newReader().classify(t) }

// reader reads the facts of the tools of one list. A list repeats its
// descriptions and, far more, its parameters' names (the realistic
// 10,000-tool list has 1,981 distinct descriptions and 434 distinct names
// among 39,612 parameters), and what the classifier reads of either is a
// function of the text: a reader reads each once.
type reader struct {
	phrases map[string][len(phraseLists)]uint64
	params  map[string]param
}

// readMax bounds the texts a reader remembers of each kind, so that a
// list of unique texts costs a bounded amount of memory.
const readMax = 1 << 16

func newReader() *reader {
	return &reader{phrases: map[string][len(phraseLists)]uint64{}, params: map[string]param{}}
}

func (r *reader) classify(t *sdk.Tool) []Capability {
	f := r.facts(t)
	var out []Capability
	for _, l := range Labels {
		if ev := f.evidence(l); len(ev) > 0 {
			out = append(out, Capability{Label: l, Evidence: ev})
		}
	}
	return out
}

// facts are what the classifier reads of one tool, each read once: a
// tool's labels ask about its parameters and its description several
// times.
type facts struct {
	name   string
	words  []string // the name's words, lowercase, a final plural "s" kept
	params []param  // top-level parameters, by name
	// phrases has bit i of entry l set when phrase i of phraseLists[l]
	// is in the description (see descHas).
	phrases [len(phraseLists)]uint64
	ann     *sdk.ToolAnnotations
}

// param is a top-level parameter's name and its words as paramIs and
// paramEndsIn compare them.
type param struct {
	name string
	key  string // the words joined, lowercase: "pageurl" for "page_URL"
	last string // the last word, lowercase; "" when none
}

func (r *reader) facts(t *sdk.Tool) facts {
	f := facts{name: t.Name, ann: t.Annotations}
	for _, w := range ident.Words(t.Name) {
		f.words = append(f.words, strings.ToLower(w))
	}
	if m, ok := t.InputSchema.(map[string]any); ok {
		if props, ok := m["properties"].(map[string]any); ok {
			f.params = make([]param, 0, len(props))
			for p := range props {
				f.params = append(f.params, r.param(p))
			}
			slices.SortFunc(f.params, func(a, b param) int { return strings.Compare(a.name, b.name) })
		}
	}
	var ok bool
	if f.phrases, ok = r.phrases[t.Description]; !ok {
		f.phrases = findPhrases(t.Description)
		if len(r.phrases) < readMax {
			r.phrases[t.Description] = f.phrases
		}
	}
	return f
}

// param reads a parameter's name.
func (r *reader) param(name string) param {
	if pm, ok := r.params[name]; ok {
		return pm
	}
	ws := ident.Words(name)
	pm := param{name: name, key: strings.ToLower(strings.Join(ws, ""))}
	if len(ws) > 0 {
		pm.last = strings.ToLower(ws[len(ws)-1])
	}
	if len(r.params) < readMax {
		r.params[name] = pm
	}
	return pm
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
		if p.last != "" && set[p.last] {
			return p.name
		}
	}
	return ""
}

// paramIs returns the first parameter whose name, without case or
// separators, is in set.
func (f facts) paramIs(set map[string]bool) string {
	for _, p := range f.params {
		if set[p.key] {
			return p.name
		}
	}
	return ""
}

// descHas returns the first phrase of phraseLists[list] found in the
// description at word boundaries, or "".
func (f facts) descHas(list int) string {
	if hits := f.phrases[list]; hits != 0 {
		return phraseLists[list][bits.TrailingZeros64(hits)]
	}
	return ""
}

// The description phrase lists, by their index in phraseLists.
const (
	privatePhraseList = iota
	untrustedPhraseList
	sinkPhraseList
	execPhraseList
)

var phraseLists = [...][]string{
	privatePhraseList:   privatePhrases,
	untrustedPhraseList: untrustedPhrases,
	sinkPhraseList:      sinkPhrases,
	execPhraseList:      execPhrases,
}

// phraseRef is phrase index of phraseLists[list].
type phraseRef struct{ list, index int }

// phraseFirsts maps the first word of every phrase of phraseLists to
// the phrases that start with it. A phrase found at word boundaries
// starts at the start of a word of the description that is its first
// word: every phrase starts with a word byte, and its first word ends
// where the phrase does or at a byte that is not one. firstLengths has
// bit n of entry c set when a first word of n bytes starts with c, so
// that most words of a description are ruled out before a lookup.
var phraseFirsts, firstLengths = func() (map[string][]phraseRef, [256]uint64) {
	m := map[string][]phraseRef{}
	var lengths [256]uint64
	for l, list := range phraseLists {
		if len(list) > 64 {
			panic(fmt.Sprintf("capability: %d phrases in one list, more than a uint64 has bits", len(list)))
		}
		for i, p := range list {
			n := 0
			for n < len(p) && isWordByte(p[n]) {
				n++
			}
			if n == 0 || n > maxFirst || p != strings.ToLower(p) {
				panic(fmt.Sprintf("capability: phrase %q does not start with a lowercase word of at most %d bytes", p, maxFirst))
			}
			m[p[:n]] = append(m[p[:n]], phraseRef{l, i})
			lengths[p[0]] |= 1 << n
		}
	}
	return m, lengths
}()

// maxFirst is the longest first word of a phrase.
const maxFirst = 16

// findPhrases returns, for each list of phraseLists, the set of its
// phrases found in the lowercase description with a word boundary on each
// side, reading it once. An ASCII description is lowered as it is read.
func findPhrases(desc string) (found [len(phraseLists)]uint64) {
	for i := 0; i < len(desc); i++ {
		if desc[i] >= utf8.RuneSelf {
			// Lowering may change the length of other letters, and
			// turn some into ASCII (the Kelvin sign is a "k").
			desc = strings.ToLower(desc)
			break
		}
	}
	var word [maxFirst]byte
	for i := 0; i < len(desc); {
		if !isWordByte(lower(desc[i])) {
			i++
			continue
		}
		start := i
		for i < len(desc) && isWordByte(lower(desc[i])) {
			i++
		}
		first := lower(desc[start])
		if n := i - start; n > maxFirst || firstLengths[first]&(1<<n) == 0 {
			continue
		}
		for k := start; k < i; k++ {
			word[k-start] = lower(desc[k])
		}
		for _, r := range phraseFirsts[string(word[:i-start])] {
			p := phraseLists[r.list][r.index]
			if end := start + len(p); end <= len(desc) && hasLowerPrefix(desc[start:], p) && (end == len(desc) || !isWordByte(lower(desc[end]))) {
				found[r.list] |= 1 << r.index
			}
		}
	}
	return found
}

// lower lowers an ASCII capital letter.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasLowerPrefix reports whether s, its ASCII capitals lowered, starts
// with the lowercase prefix.
func hasLowerPrefix(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lower(s[i]) != prefix[i] {
			return false
		}
	}
	return true
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
