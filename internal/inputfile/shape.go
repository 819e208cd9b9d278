package inputfile

import (
	"fmt"

	"github.com/mcplint/mcplint/internal/plural"
)

// Shape bounds a document's structure before it is decoded: a decoder
// that recurses (BurntSushi/toml does) or builds a value per element
// (encoding/json into maps) spends stack and memory in proportion to
// nesting and element count, not to the file's size alone, so a small
// file of "[[[[…" or of a million keys can exhaust either. Both scans
// below are one pass over the bytes with constant memory.
type Shape struct {
	// Depth is the deepest nesting allowed: arrays, objects, inline
	// tables and, in TOML, the parts of a dotted key or table header.
	Depth int
	// Elements caps the values, keys and array items in all.
	Elements int
	// What names the kind of file in errors ("config file", "baseline").
	What string
}

// ShapeError is a document over one of its Shape's limits, at the line
// and column where the limit was passed.
type ShapeError struct {
	Path      string
	Line, Col int
	What      string
	Depth     int // set when the nesting limit was passed
	Elements  int // set when the element limit was passed
}

func (e *ShapeError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Problem())
}

// Problem is the error without the file and position.
func (e *ShapeError) Problem() string {
	limit := fmt.Sprintf("is nested deeper than the %d levels a %s may hold", e.Depth, e.What)
	if e.Elements > 0 {
		limit = fmt.Sprintf("holds more than the %s values, keys and items a %s may hold", plural.Thousands(e.Elements), e.What)
	}
	return "the file " + limit + "; mcplint stops reading it here (the limit is fixed: no file mcplint writes or reads in earnest comes near it)"
}

// position tracks the line and column of a byte scan.
type position struct {
	line, lineStart int
}

func (p *position) newline(i int) {
	p.line++
	p.lineStart = i + 1
}

func (s Shape) fail(path string, data []byte, p position, i int, depth bool) error {
	e := &ShapeError{Path: path, Line: p.line, Col: columnOf(data[p.lineStart:i]) + 1, What: s.What}
	if depth {
		e.Depth = s.Depth
	} else {
		e.Elements = s.Elements
	}
	return e
}

// columnOf counts the characters of a line's start, a byte for each
// byte that does not continue a UTF-8 sequence.
func columnOf(b []byte) int {
	n := 0
	for _, c := range b {
		if c&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

// CheckJSON scans a JSON text and returns a *ShapeError when it nests
// deeper than s.Depth or holds more than s.Elements values. It judges
// shape only: a syntax error is left to the decoder that follows.
func (s Shape) CheckJSON(path string, data []byte) error {
	p := position{line: 1}
	depth, elements := 0, 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n':
			p.newline(i)
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				} else if data[i] == '\n' {
					p.newline(i)
				}
			}
			elements++
		case '[', '{':
			depth++
			elements++
			if depth > s.Depth {
				return s.fail(path, data, p, i, true)
			}
		case ']', '}':
			depth--
		case ',', ' ', '\t', '\r', ':':
		default:
			// A number or literal: count it once, at its first byte.
			elements++
			for i+1 < len(data) && !jsonDelim(data[i+1]) {
				i++
			}
		}
		if elements > s.Elements {
			return s.fail(path, data, p, i, false)
		}
	}
	return nil
}

func jsonDelim(c byte) bool {
	switch c {
	case ',', ']', '}', ':', ' ', '\t', '\r', '\n', '"', '[', '{':
		return true
	}
	return false
}

