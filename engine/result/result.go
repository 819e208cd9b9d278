// Package result is the model of a lint run's result: the targets, their
// issues, suppressions, grades and exercise calls. The formats of
// engine/report render it; it imports nothing that speaks MCP, so anything
// that reads results (a format, a baseline, a gate) needs none of it.
//
// The JSON form (version 1) is a documented contract: see
// docs/schema/report.v1.json.
package result

import (
	"net/url"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Version is the version of the JSON report format.
const Version = 1

// Report is the result of one run over one or more targets.
type Report struct {
	Version int       `json:"version"`
	Mcplint string    `json:"mcplint"`
	Targets []*Target `json:"targets"`
	// Skipped are servers named (in a client config) that mcplint does not
	// lint, with why: remote servers, disabled ones, unset variables.
	Skipped []Skipped `json:"skipped,omitempty"`
	Summary Summary   `json:"summary"`
	// Rules are every rule known to the run, enabled or not (SARIF lists
	// them); Enabled those that ran (JUnit's test cases). Neither is part
	// of the JSON report.
	Rules   []sdk.Meta `json:"-"`
	Enabled []sdk.Meta `json:"-"`
	// HelpURI is where a rule's documentation is, {rule} standing for its
	// name ([output] help-uri), for the SARIF and Markdown reports' links;
	// empty for none. Not part of the JSON report.
	HelpURI string `json:"-"`
}

// RuleURL is where the documentation of a built-in rule is, from
// r.HelpURI; "" when there is no such address, and for a plugin's rule
// ("plugin/rule"), which its plugin documents.
func (r *Report) RuleURL(rule string) string {
	if r.HelpURI == "" || strings.Contains(rule, "/") {
		return ""
	}
	return strings.ReplaceAll(r.HelpURI, "{rule}", url.PathEscape(rule))
}

// Skipped is a server that was not linted, and why.
type Skipped struct {
	Name   string `json:"name"`
	Input  string `json:"input"`
	Reason string `json:"reason"`
}

// Target is the result for one server.
type Target struct {
	Name            string              `json:"name"`
	Source          string              `json:"source"`
	Input           string              `json:"input"`
	Server          *sdk.Implementation `json:"server,omitempty"`
	ProtocolVersion string              `json:"protocolVersion,omitempty"`
	Era             string              `json:"era,omitempty"`
	Counts          Counts              `json:"counts"`
	ContextTokens   int                 `json:"contextTokens"`
	// Tools are the tools that got a capability label, in the server's
	// order; a tool with none is not listed.
	Tools      []ToolCapabilities `json:"tools,omitempty"`
	Score      float64            `json:"score"`
	Grade      string             `json:"grade"`
	Components map[string]float64 `json:"components"`
	Issues     []sdk.Issue        `json:"issues"`
	Suppressed []Suppressed       `json:"suppressed"`
	// RuleErrors are rules that could not run over this target.
	RuleErrors []RuleError `json:"ruleErrors,omitempty"`
	// NotApplicable names the enabled rules that cannot say anything about
	// this target (sdk.Meta.Applies): conformance rules on a static file,
	// rules of the other protocol era or of a newer protocol version than
	// the target's. Reports do not count them as passed.
	NotApplicable []string `json:"-"`
	// Inconclusive are the probes that got no answer at all: the rules
	// they feed could not judge the server, which is neither a pass nor a
	// finding.
	Inconclusive []Inconclusive `json:"inconclusive,omitempty"`
	// Notes say what the report of this target lacks, and why, when it
	// is no fault of the server: issues left without a line and column
	// because their file changed while it was being linted.
	Notes []string `json:"notes,omitempty"`
	// Declared is the file that declares a live server (its
	// .mcplint.toml, client config entry, package manifest or script),
	// named as the report names files, with the line of its entry when
	// known; nil when there is none. Reports that must attach every
	// finding to a file (SARIF) attach there the findings that have no
	// location of their own. Not part of the JSON report.
	Declared *sdk.Location `json:"-"`
	// Records quote, for each issue pointer into the transcript, the start
	// of the record it names, for the text report; not part of the JSON
	// report, whose readers have the pointer and the trace.
	Records map[string]Quote `json:"-"`
	// Exercise is what --exercise called and how each call went; nil when
	// no tool was called.
	Exercise *Exercise `json:"exercise,omitempty"`
	// Clients says, for each client selected (--clients, [compat]
	// clients), whether the target works there; nil when none is.
	Clients Clients `json:"clients,omitempty"`
	// Error says why the target could not be linted; nil when it was.
	Error *string `json:"error"`
}

// ToolCapabilities are the capability labels of one tool.
type ToolCapabilities struct {
	Name         string       `json:"name"`
	Capabilities []Capability `json:"capabilities"`
}

// Capability is one label ("private-data", "untrusted-content",
// "outbound-sink", "destructive", "code-execution") and what it was given
// on.
type Capability struct {
	Label    string   `json:"label"`
	Evidence []string `json:"evidence"`
}

// Incomplete is the grade of a target on which a rule (or a plugin) could
// not run: its findings are missing, so no letter would be honest, and
// --min-grade fails it whatever the minimum.
const Incomplete = "incomplete"

// RuleError is a rule that failed (or a plugin that crashed) on a target:
// its findings are missing from the report.
type RuleError struct {
	Rule  string `json:"rule"`
	Error string `json:"error"`
}

// Inconclusive is a probe whose server never answered (a second process
// that did not start or stayed silent for the whole --timeout).
type Inconclusive struct {
	// Probe names the probe ("request-before-init").
	Probe string `json:"probe"`
	// Rules are the rules the probe feeds, which could not judge.
	Rules []string `json:"rules"`
	// Reason says what happened.
	Reason string `json:"reason"`
}

// Quote is the start of a transcript record: a line of the session
// (Dir "c2s", "s2c" or "stderr") or an event ("event", Text its JSON).
type Quote struct {
	Dir  string
	Text string
}

// Counts are how many definitions a target exposes.
type Counts struct {
	Tools     int `json:"tools"`
	Prompts   int `json:"prompts"`
	Resources int `json:"resources"`
}

// Suppression kinds (Suppressed.By).
const (
	ByConfig   = "config"
	ByInline   = "inline"
	ByBaseline = "baseline"
)

// Suppressed is an issue hidden by a suppression, kept so that reports can
// show what was hidden and why.
type Suppressed struct {
	sdk.Issue
	By     string `json:"by"`
	Reason string `json:"reason"`
}

// Summary counts the issues of every target by severity.
type Summary struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}
