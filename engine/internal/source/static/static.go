// Package static reads a tool list saved to a file: a tools/list result
// ({"tools": [...]}, optionally with "instructions"), a bare array of tools,
// or a JSON-RPC response wrapping either. It keeps the file's bytes so that
// every issue can be placed at file:line:column (see Locator).
package static

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"unicode/utf8"

	"github.com/mcplint/mcplint/internal/inputfile"
	"github.com/mcplint/mcplint/sdk"
)

// Error is a file that is not a tool list: malformed JSON, or valid JSON
// of the wrong shape. Line and Column are 1-based and the column counts
// Unicode code points, as editors do; both are 0 when the problem is the
// file as a whole. It unwraps to the *json.SyntaxError or *sdk.ShapeError
// it describes, so errors.Is(err, sdk.ErrNotToolList) tells the two apart.
type Error struct {
	File   string
	Line   int
	Column int
	Msg    string
	err    error
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// Unwrap returns the decoding error the Error describes.
func (e *Error) Unwrap() error { return e.err }

// Load reads the tool list in the file at path. An unreadable file gives
// the *os.PathError, which names the path; one that is not a regular file
// or is over inputfile.DefaultMaxSize an *inputfile.Error; a file that is
// not a tool list an *Error.
func Load(path string) (*sdk.Snapshot, error) {
	data, err := inputfile.ReadFile(path, 0)
	if err != nil {
		return nil, err
	}
	return Decode(path, data)
}

// Decode reads a tool list from data, which came from file (used in
// locations and errors). Its Locator places pointers in data, which must
// not be modified afterwards: the Snapshot's strings, and those of its
// schemas, share data's bytes rather than copying them. Name and Input
// are left to the caller, which knows what the user named.
func Decode(file string, data []byte) (*sdk.Snapshot, error) {
	return decode(file, "", data)
}

// DecodeFile is Decode for data read from the regular file at path,
// except that a Snapshot of a large file does not keep data: its strings
// are copied, and its Locator reads the file again to place pointers,
// checking that it holds the same bytes (when it does not, it places
// none). A file whose bytes the rules read (sdk.Snapshot.Ambiguous) is
// kept, and shared by the strings when that is known before decoding.
// Copying the strings costs a fraction of the file, as much of a
// tool list is keys, indentation and the repeated objects the decoder
// shares; keeping the file through the whole lint cost all of it, at the
// moment the rules' listings of it are also live.
func DecodeFile(file, path string, data []byte) (*sdk.Snapshot, error) {
	if len(data) < rereadMin {
		path = ""
	}
	return decode(file, path, data)
}

// rereadMin is the size from which DecodeFile lets go of a file's bytes.
const rereadMin = parallelMin

// decode is Decode, or DecodeFile when path is not empty.
func decode(file, path string, data []byte) (*sdk.Snapshot, error) {
	// A file with bytes that are not UTF-8 is kept (see below), which is
	// known before decoding, so its strings need not be copied. One that
	// gives a key twice is kept too, but that is known only once decoded
	// (for a key of the root object, at its very end), and decoding again
	// without the copy would cost more than the copy saves.
	valid := utf8.Valid(data)
	snap, layout, list, dup, err := decodeSnapshot(data, path != "" && valid)
	if err != nil {
		return nil, describe(file, data, err)
	}
	l := &Locator{file: file, data: data, layout: layout, list: list}
	// Both are cheap to know here, and give rules a second look at the
	// bytes: a key given twice (the decoder noticed) and bytes that are
	// not UTF-8, which decoding silently made U+FFFD.
	if dup || !valid {
		snap.Ambiguous = data
	} else if path != "" {
		l.data, l.again = nil, &reread{path: path, size: len(data), seed: maphash.MakeSeed()}
		l.again.sum = maphash.Bytes(l.again.seed, data)
	}
	snap.Locator = l
	return snap, nil
}

// decodeSnapshot is sdk.DecodeSnapshot, with a large file decoded on
// every CPU, and any file by decodeAny rather than encoding/json when it
// can. encoding/json decodes what decodeAny gives up on, and words the
// error. list is where the large array decoded a piece at a time lies in
// data; nil when there was none. The strings share data's bytes unless
// copy is set.
//
// dup reports whether an object of the file may give a key twice: the
// parallel decoder gives up on those, decodeAny notes them, and a file
// encoding/json decodes is not known not to.
func decodeSnapshot(data []byte, copyStrings bool) (_ *sdk.Snapshot, _ sdk.Layout, list *listLayout, dup bool, _ error) {
	bom := bomLen(data)
	body := data[bom:]
	if doc, big, ok := decodeParallel(body, copyStrings); ok {
		snap, layout, err := sdk.SnapshotFromValue(doc)
		return snap, layout, big.layout(bom), big.dup, err
	}
	d := decoder{data: body, copyStrings: copyStrings}
	if doc, ok := d.document(body); ok {
		snap, layout, err := sdk.SnapshotFromValue(doc)
		return snap, layout, nil, d.dup, err
	}
	snap, layout, err := sdk.DecodeSnapshot(data)
	return snap, layout, nil, true, err
}

// describe turns a decoding error into an *Error placed in the file.
func describe(file string, data []byte, err error) error {
	var syn *json.SyntaxError
	var shape *sdk.ShapeError
	switch {
	case errors.As(err, &syn):
		start := bomLen(data)
		off, msg := int(syn.Offset)-1, syn.Error()
		if off < start {
			off = start
		}
		// The standard decoder says where but not what it wanted; our own
		// check of the same grammar says both. Should the two ever disagree,
		// the standard decoder's word stands.
		if se := checkSyntax(data[start:]); se != nil {
			off, msg = start+se.off, se.msg
		}
		loc := positions(data, []int{off})[0]
		return &Error{File: file, Line: loc.line, Column: loc.column, Msg: msg, err: err}
	case errors.As(err, &shape):
		e := &Error{File: file, Msg: shape.Error(), err: err}
		if shape.Pointer != "" {
			off := locate(data, []string{shape.Pointer}, span{})[0]
			loc := positions(data, []int{off})[0]
			e.Line, e.Column = loc.line, loc.column
		}
		return e
	}
	return &Error{File: file, Msg: err.Error(), err: err}
}

var utf8BOM = []byte("\xef\xbb\xbf")

// bomLen is the length of the byte order mark data starts with, which the
// decoder skips and editors do not show as a column.
func bomLen(data []byte) int {
	if bytes.HasPrefix(data, utf8BOM) {
		return len(utf8BOM)
	}
	return 0
}
