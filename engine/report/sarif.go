package report

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// SARIF 2.1.0 (OASIS) is written from plain structs rather than a SARIF
// library: mcplint needs a dozen of the format's objects, and owning them
// keeps the field order stable for golden tests, lets every server-supplied
// string pass through Escape on its way in, and adds no dependency.

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	// ProjectURL is where mcplint lives (its module path): SARIF's
	// informationUri.
	ProjectURL = "https://github.com/mcplint/mcplint"
	// fingerprintKey names mcplint's own partial fingerprint: stable across
	// runs because it leaves out line numbers and keys the pointer as the
	// baseline does. v2 left out the indices v1 kept (a tool's place in
	// its list, a record's place in a session), which moved between runs.
	fingerprintKey = "mcplintIssue/v2"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
	ColumnKind  string            `json:"columnKind"`
	// Properties are written by a shard (--shard K/N) alone.
	Properties *sarifRunProps `json:"properties,omitempty"`
}

// sarifRunProps is the property bag of a shard's run: what mcplint merge
// needs to join the shards' runs into the run of the whole.
type sarifRunProps struct {
	Shard *sarifShard `json:"mcplintShard"`
}

// sarifShard is result.Shard with what a SARIF run loses of the report:
// the order of every rule known to the run (the driver lists only those
// the results name), and how many results and notifications each target
// has, in order.
type sarifShard struct {
	result.Shard
	Rules         []string `json:"rules"`
	Results       []int    `json:"results"`
	Notifications []int    `json:"notifications"`
	// Renamed are, for each target that the whole run may name by its
	// fallback name (result.ShardName), what that name changes in the log;
	// nil for the others.
	Renamed []*sarifRenamed `json:"renamed"`
}

// sarifRenamed is what a target's fallback name changes in a SARIF log:
// the name as written, and for each result its fingerprint and fully
// qualified name, for each notification its text.
type sarifRenamed struct {
	Target        string   `json:"target"`
	Fingerprints  []string `json:"fingerprints"`
	Qualified     []string `json:"qualified"`
	Notifications []string `json:"notifications"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string            `json:"name"`
	Version        string            `json:"version,omitempty"`
	InformationURI string            `json:"informationUri"`
	Rules          []sarifDescriptor `json:"rules"`
}

type sarifDescriptor struct {
	ID                   string              `json:"id"`
	Name                 string              `json:"name,omitempty"`
	ShortDescription     *sarifMessage       `json:"shortDescription,omitempty"`
	FullDescription      *sarifMessage       `json:"fullDescription,omitempty"`
	Help                 *sarifMessage       `json:"help,omitempty"`
	HelpURI              string              `json:"helpUri,omitempty"`
	DefaultConfiguration *sarifConfiguration `json:"defaultConfiguration,omitempty"`
	Properties           *sarifRuleProps     `json:"properties,omitempty"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifRuleProps struct {
	Category string   `json:"category,omitempty"`
	Tags     []string `json:"tags,omitempty"`
	// SecuritySeverity (0.0–10.0) is how GitHub code scanning ranks a
	// security finding as critical, high, medium or low.
	SecuritySeverity string `json:"security-severity,omitempty"`
	// OWASP and CWE are a security rule's OWASP MCP Top 10 item and
	// weakness; Tags carries them too, in the forms code scanning filters
	// on ("external/cwe/cwe-1427").
	OWASP         string   `json:"owasp,omitempty"`
	CWE           string   `json:"cwe,omitempty"`
	Source        string   `json:"source,omitempty"`
	SourceLinks   []string `json:"sourceLinks,omitempty"`
	RecommendedOn bool     `json:"recommended"`
}

type sarifMessage struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level          string         `json:"level"`
	Message        sarifMessage   `json:"message"`
	AssociatedRule *sarifRuleRef  `json:"associatedRule,omitempty"`
	Properties     map[string]any `json:"properties,omitempty"`
}

