package sdk

// Owners used in Issue.Tool for findings that are not about one tool.
const (
	OwnerInstructions = "<instructions>"
	OwnerServer       = "<server>"
)

// OwnerPrompt names a prompt as an Issue owner: "<prompt NAME>".
func OwnerPrompt(name string) string { return "<prompt " + name + ">" }

// OwnerResource names a resource or resource template as an Issue owner:
// "<resource URI>".
func OwnerResource(uri string) string { return "<resource " + uri + ">" }

// Issue is one finding.
type Issue struct {
	// Rule and Category are filled in by the engine.
	Rule     string `json:"rule"`
	Category string `json:"category"`
	// OWASP and CWE are the rule's, filled in by the engine for security
	// rules (see Meta), so that a report's reader can triage by them.
	OWASP string `json:"owasp,omitempty"`
	CWE   string `json:"cwe,omitempty"`
	// Severity may be set by the rule when one finding is worse than the
	// rule's default; the engine fills the default when it is zero, and a
	// user's [rules.severity] override replaces both.
	Severity Severity `json:"severity"`
	// Tool is the tool's name, or OwnerInstructions, OwnerServer,
	// OwnerPrompt(name), OwnerResource(uri).
	Tool string `json:"tool"`
	// Pointer is an RFC 6901 JSON pointer into the Snapshot's JSON form,
	// e.g. "/tools/2/inputSchema/properties/path/description".
	Pointer string `json:"pointer"`
	// Message says what is wrong and quotes the offending text. It may
	// contain hostile characters verbatim: every report format escapes them.
	Message string `json:"message"`
	// Fix says concretely what to change.
	Fix string `json:"fix"`
	// Location is where the offending value sits in an input file, when the
	// Snapshot came from one. The engine fills it from Snapshot.Locator.
	Location *Location `json:"location,omitempty"`
	// Count is how many identical findings this one stands for (same rule,
	// subject and message, e.g. one server request repeated in a loop)
	// when it is more than one; the engine collapses them and fills it.
	Count int `json:"count,omitempty"`
}

// Location is a position in an input file. Line and Column are 1-based;
// Column counts Unicode code points (what editors show), not bytes.
type Location struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

// Locator maps JSON pointers into a Snapshot to positions in the file it was
// read from. Locate is given every pointer at once so that an implementation
// can resolve them all in one pass over the file; pointers it cannot place
// are left out of the result.
type Locator interface {
	Locate(pointers []string) map[string]Location
}
