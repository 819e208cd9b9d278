package static

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzDecode checks that no input makes Decode panic, that every value of
// every tool it reads is placed where a plain token reading places it, and
// that every error it reports is placed inside the file.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "errors", "*.json"))
	for _, path := range files {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		pretty,
		`[{"name":"a","inputSchema":{"type":"object","properties":{"a/b":{},"~":{"enum":[1,2]}}}}]`,
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"日本","description":"👍🏽 e` + "\u0301" + `"}],"instructions":"x"}}`,
		"{\"tools\":[{\"name\":\"a\",\"name\":{\"x\":1},\"\\u0061\":[]}]}\r\n",
		"\xef\xbb\xbf[{\"k\\\"ey\":\"v\\\\\"}]",
		`{"tools":[{"name":"a"}],"_meta":{"mcplint/capability-gated-tools-v1":[{"capabilities":["roots"],"tools":[{"name":"b","inputSchema":{"type":"object"}}]}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if msg := syntaxAgreement(data); msg != "" {
			t.Fatal(msg)
		}
		snap, err := Decode("f.json", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %T %v, want an *Error", err, err)
			}
			if e.Line != 0 && !newLineTable(data).inside(e.Line, e.Column) {
				t.Fatalf("%v: the position is outside the file", err)
			}
			return
		}
		checkAgainstReference(t, snap, data)
		lines := newLineTable(data)
		for p, loc := range snap.Locator.Locate(allPointers(snap)) {
			if !lines.inside(loc.Line, loc.Column) {
				t.Fatalf("%q placed at %d:%d, outside the file", p, loc.Line, loc.Column)
			}
		}
	})
}

// syntaxAgreement says how checkSyntax and encoding/json disagree about
// data, or "" when they agree on whether and where it is malformed.
func syntaxAgreement(data []byte) string {
	data = bytes.TrimPrefix(data, utf8BOM)
	se := checkSyntax(data)
	var v any
	err := json.Unmarshal(data, &v)
	var syn *json.SyntaxError
	switch {
	case err == nil && se != nil:
		return fmt.Sprintf("the check reports %q at %d in valid JSON", se.msg, se.off)
	case errors.As(err, &syn) && se == nil:
		return fmt.Sprintf("the check passes JSON that encoding/json rejects: %v", err)
	case errors.As(err, &syn) && se.off != min(int(syn.Offset), len(data)) && se.off+1 != int(syn.Offset):
		return fmt.Sprintf("the check stops at %d (%s), encoding/json after %d (%v)", se.off, se.msg, syn.Offset, err)
	}
	return ""
}

// lineTable holds the length in code points of each line of a file, so
// that telling whether a position is in the file is one look-up: splitting
// the file again for each of thousands of located values made a long
// fuzz input quadratic.
type lineTable []int

func newLineTable(data []byte) lineTable {
	lines := bytes.Split(bytes.TrimPrefix(data, utf8BOM), []byte("\n"))
	t := make(lineTable, len(lines))
	for i, l := range lines {
		t[i] = utf8.RuneCount(l)
	}
	return t
}

// inside tells whether line:column is a position in the file, the end of
// a line included.
func (t lineTable) inside(line, column int) bool {
	if line < 1 || line > len(t) {
		return false
	}
	return column >= 1 && column <= t[line-1]+1
}
