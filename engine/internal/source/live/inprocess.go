package live

import (
	"context"
	"net/http"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/engine/internal/transport"
	"github.com/mcplint/mcplint/engine/internal/transport/streamhttp"
)

// start begins the session with the server of t: opts.Serve in this
// process when it is set, else t's command as a child process.
func start(ctx context.Context, t target.Target, opts Options, mopts mcp.Options) (*mcp.Client, error) {
	if opts.Serve != nil {
		name := t.Name
		if name == "" {
			name = t.Input
		}
		return mcp.StartInProcess(ctx, name, opts.Serve, mopts)
	}
	if t.Kind == target.Remote {
		return startHTTP(ctx, t, mopts)
	}
	return mcp.Start(ctx, t.Command, mopts)
}

// startHTTP begins a session with the Streamable HTTP server at t.URL,
// sending t.Headers (credentials, never recorded) with every request.
func startHTTP(ctx context.Context, t target.Target, mopts mcp.Options) (*mcp.Client, error) {
	header := http.Header{}
	for k, v := range t.Headers {
		header.Set(k, v)
	}
	return mcp.Open(ctx, []string{target.RedactURL(t.URL)}, mopts, func(rec transport.Sink) (transport.Transport, error) {
		return streamhttp.New(t.URL, streamhttp.Options{Header: header, Timeout: mopts.Timeout}, rec)
	})
}
