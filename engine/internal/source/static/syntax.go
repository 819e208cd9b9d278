package static

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/mcplint/mcplint/internal/snip"
)

// maxDepth is the nesting limit of encoding/json, which decodes the file.
const maxDepth = 10000

// syntaxError is the first syntax error in a document.
type syntaxError struct {
	off int // offset of the offending byte; len(data) at the end of the input
	msg string
}

// checkSyntax finds the first syntax error in data with the grammar of
// encoding/json (invalid UTF-8 is accepted, as it is there), and says what
// was expected there. It runs only after decoding failed, so it is written
// for messages, not speed.
func checkSyntax(data []byte) *syntaxError {
	c := &checker{data: data}
	c.space()
	if err := c.value(0); err != nil {
		return err
	}
	c.space()
	if c.i < len(data) {
		return c.unexpected("after the top-level value, expected the end of the file (a file holds one JSON value, not JSON Lines)")
	}
	return nil
}

type checker struct {
	data []byte
	i    int
	// open holds the offsets of the containers being read, for messages at
	// the end of the input.
	open []int
}

func (c *checker) space() {
	for c.i < len(c.data) {
		switch c.data[c.i] {
		case ' ', '\t', '\n', '\r':
			c.i++
		default:
			return
		}
	}
}

func (c *checker) value(depth int) *syntaxError {
	if c.i >= len(c.data) {
		return c.eof("expected a value")
	}
	switch b := c.data[c.i]; {
	case b == '{':
		return c.object(depth + 1)
	case b == '[':
		return c.array(depth + 1)
	case b == '"':
		return c.str()
	case b == '-' || '0' <= b && b <= '9':
		return c.number()
	case b == 't':
		return c.literal("true")
	case b == 'f':
		return c.literal("false")
	case b == 'n':
		return c.literal("null")
	case b == '\'':
		return c.unexpected("expected a value; JSON strings take double quotes, not single quotes")
	case b == ']' || b == '}':
		if c.afterComma() {
			return c.trailingComma()
		}
	case 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z':
		return c.unexpected("expected a value (an object, array, string, number, true, false or null); " + wordHint(c.data[c.i:]))
	}
	return c.unexpected("expected a value (an object, array, string, number, true, false or null)")
}

func (c *checker) object(depth int) *syntaxError {
	if empty, err := c.enter(depth, '}'); empty || err != nil {
		return err
	}
	for {
		if c.i >= len(c.data) {
			return c.eof("expected a quoted object key or '}'")
		}
		switch c.data[c.i] {
		case '"':
		case '}':
			return c.trailingComma()
		case '\'':
			return c.unexpected("expected a quoted object key; keys take double quotes, not single quotes")
		default:
			return c.unexpected(`expected a quoted object key such as "name"`)
		}
		start := c.i
		if err := c.str(); err != nil {
			return err
		}
		key := c.quoted(start)
		c.space()
		if c.i >= len(c.data) {
			return c.eof("expected ':' after the key " + key)
		}
		if c.data[c.i] != ':' {
			return c.unexpected("expected ':' after the key " + key)
		}
		c.i++
		c.space()
		if err := c.value(depth); err != nil {
			return err
		}
		c.space()
		if c.i >= len(c.data) {
			return c.eof("expected ',' or '}' after the value of " + key)
		}
		switch c.data[c.i] {
		case ',':
			c.i++
			c.space()
		case '}':
			c.leave()
			return nil
		default:
			return c.unexpected("expected ',' or '}' after the value of " + key + missingComma(c.data[c.i]))
		}
	}
}

func (c *checker) array(depth int) *syntaxError {
	if empty, err := c.enter(depth, ']'); empty || err != nil {
		return err
	}
	for n := 0; ; n++ {
		if err := c.value(depth); err != nil {
			return err
		}
		c.space()
		if c.i >= len(c.data) {
			return c.eof(fmt.Sprintf("expected ',' or ']' after element %d", n))
		}
		switch c.data[c.i] {
		case ',':
			c.i++
			c.space()
		case ']':
			c.leave()
			return nil
		default:
			return c.unexpected(fmt.Sprintf("expected ',' or ']' after element %d", n) + missingComma(c.data[c.i]))
		}
	}
}