type sarifRuleRef struct {
	ID    string `json:"id"`
	Index int    `json:"index"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             sarifMessage       `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	PartialFingerprints map[string]string  `json:"partialFingerprints"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
	Properties          sarifResultProps   `json:"properties"`
}

type sarifResultProps struct {
	Target   string `json:"target"`
	Category string `json:"category,omitempty"`
	Tool     string `json:"tool"`
	Pointer  string `json:"pointer"`
	Fix      string `json:"fix,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical `json:"logicalLocations"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifLogical struct {
	Name               string `json:"name"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Status        string `json:"status"`
	Justification string `json:"justification"`
}

// WriteSARIF writes the report as one SARIF 2.1.0 run. The driver lists
// the rules of rules that the log names (a result, a suppressed result, a
// rule that could not run or could not judge), as golangci-lint does: a
// rule's full help is most of a descriptor, and a log that carried every
// rule's would be mostly help nobody asked about. A rule the log names
// that is not among rules is added with its id alone, so every ruleIndex
// holds. Issues in a file point at file:line:column; the others of a live
// server point at the file that declares it (result.Target.Declared),
// when there is one, so that code scanning can show them. Every issue
// also carries the logical location "target/tool" and its JSON pointer.
// Suppressed issues are results with a suppression and its reason. A
// target that could not be linted, or a rule that could not run, is a
// tool execution notification. A rule's helpUri is r.RuleURL.
func WriteSARIF(w io.Writer, r *result.Report, rules []sdk.Meta) error {
	index, driver := sarifRules(r.RuleURL, rules, namedRules(r))
	ruleIndex := func(name string) int {
		i, ok := index[name]
		if !ok {
			i = len(driver.Rules)
			index[name] = i
			driver.Rules = append(driver.Rules, sarifDescriptor{ID: name})
		}
		return i
	}
	driver.Version = r.Mcplint
	inv := sarifInvocation{ExecutionSuccessful: true}
	// Every ruleIndex is known before the driver is written, so the
	// results can follow it one at a time.
	results := make([]sarifRef, 0, resultCount(r))
	var perResults, perNotes []int
	for _, t := range r.Targets {
		results0, notes0 := len(results), len(inv.Notifications)
		addNotifications(&inv, t, ruleIndex)
		for i := range t.Issues {
			results = append(results, sarifRef{t: t, is: &t.Issues[i], rule: ruleIndex(t.Issues[i].Rule)})
		}
		for i := range t.Suppressed {
			s := &t.Suppressed[i]
			results = append(results, sarifRef{t: t, is: &s.Issue, sup: s, rule: ruleIndex(s.Rule)})
		}
		perResults, perNotes = append(perResults, len(results)-results0), append(perNotes, len(inv.Notifications)-notes0)
	}
	run := newSARIFRun(driver, inv)
	if r.Shard != nil {
		names := make([]string, len(rules))
		for i, m := range rules {
			names[i] = m.Name
		}
		run.Properties = &sarifRunProps{&sarifShard{Shard: *r.Shard, Rules: names, Results: perResults, Notifications: perNotes,
			Renamed: sarifRenames(r, ruleIndex)}}
	}
	return writeSARIFRun(w, run, results, appendSARIFRef)
}

// sarifRules is the driver of a log that names the rules in named: those
// of rules first, in their order, each described, with the index of each.
func sarifRules(url func(string) string, rules []sdk.Meta, named map[string]bool) (map[string]int, sarifDriver) {
	driver := sarifDriver{Name: "mcplint", InformationURI: ProjectURL, Rules: []sarifDescriptor{}}
	index := map[string]int{}
	for _, m := range rules {
		if _, dup := index[m.Name]; dup || !named[m.Name] {
			continue
		}
		index[m.Name] = len(driver.Rules)
		driver.Rules = append(driver.Rules, descriptor(m, url(m.Name)))
	}
	return index, driver
}

// addNotifications adds to inv what stopped or limited t (see
// sarifNotifications); a target that could not be linted, or a rule that
// could not run, makes the run's execution unsuccessful.
func addNotifications(inv *sarifInvocation, t *result.Target, ruleIndex func(string) int) {
	if t.Error != nil || len(t.RuleErrors) > 0 {
		inv.ExecutionSuccessful = false
	}
	inv.Notifications = append(inv.Notifications, sarifNotifications(t, ruleIndex)...)
}

// newSARIFRun is the run of a log with driver and inv.
func newSARIFRun(driver sarifDriver, inv sarifInvocation) *sarifRun {
	return &sarifRun{
		Tool:        sarifTool{Driver: driver},
		Invocations: []sarifInvocation{inv},
		// sdk.Location columns count code points, not UTF-16 units.
		ColumnKind: "unicodeCodePoints",
	}
}

// writeSARIFRun writes a log of the one run, whose results (nil in run)
// are written one at a time by app.
func writeSARIFRun[T any](w io.Writer, run *sarifRun, results []T, app appender[T]) error {
	jw := newJSONWriter(w)
	return writeSARIFLog(jw, run, func(d int) error { return writeEncoded(jw, results, d, app) })
}

// writeSARIFLog writes the log of run, its results written by results at
// the depth it is given.
func writeSARIFLog(jw *jsonWriter, run *sarifRun, results func(d int) error) error {
	err := jw.withHoles(&sarifLog{Schema: sarifSchema, Version: sarifVersion}, 0, map[string]func(int) error{
		"runs": func(d int) error {
			return writeList(jw, []*sarifRun{run}, d, func(_, d int) error {
				return jw.withHoles(run, d, map[string]func(int) error{"results": results}, nil)
			})
		},
	}, nil)
	if err != nil {
		return err
	}
	jw.out.WriteByte('\n')
	return jw.out.Flush()
}

// sarifRenames renders again, under its fallback name, each target of a
// shard that the whole run may name by it.
func sarifRenames(r *result.Report, ruleIndex func(string) int) []*sarifRenamed {
	out := make([]*sarifRenamed, len(r.Targets))
	for i, t := range r.Targets {
		if i >= len(r.Shard.Names) || r.Shard.Names[i] == nil {
			continue
		}
		n := r.Shard.Names[i]
		if n.Fallback == "" || t.Name != n.Stable {
			continue
		}
		alt := *t
		alt.Name = n.Fallback
		rn := &sarifRenamed{Target: Escape(alt.Name), Fingerprints: []string{}, Qualified: []string{}, Notifications: []string{}}
		for _, note := range sarifNotifications(&alt, ruleIndex) {
			rn.Notifications = append(rn.Notifications, note.Message.Text)
		}
		add := func(is sdk.Issue) {
			rn.Fingerprints = append(rn.Fingerprints, fingerprint(alt.Name, is))
			rn.Qualified = append(rn.Qualified, Escape(alt.Name+"/"+is.Tool))
		}
		for _, is := range t.Issues {
			add(is)
		}
		for _, s := range t.Suppressed {
			add(s.Issue)
		}
		out[i] = rn
	}
	return out
}

// sarifNotifications are the tool execution notifications of target t: it
// could not be linted, a rule could not run on it or could not judge it,
// or its report lacks something (its notes).
func sarifNotifications(t *result.Target, ruleIndex func(string) int) []sarifNotification {
	var out []sarifNotification
	if t.Error != nil {
		out = append(out, sarifNotification{
			Level:      "error",
			Message:    sarifMessage{Text: sentence("target " + Escape(t.Name) + " (" + Escape(t.Input) + ") could not be linted: " + Escape(*t.Error))},
			Properties: map[string]any{"target": Escape(t.Name)},
		})
	}
	for _, re := range t.RuleErrors {
		out = append(out, sarifNotification{
			Level:          "error",
			Message:        sarifMessage{Text: sentence("rule " + Escape(re.Rule) + " could not run on target " + Escape(t.Name) + ": " + Escape(re.Error))},
			AssociatedRule: &sarifRuleRef{ID: re.Rule, Index: ruleIndex(re.Rule)},
			Properties:     map[string]any{"target": Escape(t.Name)},
		})
	}
	for _, in := range t.Inconclusive {
		for _, rule := range in.Rules {
			n := sarifNotification{
				Level:      "note",
				Message:    sarifMessage{Text: sentence("inconclusive: probe " + in.Probe + " could not judge target " + Escape(t.Name) + " for rule " + Escape(rule) + ": " + Escape(in.Reason))},
				Properties: map[string]any{"target": Escape(t.Name), "inconclusive": true, "probe": in.Probe},
			}
			if i := ruleIndex(rule); i >= 0 {
				n.AssociatedRule = &sarifRuleRef{ID: rule, Index: i}
			}
			out = append(out, n)
		}
	}
	for _, n := range t.Notes {
		out = append(out, sarifNotification{
			Level:      "note",
			Message:    sarifMessage{Text: sentence("target " + Escape(t.Name) + ": " + Escape(n))},
			Properties: map[string]any{"target": Escape(t.Name)},
		})
	}
	return out
}

// namedRules are the rules a SARIF log of r names.
func namedRules(r *result.Report) map[string]bool {
	named := map[string]bool{}
	for _, t := range r.Targets {
		for _, is := range t.Issues {
			named[is.Rule] = true
		}
		for _, s := range t.Suppressed {
			named[s.Rule] = true
		}
		for _, re := range t.RuleErrors {
			named[re.Rule] = true
		}
		for _, in := range t.Inconclusive {
			for _, rule := range in.Rules {
				named[rule] = true
			}
		}
	}
	return named
}

// sarifRef is a result to write: an issue of a target, suppressed when sup
// is set, from the rule at index rule of the driver.
type sarifRef struct {
	t    *result.Target
	is   *sdk.Issue
	sup  *result.Suppressed
	rule int
}

func resultCount(r *result.Report) int {
	n := 0
	for _, t := range r.Targets {
		n += len(t.Issues) + len(t.Suppressed)
	}
	return n
}

// appendSARIFRef appends the result of ref at depth d, built as it is
// written: the results of a large server are most of the log, and only a
// batch of them is held at a time.
func appendSARIFRef(b []byte, ref *sarifRef, d int) ([]byte, bool) {
	res := sarifResultOf(ref.t, *ref.is, ref.rule, ref.sup)
	return appendSARIFResult(b, &res, d), true
}

// descriptor describes a rule; helpURI is where its documentation is, ""
// for nowhere.
func descriptor(m sdk.Meta, helpURI string) sarifDescriptor {
	d := sarifDescriptor{
		ID:                   m.Name,
		Name:                 friendlyName(m.Name),
		DefaultConfiguration: &sarifConfiguration{Level: sarifLevel(m.Severity)},
		Properties: &sarifRuleProps{
			Category: m.Category, Source: m.Source, SourceLinks: SourceLinks(m.Source),
			RecommendedOn: m.Default,
		},
	}
	if m.Category != "" {
		d.Properties.Tags = []string{m.Category}
	}
	d.Properties.Tags = append(d.Properties.Tags, StandardTags(m)...)
	d.Properties.OWASP, d.Properties.CWE = m.OWASP, m.CWE
	if m.Category == "security" {
		d.Properties.SecuritySeverity = securitySeverity(m.Severity)
	}
	summary := sentence(strings.TrimSpace(m.Summary))
	if summary == "" {
		summary = sentence("mcplint rule " + m.Name)
	}
	d.ShortDescription = &sarifMessage{Text: summary}
	if p := firstParagraph(m.Doc); p != "" {
		d.FullDescription = &sarifMessage{Text: sentence(p)}
	} else {
		d.FullDescription = &sarifMessage{Text: summary}
	}
	help := summary
	if doc := strings.TrimSpace(m.Doc); doc != "" {
		help += "\n\n" + doc
	}
	md := help
	if m.Source != "" {
		help += "\n\nSource: " + m.Source
		md += "\n\nSource: " + linkSources(m.Source)
	}
	d.Help = &sarifMessage{Text: help, Markdown: md}
	d.HelpURI = helpURI
	return d
}

func sarifResultOf(t *result.Target, is sdk.Issue, ruleIndex int, sup *result.Suppressed) sarifResult {
	text := Escape(strings.TrimSpace(message(&is)))
	if is.Fix != "" {
		text = sentence(text) + " Fix: " + Escape(is.Fix)
	}
	fqn := t.Name + "/" + is.Tool
	loc := sarifLocation{LogicalLocations: []sarifLogical{{
		Name: Escape(is.Tool), FullyQualifiedName: Escape(fqn), Kind: logicalKind(is.Tool),
	}}}
	l := is.Location
	if l == nil || l.File == "" {
		l = t.Declared
	}
	if l != nil && l.File != "" {
		// A region is always given, as SARIF validators ask: a file
		// declared as a whole is its first line.
		loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: fileURI(l.File)},
			Region: &sarifRegion{StartLine: max(l.Line, 1), StartColumn: max(l.Column, 0)}}
	}
	res := sarifResult{
		RuleID: is.Rule, RuleIndex: ruleIndex, Level: sarifLevel(is.Severity),
		Message:             sarifMessage{Text: sentence(text)},
		Locations:           []sarifLocation{loc},
		PartialFingerprints: map[string]string{fingerprintKey: fingerprint(t.Name, is)},
		Properties: sarifResultProps{
			Target: Escape(t.Name), Category: is.Category, Tool: Escape(is.Tool),
			Pointer: Escape(is.Pointer), Fix: Escape(is.Fix),
		},
	}
	if sup != nil {
		kind := "external"
		if sup.By == result.ByInline {
			kind = "inSource"
		}
		res.Suppressions = []sarifSuppression{{
			Kind: kind, Status: "accepted",
			Justification: Escape(sup.By + ": " + sup.Reason),
		}}
	}
	return res
}

// friendlyName is the Pascal-case name SARIF viewers show beside a rule's
// id: "tool-name-format" is ToolNameFormat, "acme/no-foo" AcmeNoFoo.
func friendlyName(id string) string {
	var b strings.Builder
	for _, word := range strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '/' || r == '_' || r == '.' }) {
		r, size := utf8.DecodeRuneInString(word)
		b.WriteRune(unicode.ToUpper(r))
		b.WriteString(word[size:])
	}
	return b.String()
}

// fingerprint identifies an issue across runs the way a baseline does:
// target, rule, owner, pointer as the baseline keys it and message, never
// the line.
func fingerprint(target string, is sdk.Issue) string {
	// One buffer on the stack for the usual issue: a large report has a
	// result per issue, and hashing piece by piece allocates every piece.
	var stack [512]byte
	b := stack[:0]
	for _, part := range []string{target, is.Rule, is.Tool, result.StablePointer(is), is.Message} {
		b = append(b, part...)
		b = append(b, 0)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

func sarifLevel(s sdk.Severity) string {
	switch s {
	case sdk.Error:
		return "error"
	case sdk.Warning:
		return "warning"
	default:
		return "note"
	}
}

// securitySeverity maps a severity onto GitHub's scale: error is high,
// warning medium, info low.
// StandardTags are a rule's OWASP MCP Top 10 item and CWE as tags:
// "external/cwe/cwe-1427", the form GitHub code scanning and CodeQL use,
// and "external/owasp-mcp/mcp03:2025".
func StandardTags(m sdk.Meta) []string {
	var tags []string
	if m.CWE != "" {
		tags = append(tags, "external/cwe/"+strings.ToLower(m.CWE))
	}
	if m.OWASP != "" {
		id, _, _ := strings.Cut(m.OWASP, " ")
		tags = append(tags, "external/owasp-mcp/"+strings.ToLower(id))
	}
	return tags
}

func securitySeverity(s sdk.Severity) string {
	switch s {
	case sdk.Error:
		return "8.0"
	case sdk.Warning:
		return "5.0"
	default:
		return "2.0"
	}
}

// logicalKind picks the SARIF logical location kind for an issue owner.
func logicalKind(owner string) string {
	switch {
	case owner == sdk.OwnerInstructions, owner == sdk.OwnerServer:
		return "module"
	case strings.HasPrefix(owner, "<resource "):
		return "resource"
	default:
		return "function"
	}
}

// fileURI turns a report file name into a URI reference: relative paths
// stay relative (code scanning resolves them against the checkout), absolute
// ones become file URIs.
func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if filepath.IsAbs(path) || strings.HasPrefix(p, "/") {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}

// sentence ends text with a period, as SARIF asks of every message.
func sentence(text string) string {
	text = strings.TrimSpace(text)
	if text == "" || strings.HasSuffix(text, ".") || strings.HasSuffix(text, "!") || strings.HasSuffix(text, "?") {
		return text
	}
	return text + "."
}

// firstParagraph is the opening prose of a rule's doc, flattened to one
// line: the full description that viewers show under the rule's name.
func firstParagraph(doc string) string {
	for _, para := range strings.Split(strings.TrimSpace(doc), "\n\n") {
		para = strings.TrimSpace(para)
		if para == "" || strings.HasPrefix(para, "#") || strings.HasPrefix(para, "```") {
			continue
		}
		return strings.Join(strings.Fields(para), " ")
	}
	return ""
}

