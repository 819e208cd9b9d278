package secrets

import "strings"

// A credential whose issuer gives it a fixed shape (AWS's AKIA key IDs,
// GitHub's ghp_ tokens, Slack's xoxb- tokens, a private-key block) is one
// by its shape alone. gitleaks, which scans code, lets some of them pass:
// AWS's documented example key AKIAIOSFODNN7EXAMPLE, a token whose body
// runs 1234567890abc…, a key block too short to be a real key. Where a
// model reads it, such a string is still a credential in the text, and a
// poisoned description's "example" key is the one an agent will use, so
// these shapes are reported whatever gitleaks thinks of their contents.
// A body that only repeats a character or two (ghp_xxxx…, AKIAXXXX…) is a
// placeholder and is not.

// shapes are the fixed shapes: each is a prefix and what must follow it.
var shapes = []struct {
	kind, prefix string
	// body is how many token characters (letters, digits, and the bytes
	// in extra) must follow the prefix: exactly n, or at least n when
	// atLeast is set.
	n       int
	atLeast bool
	extra   string
	// upper restricts the body to capitals and the digits 2-7 (AWS).
	upper bool
}{
	{kind: "aws-access-token", prefix: "AKIA", n: 16, upper: true},
	{kind: "aws-access-token", prefix: "ASIA", n: 16, upper: true},
	{kind: "github-pat", prefix: "ghp_", n: 36},
	{kind: "github-oauth", prefix: "gho_", n: 36},
	{kind: "github-app-token", prefix: "ghu_", n: 36},
	{kind: "github-app-token", prefix: "ghs_", n: 36},
	{kind: "github-refresh-token", prefix: "ghr_", n: 36},
	{kind: "github-fine-grained-pat", prefix: "github_pat_", n: 82, extra: "_"},
	{kind: "slack-bot-token", prefix: "xoxb-", n: 24, atLeast: true, extra: "-"},
	{kind: "slack-user-token", prefix: "xoxp-", n: 24, atLeast: true, extra: "-"},
	{kind: "openai-api-key", prefix: "sk-proj-", n: 20, atLeast: true, extra: "-_"},
}

// findShaped returns the secrets of text that have one of shapes, and the
// private-key blocks with a body.
func findShaped(text string) []Match {
	var out []Match
	for _, sh := range shapes {
		for from := 0; ; {
			k := strings.Index(text[from:], sh.prefix)
			if k < 0 {
				break
			}
			start := from + k
			from = start + len(sh.prefix)
			if start > 0 && tokenByte[text[start-1]] {
				continue // inside a longer token
			}
			end := from
			for end < len(text) && shapeByte(text[end], sh.extra, sh.upper) {
				end++
			}
			n := end - from
			if n < sh.n || !sh.atLeast && n != sh.n || end < len(text) && tokenByte[text[end]] && !strings.ContainsRune(".", rune(text[end])) {
				continue
			}
			if varied(text[from:end]) {
				out = append(out, Match{Kind: sh.kind, Start: start, End: end})
			}
		}
	}
	return append(out, findKeyBlocks(text)...)
}

// shapeByte reports whether c can be in a shape's body.
func shapeByte(c byte, extra string, upper bool) bool {
	if upper {
		return c >= 'A' && c <= 'Z' || c >= '2' && c <= '7'
	}
	return alnum[c] || strings.IndexByte(extra, c) >= 0
}

// varied reports whether body holds at least eight different bytes, which
// a placeholder (xxxx…, XXXX…, 0000…, abab…) does not.
func varied(body string) bool {
	var seen [256]bool
	n := 0
	for i := 0; i < len(body); i++ {
		if !seen[body[i]] {
			seen[body[i]] = true
			n++
		}
	}
	return n >= 8
}

// findKeyBlocks returns the private-key blocks of text whose body, between
// header and footer, is base64 with a run of sixteen characters or more
// that holds a digit, + or /: a mention of the header and footer ("paste
// the key that starts with -----BEGIN RSA PRIVATE KEY----- and ends with
// …") is none.
func findKeyBlocks(text string) []Match {
	var out []Match
	for from := 0; ; {
		k := strings.Index(text[from:], "-----BEGIN ")
		if k < 0 {
			return out
		}
		start := from + k
		from = start + len("-----BEGIN ")
		head := strings.Index(text[from:], "-----")
		if head < 0 || head > 40 || !strings.HasSuffix(text[from:from+head], "PRIVATE KEY") {
			continue
		}
		bodyStart := from + head + len("-----")
		foot := strings.Index(text[bodyStart:], "-----END ")
		if foot < 0 {
			continue
		}
		end := bodyStart + foot + len("-----END ")
		if close := strings.Index(text[end:], "-----"); close >= 0 && close <= 40 {
			end += close + len("-----")
		}
		if keyBody(text[bodyStart : bodyStart+foot]) {
			out = append(out, Match{Kind: "private-key", Start: start, End: end})
		}
		from = end
	}
}

// keyBody reports whether body is base64 lines with a run of sixteen
// characters or more holding a digit, + or /.
func keyBody(body string) bool {
	run, mixed, ok := 0, false, false
	for i := 0; i <= len(body); i++ {
		var c byte = '\n'
		if i < len(body) {
			c = body[i]
		}
		switch {
		case alnum[c] || c == '+' || c == '/' || c == '=':
			run++
			mixed = mixed || c >= '0' && c <= '9' || c == '+' || c == '/'
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			ok = ok || run >= 16 && mixed
			run, mixed = 0, false
		default:
			return false // prose between the lines
		}
	}
	return ok && varied(body)
}
