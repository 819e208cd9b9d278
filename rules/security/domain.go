package security

// genericWords are words of a match that say nothing of a tool's domain:
// verbs of moving data, pronouns, articles, the words of "tool" and
// "user". A match whose other words belong to the tool's own vocabulary
// describes the tool's job ("an analytics tool sends events to
// analytics") and is not reported.
var genericWords = map[string]bool{
	"send": true, "sends": true, "sent": true, "forward": true, "forwards": true, "upload": true, "uploads": true,
	"transmit": true, "transmits": true, "share": true, "shares": true, "shared": true, "copy": true, "copies": true,
	"post": true, "posts": true, "report": true, "reports": true, "sync": true, "syncs": true, "also": true,
	"additionally": true, "automatically": true, "with": true, "into": true, "onto": true, "from": true,
	"this": true, "that": true, "these": true, "those": true, "your": true, "their": true, "user": true, "users": true,
	"tool": true, "tools": true, "data": true, "every": true, "each": true, "some": true, "them": true, "then": true,
	"include": true, "includes": true, "pass": true, "passes": true, "call": true, "calls": true, "using": true,
	"message": true, "messages": true, "information": true, "details": true, "request": true, "requests": true,
	"https": true, "http": true, "name": true, "value": true, "values": true, "result": true, "results": true,
	"default": true, "before": true, "after": true, "first": true, "always": true, "other": true, "file": true,
	"files": true, "parameter": true, "content": true, "contents": true, "query": true, "text": true,
}

// outsideDomain drops the matches whose content words are the tool's own
// subject: a word of four letters or more, not generic, that is also a
// word of the tool's name, title or parameters.
func outsideDomain(w *words, ms []match, domain map[string]bool) []match {
	if len(domain) == 0 {
		return ms
	}
	out := ms[:0]
	for _, m := range ms {
		own := false
		for k := m.start; k < m.end && !own; k++ {
			word := w.lowerWord(k)
			own = len(word) >= 4 && !genericWords[word] && domain[word]
		}
		if !own {
			out = append(out, m)
		}
	}
	return out
}

// hasAny reports whether the domain holds one of the words.
func hasAny(domain map[string]bool, words []string) bool {
	for _, w := range words {
		if domain[w] {
			return true
		}
	}
	return false
}
