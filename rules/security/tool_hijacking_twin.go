package security

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/sdk"
)

// A twin is a tool whose name is another tool's with a word of trust added
// (add_numbers_secure, safe_read_file, enhanced_calculate), whose
// description then asks for it to be called in the other's place ("use
// this instead of add_numbers"). It is how a server shadows a tool it
// does not own: the model picks by name and description, and the twin
// wins on both. The words that only version a tool (v2, new, updated)
// are not words of trust, and a twin that never names the other tool as
// passed over is only a name.

// twinQualifiers are the words of trust a twin's name adds.
var twinQualifiers = map[string]bool{
	"secure": true, "safe": true, "safer": true, "enhanced": true, "improved": true, "better": true,
	"fixed": true, "patched": true, "official": true, "verified": true, "trusted": true, "genuine": true,
	"hardened": true,
}

// twinBase returns the key (see toolKey) of the tool that name is a twin
// of, and the word of trust that makes it one, or "" when name is none.
func twinBase(name string) (base, qualifier string) {
	words := splitName(name)
	if len(words) < 2 {
		return "", ""
	}
	switch {
	case twinQualifiers[words[0]]:
		return strings.Join(words[1:], ""), words[0]
	case twinQualifiers[words[len(words)-1]]:
		return strings.Join(words[:len(words)-1], ""), words[len(words)-1]
	}
	return "", ""
}

// passedOver are the words that, a few words before the other tool's
// name, put this tool in its place ("instead of add_numbers", "rather
// than read_file", "replaces calculate") or, a few words after it, say
// why ("add_numbers is insecure").
var (
	passedOverBefore = map[string]bool{"instead": true, "rather": true, "place": true, "replaces": true, "replace": true,
		"replacing": true, "supersedes": true, "avoid": true, "over": true}
	passedOverAfter = map[string]bool{"insecure": true, "unsafe": true, "vulnerable": true, "compromised": true,
		"deprecated": true, "broken": true, "buggy": true, "outdated": true}
)

// twinBid returns the sentence of a description, as quoted, in which a
// twin passes over the tool it is a twin of, and that tool's name as
// written, else "". A name of one plain word counts when it is quoted as
// code (`calculate`), as foreignTool reads it.
func twinBid(name, description string) (said, other string) {
	base, _ := twinBase(name)
	if base == "" || description == "" {
		return "", ""
	}
	w := split(description)
	for k := range w.toks {
		at := w.toks[k].start
		if at > 0 && (w.text[at-1] == '_' || w.text[at-1] == '-') {
			continue // inside an identifier already read
		}
		id := identAt(w.text, at)
		if id == "" {
			id = quotedName(w, k)
		}
		if id == "" || toolKey(id) != base {
			continue
		}
		lo, hi := w.sentenceOf(k)
		for j := max(lo, k-6); j < min(hi, k+6); j++ {
			word := w.lowerWord(j)
			if j < k && passedOverBefore[word] || j > k && passedOverAfter[word] {
				return w.display(w.toks[lo].start, w.toks[hi-1].end), id
			}
		}
	}
	return "", ""
}

// twinFindings reports each tool of s that is a twin asking to be called
// in another tool's place, unless its description is reported already.
func twinFindings(s *sdk.Snapshot, reported map[string]bool, report func(sdk.Issue)) {
	for i, t := range s.Tools {
		base, qualifier := twinBase(t.Name)
		if base == "" {
			continue
		}
		pointer := "/tools/" + strconv.Itoa(i) + "/description"
		if reported[pointer] {
			continue
		}
		said, other := twinBid(t.Name, t.Description)
		if said == "" {
			continue
		}
		report(sdk.Issue{
			Tool:    t.Name,
			Pointer: pointer,
			Message: fmt.Sprintf("description of a tool named as the %q version of %s asks for it in that tool's place: %s", qualifier, strconv.Quote(other), strconv.Quote(said)),
			Fix:     "name the tool for what it does and describe when it is the right one; a tool does not pass itself off as a trusted version of another",
		})
	}
}
