package toolanswer

import (
	"cmp"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/internal/secrets"
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

func newEnvReplacer() *strings.Replacer { return replacerFor(processEnv()) }

// processEnv is this process's environment as a map.
func processEnv() map[string]string {
	env := map[string]string{}
	for _, kv := range os.Environ() {
		if name, value, ok := strings.Cut(kv, "="); ok && name != "" {
			env[name] = value
		}
	}
	return env
}

// replacerFor hides every value of env of at least minEnvValue bytes.
func replacerFor(env map[string]string) *strings.Replacer {
	type pair struct{ name, value string }
	var pairs []pair
	for name, value := range env {
		if len(value) >= minEnvValue {
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

// namedValue is "NAME": "value" (JSON) or NAME=value: a variable printed
// with its name, whose value Redact hides however short it is.
var namedValue = regexp.MustCompile(`"([A-Za-z_][A-Za-z0-9_]*)"(\s*:\s*)"([^"\\]*)"|\b([A-Za-z_][A-Za-z0-9_]*)(=)([^\s"'&;]*)`)

// Redact hides in text what a report must never hold: the values of the
// environment mcplint runs in (and its servers inherit), wherever they
// are long enough to be told from ordinary text and, however short, where
// they are printed after their name; and whatever the security rules'
// secret detection finds (API keys, tokens, private keys, passwords in
// URLs, values assigned to credential names). Each is replaced with a
// bracketed phrase saying what was there.
func Redact(text string) string { return Redactor{}.Redact(text) }

// Redactor is Redact with more variables to hide: those a config gave a
// server on top of mcplint's environment. The zero Redactor is Redact.
type Redactor struct {
	env      map[string]string
	replacer *strings.Replacer
}

// NewRedactor hides env's values too, as Redact hides the environment's;
// it reads the environment as it is now.
func NewRedactor(env map[string]string) Redactor {
	all := processEnv()
	maps.Copy(all, env)
	return Redactor{env: env, replacer: replacerFor(all)}
}

// Redact is the package's Redact with the Redactor's variables.
func (r Redactor) Redact(text string) string {
	if text == "" {
		return text
	}
	if r.replacer != nil {
		text = r.replacer.Replace(text)
	} else {
		text = envReplacer().Replace(text)
	}
	text = namedValue.ReplaceAllStringFunc(text, func(m string) string {
		sub := namedValue.FindStringSubmatch(m)
		name, value := sub[1]+sub[4], sub[3]+sub[6]
		v, ok := r.env[name]
		if !ok {
			v, ok = os.LookupEnv(name)
		}
		if !ok || v != value || value == "" {
			return m
		}
		return strings.Replace(m, value, "[redacted: environment variable "+name+"]", 1)
	})
	ms := secrets.Find(text)
	if len(ms) == 0 {
		return text
	}
	var b strings.Builder
	at := 0
	for _, m := range ms {
		if m.Start < at {
			continue
		}
		b.WriteString(text[at:m.Start])
		b.WriteString("[redacted: looks like " + article(strings.ReplaceAll(m.Kind, "-", " ")) + "]")
		at = m.End
	}
	b.WriteString(text[at:])
	return b.String()
}

// article puts "a" or "an" before a noun phrase.
func article(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}
