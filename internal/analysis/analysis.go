// Package analysis is work that several rules share on one Snapshot: its
// visible texts listed, its schemas flattened, its transcript parsed. Each
// piece of work is an Analysis with a name; a rule lists the names it
// reads in sdk.Meta.Uses, the way a go/analysis Analyzer lists Requires,
// and reads the result with Of.
//
// The runner owns the results' lifetime: it makes one Pass per Snapshot,
// hands each rule a context made by Pass.For, and drops the Pass when the
// rules are done. An analysis runs at most once per Pass, when the first
// rule that declared it asks; rules asking at once wait for that one run.
// Nothing is global and nothing outlives the Pass, so a Snapshot reused
// with other contents simply gets a new Pass.
//
// A rule that reads an analysis it did not declare panics in Of, which the
// runner reports as that rule's error: the declaration is checked every
// time the rule runs, in tests as in use.
//
// Outside a Pass (a rule's Check called with a bare context), Of runs the
// analysis for that one call: correct, only not shared.
package analysis

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/mcplint/mcplint/sdk"
)

// Analysis is one piece of shared work, with a result of type T.
type Analysis[T any] struct {
	// Name is kebab-case and unique; rules list it in sdk.Meta.Uses.
	Name string
	// Doc says what the result is, in a sentence.
	Doc string
	// Uses names the analyses Run reads with Of.
	Uses []string
	// Run computes the result from s; it must not change s, and its result
	// is shared by every rule that reads it, which must not change it.
	Run func(ctx context.Context, s *sdk.Snapshot) T
}

// registered are the analyses by name, for the check of rules' Uses.
var registered = struct {
	sync.Mutex
	byName map[string][]string // name → its Uses
}{byName: map[string][]string{}}

// New registers an analysis; package variables hold the result, made at
// init. Two analyses of one name are a programming error.
func New[T any](a Analysis[T]) *Analysis[T] {
	registered.Lock()
	defer registered.Unlock()
	if _, dup := registered.byName[a.Name]; dup {
		panic("analysis: registered twice: " + a.Name)
	}
	registered.byName[a.Name] = a.Uses
	return &a
}

// Known reports whether name is a registered analysis.
func Known(name string) bool {
	registered.Lock()
	defer registered.Unlock()
	_, ok := registered.byName[name]
	return ok
}

// Names lists the registered analyses in name order.
func Names() []string {
	registered.Lock()
	defer registered.Unlock()
	out := make([]string, 0, len(registered.byName))
	for n := range registered.byName {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Pass holds the results of the analyses on one Snapshot. The zero Pass
// is not ready: use NewPass.
type Pass struct {
	snap  *sdk.Snapshot
	mu    sync.Mutex
	slots map[string]*slot
}

type slot struct {
	once sync.Once
	v    any
}

// NewPass returns a Pass for s, with nothing computed yet.
func NewPass(s *sdk.Snapshot) *Pass {
	return &Pass{snap: s, slots: map[string]*slot{}}
}

// Snapshot is the Snapshot p holds the analyses of.
func (p *Pass) Snapshot() *sdk.Snapshot { return p.snap }

// user is what a context carries: the Pass, and who may read what.
type user struct {
	pass *Pass
	who  string
	uses []string
}

type key struct{}

// For returns the context a rule (named who) runs with on p's Snapshot:
// it may read the analyses in uses, and no other.
func (p *Pass) For(ctx context.Context, who string, uses []string) context.Context {
	return context.WithValue(ctx, key{}, &user{pass: p, who: who, uses: uses})
}

// Of returns a's result on s. ctx is the one the runner gave the rule (or
// the one Run was given, inside another analysis). It panics when the
// caller did not declare a, or when s is not the Pass's Snapshot.
func (a *Analysis[T]) Of(ctx context.Context, s *sdk.Snapshot) T {
	u, _ := ctx.Value(key{}).(*user)
	if u == nil {
		return a.Run(ctx, s)
	}
	if !slices.Contains(u.uses, a.Name) {
		panic(fmt.Sprintf("%s reads analysis %q without listing it in its Uses", u.who, a.Name))
	}
	if s != u.pass.snap {
		panic(fmt.Sprintf("%s reads analysis %q of a Snapshot other than the one it checks", u.who, a.Name))
	}
	p := u.pass
	p.mu.Lock()
	sl := p.slots[a.Name]
	if sl == nil {
		sl = &slot{}
		p.slots[a.Name] = sl
	}
	p.mu.Unlock()
	sl.once.Do(func() {
		sl.v = a.Run(p.For(ctx, "analysis "+a.Name, a.Uses), s)
	})
	return sl.v.(T)
}

// Check reports the names in uses that are not registered analyses, for
// a test over every rule's Meta.
func Check(uses []string) error {
	for _, n := range uses {
		if !Known(n) {
			return fmt.Errorf("uses %q, which is not an analysis (known: %v)", n, Names())
		}
	}
	return nil
}
