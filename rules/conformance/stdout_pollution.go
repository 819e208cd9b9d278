package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// stdoutPollution reports stdout lines that are not one JSON-RPC message:
// banners, log lines, pretty-printed JSON spread over lines, stray values.
// A run of consecutive bad lines is one issue.
type stdoutPollution struct{}

func (stdoutPollution) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "stdout-pollution", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server writes nothing to stdout but JSON-RPC messages, one per line",
		Doc:     doc("stdout-pollution"),
		Source:  "2025-11-25/basic/transports.mdx#stdio",
	}
}

func (stdoutPollution) Check(_ context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(s)
	if ss == nil {
		return nil
	}
	msgs := fromServer(ss)
	for i := 0; i < len(msgs); i++ {
		m := msgs[i]
		if !polluted(m) {
			continue
		}
		j := i
		for j+1 < len(msgs) && polluted(msgs[j+1]) && msgs[j+1].Index == msgs[j].Index+1 {
			j++
		}
		what := "a line that is not JSON"
		switch {
		case j == i && m.Kind == wire.NotJSON && len(m.Bytes) == 0:
			what = "an empty line"

		case j > i:
			what = fmt.Sprintf("%d lines that are not JSON-RPC messages (pretty-printed JSON or log output?)", j-i+1)
		case m.Kind == wire.NotRPC:
			what = "JSON that is not a JSON-RPC message"
		}
		at(report, m.Index, fmt.Sprintf("server wrote %s to stdout: %s", what, wire.Quote(m.Bytes, 120)),
			"write logs and banners to stderr, and each message as one line of compact JSON")
		i = j
	}
	return nil
}

func polluted(m *wire.Msg) bool {
	return m.Kind == wire.NotJSON || m.Kind == wire.NotRPC && !isBareAnswer(m)
}
