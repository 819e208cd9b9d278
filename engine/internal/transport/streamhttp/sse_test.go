package streamhttp

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestSSEReader(t *testing.T) {
	stream := "\uFEFF: priming comment\r\n" +
		"id: 0\n" +
		"data\n\n" + // a data field with no value: an event with empty data
		"id: 1\r\nretry: 3000\r\n\r\n" + // priming: id and retry, no data
		"event: message\ndata: {\"a\":\ndata:  1}\n\n" + // multi-line data keeps the second space
		":keep-alive\r" +
		"id\rdata: x\r\r" + // CR line ends, an id field with no value resets the id
		"retry: 12a\ndata: y\n\n" + // retry that is not digits is ignored
		"unknown: field\n\n" + // an unknown field alone is not an event
		"data: cut off"
	type want struct {
		id      string
		hasID   bool
		typ     string
		data    string
		hasData bool
		retry   int
		comm    int
	}
	wants := []want{
		{id: "0", hasID: true, data: "", hasData: true, retry: -1, comm: 1},
		{id: "1", hasID: true, retry: 3000},
		{typ: "message", data: "{\"a\":\n 1}", hasData: true, retry: -1},
		{id: "", hasID: true, data: "x", hasData: true, retry: -1, comm: 1},
		{data: "y", hasData: true, retry: -1},
	}
	for _, name := range []string{"whole", "one byte at a time"} {
		var r io.Reader = strings.NewReader(stream)
		if name != "whole" {
			r = iotest.OneByteReader(r)
		}
		sr := NewSSEReader(r, 1<<20)
		for i, w := range wants {
			ev, err := sr.Next()
			if err != nil {
				t.Fatalf("%s: event %d: %v", name, i, err)
			}
			got := want{ev.ID, ev.HasID, ev.Type, string(ev.Data), ev.HasData, ev.Retry, ev.Comments}
			if got != w {
				t.Errorf("%s: event %d = %+v, want %+v", name, i, got, w)
			}
		}
		if _, err := sr.Next(); !errors.Is(err, io.EOF) {
			t.Errorf("%s: after the last event: %v, want io.EOF (a cut-off event is not dispatched)", name, err)
		}
	}
}

func TestSSEReaderCapsAnEvent(t *testing.T) {
	sr := NewSSEReader(strings.NewReader("data: "+strings.Repeat("x", 100)+"\n\n"), 10)
	if _, err := sr.Next(); !errors.Is(err, ErrEventTooLarge) {
		t.Fatalf("got %v, want ErrEventTooLarge", err)
	}
}

// FuzzSSEReader writes an event with the fuzzer's id and data lines in
// the line ending the fuzzer picks and reads it back, and reads the
// fuzzer's raw bytes without failing other than by the cap.
func FuzzSSEReader(f *testing.F) {
	f.Add("ev-1", "{\"a\":1}\nsecond line", uint8(0), []byte("data: x\r\n\r\n"))
	f.Add("", "", uint8(2), []byte(":c\rid\rretry: 5\n\n"))
	f.Fuzz(func(t *testing.T, id, data string, ending uint8, raw []byte) {
		sr := NewSSEReader(strings.NewReader(string(raw)), 1<<10)
		for i := 0; i < 1000; i++ {
			ev, err := sr.Next()
			if err != nil {
				if !errors.Is(err, io.EOF) && !errors.Is(err, ErrEventTooLarge) {
					t.Fatalf("raw stream: %v", err)
				}
				break
			}
			if len(ev.Data) > 1<<10 {
				t.Fatalf("an event of %d bytes passed the cap", len(ev.Data))
			}
		}
		if strings.ContainsAny(id, "\r\n\x00") || strings.ContainsAny(data, "\r") {
			return
		}
		eol := []string{"\n", "\r\n", "\r"}[ending%3]
		var b strings.Builder
		b.WriteString("id: " + id + eol)
		for _, line := range strings.Split(data, "\n") {
			b.WriteString("data: " + line + eol)
		}
		b.WriteString(eol)
		ev, err := NewSSEReader(strings.NewReader(b.String()), 1<<20).Next()
		if err != nil {
			t.Fatalf("%q: %v", b.String(), err)
		}
		if ev.ID != id || string(ev.Data) != data || !ev.HasData {
			t.Fatalf("%q read back as id %q data %q", b.String(), ev.ID, ev.Data)
		}
	})
}
