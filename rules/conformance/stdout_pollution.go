package conformance

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/rules/internal/wire"
	"github.com/mcplint/mcplint/sdk"
)

// stdoutPollution reports stdout lines that are not one JSON-RPC message:
// banners, log lines, pretty-printed JSON spread over lines, stray values.
// It reports each kind of bad line once (text that is not JSON, JSON that
// is not JSON-RPC, empty lines), quoting the first, and counts the
// different lines of that kind. Counting runs of consecutive lines made
// the number of findings depend on how the server's writes interleaved
// with its answers and its stderr, which varies from run to run on a
// busy machine; the set of lines a server writes does not.
type stdoutPollution struct{}

func (stdoutPollution) Meta() sdk.Meta {
	return sdk.Meta{
		Name: "stdout-pollution", Category: sdk.CategoryConformance, Severity: sdk.Error, Default: true,
		Summary: "The server writes nothing to stdout but JSON-RPC messages, one per line",
		Doc:     doc("stdout-pollution"),
		Source:  "2025-11-25/basic/transports.mdx#stdio",
		Uses:    []string{parsedSession.Name},
	}
}

// pollution is one kind of bad stdout line: the first one, and the
// different lines of that kind.
type pollution struct {
	first    *wire.Msg
	distinct map[string]bool
}

func (stdoutPollution) Check(ctx context.Context, s *sdk.Snapshot, report func(sdk.Issue)) error {
	ss := session(ctx, s)
	if ss == nil {
		return nil
	}
	var kinds []string
	found := map[string]*pollution{}
	for _, m := range fromServer(ss) {
		if !polluted(m) {
			continue
		}
		kind := "text"
		switch {
		case m.Kind == wire.NotJSON && len(m.Bytes) == 0:
			kind = "empty"
		case m.Kind == wire.NotRPC:
			kind = "json"
		}
		p := found[kind]
		if p == nil {
			p = &pollution{first: m, distinct: map[string]bool{}}
			found[kind] = p
			kinds = append(kinds, kind)
		}
		p.distinct[string(m.Bytes)] = true
	}
	for _, kind := range kinds {
		p := found[kind]
		var what string
		switch {
		case kind == "empty":
			what = "an empty line"
		case kind == "json" && len(p.distinct) == 1:
			what = "JSON that is not a JSON-RPC message"
		case kind == "json":
			what = fmt.Sprintf("%d different JSON values that are not JSON-RPC messages", len(p.distinct))
		case len(p.distinct) == 1:
			what = "a line that is not JSON"
		default:
			what = fmt.Sprintf("%d different lines that are not JSON (log output, a banner, or JSON spread over several lines?)", len(p.distinct))
		}
		quote := ": "
		if len(p.distinct) > 1 {
			quote = ", the first: "
		}
		at(report, p.first.Index, fmt.Sprintf("server wrote %s to stdout%s%s", what, quote, wire.Quote(p.first.Bytes, 120)),
			"write logs and banners to stderr, and each message as one line of compact JSON")
	}
	return nil
}

func polluted(m *wire.Msg) bool {
	return m.Kind == wire.NotJSON || m.Kind == wire.NotRPC && !isBareAnswer(m)
}
