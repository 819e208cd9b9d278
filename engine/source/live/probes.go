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
// probe finishes, and returns the probe transcripts for a session of era.
func closeBeside(c *mcp.Client, fresh *probe.Fresh, era string) []*sdk.Transcript {
	var tr *sdk.Transcript
	done := make(chan struct{})
	go func() {
		defer close(done)
		tr = fresh.Finish(era)
	}()
	c.Close()
	<-done
	if tr == nil {
		return nil
	}
	return []*sdk.Transcript{tr}
}
