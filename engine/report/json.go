package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/engine/internal/jsonesc"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// WriteJSON writes the version-1 JSON report. Characters a terminal would
// act on or hide (bidi controls, tags, zero-width characters, C1 controls)
// are written as \u escapes: the JSON still decodes to the exact text, but
// printing the report cannot replay the attack it describes.
//
// The output is what encoding/json writes with two-space indentation, but
// built a value at a time: a report of a large server holds tens of
// thousands of issues, and indenting it as one buffer costs several times
// its size in memory.
func WriteJSON(w io.Writer, r *result.Report) error {
	return writeJSON(w, r, false)
}

// writeJSON is WriteJSON; with encodeAll it writes every issue through
// encoding/json instead of the appenders, the path they must match. It
// writes through the JSON Stream, so a streamed run writes the same bytes.
func writeJSON(w io.Writer, r *result.Report, encodeAll bool) error {
	s := newJSONStream(w, encodeAll)
	s.null = r.Targets == nil
	return WriteStream(s, r)
}

// jsonWriter writes indented JSON piece by piece. A value written at depth
// d is what encoding/json writes for it as part of a larger document where
// its first line is indented d times: the indentation of a value depends
// only on its own tokens and the depth it starts at.
type jsonWriter struct {
	out *bufio.Writer
	buf bytes.Buffer
	enc *json.Encoder
	// scratch holds the element an appender wrote last.
	scratch   []byte
	encodeAll bool
}

func newJSONWriter(w io.Writer) *jsonWriter {
	jw := &jsonWriter{out: bufio.NewWriterSize(w, 64<<10)}
	jw.enc = json.NewEncoder(&jw.buf)
	jw.enc.SetEscapeHTML(false)
	return jw
}

const indentUnit = "  "

// indents is enough indentation for any report; deeper values build theirs.
var indents = strings.Repeat(indentUnit, 16)

func indent(d int) string {
	if n := d * len(indentUnit); n <= len(indents) {
		return indents[:n]
	}
	return strings.Repeat(indentUnit, d)
}

// encode returns v indented at depth d, without the final newline. The
// bytes are valid until the next call.
func (jw *jsonWriter) encode(v any, d int) ([]byte, error) {
	jw.buf.Reset()
	jw.enc.SetIndent(indent(d), indentUnit)
	if err := jw.enc.Encode(v); err != nil {
		return nil, err
	}
	b := jw.buf.Bytes()
	return b[:len(b)-1], nil
}

// write writes a piece of JSON text, splitting at token boundaries only, so
// escaping piece by piece escapes exactly what escaping the whole would.
func (jw *jsonWriter) write(b []byte) {
	jw.out.Write(escapeJSON(b))
}

// withHoles writes the object v at depth d, where each member named in
// holes is null in v and is written by its function instead: the large
// lists are streamed, the rest is encoded in one go. A member line of v is
// the only place a newline followed by d+1 indents and a key can occur,
// since strings hold no raw newline. before holds the same for members
// that v leaves out (omitempty): each function writes its member whole,
// with its comma, at the start of the line of the member named by its key.
func (jw *jsonWriter) withHoles(v any, d int, holes, before map[string]func(int) error) error {
	b, err := jw.encode(v, d)
	if err != nil {
		return err
	}
	type hole struct {
		at, skip int // where the fill goes, and how many bytes it replaces
		fill     func(int) error
	}
	var at []hole
	for key, fill := range holes {
		mark := "\n" + indent(d+1) + `"` + key + `": null`
		i := bytes.Index(b, []byte(mark))
		if i < 0 {
			return fmt.Errorf("writing the JSON report: member %q is missing from its object", key)
		}
		at = append(at, hole{i + len(mark) - len("null"), len("null"), fill})
	}
	for key, fill := range before {
		i := bytes.Index(b, []byte("\n"+indent(d+1)+`"`+key+`": `))
		if i < 0 {
			return fmt.Errorf("writing the JSON report: member %q is missing from its object", key)
		}
		at = append(at, hole{i, 0, fill})
	}
	slices.SortFunc(at, func(x, y hole) int { return x.at - y.at })
	// The filled members encode into the same buffer, so keep the rest.
	b = bytes.Clone(b)
	last := 0
	for _, h := range at {
		jw.write(b[last:h.at])
		if err := h.fill(d + 1); err != nil {
			return err
		}
		last = h.at + h.skip
	}
	jw.write(b[last:])
	return nil
}

// writeList writes list as the value of a member at depth d, element i
// by elem(i, d+1).
func writeList[T any](jw *jsonWriter, list []T, d int, elem func(i, d int) error) error {
	switch {
	case list == nil:
		jw.out.WriteString("null")
		return nil
	case len(list) == 0:
		jw.out.WriteString("[]")
		return nil
	}
	jw.out.WriteByte('[')
	in := "\n" + indent(d+1)
	for i := range list {
		if i > 0 {
			jw.out.WriteByte(',')
		}
		jw.out.WriteString(in)
		if err := elem(i, d+1); err != nil {
			return err
		}
	}
	jw.out.WriteString("\n" + indent(d) + "]")
	return nil
}

// parallelMin is the length from which a list's elements are encoded on
// every CPU.
const parallelMin = 1000

// appender appends an element at depth d, already escaped; ok is false
// when only encoding/json can write it.
type appender[T any] func(b []byte, v *T, d int) (_ []byte, ok bool)

