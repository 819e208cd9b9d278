package security

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/ident"
	"github.com/mcplint/mcplint/internal/snip"
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

// hiddenKeys returns, for tool def, the keys outside the protocol whose
// name says they hold hidden orders and whose value is a sentence, with
// that sentence, sorted by key.
func hiddenKeys(def map[string]any) [][2]string {
	var out [][2]string
	for k, v := range def {
		text, ok := v.(string)
		if !ok || protocolToolKeys[k] || len(strings.Fields(text)) < 3 {
			continue
		}
		system, prompt, hides := false, false, false
		for _, w := range ident.Words(k) {
			w = strings.ToLower(w)
			system, prompt = system || w == "system", prompt || w == "prompt"
			hides = hides || hiddenKeyWords[w]
		}
		if hides || system && prompt {
			out = append(out, [2]string{k, strings.TrimSpace(text)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// checkHiddenKeys reports each tool key of s that hides an order.
func checkHiddenKeys(s *sdk.Snapshot, report func(sdk.Issue)) {
	for i, t := range s.Tools {
		for _, kv := range hiddenKeys(t.Def) {
			report(sdk.Issue{
				Tool:    t.Name,
				Pointer: sdk.ToolPointer(i, kv[0]),
				Message: fmt.Sprintf("tool carries a key the protocol does not define, %s, whose name says it holds hidden orders: %s", strconv.Quote(kv[0]), strconv.Quote(snip.Runes(kv[1], 80))),
				Fix:     "remove the key; what the model should know about the tool belongs in its description, where the user sees it too",
			})
		}
	}
}
