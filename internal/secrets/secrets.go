// Package secrets finds credentials in text: API keys, tokens, private-key
// blocks, passwords in connection strings and KEY=value assignments. The
// lint rules use it to report secrets in what a model reads, and the engine
// to redact what it records of a server's answers.
//
// The rule set is gitleaks' (its default configuration, about 220 rules
// with keywords, entropy thresholds and allowlists, kept up to date by that
// project), read through its config package. Two kinds gitleaks leaves to
// context are added: a password in a URL's user part and a literal value
// assigned to an environment-style name such as DB_PASSWORD.
//
// Find is cheap on text with no secret: it searches only around runs of
// token characters dense enough to be a secret (twelve letters and digits
// in a row with both, or twenty with both cases), around "-----BEGIN", and
// around "://", "Bearer" and a capitalized secret name followed by = or :,
// so prose costs a pass or two over its bytes.
package secrets

import (
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Match is one secret: Kind names what it is ("github-pat",
// "aws-access-token", "private-key", "url-password", "secret-assignment",
// and the other gitleaks rule ids), and [Start, End) are the bytes of the
// secret itself in the text searched, not of its name or its quotes.
type Match struct {
	Kind       string
	Start, End int
}

// Find returns the secrets in text, in order, without overlaps.
func Find(text string) []Match { return FindNamed(text, true, true, true) }

// FindNamed is Find for a caller that has already read every byte of
// text. candidate says whether text holds a run of twelve or more ASCII
// letters and digits or a private key's "-----BEGIN": every secret of
// gitleaks' rules holds one or the other (see hasCandidate). url says
// whether it holds a "://". named says whether SecretNameAt said yes at
// one of its = and : signs. Each may be true of a text without what it
// stands for; it must not be false of a text with it. What they rule out
// is not searched for.
func FindNamed(text string, candidate, url, named bool) []Match {
	var out []Match
	if candidate && hasCandidate(text) {
		out = append(out, findLeaks(text)...)
		// A bearer token worth reporting is itself a candidate.
		if containsBearer(text) {
			out = append(out, findBearers(text)...)
		}
	}
	if url && hasURLPassword(text) {
		out = append(out, findURLPasswords(text)...)
	}
	if named && hasSecretName(text) {
		out = append(out, findAssignments(text)...)
	}
	return dedupe(out)
}

// dedupe sorts matches and drops those that overlap an earlier one.
func dedupe(ms []Match) []Match {
	if len(ms) < 2 {
		return ms
	}
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].Start != ms[j].Start {
			return ms[i].Start < ms[j].Start
		}
		if ms[i].End != ms[j].End {
			return ms[i].End > ms[j].End
		}
		return rank(ms[i].Kind) < rank(ms[j].Kind)
	})
	out := ms[:1]
	for _, m := range ms[1:] {
		if last := out[len(out)-1]; m.Start < last.End {
			continue
		}
		out = append(out, m)
	}
	return out
}

// rank orders the kinds that find one secret alike: an issuer's own rule
// names it best, gitleaks' generic rule worst.
func rank(kind string) int {
	switch kind {
	case "generic-api-key":
		return 2
	case "url-password", "secret-assignment", "bearer-token":
		return 1
	}
	return 0
}