// enter opens the container at c.i and tells whether it closes at once.
func (c *checker) enter(depth int, closer byte) (empty bool, err *syntaxError) {
	if depth > maxDepth {
		return false, c.unexpected(fmt.Sprintf("the nesting is deeper than %d levels", maxDepth))
	}
	c.open = append(c.open, c.i)
	c.i++
	c.space()
	if c.i < len(c.data) && c.data[c.i] == closer {
		c.leave()
		return true, nil
	}
	return false, nil
}

// leave closes the container whose closing byte is at c.i.
func (c *checker) leave() {
	c.i++
	c.open = c.open[:len(c.open)-1]
}

func (c *checker) str() *syntaxError {
	start := c.i
	c.i++
	for c.i < len(c.data) {
		b := c.data[c.i]
		switch {
		case b == '"':
			c.i++
			return nil
		case b == '\n':
			return c.unexpected("the string that starts at " + c.where(start) +
				" is not closed before the end of the line (write a line break inside a string as \\n)")
		case b < 0x20:
			return c.unexpected("a control character inside a string must be escaped (as \\t, \\n, \\r or \\u00XX)")
		case b == '\\':
			c.i++
			if c.i >= len(c.data) {
				break
			}
			switch c.data[c.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				c.i++
			case 'u':
				c.i++
				for k := 0; k < 4; k++ {
					if c.i >= len(c.data) {
						return c.eof("expected 4 hexadecimal digits after \\u")
					}
					if !isHex(c.data[c.i]) {
						return c.unexpected("expected 4 hexadecimal digits after \\u")
					}
					c.i++
				}
			default:
				esc := "'\\' followed by " + c.char()
				if b := c.data[c.i]; 0x20 < b && b < 0x7f {
					esc = `'\` + string(b) + `'`
				}
				return &syntaxError{off: c.i, msg: "invalid escape " + esc + ` in a string; the escapes are \" \\ \/ \b \f \n \r \t and \uXXXX (write a backslash as \\)`}
			}
		default:
			c.i++
		}
	}
	return &syntaxError{off: len(c.data), msg: "unexpected end of file: the string that starts at " + c.where(start) + " is not closed"}
}

func isHex(b byte) bool {
	return '0' <= b && b <= '9' || 'a' <= b && b <= 'f' || 'A' <= b && b <= 'F'
}

func (c *checker) number() *syntaxError {
	if c.data[c.i] == '-' {
		c.i++
	}
	if err := c.digit("expected a digit after '-'"); err != nil {
		return err
	}
	if c.data[c.i] == '0' {
		c.i++
		if c.i < len(c.data) && '0' <= c.data[c.i] && c.data[c.i] <= '9' {
			return c.unexpected("a number cannot start with 0 followed by more digits")
		}
	} else {
		c.digits()
	}
	if c.i < len(c.data) && c.data[c.i] == '.' {
		c.i++
		if err := c.digit("expected a digit after the decimal point"); err != nil {
			return err
		}
		c.digits()
	}
	if c.i < len(c.data) && (c.data[c.i] == 'e' || c.data[c.i] == 'E') {
		c.i++
		if c.i < len(c.data) && (c.data[c.i] == '+' || c.data[c.i] == '-') {
			c.i++
		}
		if err := c.digit("expected a digit in the exponent"); err != nil {
			return err
		}
		c.digits()
	}
	return nil
}

// digit checks that a digit comes next.
func (c *checker) digit(want string) *syntaxError {
	if c.i >= len(c.data) {
		return c.eof(want)
	}
	if b := c.data[c.i]; b < '0' || b > '9' {
		return c.unexpected(want)
	}
	return nil
}

