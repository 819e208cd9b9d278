package conformance

import (
	"github.com/mcplint/mcplint/internal/plural"
	"github.com/mcplint/mcplint/sdk"
)

// grouped gathers findings by defect: the first message that shows one is
// reported, with a count of the others.
type grouped struct {
	first map[string]*groupedFinding
	order []string
}

type groupedFinding struct {
	index  int
	msg    string
	others int
}

func newGrouped() *grouped { return &grouped{first: map[string]*groupedFinding{}} }

func (g *grouped) add(key string, index int, msg string) {
	if f, ok := g.first[key]; ok {
		f.others++
		return
	}
	g.first[key] = &groupedFinding{index: index, msg: msg}
	g.order = append(g.order, key)
}

func (g *grouped) report(report func(sdk.Issue), fix string) {
	for _, k := range g.order {
		f := g.first[k]
		msg := f.msg
		if f.others > 0 {
			msg += " (and " + plural.Count(f.others, "more message") + " like it)"
		}
		at(report, f.index, msg, fix)
	}
}
