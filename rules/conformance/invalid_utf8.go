package conformance

import (
	"bytes"
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/mcplint/mcplint/sdk"
)

// invalidUTF8 reports stdout lines that are not valid UTF-8.
type invalidUTF8 struct{}

func (invalidUTF8) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "invalid-utf8", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "Everything the server writes to stdout is valid UTF-8",
		Doc:     doc("invalid-utf8"),
		Source:  "2025-11-25/basic/transports.mdx#stdio",
		Uses:    []string{parsedSession.Name},
	}
}

func (invalidUTF8) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	if s.Ambiguous != nil && !utf8.Valid(s.Ambiguous) {
		// A static file: decoding made each bad byte U+FFFD, so what a
		// model reads depends on the reader. One issue per string.
		prefix := ""
		if bytes.Contains(s.Ambiguous, []byte(`"result"`)) {
			prefix = "/result"
		}
		n := 0
		walkJSON(s.Ambiguous, func(t token) bool {
			if utf8.Valid(t.raw) {
				return true
			}
			p, _ := cutPointer(t.pointer(), prefix)
			what := "a string"
			if t.isKey {
				what = fmt.Sprintf("the key %q", t.key)
			}
			report(sdk.Issue{Tool: ownerOf(s, p), Pointer: p,
				Message: what + " holds bytes that are not UTF-8; readers replace them with U+FFFD or refuse the file, so what a model reads depends on the reader",
				Fix:     "save the file as UTF-8; binary data goes in base64 strings"})
			n++
			return n < maxDuplicateKeys
		})
	}
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, m := range fromServer(ss) {
		if utf8.Valid(m.Bytes) {
			continue
		}
		off := 0
		for off < len(m.Bytes) {
			r, size := utf8.DecodeRune(m.Bytes[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		at(report, m.Index, fmt.Sprintf("stdout line has a byte that is not UTF-8 (0x%02x at byte %d)", m.Bytes[off], off),
			"encode every message as UTF-8; binary data goes in base64 strings (e.g. an image's \"data\")")
	}
	return nil
}
