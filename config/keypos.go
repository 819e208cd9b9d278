package config

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// BurntSushi/toml keeps key positions private (and keyed by dotted name, so
// the entries of an array of tables share one), so keyPositions reads them
// from the text itself. It runs only on documents the decoder has already
// accepted, which keeps this scanner small: it needs to find keys and skip
// values, not to judge them.

// keyPath names a key the way the validator walks the decoded document:
// table and key names, with "#N" for the Nth element of an array.
type keyPath []string

func (p keyPath) String() string { return strings.Join(p, "\x1f") }

func (p keyPath) with(seg ...string) keyPath {
	out := make(keyPath, 0, len(p)+len(seg))
	return append(append(out, p...), seg...)
}

func index(i int) string { return "#" + strconv.Itoa(i) }

// positions maps each key path to where its key (or table header) starts.
type positions map[string]Position

// at returns where path is written, or where its nearest written parent
// is, or the top of the file.
func (ps positions) at(path keyPath) Position {
	for n := len(path); n > 0; n-- {
		if p, ok := ps[path[:n].String()]; ok {
			return p
		}
	}
	return Position{Line: 1, Column: 1}
}

type keyScanner struct {
	src       string
	i         int
	line, col int
	out       positions
	// arrays counts the elements of each array of tables seen so far.
	arrays map[string]int
}

func keyPositions(src string) positions {
	s := &keyScanner{src: src, line: 1, col: 1, out: positions{}, arrays: map[string]int{}}
	s.document()
	return s.out
}

func (s *keyScanner) eof() bool { return s.i >= len(s.src) }

func (s *keyScanner) peek() byte {
	if s.eof() {
		return 0
	}
	return s.src[s.i]
}

func (s *keyScanner) hasPrefix(p string) bool { return strings.HasPrefix(s.src[s.i:], p) }

func (s *keyScanner) advance() {
	if s.eof() {
		return
	}
	_, n := utf8.DecodeRuneInString(s.src[s.i:])
	if s.src[s.i] == '\n' {
		s.line++
		s.col = 1
	} else {
		s.col++
	}
	s.i += n
}

func (s *keyScanner) pos() Position { return Position{Line: s.line, Column: s.col} }

func (s *keyScanner) record(path keyPath, p Position) {
	if _, seen := s.out[path.String()]; !seen {
		s.out[path.String()] = p
	}
}

// skipSpace skips blanks and, when lines is set, newlines and comments.
func (s *keyScanner) skipSpace(lines bool) {
	for !s.eof() {
		switch c := s.peek(); {
		case c == ' ' || c == '\t' || c == '\r':
			s.advance()
		case lines && c == '\n':
			s.advance()
		case lines && c == '#':
			s.skipComment()
		default:
			return
		}
	}
}

func (s *keyScanner) skipComment() {
	for !s.eof() && s.peek() != '\n' {
		s.advance()
	}
}

func (s *keyScanner) document() {
	var table keyPath
	for {
		s.skipSpace(true)
		if s.eof() {
			return
		}
		start := s.pos()
		if s.peek() == '[' {
			table = s.header(start)
		} else {
			before := s.i
			s.keyValue(table)
			if s.i == before {
				s.advance()
			}
		}
	}
}

// header reads "[a.b]" or "[[a.b]]" and returns the table's path.
func (s *keyScanner) header(start Position) keyPath {
	array := s.hasPrefix("[[")
	s.advance()
	if array {
		s.advance()
	}
	s.skipSpace(false)
	keys := s.key()
	var path keyPath
	for n, k := range keys {
		path = append(path, k)
		last := n == len(keys)-1
		name := path.String()
		switch {
		case last && array:
			i := s.arrays[name]
			s.arrays[name] = i + 1
			s.record(path, start)
			path = append(path, index(i))
		case s.arrays[name] > 0:
			path = append(path, index(s.arrays[name]-1))
		}
		s.record(path, start)
	}
	for !s.eof() && s.peek() != '\n' {
		s.advance()
	}
	return path
}

// key reads a dotted key and returns its parts.
func (s *keyScanner) key() []string {
	var parts []string
	for !s.eof() {
		s.skipSpace(false)
		parts = append(parts, s.simpleKey())
		s.skipSpace(false)
		if s.peek() != '.' {
			return parts
		}
		s.advance()
	}
	return parts
}

func (s *keyScanner) simpleKey() string {
	switch s.peek() {
	case '"':
		raw := s.quoted('"')
		if v, err := strconv.Unquote(raw); err == nil {
			return v
		}
		return strings.Trim(raw, `"`)
	case '\'':
		return strings.Trim(s.quoted('\''), "'")
	}
	start := s.i
	for !s.eof() {
		c := s.peek()
		if !(c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			break
		}
		s.advance()
	}
	return s.src[start:s.i]
}

// quoted reads a one-line string delimited by q, returning it with quotes.
func (s *keyScanner) quoted(q byte) string {
	start := s.i
	s.advance()
	for !s.eof() && s.peek() != '\n' {
		c := s.peek()
		s.advance()
		if c == q {
			break
		}
		if c == '\\' && q == '"' {
			s.advance()
		}
	}
	return s.src[start:s.i]
}

// keyValue reads "key = value" inside table.
func (s *keyScanner) keyValue(table keyPath) {
	start := s.pos()
	keys := s.key()
	path := table
	for _, k := range keys {
		path = path.with(k)
		s.record(path, start)
	}
	s.skipSpace(false)
	if s.peek() != '=' {
		return
	}
	s.advance()
	s.skipSpace(false)
	s.value(path)
}

func (s *keyScanner) value(path keyPath) {
	switch {
	case s.hasPrefix(`"""`):
		s.multiline('"')
	case s.hasPrefix(`'''`):
		s.multiline('\'')
	case s.peek() == '"':
		s.quoted('"')
	case s.peek() == '\'':
		s.quoted('\'')
	case s.peek() == '[':
		s.array(path)
	case s.peek() == '{':
		s.inlineTable(path)
	default:
		for !s.eof() {
			switch s.peek() {
			case ',', ']', '}', '#', '\n':
				return
			}
			s.advance()
		}
	}
}

func (s *keyScanner) multiline(q byte) {
	for range 3 {
		s.advance()
	}
	for !s.eof() {
		c := s.peek()
		if c == '\\' && q == '"' {
			s.advance()
			s.advance()
			continue
		}
		if c == q && s.hasPrefix(strings.Repeat(string(q), 3)) {
			n := 0
			for !s.eof() && s.peek() == q && n < 5 {
				s.advance()
				n++
			}
			return
		}
		s.advance()
	}
}

func (s *keyScanner) array(path keyPath) {
	s.advance()
	for i := 0; !s.eof(); i++ {
		s.skipSpace(true)
		if s.peek() == ']' {
			s.advance()
			return
		}
		before := s.i
		s.record(path.with(index(i)), s.pos())
		s.value(path.with(index(i)))
		s.skipSpace(true)
		if s.peek() == ',' {
			s.advance()
		} else if s.i == before {
			s.advance()
		}
	}
}

func (s *keyScanner) inlineTable(path keyPath) {
	s.advance()
	for !s.eof() {
		s.skipSpace(true)
		switch s.peek() {
		case '}':
			s.advance()
			return
		case ',':
			s.advance()
			continue
		}
		before := s.i
		s.keyValue(path)
		if s.i == before {
			s.advance()
		}
	}
}