// element writes v at depth d with app, or with encoding/json when app is
// nil or declines.
func element[T any](jw *jsonWriter, v *T, d int, app appender[T]) error {
	if app != nil {
		if b, ok := app(jw.scratch[:0], v, d); ok {
			jw.scratch = b
			jw.out.Write(b)
			return nil
		}
	}
	b, err := jw.encode(*v, d)
	if err != nil {
		return err
	}
	jw.write(b)
	return nil
}

// writeEncoded writes list as the value of a member at depth d, each
// element written whole by element.
func writeEncoded[T any](jw *jsonWriter, list []T, d int, app appender[T]) error {
	switch {
	case list == nil:
		jw.out.WriteString("null")
		return nil
	case len(list) == 0:
		jw.out.WriteString("[]")
		return nil
	}
	jw.out.WriteByte('[')
	if err := writeElements(jw, list, d, app, true); err != nil {
		return err
	}
	jw.out.WriteString("\n" + indent(d) + "]")
	return nil
}

// writeElements writes the elements of list, of a list that is the value
// of a member at depth d, each on its own line after a comma unless it is
// the first of the whole list (first, for list[0]). A long list is written
// on every CPU, in rounds of a batch per CPU written in order, so the
// memory held stays small; while one round is written out, the next is
// being encoded.
func writeElements[T any](jw *jsonWriter, list []T, d int, app appender[T], first bool) error {
	in := "\n" + indent(d+1)
	comma := func(w *jsonWriter, i int) {
		if i > 0 || !first {
			w.out.WriteByte(',')
		}
		w.out.WriteString(in)
	}
	n := runtime.GOMAXPROCS(0)
	if len(list) < parallelMin || n == 1 {
		for i := range list {
			comma(jw, i)
			if err := element(jw, &list[i], d+1, app); err != nil {
				return err
			}
		}
		return nil
	}
	const batch = 256
	type worker struct {
		text bytes.Buffer
		w    *jsonWriter
		err  error
	}
	// Two sets of workers: one encodes a round while the other's text is
	// written.
	var sets [2][]worker
	for s := range sets {
		sets[s] = make([]worker, n)
		for k := range sets[s] {
			sets[s][k].w = newJSONWriter(&sets[s][k].text)
		}
	}
	encode := func(workers []worker, round int) *sync.WaitGroup {
		var wg sync.WaitGroup
		for k := range workers {
			wk := &workers[k]
			wk.text.Reset()
			lo := min(round+k*batch, len(list))
			hi := min(lo+batch, len(list))
			wg.Go(func() {
				for i := lo; i < hi; i++ {
					comma(wk.w, i)
					if err := element(wk.w, &list[i], d+1, app); err != nil {
						wk.err = err
						return
					}
				}
				wk.err = wk.w.out.Flush()
			})
		}
		return &wg
	}
	step := n * batch
	pending := encode(sets[0], 0)
	for round, s := 0, 0; round < len(list); round, s = round+step, 1-s {
		pending.Wait()
		if next := round + step; next < len(list) {
			pending = encode(sets[1-s], next)
		}
		for k := range sets[s] {
			if err := sets[s][k].err; err != nil {
				// Let the round being encoded finish before its workers'
				// list goes away with this call.
				pending.Wait()
				return err
			}
			jw.out.Write(sets[s][k].text.Bytes())
		}
	}
	return nil
}

func (jw *jsonWriter) target(t *result.Target, d int) error {
	if t == nil {
		jw.out.WriteString("null")
		return nil
	}
	skeleton := *t
	skeleton.Issues, skeleton.Suppressed = nil, nil
	issue, suppressed := appender[sdk.Issue](appendIssue), appender[result.Suppressed](appendSuppressed)
	if jw.encodeAll {
		issue, suppressed = nil, nil
	}
	holes := map[string]func(int) error{
		"issues":     func(d int) error { return writeEncoded(jw, t.Issues, d, issue) },
		"suppressed": func(d int) error { return writeEncoded(jw, t.Suppressed, d, suppressed) },
	}
	// The tools' labels, one element for each tool that has one, are left
	// out when there are none (omitempty), so they cannot be a null hole:
	// a list of them is written before the member that follows it.
	var before map[string]func(int) error
	if len(t.Tools) > 0 && !jw.encodeAll {
		skeleton.Tools = nil
		before = map[string]func(int) error{"score": func(d int) error {
			jw.out.WriteString("\n" + indent(d) + `"tools": `)
			if err := writeEncoded(jw, t.Tools, d, appendToolCapabilities); err != nil {
				return err
			}
			jw.out.WriteByte(',')
			return nil
		}}
	}
	return jw.withHoles(&skeleton, d, holes, before)
}

// EscapeJSON writes the characters a terminal would act on or hide
// (C1 controls, bidi controls, tags, zero-width characters) in JSON text as
// \u escapes, as WriteJSON does, for other JSON writers (mcplint diff's).
// JSON text holds such characters only inside strings, so the result
// decodes to the same values.
func EscapeJSON(b []byte) []byte { return escapeJSON(b) }

func escapeJSON(b []byte) []byte {
	return jsonesc.EscapeRunes(b, func(r rune) bool { return (r >= 0x80 && r <= 0x9f) || Hidden(r) })
}