// Redact returns text with every secret Find reports masked as Mask masks
// it.
func Redact(text string) string {
	ms := Find(text)
	if len(ms) == 0 {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	at := 0
	for _, m := range ms {
		b.WriteString(text[at:m.Start])
		b.WriteString(Mask(text[m.Start:m.End]))
		at = m.End
	}
	b.WriteString(text[at:])
	return b.String()
}

// Mask hides a secret: a long one keeps its first four characters, which
// for most keys are the issuer's prefix ("ghp_", "AKIA", "xoxb") and tell a
// reader which credential to rotate; a short one keeps nothing.
func Mask(secret string) string {
	keep := 0
	if len(secret) >= 16 {
		keep = 4
	}
	return secret[:keep] + "****"
}

// Excerpt returns up to width bytes of text around m, with the secret
// masked, for a message that has to show where a secret is.
func Excerpt(text string, m Match, width int) string {
	lo := max(0, m.Start-width/2)
	hi := min(len(text), m.End+width/2)
	for lo > 0 && lo < m.Start && !isBoundary(text[lo-1]) {
		lo++
	}
	for hi < len(text) && hi > m.End && !isBoundary(text[hi]) {
		hi--
	}
	before := text[lo:m.Start]
	if i := strings.LastIndexByte(before, '\n'); i >= 0 {
		before = before[i+1:]
	}
	after := text[m.End:hi]
	if i := strings.IndexByte(after, '\n'); i >= 0 {
		after = after[:i]
	}
	// Another secret nearby is masked too.
	return Redact(before) + Mask(text[m.Start:m.End]) + Redact(after)
}

// lazyRegexp compiles expr on first use: compiling the expressions below
// takes some 60 million instructions, and most runs meet no text that
// needs them.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

func isBoundary(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }

// tokenByte is true for the bytes secrets are made of.
var tokenByte = func() (t [256]bool) {
	for c := range 256 {
		b := byte(c)
		t[c] = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("_-+/=.", b) >= 0
	}
	return t
}()

// hasCandidate reports whether text holds something gitleaks' rules could
// match: a private-key header, or a run of token bytes holding a dense
// part, twelve letters and digits in a row with both, or twenty with both
// cases. Every default rule's secret but a few short ones has such a part;
// prose and identifiers (snake_case names, "v2-endpoint") rarely do.
func hasCandidate(text string) bool {
	return nextCandidate(text, 0) >= 0 || strings.Contains(text, "-----BEGIN")
}

// nextCandidate returns the start of the first run of token bytes at or
// after from that holds a dense part, or -1. It reads the twelfth byte
// ahead first and, when that one or one before it is not a letter or a
// digit, jumps past it: words shorter than twelve, nearly all of prose,
// cost a few reads each.
func nextCandidate(text string, from int) int {
	for i := from; i+12 <= len(text); {
		k := i + 11
		for k >= i && alnum[text[k]] {
			k--
		}
		if k >= i {
			i = k + 1
			continue
		}
		j := i + 12
		for j < len(text) && alnum[text[j]] {
			j++
		}
		if dense(text[i:j]) {
			start := i
			for start > from && tokenByte[text[start-1]] {
				start--
			}
			return start
		}
		i = j
	}
	return -1
}

// dense reports whether a run of letters and digits could be a secret:
// twelve or more with a digit and a letter, or twenty with both cases.
func dense(part string) bool {
	digit, lower, upper := false, false, false
	for i := 0; i < len(part); i++ {
		switch c := part[i]; {
		case c <= '9':
			digit = true
		case c >= 'a':
			lower = true
		default:
			upper = true
		}
	}
	return digit && (lower || upper) || len(part) >= 20 && lower && upper
}

// alnum is true for ASCII letters and digits.
var alnum = func() (t [256]bool) {
	for c := range 256 {
		t[c] = isAlnum(byte(c))
	}
	return t
}()

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// urlPassword is a URL's user:password@ part. The scheme and host are
// kept loose: postgres://, mongodb+srv://, amqps://, redis://, https://.
var urlPassword = lazyRegexp(`(?i)\b[a-z][a-z0-9+.-]{1,20}://([^\s:/@'"\x60<>{}]{1,64}):([^\s@/'"\x60]{1,128})@[a-z0-9\[]`)

// placeholder matches values that stand for a secret rather than being
// one: <password>, ${DB_PASS}, {{token}}, xxxx, ****, your_password.
var placeholder = lazyRegexp(`(?i)^(?:<[^>]*>|\[[^\]]*\]|\{+[^}]*\}+|\$\{?[\w.-]+\}?|%[\w.-]+%|x{3,}|\*{3,}|\.{3,}|…|your[-_ ]?\w*|my[-_]?(?:pass\w*|secret\w*|key|token)|\w*[-_]?(?:password|passwd|pass|pwd|secret|token|key)(?:[-_]?here)?|changeme|example\w*|sample\w*|placeholder\w*|redacted|dummy\w*|test|none|null|true|false|undefined|empty|string)$`)

// hasURLPassword reports whether text can hold a match of urlPassword,
// before the expression runs, which costs far more than this on the many
// descriptions that hold a URL: after some "://", the first whitespace,
// slash, quotation mark or @ is an @, within the user part's and the
// password's lengths, and a colon comes before it.
func hasURLPassword(text string) bool {
	for from := 0; ; {
		k := strings.Index(text[from:], "://")
		if k < 0 {
			return false
		}
		from += k + 3
		colon := false
	scan:
		for j := from; j < len(text) && j <= from+64+1+128; j++ {
			switch text[j] {
			case '@':
				if colon {
					return true
				}
				break scan
			case ':':
				colon = true
			case ' ', '\t', '\n', '\f', '\r', '/', '\'', '"', '`':
				break scan
			}
		}
	}
}

func findURLPasswords(text string) []Match {
	var out []Match
	for _, m := range urlPassword().FindAllStringSubmatchIndex(text, -1) {
		user, pass := text[m[2]:m[3]], text[m[4]:m[5]]
		if placeholder().MatchString(pass) || placeholder().MatchString(user) && len(pass) < 6 {
			continue
		}
		out = append(out, Match{Kind: "url-password", Start: m[4], End: m[5]})
	}
	return out
}

// assignment is NAME=value or NAME: value where NAME is an
// environment-style name of a secret (DB_PASSWORD, OPENAI_API_KEY,
// GITHUB_TOKEN, CLIENT_SECRET).
var assignment = lazyRegexp(`\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_?(?:API_?KEY|SECRET(?:_KEY)?|TOKEN|PASSWORD|PASSWD|PASS|PWD|ACCESS_?KEY|PRIVATE_?KEY|AUTH)|PASSWORD|SECRET|TOKEN)\s*(?:=|:)\s*["']?([^\s"'\x60,;)(\]\[]{6,256})`)

// secretNameParts are what an environment-style secret name holds.
var secretNameParts = []string{"KEY", "TOKEN", "SECRET", "PASS", "PWD", "AUTH"}

// hasSecretName reports whether text has an = or a : after a secret name
// (see SecretNameAt). It looks only behind the = and : signs, which prose
// has few of.
func hasSecretName(text string) bool {
	for _, sign := range []byte{'=', ':'} {
		for from := 0; ; {
			k := strings.IndexByte(text[from:], sign)
			if k < 0 {
				break
			}
			at := from + k
			from = at + 1
			if SecretNameAt(text, at) {
				return true
			}
		}
	}
	return false
}

// SecretNameAt reports whether the = or : at text[at] follows, past
// spaces and quotation marks, a run of capitals, digits and underscores,
// at least three long, that holds a secretNameParts word, as the
// assignment expression needs. A caller that reads every byte of a text
// (see FindNamed) asks it at each = and : it meets.
func SecretNameAt(text string, at int) bool {
	end := at
	for end > 0 && (text[end-1] == ' ' || text[end-1] == '"' || text[end-1] == '\'') {
		end--
	}
	start := end
	for start > 0 && (isUpper(text[start-1]) || text[start-1] == '_' || text[start-1] >= '0' && text[start-1] <= '9') {
		start--
	}
	if end-start < 3 {
		return false
	}
	for _, p := range secretNameParts {
		if strings.Contains(text[start:end], p) {
			return true
		}
	}
	return false
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

func findAssignments(text string) []Match {
	var out []Match
	for _, m := range assignment().FindAllStringSubmatchIndex(text, -1) {
		value := strings.TrimRight(text[m[4]:m[5]], ".")
		if placeholder().MatchString(value) || !literal(value) {
			continue
		}
		out = append(out, Match{Kind: "secret-assignment", Start: m[4], End: m[4] + len(value)})
	}
	return out
}

// literal reports whether a value reads as a literal credential rather
// than a reference to one, a type or a word: it has a digit or a symbol,
// or mixes cases, and is not a path or a variable.
func literal(v string) bool {
	if strings.HasPrefix(v, "$") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, "process.env") || strings.HasPrefix(v, "os.environ") {
		return false
	}
	digit, lower, upper, symbol := false, false, false, false
	same := true
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z':
			upper = true
		default:
			symbol = true
		}
		same = same && v[i] == v[0]
	}
	return !same && (digit || symbol || lower && upper)
}

// bearer is an HTTP bearer credential: "Authorization: Bearer <token>".
var bearer = lazyRegexp(`(?i)\bbearer\s+([a-z0-9\-_.~+/]{20,}=*)`)

// containsBearer reports whether text has the word bearer in any case;
// the search is for "earer", which prose almost never holds otherwise.
func containsBearer(text string) bool {
	for from := 0; ; {
		k := strings.Index(text[from:], "earer")
		if k < 0 {
			k = strings.Index(text[from:], "EARER")
			if k < 0 {
				return false
			}
		}
		at := from + k
		if at > 0 && (text[at-1] == 'b' || text[at-1] == 'B') {
			return true
		}
		from = at + 1
	}
}

func findBearers(text string) []Match {
	var out []Match
	for _, m := range bearer().FindAllStringSubmatchIndex(text, -1) {
		token := text[m[2]:m[3]]
		if placeholder().MatchString(token) || !literal(token) || entropy(token) < 3.5 {
			continue
		}
		out = append(out, Match{Kind: "bearer-token", Start: m[2], End: m[3]})
	}
	return out
}
