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
	// Shard says which part of a run split with --shard this report is;
	// nil for a whole run (and for the report mcplint merge makes of the
	// parts).
	Shard *Shard `json:"shard,omitempty"`
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

// Shard is the part of a run a --shard report holds, which mcplint merge
// checks and uses to put the parts back in the run's order.
type Shard struct {
	// Index is the part, from 1 to Count.
	Index int `json:"index"`
	Count int `json:"count"`
	// Fingerprint is the same for every part of one run: it hashes
	// mcplint's version, the rules and whether each ran, the
	// configuration, the settings and every target of the whole run.
	Fingerprint string `json:"fingerprint"`
	// Total is how many targets (skipped servers included) the whole run
	// has.
	Total int `json:"total"`
	// Targets are the places in the whole run (from 0) of this report's
	// targets, in their order; Skipped those of its skipped servers.
	Targets []int `json:"targets"`
	Skipped []int `json:"skipped"`
	// Names say, for each of Targets, how the whole run would name it:
	// servers that call themselves by one name are named by their
	// files, and two such servers may be in different shards. Nil for
	// a target that was not read.
	Names []*ShardName `json:"names"`
	// NamesMatter says that a server's name changes what the run found
	// (a lock, a baseline or an [[ignore]] with a server glob reads it),
	// so a server named otherwise in the whole run cannot be merged.
	NamesMatter bool `json:"namesMatter"`
	// Ignores say, for each [[ignore]] entry of the config, whether it
	// matched an issue in this shard and whether this shard reported it
	// unused: the whole run reports an entry once, and only when no shard
	// used it.
	Ignores []ShardIgnore `json:"ignores"`
}

// ShardIgnore is what a shard did with one [[ignore]] entry.
type ShardIgnore struct {
	Used     bool `json:"used"`
	Reported bool `json:"reported"`
}

// ShardName is how a shard's target is named, for mcplint merge to name
// it as the whole run would have.
type ShardName struct {
	// Stable is the name it takes unless another server of the run takes
	// it too; Fallback the name it then takes, "" when it keeps Stable.
	Stable   string `json:"stable"`
	Fallback string `json:"fallback,omitempty"`
	// Peers says that other servers of the run saw it, whose findings
	// may name it.
	Peers bool `json:"peers,omitempty"`
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

// Summarize counts the issues of targets by severity.
func Summarize(targets []*Target) Summary {
	var s Summary
	for _, t := range targets {
		s.Add(t)
	}
	return s
}

// Add counts the issues of t by severity, for a summary made as targets
// come (a streamed run).
func (s *Summary) Add(t *Target) {
	for _, is := range t.Issues {
		switch is.Severity {
		case sdk.Error:
			s.Errors++
		case sdk.Warning:
			s.Warnings++
		default:
			s.Infos++
		}
	}
}
