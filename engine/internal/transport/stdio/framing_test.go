package stdio

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// chunkReader returns its data in pieces of random sizes, as a pipe does.
type chunkReader struct {
	data []byte
	rng  *rand.Rand
	max  int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := 1 + r.rng.IntN(r.max)
	n = min(n, len(p), len(r.data))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

// frame is one result of LineReader.Next: a line, or an oversize length.
type frame struct {
	line     string
	oversize int64
}

func readAll(t *testing.T, lr *LineReader, lineCap int) []frame {
	t.Helper()
	var out []frame
	for {
		line, over, err := lr.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		if len(line) > lineCap || cap(lr.line) > 2*lineCap+64 {
			t.Fatalf("held %d bytes (buffer %d) with a cap of %d", len(line), cap(lr.line), lineCap)
		}
		out = append(out, frame{string(line), over})
	}
}

// want is what bytes.Split says the lines are, with the cap applied.
func want(data []byte, lineCap int) []frame {
	if len(data) == 0 {
		return nil
	}
	parts := bytes.Split(data, []byte("\n"))
	if len(parts[len(parts)-1]) == 0 {
		parts = parts[:len(parts)-1]
	}
	var out []frame
	for _, p := range parts {
		if len(p) > lineCap {
			out = append(out, frame{oversize: int64(len(p))})
		} else {
			out = append(out, frame{line: string(p)})
		}
	}
	return out
}

func TestLineReader(t *testing.T) {
	tests := []struct {
		name string
		in   string
		cap  int
		want []frame
	}{
		{"empty stream", "", 8, nil},
		{"one line", "abc\n", 8, []frame{{line: "abc"}}},
		{"last line without newline", "a\nb", 8, []frame{{line: "a"}, {line: "b"}}},
		{"empty lines are lines", "\n\n", 8, []frame{{line: ""}, {line: ""}}},
		{"exactly the cap", "12345678\n", 8, []frame{{line: "12345678"}}},
		{"one over the cap", "123456789\nok\n", 8, []frame{{oversize: 9}, {line: "ok"}}},
		{"oversize last line", "ok\n" + strings.Repeat("x", 100), 8, []frame{{line: "ok"}, {oversize: 100}}},
		{"carriage return kept", "a\r\n", 8, []frame{{line: "a\r"}}},
		{"invalid UTF-8 kept", "\xff\xfe\n", 8, []frame{{line: "\xff\xfe"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &chunkReader{data: []byte(tt.in), rng: rand.New(rand.NewPCG(1, 2)), max: 3}
			got := readAll(t, newLineReaderSize(r, tt.cap, 16), tt.cap)
			if !equalFrames(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestLineReaderSkipsAHugeLineInChunks(t *testing.T) {
	const size = 20 << 20
	data := append(bytes.Repeat([]byte("x"), size), "\n{}\n"...)
	lr := newLineReaderSize(bytes.NewReader(data), 1024, 4096)
	got := readAll(t, lr, 1024)
	if !equalFrames(got, []frame{{oversize: size}, {line: "{}"}}) {
		t.Fatalf("got %v", got)
	}
}

func equalFrames(a, b []frame) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FuzzFraming checks that any bytes, delivered in any chunks, frame into
// the lines bytes.Split finds, and that no line over the cap is held.
func FuzzFraming(f *testing.F) {
	f.Add([]byte("{\"jsonrpc\":\"2.0\"}\n"), uint8(4), uint64(1))
	f.Add([]byte("a\n\nbb\nccc"), uint8(2), uint64(7))
	f.Add([]byte("\xff\r\n\x00\n"), uint8(1), uint64(3))
	f.Add(bytes.Repeat([]byte("z"), 200), uint8(30), uint64(9))
	f.Fuzz(func(t *testing.T, data []byte, capByte uint8, seed uint64) {
		lineCap := int(capByte)%64 + 1
		rng := rand.New(rand.NewPCG(seed, seed>>7))
		r := &chunkReader{data: data, rng: rng, max: 1 + rng.IntN(40)}
		got := readAll(t, newLineReaderSize(r, lineCap, 16), lineCap)
		if w := want(data, lineCap); !equalFrames(got, w) {
			t.Fatalf("cap %d: got %+v, want %+v", lineCap, got, w)
		}
	})
}
