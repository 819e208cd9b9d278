package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/internal/snip"
)

// PageError is a list request answered with a result that is not a page
// of the list: not an object, or without the array of items. A client
// reading it lists nothing, so the listing failed, however promptly the
// server answered.
type PageError struct {
	Method string
	ID     json.RawMessage
	// Problem says what is wrong with the result: `has no "tools" array`.
	Problem string
}

func (e *PageError) Error() string {
	return fmt.Sprintf("%s (id %s) was answered with a result that %s", e.Method, e.ID, e.Problem)
}

// onPage names the page of a listing err happened on, and its cursor,
// when it is not the first.
func onPage(err error, page int, cursor string) error {
	if page == 1 {
		return err
	}
	return fmt.Errorf("%w (page %d of the listing, cursor %q)", err, page, cursor)
}

// pageItems counts the items of a page under key, or says what keeps
// result from being such a page.
func pageItems(result json.RawMessage, key string) (int, string) {
	var items []json.RawMessage
	problem := pageProblem(result, key, &items)
	return len(items), problem
}

// sizeText is n bytes in words: "64 MiB", "1.5 MiB", "900 bytes".
func sizeText(n int) string {
	if n >= 1<<20 {
		return strings.TrimSuffix(strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64), ".0") + " MiB"
	}
	return strconv.Itoa(n) + " bytes"
}

// pageProblem says what keeps result from being a page of the items under
// key, "" when nothing does; it leaves the items in *items.
func pageProblem(result json.RawMessage, key string, items *[]json.RawMessage) string {
	var page map[string]json.RawMessage
	if json.Unmarshal(result, &page) != nil || page == nil {
		return "is not an object: " + excerpt(result)
	}
	raw, ok := page[key]
	if !ok {
		return fmt.Sprintf("has no %q array", key)
	}
	if json.Unmarshal(raw, items) != nil || *items == nil {
		return fmt.Sprintf("has %q that is not an array: %s", key, excerpt(raw))
	}
	return ""
}

// excerpt is the start of a JSON value, on one line, for a message.
func excerpt(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return strconv.Quote(snip.Runes(string(v), 60))
	}
	return snip.Runes(b.String(), 60)
}
