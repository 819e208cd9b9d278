// A plugin that crashes in Check: a panic outside the rule's own goroutine
// takes the whole process down.
package main

import (
	"context"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/plugin"
)

type boom struct{}

func (boom) Meta() sdk.Meta {
	return sdk.Meta{Name: "boom", Category: sdk.CategoryQuality, Severity: sdk.Warning, Default: true, Summary: "crashes"}
}

func (boom) Check(context.Context, *sdk.Snapshot, func(sdk.Issue)) error {
	go func() { panic("boom: out of cheese") }()
	select {}
}

func main() { plugin.Serve(plugin.RuleSet{Name: "crash", Version: "0.0.1", Rules: []sdk.Rule{boom{}}}) }
