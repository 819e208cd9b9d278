// Command longops is a server with one slow tool, work, that reports
// progress and can be cancelled, as the progress and cancellation pages of
// the specification describe (2025-11-25/basic/utilities/progress.mdx,
// cancellation.mdx; 2026-07-28/basic/patterns/). Its first argument is the
// era, legacy (2025-11-25) or modern (2026-07-28); a second names the one
// defect it has, if any:
//
//   - wrong-token: progress carries the request's id, not its progressToken
//   - decreasing: the progress value goes down
//   - after-answer: one more progress comes after the response
//   - ignores-cancel: a cancelled call goes on and is answered
//   - ignores-first-cancel: only the first cancelled call goes on and is
//     answered, as when an answer crosses a cancellation on the wire
//
// Without one it follows the text: progress 0 at once, then one more after
// each 200 ms step; on notifications/cancelled the work stops and the
// request is never answered.
package main

import (
	"encoding/json"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

const step = 200 * time.Millisecond

// cancelled holds a channel per request in progress, closed when the
// client cancels it.
var (
	mu        sync.Mutex
	cancelled = map[string]chan struct{}{}
	// missed counts the cancellations passed over (ignores-first-cancel).
	missed int
)

func main() {
	era, defect := "legacy", ""
	if len(os.Args) > 1 {
		era = os.Args[1]
	}
	if len(os.Args) > 2 {
		defect = os.Args[2]
	}
	// Notifications never reach a rawmcp handler, so the cancellations
	// are read here, and every line is passed on to the server loop.
	r, w, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	in := os.Stdin
	os.Stdin = r
	go watchCancels(in, w, defect == "ignores-first-cancel")

	tool := rawmcp.Tool("work", "Do some slow work in 200 ms steps, reporting progress after each one.")
	tool["inputSchema"] = map[string]any{"type": "object", "properties": map[string]any{
		"steps": map[string]any{"type": "integer", "minimum": 2, "maximum": 5, "description": "How many 200 ms steps to take"},
	}}
	tool["annotations"] = map[string]any{"readOnlyHint": true, "openWorldHint": false}
	extra := func(s *rawmcp.Server, m rawmcp.Msg) bool {
		if m.Method != "tools/call" {
			return false
		}
		work(s, m, era == "modern", defect)
		return true
	}
	if era == "modern" {
		rawmcp.Modern{Name: "longops", Tools: []map[string]any{tool}, Extra: extra}.Serve(rawmcp.New())
		return
	}
	rawmcp.Legacy{Name: "longops", Tools: []map[string]any{tool}, Extra: extra}.Serve(rawmcp.New())
}

// watchCancels copies in to out line by line, closing the channel of each
// request a notifications/cancelled names (but the first when missFirst).
func watchCancels(in io.Reader, out io.WriteCloser, missFirst bool) {
	defer out.Close()
	dec := json.NewDecoder(in)
	for {
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return
		}
		var m struct {
			Method string `json:"method"`
			Params struct {
				RequestID json.RawMessage `json:"requestId"`
			} `json:"params"`
		}
		if json.Unmarshal(raw, &m) == nil && m.Method == "notifications/cancelled" {
			mu.Lock()
			if ch := cancelled[string(m.Params.RequestID)]; ch != nil && missFirst && missed == 0 {
				missed++
			} else if ch != nil {
				close(ch)
				delete(cancelled, string(m.Params.RequestID))
			}
			mu.Unlock()
		}
		out.Write(append(raw, '\n'))
	}
}

// work serves a call of the tool in the background, so that
// cancellations and pings are read while it runs.
func work(s *rawmcp.Server, m rawmcp.Msg, modern bool, defect string) {
	var p struct {
		Name      string `json:"name"`
		Arguments struct {
			Steps int `json:"steps"`
		} `json:"arguments"`
		Meta struct {
			Token json.RawMessage `json:"progressToken"`
		} `json:"_meta"`
	}
	json.Unmarshal(m.Params, &p)
	if p.Name != "work" {
		s.Fail(m.ID, -32602, "Unknown tool: "+p.Name)
		return
	}
	steps := min(max(p.Arguments.Steps, 2), 5)
	stop := make(chan struct{})
	mu.Lock()
	cancelled[string(m.ID)] = stop
	mu.Unlock()
	token := p.Meta.Token
	if defect == "wrong-token" {
		token = m.ID
	}
	progress := func(v int) {
		if len(token) > 0 {
			s.Send(map[string]any{"jsonrpc": "2.0", "method": "notifications/progress",
				"params": map[string]any{"progressToken": token, "progress": v, "total": steps, "message": "working"}})
		}
	}
	go func() {
		progress(0)
		for i := 1; i <= steps; i++ {
			if defect == "ignores-cancel" {
				stop = nil // the whole step is taken, cancelled or not
			}
			select {
			case <-stop:
				return
			case <-time.After(step):
			}
			if i < steps || defect != "after-answer" {
				v := i
				if defect == "decreasing" {
					v = steps - i
				}
				progress(v)
			}
		}
		mu.Lock()
		delete(cancelled, string(m.ID))
		mu.Unlock()
		result := rawmcp.TextResult("done", false)
		if modern {
			result["resultType"] = "complete"
		}
		s.Reply(m.ID, result)
		if defect == "after-answer" {
			progress(steps)
		}
	}()
}
