package report

import (
	"bytes"
	"encoding/json"
	"io"
)

// writeSafeJSON writes v as indented JSON with the characters a terminal
// would act on or hide written as \u escapes (see escapeJSON): the text
// decodes exactly, but printing the file replays no attack.
func writeSafeJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(escapeJSON(buf.Bytes()))
	return err
}
