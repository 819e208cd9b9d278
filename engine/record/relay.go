package record

import (
	"bytes"
	"fmt"
	"io"

	"github.com/mcplint/mcplint/sdk"
)

// relay copies src to dst as the bytes arrive, and records every line of
// it. Complete lines are recorded before their bytes are passed on, so the
// trace never shows an answer before the request that caused it. When dst
// fails (the client went away, the server closed its stdin) relay keeps
// reading and recording, so the writer on the other side never blocks on a
// full pipe.
func relay(src io.Reader, dst io.Writer, dir string, rec *recorder, maxLine int) {
	buf := make([]byte, 64<<10)
	var (
		line    []byte
		size    int64 // bytes of the current line, also past maxLine
		dstDead bool
	)
	flush := func(noNewline bool) {
		if size > int64(maxLine) {
			rec.event(sdk.Event{Kind: sdk.EventOversizeLine, Bytes: size,
				Detail: fmt.Sprintf("a %s line of %d bytes was relayed but not recorded: over the %d-byte cap", dir, size, maxLine)})
		} else {
			rec.line(dir, line, noNewline)
		}
		line, size = line[:0], 0
	}
	for {
		n, err := src.Read(buf)
		chunk := buf[:n]
		for len(chunk) > 0 {
			i := bytes.IndexByte(chunk, '\n')
			part := chunk
			if i >= 0 {
				part = chunk[:i]
			}
			size += int64(len(part))
			if size <= int64(maxLine) {
				line = append(line, part...)
			} else {
				line = line[:0]
			}
			if i < 0 {
				break
			}
			flush(false)
			chunk = chunk[i+1:]
		}
		if n > 0 && !dstDead {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				dstDead = true
			}
		}
		if err != nil {
			if size > 0 {
				flush(true)
			}
			return
		}
	}
}