// CheckTOML scans a TOML document and returns a *ShapeError when it nests
// deeper than s.Depth (arrays and inline tables inside one another, plus
// the parts of the dotted key or table header they sit under) or holds
// more than s.Elements keys, tables and array items. Strings and comments
// are skipped as TOML writes them; a syntax error is left to the decoder.
func (s Shape) CheckTOML(path string, data []byte) error {
	p := position{line: 1}
	depth, elements := 0, 0
	// header is the parts of the last table header; key the parts of the
	// key being read; inKey is true where a key may be read (at the start
	// of a line outside brackets, or after "{" or "," in an inline table).
	header, key, inlineKey := 0, 0, 0
	inKey := true
	// inline[d] says whether the bracket at depth d is an inline table,
	// whose items are keys, not values; inlineKey counts the parts of the
	// dotted key being read in one. The scan stops past Depth, so inline
	// never grows beyond it.
	inline := make([]bool, 0, 16)
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '\n':
			p.newline(i)
			if depth == 0 {
				inKey, key = true, 0
			}
		case c == '#':
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			i = skipTOMLString(data, i, &p)
			if !inKey {
				elements++
			}
		case c == '[' && depth == 0 && inKey:
			// A table header, [a.b] or [[a.b]]: its parts nest.
			header, key = 1, 0
			elements++
			for i++; i < len(data) && data[i] != '\n' && data[i] != '#'; i++ {
				switch data[i] {
				case '.':
					header++
				case '"', '\'':
					i = skipTOMLString(data, i, &p)
				}
				if header > s.Depth {
					return s.fail(path, data, p, i, true)
				}
			}
			i--
		case c == '[' || c == '{':
			depth++
			elements++
			inline = append(inline, c == '{')
			inKey, inlineKey = c == '{', 0
			if header+key+depth > s.Depth {
				return s.fail(path, data, p, i, true)
			}
		case c == ']' || c == '}':
			if depth > 0 {
				depth--
				inline = inline[:len(inline)-1]
			}
			inKey = false
		case c == '=':
			inKey = false
		case c == ',':
			inKey, inlineKey = depth > 0 && inline[len(inline)-1], 0
			elements++
		case c == '.' && inKey:
			if depth > 0 {
				inlineKey++
			} else {
				key++
			}
			if header+key+inlineKey+depth > s.Depth {
				return s.fail(path, data, p, i, true)
			}
		case inKey && c != ' ' && c != '\t' && c != '\r' && (i == 0 || isKeyStart(data[i-1])):
			// The first byte of a bare key.
			elements++
			if depth == 0 && key == 0 {
				key = 1
			}
		}
		if elements > s.Elements {
			return s.fail(path, data, p, i, false)
		}
	}
	return nil
}

// isKeyStart says whether a bare key can begin after c.
func isKeyStart(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '{', ',', '.':
		return true
	}
	return false
}

// skipTOMLString returns the index of the last byte of the string that
// opens at i: basic ("…", with escapes), literal ('…'), or their
// multi-line forms ("""…""", ”'…”').
func skipTOMLString(data []byte, i int, p *position) int {
	q := data[i]
	if i+2 < len(data) && data[i+1] == q && data[i+2] == q {
		for j := i + 3; j+2 < len(data); j++ {
			switch {
			case data[j] == '\\' && q == '"':
				j++
			case data[j] == '\n':
				p.newline(j)
			case data[j] == q && data[j+1] == q && data[j+2] == q:
				// Up to two more quotes may close the string as content.
				end := j + 2
				for end+1 < len(data) && data[end+1] == q && end-j < 4 {
					end++
				}
				return end
			}
		}
		return len(data)
	}
	for j := i + 1; j < len(data); j++ {
		switch {
		case data[j] == '\\' && q == '"':
			j++
		case data[j] == q, data[j] == '\n':
			if data[j] == '\n' {
				p.newline(j)
			}
			return j
		}
	}
	return len(data)
}

// The shapes of the files mcplint reads besides its targets. Each is far
// above what a person or mcplint writes, and far below what would cost a
// gigabyte to decode.
var (
	// ConfigShape bounds .mcplint.toml: a config names a few hundred
	// rules at most.
	ConfigShape = Shape{Depth: 64, Elements: 100_000, What: "config file"}
	// LockShape bounds .mcplint.lock: a hash per tool and per part of
	// each tool, for tens of thousands of tools.
	LockShape = Shape{Depth: 32, Elements: 2_000_000, What: "lock file"}
	// BaselineShape bounds a baseline: six values per baselined issue.
	BaselineShape = Shape{Depth: 32, Elements: 2_000_000, What: "baseline"}
)
