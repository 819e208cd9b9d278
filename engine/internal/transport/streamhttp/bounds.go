package streamhttp

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Bounds of what one response may make mcplint read. A server chooses how
// much it sends; these keep a stream that never ends, or a small body that
// decompresses to gigabytes, from filling memory before the request's
// deadline passes.
const (
	// DefaultStreamCap bounds the bytes of one response stream, SSE or
	// JSON, after decompression (eight bodies at the default body cap).
	DefaultStreamCap = 8 * DefaultBodyCap
	// MaxStreamEvents bounds the events one SSE response stream may
	// carry: a request is answered by one message, and a server with work
	// to report sends a few progress notifications, not ten thousand.
	MaxStreamEvents = 10_000
	// maxRatio bounds how many bytes one compressed byte may become,
	// checked once ratioFloor bytes have come out: text compresses
	// tenfold, a decompression bomb a thousandfold and more.
	maxRatio   = 1000
	ratioFloor = 1 << 20
)

// ErrStreamTooLarge is a response stream that passed the stream cap.
var ErrStreamTooLarge = errors.New("the response passed the cap on one response stream")

// ErrCompressionBomb is a compressed body that expands more than maxRatio.
var ErrCompressionBomb = fmt.Errorf("the body expands more than %d times when decompressed (a decompression bomb)", maxRatio)

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// boundedBody is what a response stream yields, decompressed, failing
// once it passes cap bytes or expands more than maxRatio.
type boundedBody struct {
	r    io.Reader
	wire *countReader // the compressed bytes, nil for a plain body
	n    int64
	cap  int64
}

func (b *boundedBody) Read(p []byte) (int, error) {
	if b.n >= b.cap {
		return 0, ErrStreamTooLarge
	}
	if int64(len(p)) > b.cap-b.n {
		p = p[:b.cap-b.n]
	}
	n, err := b.r.Read(p)
	b.n += int64(n)
	if b.wire != nil && b.n >= ratioFloor && b.n > maxRatio*max(b.wire.n, 1) {
		return n, ErrCompressionBomb
	}
	return n, err
}

// decodedBody is resp's body as mcplint reads it: decompressed when the server
// gzipped it (net/http does not, as the transport asks for gzip itself to
// see the compressed size), bounded by cap bytes out and by maxRatio.
func decodedBody(resp *http.Response, cap int64) (io.Reader, error) {
	switch strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))) {
	case "", "identity":
		return &boundedBody{r: resp.Body, cap: cap}, nil
	case "gzip", "x-gzip":
		wire := &countReader{r: resp.Body}
		zr, err := gzip.NewReader(wire)
		if err != nil {
			return nil, fmt.Errorf("reading the gzip body: %w", err)
		}
		return &boundedBody{r: zr, wire: wire, cap: cap}, nil
	}
	return nil, fmt.Errorf("the body has Content-Encoding %q, which mcplint did not ask for", resp.Header.Get("Content-Encoding"))
}

// acceptGzip asks for gzip, which body decodes, unless the user's headers
// asked for something else.
func acceptGzip(h http.Header) {
	if h.Get("Accept-Encoding") == "" {
		h.Set("Accept-Encoding", "gzip")
	}
}
