package live

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mcplint/mcplint/engine/internal/mcp"
	"github.com/mcplint/mcplint/engine/internal/probe"
	"github.com/mcplint/mcplint/sdk"
)

// serverStuck says whether a listing error means the server is stuck or
// gone: probing it then only adds waits to a defect already recorded.
func serverStuck(err error) bool {
	var timeout *mcp.TimeoutError
	var gone *mcp.GoneError
	return errors.As(err, &timeout) || errors.As(err, &gone)
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

// unreadable says what is wrong with the first lines the server wrote
// from record from on that are not JSON-RPC messages ("" when every line
// was one), for the error of a handshake or a listing that got no answer
// it could read.
func unreadable(tr *sdk.Transcript, from int) string {
	const most = 3
	var why []string
	n := 0
	for _, r := range tr.Records[from:] {
		var problem string
		switch {
		case r.Dir == sdk.DirServerToClient && r.Msg == nil:
			var v any
			err := json.Unmarshal([]byte(r.Raw), &v)
			if err == nil {
				continue
			}
			problem = fmt.Sprintf("a line of %d bytes that is not JSON (%v)", len(r.Raw), err)
			if strings.ContainsRune(r.Raw, 0) {
				problem = fmt.Sprintf("a line of %d bytes holding a raw NUL byte, which JSON does not allow (%v)", len(r.Raw), err)
			}
		case r.Event != nil && r.Event.Kind == sdk.EventOversizeLine:
			problem = fmt.Sprintf("a line of %d bytes, over mcplint's line cap", r.Event.Bytes)
		default:
			continue
		}
		n++
		if len(why) < most {
			why = append(why, problem)
		}
	}
	var parts []string
	if n > 0 {
		s := fmt.Sprintf("%d line(s) that are not JSON-RPC messages: %s", n, strings.Join(why, "; "))
		if n > most {
			s += fmt.Sprintf("; and %d more", n-most)
		}
		parts = append(parts, s)
	}
	if ids := unmatchedIDs(tr, from); len(ids) > 0 {
		parts = append(parts, "responses whose ids match no request mcplint sent (id "+strings.Join(ids, ", ")+")")
	}
	if len(parts) == 0 {
		return ""
	}
	return "the server did answer, but with " + strings.Join(parts, ", and ")
}

// unmatchedIDs are the ids of the server's responses from record from on
// that answer no request of the client, the first few.
func unmatchedIDs(tr *sdk.Transcript, from int) []string {
	sent := map[string]bool{}
	var out []string
	for i, r := range tr.Records {
		if r.Msg == nil {
			continue
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(r.Msg, &m) != nil || len(m.ID) == 0 {
			continue
		}
		switch {
		case r.Dir == sdk.DirClientToServer && m.Method != "":
			sent[string(m.ID)] = true
		case r.Dir == sdk.DirServerToClient && m.Method == "" && !sent[string(m.ID)] && i >= from && len(out) < 5:
			out = append(out, string(m.ID))
		}
	}
	return out
}
