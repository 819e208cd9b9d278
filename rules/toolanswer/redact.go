package toolanswer

import (
	"cmp"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// minEnvValue is the shortest environment value Redact hides wherever it
// appears: shorter ones ("1", "true", "/root") are everywhere in ordinary
// text, and none of them is a secret.
const minEnvValue = 6

// envReplacer hides the values of this process's environment, which a
// server started by mcplint inherits and may print (server-everything's
// get-env tool prints all of it).
var envReplacer = resetEnvReplacer()

// resetEnvReplacer reads the environment again on first use; tests that
// set a variable call it.
func resetEnvReplacer() func() *strings.Replacer {
	return sync.OnceValue(newEnvReplacer)
}

func newEnvReplacer() *strings.Replacer {
	type pair struct{ name, value string }
	var pairs []pair
	for _, kv := range os.Environ() {
		name, value, ok := strings.Cut(kv, "=")
		if ok && len(value) >= minEnvValue && name != "" {
			pairs = append(pairs, pair{name, value})
		}
	}
	// Longer values first, so a value that contains another is hidden
	// whole; then by name, so the output does not depend on map order.
	slices.SortFunc(pairs, func(a, b pair) int {
		return cmp.Or(cmp.Compare(len(b.value), len(a.value)), cmp.Compare(a.name, b.name))
	})
	args := make([]string, 0, 2*len(pairs))
	seen := map[string]bool{}
	for _, p := range pairs {
		if !seen[p.value] {
			seen[p.value] = true
			args = append(args, p.value, "[redacted: environment variable "+p.name+"]")
		}
	}
	return strings.NewReplacer(args...)
}

// assignment is NAME=value or "NAME": "value" where NAME says it holds a
// credential; group 1 is the name, group 3 the value.
var assignment = regexp.MustCompile(`\b([A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|PWD|AUTH|CREDENTIALS?|COOKIE|SESSION)[A-Z0-9_]*)("?\s*[:=]\s*"?)([^\s"',;}]+)`)

// Redact hides in text what a report must never hold: the values of the
// environment mcplint runs in (and its servers inherit), and values
// assigned to names that say they are credentials (API_KEY=…). Each is
// replaced with a bracketed word saying what was there.
func Redact(text string) string {
	if text == "" {
		return text
	}
	text = envReplacer().Replace(text)
	return assignment.ReplaceAllStringFunc(text, func(m string) string {
		sub := assignment.FindStringSubmatch(m)
		if strings.HasPrefix(sub[3], "[redacted") {
			return m
		}
		return sub[1] + sub[2] + "[redacted: value of " + sub[1] + "]"
	})
}
