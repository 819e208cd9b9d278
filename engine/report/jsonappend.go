package report

import (
	"strconv"
	"unicode/utf8"

	"github.com/mcplint/mcplint/engine/internal/jsonesc"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// The appenders below write an issue element directly, in one pass: the
// same bytes as encoding/json with SetEscapeHTML(false) and two-space
// indentation followed by escapeJSON, without reflection or a second pass
// to indent. A report of a large server is mostly issues, so this is where
// writing it spends its time. They know the fields of sdk.Issue and
// Suppressed; TestAppendersKnowEveryField fails when a field is added.

// appendIssue appends is as an element at depth d. ok is false when is
// holds a value only encoding/json knows how to write (or refuse): a
// severity out of range.
func appendIssue(b []byte, is *sdk.Issue, d int) (_ []byte, ok bool) {
	sev, ok := severityName(is.Severity)
	if !ok {
		return b, false
	}
	b = append(b, '{')
	b = appendIssueMembers(b, is, sev, d+1)
	return appendClose(b, d, '}'), true
}

// appendSuppressed appends s as an element at depth d; see appendIssue.
func appendSuppressed(b []byte, s *result.Suppressed, d int) (_ []byte, ok bool) {
	sev, ok := severityName(s.Severity)
	if !ok {
		return b, false
	}
	b = append(b, '{')
	b = appendIssueMembers(b, &s.Issue, sev, d+1)
	b = appendKey(b, d+1, "by")
	b = appendString(b, s.By)
	b = appendKey(b, d+1, "reason")
	b = appendString(b, s.Reason)
	return appendClose(b, d, '}'), true
}

// appendToolCapabilities appends tc as an element at depth d; see
// appendIssue.
func appendToolCapabilities(b []byte, tc *result.ToolCapabilities, d int) (_ []byte, ok bool) {
	b = append(b, '{')
	b = appendNewline(b, d+1)
	b = append(b, `"name": `...)
	b = appendString(b, tc.Name)
	b = appendKey(b, d+1, "capabilities")
	switch {
	case tc.Capabilities == nil:
		b = append(b, "null"...)
	case len(tc.Capabilities) == 0:
		b = append(b, "[]"...)
	default:
		b = append(b, '[')
		for i, c := range tc.Capabilities {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendNewline(b, d+2)
			b = append(b, '{')
			b = appendNewline(b, d+3)
			b = append(b, `"label": `...)
			b = appendString(b, c.Label)
			b = appendKey(b, d+3, "evidence")
			b = appendList(b, c.Evidence, d+3, func(b []byte, s *string, _ int) []byte { return appendString(b, *s) })
			b = appendClose(b, d+2, '}')
		}
		b = appendClose(b, d+1, ']')
	}
	return appendClose(b, d, '}'), true
}

// appendIssueMembers appends the members of is at depth d, the first
// without a leading comma: the embedded Issue opens Suppressed too.
func appendIssueMembers(b []byte, is *sdk.Issue, sev string, d int) []byte {
	b = appendNewline(b, d)
	b = append(b, `"rule": `...)
	b = appendString(b, is.Rule)
	b = appendKey(b, d, "category")
	b = appendString(b, is.Category)
	if is.OWASP != "" {
		b = appendKey(b, d, "owasp")
		b = appendString(b, is.OWASP)
	}
	if is.CWE != "" {
		b = appendKey(b, d, "cwe")
		b = appendString(b, is.CWE)
	}
	b = appendKey(b, d, "severity")
	b = appendString(b, sev)
	b = appendKey(b, d, "tool")
	b = appendString(b, is.Tool)
	b = appendKey(b, d, "pointer")
	b = appendString(b, is.Pointer)
	b = appendKey(b, d, "message")
	b = appendString(b, is.Message)
	b = appendKey(b, d, "fix")
	b = appendString(b, is.Fix)
	if l := is.Location; l != nil {
		b = appendKey(b, d, "location")
		b = append(b, '{')
		b = appendNewline(b, d+1)
		b = append(b, `"file": `...)
		b = appendString(b, l.File)
		b = appendKey(b, d+1, "line")
		b = strconv.AppendInt(b, int64(l.Line), 10)
		b = appendKey(b, d+1, "column")
		b = strconv.AppendInt(b, int64(l.Column), 10)
		b = appendClose(b, d, '}')
	}
	if is.Count != 0 {
		b = appendKey(b, d, "count")
		b = strconv.AppendInt(b, int64(is.Count), 10)
	}
	return b
}

// severityName is the text sdk.Severity.MarshalText writes for s; ok is
// false for the values it refuses or writes as "unset".
func severityName(s sdk.Severity) (_ string, ok bool) {
	if s < sdk.Info || s > sdk.Error {
		return "", false
	}
	return s.String(), true
}

func appendNewline(b []byte, d int) []byte {
	b = append(b, '\n')
	return append(b, indent(d)...)
}

// appendKey starts a member that follows another, at depth d.
func appendKey(b []byte, d int, key string) []byte {
	b = append(b, ',')
	b = appendNewline(b, d)
	b = append(b, '"')
	b = append(b, key...)
	return append(b, `": `...)
}

// appendClose ends an object or array whose first line is at depth d.
func appendClose(b []byte, d int, c byte) []byte {
	b = appendNewline(b, d)
	return append(b, c)
}

// plainByte holds the bytes a JSON string carries as they are: printable
// ASCII other than the quote and the backslash. One load per byte keeps
// the scan of mostly plain text short.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendString appends s quoted as encoding/json writes it without HTML
// escaping (control characters escaped, invalid UTF-8 as \ufffd, U+2028
// and U+2029 escaped) and then escapeJSON: C1 controls and Hidden
// characters as \u escapes.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if plainByte[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			b = jsonesc.AppendASCII(b, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r <= 0x9f || r == '\u2028' || r == '\u2029' || Hidden(r):
			b = append(b, s[start:i]...)
			b = jsonesc.AppendRune(b, r)
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
