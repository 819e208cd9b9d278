package security

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/ident"
	"github.com/mcplint/mcplint/internal/snip"
	"github.com/mcplint/mcplint/rules/internal/visible"
	"github.com/mcplint/mcplint/sdk"
)

// A tool's definition can carry keys the protocol does not define. A
// client drops them or passes them on whole; a reader of the tool list
// sees a description that says nothing. A key whose name says that it
// holds what the model alone should read ("hidden_directive",
// "_system_instruction", "secretPrompt") and whose value is a sentence is
// an order hidden by its structure, whatever the sentence's words.

// protocolToolKeys are the keys the protocol defines for a tool.
var protocolToolKeys = map[string]bool{
	"name": true, "title": true, "description": true, "inputSchema": true, "outputSchema": true,
	"annotations": true, "_meta": true, "icons": true, "execution": true,
}

// hiddenKeyWords say that a key hides what it holds from the user, or
// gives the model orders. "system" and "prompt" say it only together
// ("system_prompt"): "system_requirements" and "prompt_template" are
// data.
var hiddenKeyWords = map[string]bool{
	"hidden": true, "secret": true, "covert": true, "directive": true, "directives": true,
	"instruction": true, "instructions": true, "injection": true,
}

// hiddenKeyName reports whether a key's name says it holds hidden orders.
func hiddenKeyName(k string) bool {
	system, prompt := false, false
	for _, w := range ident.Words(k) {
		w = strings.ToLower(w)
		if hiddenKeyWords[w] {
			return true
		}
		system, prompt = system || w == "system", prompt || w == "prompt"
	}
	return system && prompt
}

// saysSentence reports whether a key's value is a sentence, not a value: a
// few words.
func saysSentence(v string) bool { return len(strings.Fields(v)) >= 3 }

// hiddenKeys returns, for tool def, the keys outside the protocol whose
// name says they hold hidden orders and whose value is a sentence, with
// that sentence, sorted by key.
func hiddenKeys(def map[string]any) [][2]string {
	var out [][2]string
	for k, v := range def {
		if text, ok := v.(string); ok && !protocolToolKeys[k] && saysSentence(text) && hiddenKeyName(k) {
			out = append(out, [2]string{k, strings.TrimSpace(text)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// checkHiddenKeys reports each tool key of s that hides an order, and
// each schema key of no known keyword that does: a schema's unknown
// keyword reaches the model, but no client shows it.
// A schema text already reported as an override (at one of reported's
// pointers) is not reported again.
func checkHiddenKeys(ctx context.Context, s *sdk.Snapshot, reported map[string]bool, report func(sdk.Issue)) {
	issue := func(owner, pointer, where, key, text string) {
		report(sdk.Issue{
			Tool:    owner,
			Pointer: pointer,
			Message: fmt.Sprintf("%s, %s, whose name says it holds hidden orders: %s", where, strconv.Quote(key), strconv.Quote(snip.Runes(strings.TrimSpace(text), 80))),
			Fix:     "remove the key; what the model should know about the tool belongs in its description, where the user sees it too",
		})
	}
	for i, t := range s.Tools {
		for _, kv := range hiddenKeys(t.Def) {
			issue(t.Name, sdk.ToolPointer(i, kv[0]), "tool carries a key the protocol does not define", kv[0], kv[1])
		}
	}
	visible.Texts(ctx, s, func(t visible.Text) {
		if t.Kind != visible.KindSchemaText || !saysSentence(t.Value) {
			return
		}
		p := t.Pointer()
		toks := sdk.SplitPointer(p)
		if k := toks[len(toks)-1]; hiddenKeyName(k) && !reported[p] {
			issue(t.Owner(), p, "schema carries a key JSON Schema does not define", k, t.Value)
		}
	})
}