func (c *checker) digits() {
	for c.i < len(c.data) && '0' <= c.data[c.i] && c.data[c.i] <= '9' {
		c.i++
	}
}

func (c *checker) literal(word string) *syntaxError {
	for k := 0; k < len(word); k++ {
		if c.i >= len(c.data) {
			return c.eof(fmt.Sprintf("expected %q", word))
		}
		if c.data[c.i] != word[k] {
			return c.unexpected(fmt.Sprintf("expected %q", word))
		}
		c.i++
	}
	return nil
}

// afterComma tells whether the last byte before c.i that is not white
// space is a comma.
func (c *checker) afterComma() bool {
	for j := c.i - 1; j >= 0; j-- {
		switch c.data[j] {
		case ' ', '\t', '\n', '\r':
			continue
		case ',':
			return true
		}
		return false
	}
	return false
}

// trailingComma reports the '}' or ']' at c.i, which follows a comma.
func (c *checker) trailingComma() *syntaxError {
	return &syntaxError{off: c.i, msg: fmt.Sprintf("trailing comma before '%c': JSON does not allow one; remove the ','", c.data[c.i])}
}

// missingComma hints at the likeliest cause when a value follows a value.
func missingComma(b byte) string {
	switch b {
	case '"', '{', '[':
		return "; is a ',' missing?"
	}
	return ""
}

// wordHint explains a bare word where a value should be.
func wordHint(rest []byte) string {
	n := 0
	for n < len(rest) && n < 16 && ('a' <= rest[n] && rest[n] <= 'z' || 'A' <= rest[n] && rest[n] <= 'Z') {
		n++
	}
	switch string(rest[:n]) {
	case "True", "TRUE", "False", "FALSE":
		return "JSON writes true and false in lowercase"
	case "None", "Null", "NULL", "nil":
		return "JSON writes nothing as null"
	case "NaN", "Infinity":
		return "JSON has no NaN or Infinity; use null or a string"
	case "undefined":
		return "use null, or leave the key out"
	}
	return "strings take double quotes"
}

// unexpected reports the byte at c.i.
func (c *checker) unexpected(want string) *syntaxError {
	what := "unexpected " + c.char()
	if c.i == 0 && len(c.data) >= 2 && (c.data[0] == 0xff && c.data[1] == 0xfe || c.data[0] == 0xfe && c.data[1] == 0xff) {
		want = "the file looks like UTF-16; save it as UTF-8"
	}
	return &syntaxError{off: c.i, msg: what + ", " + want}
}

// eof reports the end of the input inside the innermost open container.
func (c *checker) eof(want string) *syntaxError {
	msg := "unexpected end of file, " + want
	if n := len(c.open); n > 0 {
		kind := "object"
		if c.data[c.open[n-1]] == '[' {
			kind = "array"
		}
		msg += fmt.Sprintf(" (the %s that starts at %s is not closed)", kind, c.where(c.open[n-1]))
	}
	return &syntaxError{off: len(c.data), msg: msg}
}

// char names the character at c.i as a user would see it, quoted.
func (c *checker) char() string {
	r, size := utf8.DecodeRune(c.data[c.i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02x (not UTF-8)", c.data[c.i])
	}
	return strconv.QuoteRune(r)
}

// quoted is the string token that starts at start, decoded, clipped and
// quoted again so that no hostile character reaches a terminal raw.
func (c *checker) quoted(start int) string {
	var s string
	if err := json.Unmarshal(c.data[start:c.i], &s); err != nil {
		s = string(c.data[start+1 : c.i-1])
	}
	return strconv.Quote(snip.Runes(s, 60))
}

// where is an offset as line:column.
func (c *checker) where(off int) string {
	p := positions(c.data, []int{off})[0]
	return fmt.Sprintf("%d:%d", p.line, p.column)
}
