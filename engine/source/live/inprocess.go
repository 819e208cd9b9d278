package live

import (
	"context"

	"github.com/mcplint/mcplint/engine/mcp"
	"github.com/mcplint/mcplint/engine/target"
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
	return mcp.Start(ctx, t.Command, mopts)
}
