package sdk

import "context"

// Categories of rules. A rule belongs to exactly one.
const (
	// CategoryConformance rules read the session's transcript: on a target
	// without one (a static tool list) they do not apply, and reports say
	// so instead of counting them as passed.
	CategoryConformance = "conformance"
	CategorySchema      = "schema"
	CategorySecurity    = "security"
	CategoryNaming      = "naming"
	CategoryQuality     = "quality"
	CategoryReference   = "reference"
	CategoryConfig      = "config"
)

// Categories lists every category, in the order reports and docs use.
var Categories = []string{
	CategorySchema, CategoryNaming, CategorySecurity, CategoryReference,
	CategoryQuality, CategoryConformance, CategoryConfig,
}

// Protocol eras a rule can be limited to (Meta.Era).
const (
	EraLegacy = "legacy" // 2024-11-05 … 2025-11-25: initialize + notifications/initialized
	EraModern = "modern" // 2026-07-28 and later: server/discover, per-request _meta
)

// Applies reports whether a rule can say anything about s: s speaks a
// protocol the rule's requirement exists in (InProtocol), and a
// conformance rule needs a transcript.
func (m Meta) Applies(s *Snapshot) bool {
	return m.InProtocol(s) && (m.Category != CategoryConformance || s.Transcript != nil)
}

// InProtocol reports whether the protocol s speaks has the requirement the
// rule enforces: s is of the rule's era (or the rule has none), and s's
// protocol version is Since or later. A Snapshot with no version (a
// static file) is of every version. The engine runs no rule on a
// Snapshot outside its protocol, so the rule is silent there.
func (m Meta) InProtocol(s *Snapshot) bool {
	if m.Era != "" && m.Era != s.Era {
		return false
	}
	// Protocol versions are dates, YYYY-MM-DD: as strings they sort as
	// the versions do.
	return m.Since == "" || s.ProtocolVersion == "" || s.ProtocolVersion >= m.Since
}

// Meta is a rule's data: what users configure it by and what its docs say.
type Meta struct {
	// Name is kebab-case and unique, e.g. "hidden-unicode-tag". Plugin rules
	// are namespaced by the engine as "plugin/rule". Names are a contract
	// with users' configs: never rename a rule, deprecate it.
	Name string `json:"name"`
	// Category is one of the Category constants.
	Category string `json:"category"`
	// Severity is the default severity of the rule's issues.
	Severity Severity `json:"severity"`
	// Summary is one line, no trailing period.
	Summary string `json:"summary"`
	// Doc says what the rule checks, why it matters, and shows a bad and a
	// good example, in Markdown.
	Doc string `json:"doc"`
	// Source names the spec page (e.g. "2025-11-25/server/tools.mdx#tool-names")
	// or the publication the rule enforces.
	Source string `json:"source"`
	// Default is true when the rule is on in the "recommended" preset.
	Default bool `json:"default"`
	// Era limits the rule to one protocol era (EraLegacy or EraModern);
	// empty means it applies to both. A rule is silent outside its era.
	Era string `json:"era,omitempty"`
	// Since is the first protocol version whose specification text has
	// the requirement the rule enforces, e.g. "2025-06-18"; empty means
	// every version. A rule is silent on a Snapshot that negotiated an
	// older version: a requirement new in 2025-11-25 is not held against
	// a server that speaks 2025-06-18. The rule's doc names the version.
	// Only built-in rules have it: the plugin protocol does not carry it,
	// so a plugin rule reads Snapshot.ProtocolVersion in its Check.
	Since string `json:"since,omitempty"`
	// OWASP is the OWASP MCP Top 10 item a security rule guards against,
	// its id and name: "MCP03:2025 Tool Poisoning".
	OWASP string `json:"owasp,omitempty"`
	// CWE is the weakness a security rule finds, as "CWE-1427".
	CWE string `json:"cwe,omitempty"`
	// Uses names the shared analyses the rule reads (its visible texts
	// listed, its schemas flattened, its transcript parsed): the engine
	// computes each once per Snapshot for the rules that list it. Only
	// built-in rules read analyses today; the plugin protocol does not
	// carry them yet.
	Uses []string `json:"uses,omitempty"`
}

// Rule is one check. Built-in and plugin rules implement it alike.
//
// Check must be safe to call concurrently with other rules' Check on the
// same Snapshot: it must not modify the Snapshot. It calls report once per
// finding; the engine fills in Rule, Category and, when left zero, Severity.
// An error return means the rule could not run (not that it found issues).
type Rule interface {
	Meta() Meta
	Check(ctx context.Context, s *Snapshot, report func(Issue)) error
}

// MaxIssues is how many issues of one rule the engine keeps for each
// target, the first it is given; the rest are only counted, in one more
// issue of the rule that says how many and has the worst severity among
// them. A rule that may report more can report each finding past its
// MaxIssues-th with nothing but its Severity set, which counts the same
// and spares writing messages nobody reads.
const MaxIssues = 10000

// Configurable is implemented by rules that take settings, from
// [rules.settings.NAME] in .mcplint.toml (or a plugin's settings). decode
// fills the rule's own settings struct; it returns an error for unknown keys
// and wrong types. Configure is called once, before any Check.
type Configurable interface {
	Configure(decode func(v any) error) error
}
