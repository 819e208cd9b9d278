package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/sdk"
)

// messageTooLarge reports stdout lines longer than the client's line cap,
// which mcplint (like most clients) skipped rather than buffered.
type messageTooLarge struct{}

func (messageTooLarge) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "message-too-large", Category: sdk.CategoryConformance, Severity: sdk.Warning, Default: true,
		Summary: "No message is larger than clients can take in one line",
		Doc:     doc("message-too-large"),
		Source:  "2025-11-25/basic/transports.mdx#stdio",
		Uses:    []string{parsedSession.Name},
	}
}

func (messageTooLarge) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	for _, e := range ss.Events {
		if e.Kind == sdk.EventOversizeLine {
			at(report, e.Index, fmt.Sprintf("server wrote a %s line, over the client's cap; it was skipped, so whatever it answered is lost", byteSize(e.Bytes)),
				"keep messages small: paginate lists, return large content as a resource link, and never put megabytes in one result")
		}
	}
	return nil
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d-byte", n)
}
