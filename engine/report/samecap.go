package report

import (
	"fmt"

	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/sdk"
)

// hiddenRule is how many issues of one rule a capped list left out.
type hiddenRule struct {
	rule string
	n    int
}

// capSame keeps at most max issues of each rule, in report order, and
// says how many of each rule it left out, in the order the rules first
// come; max 0 keeps every issue. An issue that stands for several
// identical ones (sdk.Issue.Count) is one issue here, as it is one line.
// Only what is printed changes: counts, summary and score are the
// report's, computed before.
func capSame(issues []sdk.Issue, max int) (shown []sdk.Issue, hidden []hiddenRule) {
	if max <= 0 || len(issues) <= max {
		return issues, nil
	}
	seen := map[string]int{}
	at := map[string]int{}
	shown = make([]sdk.Issue, 0, len(issues))
	for _, is := range issues {
		seen[is.Rule]++
		if seen[is.Rule] <= max {
			shown = append(shown, is)
			continue
		}
		i, ok := at[is.Rule]
		if !ok {
			i = len(hidden)
			at[is.Rule] = i
			hidden = append(hidden, hiddenRule{rule: is.Rule})
		}
		hidden[i].n++
	}
	return shown, hidden
}

// moreLine is the line that stands for a rule's hidden issues.
func moreLine(h hiddenRule) string {
	word := "issues"
	if h.n == 1 {
		word = "issue"
	}
	return fmt.Sprintf("… and %s more %s %s (--max-same-issues 0 shows all)", plural.Thousands(h.n), Escape(h.rule), word)
}
