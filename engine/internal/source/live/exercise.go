package live

import (
	"context"
	"time"

	"github.com/mcplint/mcplint/engine/internal/exercise"
	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/session"
	"github.com/mcplint/mcplint/engine/internal/target"
)

// sessionTimeout is the whole-session bound: exercising tools makes a
// session longer than listing alone, so its default is longer too.
func (o Options) sessionTimeout() time.Duration {
	if o.SessionTimeout > 0 || !o.Exercise.Enabled() {
		return o.SessionTimeout
	}
	return exercise.DefaultSessionTimeout
}

// exerciseTools calls the listed tools with generated arguments when the
// options ask for it: after the listing, before the session closes, so
// the calls are in the transcript the Snapshot is built from.
func exerciseTools(ctx context.Context, c *mcp.Client, t target.Target, opts Options, timeout time.Duration) {
	if !opts.Exercise.Enabled() {
		return
	}
	listed, err := session.Build(c.Transcript())
	if err != nil || len(listed.Tools) == 0 && len(opts.Exercise.Requests) == 0 {
		return
	}
	name := t.Name
	if name == "" {
		name = c.CommandLine()
	}
	eo := opts.Exercise
	if eo.Timeout <= 0 {
		eo.Timeout = timeout
	}
	if len(eo.Roots.Dirs) == 0 {
		eo.Roots = exercise.RootsFromArgs(t.Command, t.Dir)
	}
	if len(eo.Requests) > 0 {
		exercise.RunRequests(ctx, c, name, exercise.Listing{Tools: listed.Tools, Prompts: listed.Prompts, PromptsListed: len(listed.Prompts) > 0}, eo)
		return
	}
	exercise.Run(ctx, c, name, listed.Tools, eo)
}
