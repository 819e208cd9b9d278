package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf8"
)

// WriteJSON writes the version-1 JSON report. Characters a terminal would
// act on or hide (bidi controls, tags, zero-width characters, C1 controls)
// are written as \u escapes: the JSON still decodes to the exact text, but
// printing the report cannot replay the attack it describes.
func WriteJSON(w io.Writer, r *Report) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return err
	}
	_, err := w.Write(escapeJSON(buf.Bytes()))
	return err
}

func escapeJSON(b []byte) []byte {
	var out []byte
	last := 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if (r >= 0x80 && r <= 0x9f) || Hidden(r) {
			if out == nil {
				out = make([]byte, 0, len(b)+64)
			}
			out = append(out, b[last:i]...)
			if r > 0xFFFF {
				r -= 0x10000
				out = fmt.Appendf(out, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
			} else {
				out = fmt.Appendf(out, `\u%04x`, r)
			}
			last = i + size
		}
		i += size
	}
	if out == nil {
		return b
	}
	return append(out, b[last:]...)
}
