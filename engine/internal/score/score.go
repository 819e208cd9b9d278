// Package score turns a target's issues into component scores, an overall
// score and an A–F grade. The formula is documented in the README; it is
// deterministic and monotone: another issue, or a worse one, never raises a
// score.
package score

import (
	"math"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// Component names.
const (
	Lint        = "lint"
	Conformance = "conformance"
	// HappyPath is the pass rate of the --exercise happy-path scenarios.
	HappyPath = "happy-path"
	// Edge is the share of --exercise edge scenarios the server survived.
	Edge = "edge"
)

// components are every component, in the order they are shown.
var components = []string{Lint, Conformance, HappyPath, Edge}

// Penalties: what one issue takes from its item's score of 1.
var lintPenalty = map[sdk.Severity]float64{sdk.Error: 0.5, sdk.Warning: 0.15, sdk.Info: 0.03}

// Conformance is scored over the whole session rather than per tool: a
// protocol defect hurts every tool alike.
var conformancePenalty = map[sdk.Severity]float64{sdk.Error: 0.4, sdk.Warning: 0.1, sdk.Info: 0.02}

// weights of each component in the overall score, among those present.
// Lint and conformance keep their 3:2 ratio whether or not tools were
// exercised; a working tool weighs half as much as clean definitions, and
// surviving bad input a third of that.
var weights = map[string]float64{Lint: 0.6, Conformance: 0.4, HappyPath: 0.3, Edge: 0.1}

// Result is a target's score.
type Result struct {
	Score      float64
	Grade      string
	Components map[string]float64
}

// Input is what a score is computed from.
type Input struct {
	// Issues are the target's unsuppressed issues.
	Issues []sdk.Issue
	// Tools is how many tools the server exposes.
	Tools int
	// HasTranscript is true for live sessions and traces: only then is
	// conformance a component.
	HasTranscript bool
	// Unlisted is true for a session in which the server never answered
	// tools/list: its tools are unknown, so lint scores 0 rather than
	// passing an empty list as clean.
	Unlisted bool
	// Happy and Edge count the exercise scenarios of each kind and how
	// many passed; a kind with none is not a component.
	Happy, Edge Tally
}

// Tally is a number of scenarios and how many of them passed.
type Tally struct {
	Passed, Total int
}

// Compute scores a target.
//
// Lint: each tool is an item, and so is the server itself (its
// instructions, prompts, resources and anything not about one tool). Every
// item starts at 1 and loses a penalty per issue (error 0.5, warning 0.15,
// info 0.03), floored at 0; the component is the items' mean. A session
// that never got an answer to tools/list scores 0: nothing was linted.
//
// Conformance: 1 minus a penalty per issue (error 0.4, warning 0.1, info
// 0.02), floored at 0.
//
// Happy-path (with --exercise): the share of happy-path scenarios that
// succeeded. Edge: the share of edge scenarios the server answered at all,
// error or not, rather than timing out or dying.
//
// The score is the weighted mean of the components present (lint 0.6,
// conformance 0.4, happy-path 0.3, edge 0.1), rounded to three decimals. Grades: A ≥ 0.90, B ≥ 0.80,
// C ≥ 0.70, D ≥ 0.60, else F; any error-severity security issue caps the
// grade at D.
func Compute(in Input) Result {
	items := make([]float64, in.Tools+1) // last item: the server itself
	for i := range items {
		items[i] = 1
	}
	conformance := 1.0
	capped := false
	for _, is := range in.Issues {
		if is.Category == sdk.CategorySecurity && is.Severity == sdk.Error {
			capped = true
		}
		if is.Category == sdk.CategoryConformance {
			conformance -= conformancePenalty[is.Severity]
			continue
		}
		if is.Category == sdk.CategoryConfig {
			continue // about the suppressions, not the server
		}
		i := toolIndex(is.Pointer)
		if i < 0 || i >= in.Tools {
			i = in.Tools
		}
		items[i] -= lintPenalty[is.Severity]
	}
	var sum float64
	for _, v := range items {
		sum += math.Max(0, v)
	}
	lint := sum / float64(len(items))
	if in.Unlisted {
		lint = 0
	}
	comps := map[string]float64{Lint: round(lint)}
	if in.HasTranscript {
		comps[Conformance] = round(math.Max(0, conformance))
	}
	for name, t := range map[string]Tally{HappyPath: in.Happy, Edge: in.Edge} {
		if t.Total > 0 {
			comps[name] = round(float64(min(max(t.Passed, 0), t.Total)) / float64(t.Total))
		}
	}
	var total, weight float64
	for _, name := range components {
		if v, ok := comps[name]; ok {
			total += v * weights[name]
			weight += weights[name]
		}
	}
	s := round(total / weight)
	g := Grade(s)
	if capped && g < "D" {
		g = "D"
	}
	return Result{Score: s, Grade: g, Components: comps}
}

// Grade maps a score to a letter.
func Grade(s float64) string {
	switch {
	case s >= 0.90:
		return "A"
	case s >= 0.80:
		return "B"
	case s >= 0.70:
		return "C"
	case s >= 0.60:
		return "D"
	}
	return "F"
}

// Meets reports whether grade is at least min ("A" best).
func Meets(grade, min string) bool { return min == "" || grade <= min }

func toolIndex(p string) int {
	rest, ok := strings.CutPrefix(p, "/tools/")
	if !ok {
		return -1
	}
	idx, _, _ := strings.Cut(rest, "/")
	n, err := strconv.Atoi(idx)
	if err != nil {
		return -1
	}
	return n
}

func round(v float64) float64 { return math.Round(v*1000) / 1000 }
