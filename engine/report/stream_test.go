package report

import (
	"bytes"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
)

// TestStreamsWriteWhatWritersWrite holds each format's Stream to its
// writer: given the report a target at a time, it writes the same bytes
// the writer writes from the whole report.
func TestStreamsWriteWhatWritersWrite(t *testing.T) {
	reports := factReports()
	reports["sample"] = sample()
	reports["hostile"] = hostileReport()
	reports["large"] = largeReport(5, 3000, 2)
	reports["none"] = &result.Report{Version: result.Version, Targets: []*result.Target{}}
	for _, f := range Formats {
		if f.Stream == nil {
			continue
		}
		for name, r := range reports {
			// A run's list of targets is never nil, and never holds nil.
			if r.Targets == nil || hasNil(r) {
				continue
			}
			var whole, streamed bytes.Buffer
			werr := f.Write(&whole, r, TextOptions{})
			serr := WriteStream(f.Stream(&streamed), r)
			if (werr == nil) != (serr == nil) {
				t.Fatalf("%s %s: the writer's error is %v, the stream's %v", f.Name, name, werr, serr)
			}
			if werr != nil {
				continue
			}
			if i := firstDiff(whole.Bytes(), streamed.Bytes()); i >= 0 {
				t.Errorf("%s %s: the stream differs from the writer at byte %d:\nwriter %s\nstream %s", f.Name, name, i, clipAt(whole.Bytes(), i), clipAt(streamed.Bytes(), i))
			}
		}
	}
}

func hasNil(r *result.Report) bool {
	for _, t := range r.Targets {
		if t == nil {
			return true
		}
	}
	return false
}
