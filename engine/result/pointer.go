package result

import (
	"strconv"

	"github.com/mcplint/mcplint/sdk"
)

// collections are the Snapshot arrays whose elements are issue owners.
var collections = map[string]bool{"tools": true, "prompts": true, "resources": true, "resourceTemplates": true}

// StablePointer is is.Pointer as a baseline entry and a SARIF fingerprint
// key it: the same from run to run whatever the order of the tools and
// however a session's records interleave. The index of the definition
// the issue's Tool names becomes "*" ("/tools/*/description"), so adding
// or reordering tools keeps the key; so does every index of a transcript
// pointer ("/transcript/probes/*/records/*"), since where a record falls
// in a session depends on how the server's messages, its stderr and the
// probe sessions interleave.
func StablePointer(is sdk.Issue) string {
	tokens := sdk.SplitPointer(is.Pointer)
	if len(tokens) > 0 && tokens[0] == "transcript" {
		return transcriptPointer(tokens)
	}
	if len(tokens) < 2 || !collections[tokens[0]] || is.Tool == "" || is.Tool == sdk.OwnerServer || is.Tool == sdk.OwnerInstructions {
		return is.Pointer
	}
	if _, err := strconv.Atoi(tokens[1]); err != nil {
		return is.Pointer
	}
	return sdk.Pointer("/"+tokens[0]+"/*", tokens[2:]...)
}

// transcriptPointer is the transcript pointer of tokens with every index
// replaced by "*".
func transcriptPointer(tokens []string) string {
	out := make([]string, 0, len(tokens)-1)
	for _, tok := range tokens[1:] {
		if _, err := strconv.Atoi(tok); err == nil {
			tok = "*"
		}
		out = append(out, tok)
	}
	return sdk.Pointer("/"+tokens[0], out...)
}