var (
	specPage   = regexp.MustCompile(`\b(\d{4}-\d{2}-\d{2})/([\w./-]+?)\.mdx(#[\w-]+)?`)
	specSchema = regexp.MustCompile(`\bschema/(\d{4}-\d{2}-\d{2})/schema\.json`)
)

// SourceLinks turns the spec pages a rule's Source cites
// ("2025-11-25/server/tools.mdx#tool-names", "schema/2025-11-25/schema.json")
// into web addresses, in the order cited.
func SourceLinks(source string) []string {
	var links []string
	for _, m := range sourceRefs(source) {
		links = append(links, m.url)
	}
	return links
}

type sourceRef struct {
	start, end int
	url        string
}

func sourceRefs(source string) []sourceRef {
	var refs []sourceRef
	for _, m := range specSchema.FindAllStringSubmatchIndex(source, -1) {
		refs = append(refs, sourceRef{m[0], m[1],
			"https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/" + source[m[2]:m[3]] + "/schema.json"})
	}
	for _, m := range specPage.FindAllStringSubmatchIndex(source, -1) {
		if m[0] > 0 && source[m[0]-1] == '/' {
			continue
		}
		u := "https://modelcontextprotocol.io/specification/" + source[m[2]:m[3]] + "/" + source[m[4]:m[5]]
		if m[6] >= 0 {
			u += source[m[6]:m[7]]
		}
		refs = append(refs, sourceRef{m[0], m[1], u})
	}
	sort.Slice(refs, func(i, j int) bool { return refs[i].start < refs[j].start })
	return refs
}

// linkSources writes a Source with each cited spec page as a Markdown link.
func linkSources(source string) string {
	var b strings.Builder
	last := 0
	for _, r := range sourceRefs(source) {
		b.WriteString(source[last:r.start])
		b.WriteString("[" + source[r.start:r.end] + "](" + r.url + ")")
		last = r.end
	}
	b.WriteString(source[last:])
	return b.String()
}
