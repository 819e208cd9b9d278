package live

import (
	"errors"
	"sync"

	"github.com/mcplint/mcplint/engine/mcp"
	"github.com/mcplint/mcplint/engine/probe"
	"github.com/mcplint/mcplint/sdk"
)

// listFailures collects the listing errors that mean the server is stuck
// or gone: probing it then only adds waits to a defect already recorded.
type listFailures struct {
	mu  sync.Mutex
	bad bool
}

func (f *listFailures) add(err error) {
	var timeout *mcp.TimeoutError
	var gone *mcp.GoneError
	if errors.As(err, &timeout) || errors.As(err, &gone) {
		f.mu.Lock()
		f.bad = true
		f.mu.Unlock()
	}
}

func (f *listFailures) stuck() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.bad
}

// closeBeside stops the main session's server while the fresh-process
// probes finish, and returns their transcripts.
func closeBeside(c *mcp.Client, fresh *probe.Fresh) []*sdk.Transcript {
	var trs []*sdk.Transcript
	done := make(chan struct{})
	go func() {
		defer close(done)
		trs = fresh.Finish()
	}()
	c.Close()
	<-done
	return trs
}

// answeredAnything reports whether the server wrote anything to stdout
// (an oversize line included):
// a session that failed in silence has nothing for the rules to judge.
func answeredAnything(tr *sdk.Transcript) bool {
	for _, r := range tr.Records {
		if r.Dir == sdk.DirServerToClient || r.Event != nil && r.Event.Kind == sdk.EventOversizeLine {
			return true
		}
	}
	return false
}
