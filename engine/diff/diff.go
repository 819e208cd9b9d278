// Package diff compares two versions of an MCP server, as two Snapshots,
// and classifies every change by what it does to the server's users:
// breaking (a client or agent that worked with the old version may fail
// with the new one), risky (what the model reads changed in a way a
// security review should see) or compatible.
//
// Each Change names its owner (a tool, "<instructions>", "<prompt NAME>",
// "<resource URI>"), a JSON pointer into that owner's definition
// ("/inputSchema/properties/mode/enum"), a kind from a fixed list (Kinds),
// and the old and new values. Changes come in one order, whatever order the
// servers listed things in: instructions, tools, prompts, resources,
// resource templates; by name within each; then by pointer and kind.
package diff

import (
	"sort"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Class says how bad a change is for the server's users.
type Class string

// Classes of a change, worst first.
const (
	Breaking   Class = "breaking"
	Risky      Class = "risky"
	Compatible Class = "compatible"
)

// Change is one difference between the old and the new version.
type Change struct {
	Class Class `json:"class"`
	// Kind names the change: one of Kinds.
	Kind string `json:"kind"`
	// Owner is the tool's name (the new name of a renamed tool),
	// sdk.OwnerInstructions, sdk.OwnerPrompt(name) or
	// sdk.OwnerResource(uri).
	Owner string `json:"tool"`
	// Pointer is a JSON pointer into the owner's definition, as the new
	// version spells it where it has the part, else as the old one did;
	// "" is the whole definition.
	Pointer string `json:"pointer"`
	// Old and New are the values before and after; absent for a part one
	// side does not have.
	Old any `json:"old,omitempty"`
	New any `json:"new,omitempty"`
	// Message says what changed and why it has its class, in words.
	Message string `json:"message"`
	// Rule is the security rule whose finding a "security-finding"
	// change reports.
	Rule string `json:"rule,omitempty"`
	// Location is where the change is in the new version's file, when it
	// was read from a file (for a part it no longer has: its owner, or
	// the list the owner was in).
	Location *sdk.Location `json:"location,omitempty"`
}

// Semver levels a set of changes calls for.
const (
	Major = "major"
	Minor = "minor"
	Patch = "patch"
	None  = "none"
)

// Options tune Compare.
type Options struct {
	// Findings returns the security findings of a server; nil runs none.
	// Compare calls it on both sides and reports each finding of the new
	// side that the old side does not have as a risky change.
	Findings func(*sdk.Snapshot) []sdk.Issue
	// Similarity is the threshold below which a rewritten description of
	// a part whose schema did not change is risky (0: DefaultSimilarity).
	Similarity float64
}

// DefaultSimilarity is the word similarity (see Similarity) under which
// a description whose schema did not change counts as rewritten.
const DefaultSimilarity = 0.5

// Compare lists the changes from old to cur, in the package's order.
func Compare(old, cur *sdk.Snapshot, opt Options) []Change {
	if opt.Similarity <= 0 {
		opt.Similarity = DefaultSimilarity
	}
	c := &comparer{opt: opt}
	c.instructions(old, cur)
	c.tools(old.Tools, cur.Tools)
	c.prompts(old.Prompts, cur.Prompts)
	c.resources(old.Resources, cur.Resources)
	c.templates(old.ResourceTemplates, cur.ResourceTemplates)
	if opt.Findings != nil {
		c.findings(old, cur)
	}
	sortChanges(c.out)
	return c.out
}

type comparer struct {
	opt Options
	out []Change
}

func (c *comparer) add(ch Change) { c.out = append(c.out, ch) }

// sectionOf orders owners: instructions, tools, prompts, resources.
func sectionOf(owner string) int {
	switch {
	case owner == sdk.OwnerInstructions:
		return 0
	case strings.HasPrefix(owner, "<prompt "):
		return 2
	case strings.HasPrefix(owner, "<resource "):
		return 3
	}
	return 1
}

func sortChanges(cs []Change) {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if sa, sb := sectionOf(a.Owner), sectionOf(b.Owner); sa != sb {
			return sa < sb
		}
		if a.Owner != b.Owner {
			return a.Owner < b.Owner
		}
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Message < b.Message
	})
}

// Count tallies changes by class.
func Count(cs []Change) map[Class]int {
	n := map[Class]int{Breaking: 0, Risky: 0, Compatible: 0}
	for _, c := range cs {
		n[c.Class]++
	}
	return n
}

// Semver is the version bump the changes call for: major for any
// breaking change; minor for anything added (a tool, a parameter, an enum
// value, a prompt, a resource) or widened; patch for any other change
// (text, metadata, a risky rewrite); none for no change.
func Semver(cs []Change) string {
	level := None
	for _, c := range cs {
		switch {
		case c.Class == Breaking:
			return Major
		case minorKinds[c.Kind]:
			level = Minor
		case level == None:
			level = Patch
		}
	}
	return level
}

// FailOn values: which changes make the command fail.
var FailOn = []string{"breaking", "risky", "any", "never"}

// Fails says whether the changes fail the gate failOn (one of FailOn):
// "breaking" fails on a breaking change, "risky" on a breaking or risky
// one, "any" on any change, "never" never.
func Fails(cs []Change, failOn string) bool {
	for _, c := range cs {
		switch failOn {
		case "any":
			return true
		case "risky":
			if c.Class == Breaking || c.Class == Risky {
				return true
			}
		case "breaking":
			if c.Class == Breaking {
				return true
			}
		}
	}
	return false
}
