// Command tasks is a 2025-11-25 server with task-augmented tool calls,
// written from the tasks page of that version
// (basic/utilities/tasks.mdx): it declares tasks.list, tasks.cancel and
// tasks.requests.tools.call, and its one tool, word_count, supports tasks
// optionally. A task it creates is working until the first tasks/get,
// which finds it completed.
//
// TASKS_BREAK names the one requirement it breaks:
//
//	unknown-id      tasks/get, tasks/result and tasks/cancel of an id it never
//	                gave fail with -32603 instead of -32602
//	created-status  a new task begins completed instead of working
//	timestamp       createdAt is "yesterday", not an ISO 8601 timestamp
//	result-meta     tasks/result has no io.modelcontextprotocol/related-task _meta
//	reopen          tasks/list reports a completed task as working again
//	cancel-terminal tasks/cancel of a completed task succeeds, as cancelled
//	unlisted        tasks/list leaves out the tasks tasks/get returns
//
// With TASKS_REQUIRED=1 (no defect) word_count requires tasks: a call
// without a task fails with -32601, as the tasks page requires.
//
// With TASKS_ERA=modern it is instead a 2026-07-28 server that declares
// the io.modelcontextprotocol/tasks extension (its specification's
// 2026-07-28 tasks.md): tasks/get, tasks/update and tasks/cancel fail with
// -32021 for a client that does not declare the extension (-32602 with
// TASKS_BREAK=undeclared) and with -32602 for an unknown id (-32603 with
// TASKS_BREAK=unknown-id). Its read-only word_count answers a call that
// declares the extension with a task, which tasks/get then finds
// completed, and any other call with its result (a task, with
// TASKS_BREAK=eager: the server decides when to create a task, but never
// for a client that did not declare the extension). TASKS_BREAK=not-durable
// answers the first tasks/get of a task with -32602, as if the task were
// not stored yet; TASKS_BREAK=no-result finds it completed without its
// result.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/mcplint/mcplint/testdata/servers/internal/rawmcp"
)

// task is one task's state.
type task struct {
	id, status string
	created    string
	words      int
}

func main() {
	brk := os.Getenv("TASKS_BREAK")
	if os.Getenv("TASKS_ERA") == "modern" {
		modern(brk)
		return
	}
	tasks := map[string]*task{}
	var order []string
	support := "optional"
	if os.Getenv("TASKS_REQUIRED") == "1" {
		support = "required"
	}
	stamp := func() string { return time.Now().UTC().Format(time.RFC3339Nano) }
	view := func(t *task) map[string]any {
		created := t.created
		if brk == "timestamp" {
			created = "yesterday"
		}
		return map[string]any{"taskId": t.id, "status": t.status, "createdAt": created, "lastUpdatedAt": stamp(), "ttl": 60000, "pollInterval": 50}
	}
	result := func(t *task) map[string]any {
		r := rawmcp.TextResult(fmt.Sprintf("%d words", t.words), false)
		if brk != "result-meta" {
			r["_meta"] = map[string]any{"io.modelcontextprotocol/related-task": map[string]any{"taskId": t.id}}
		}
		return r
	}
	lookup := func(s *rawmcp.Server, m rawmcp.Msg) *task {
		var p struct {
			TaskID string `json:"taskId"`
		}
		json.Unmarshal(m.Params, &p)
		t := tasks[p.TaskID]
		if t == nil {
			code := -32602
			if brk == "unknown-id" {
				code = -32603
			}
			s.Fail(m.ID, code, "Failed to retrieve task: Task not found")
		}
		return t
	}
	rawmcp.Legacy{
		Name: "tasks",
		Capabilities: map[string]any{
			"tools": map[string]any{},
			"tasks": map[string]any{"list": map[string]any{}, "cancel": map[string]any{}, "requests": map[string]any{"tools": map[string]any{"call": map[string]any{}}}},
		},
		Tools: []map[string]any{{
			"name":        "word_count",
			"description": "Count the words of a text; long texts can be counted as a task.",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{
				"text": map[string]any{"type": "string", "description": "The text whose words to count."},
			}, "required": []string{"text"}},
			"annotations": map[string]any{"readOnlyHint": true},
			"execution":   map[string]any{"taskSupport": support},
		}},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			switch m.Method {
			case "tools/call":
				var p struct {
					Name      string `json:"name"`
					Arguments struct {
						Text string `json:"text"`
					} `json:"arguments"`
					Task json.RawMessage `json:"task"`
				}
				json.Unmarshal(m.Params, &p)
				if p.Name != "word_count" {
					s.Fail(m.ID, -32602, "Unknown tool: "+p.Name)
					return true
				}
				words := len(strings.Fields(p.Arguments.Text))
				switch {
				case len(p.Task) == 0 && support == "required":
					s.Fail(m.ID, -32601, "word_count must be called as a task")
					return true
				case len(p.Task) == 0:
					s.Reply(m.ID, rawmcp.TextResult(fmt.Sprintf("%d words", words), false))
					return true
				}
				t := &task{id: fmt.Sprintf("task-%d-%d", os.Getpid(), len(order)+1), status: "working", created: stamp(), words: words}
				if brk == "created-status" {
					t.status = "completed"
				}
				tasks[t.id] = t
				order = append(order, t.id)
				s.Reply(m.ID, map[string]any{"task": view(t)})
			case "tasks/get":
				if t := lookup(s, m); t != nil {
					t.status = "completed" // the work is done by the time anyone asks
					s.Reply(m.ID, view(t))
				}
			case "tasks/result":
				if t := lookup(s, m); t != nil {
					t.status = "completed"
					s.Reply(m.ID, result(t))
				}
			case "tasks/cancel":
				t := lookup(s, m)
				switch {
				case t == nil:
				case t.status == "completed" && brk != "cancel-terminal":
					s.Fail(m.ID, -32602, "Cannot cancel task: already in terminal status 'completed'")
				default:
					t.status = "cancelled"
					s.Reply(m.ID, view(t))
				}
			case "tasks/list":
				list := []any{}
				for _, id := range order {
					v := view(tasks[id])
					if brk == "reopen" {
						v["status"] = "working"
					}
					if brk != "unlisted" {
						list = append(list, v)
					}
				}
				s.Reply(m.ID, map[string]any{"tasks": list})
			default:
				return false
			}
			return true
		},
	}.Serve(rawmcp.New())
}

// modern serves the 2026-07-28 variant.
func modern(brk string) {
	tool := rawmcp.Tool("word_count", "Count the words of a text; long texts can be counted as a task.")
	tool["inputSchema"] = map[string]any{"type": "object", "properties": map[string]any{"text": map[string]any{"type": "string", "description": "The text to count"}}}
	tool["annotations"] = map[string]any{"readOnlyHint": true}
	// results holds each task's CallToolResult, by task id.
	results := map[string]map[string]any{}
	polled := map[string]bool{} // the tasks tasks/get asked about
	stamp := time.Now().UTC().Format(time.RFC3339)
	rawmcp.Modern{
		Name:         "tasks",
		Capabilities: map[string]any{"tools": map[string]any{}, "extensions": map[string]any{"io.modelcontextprotocol/tasks": map[string]any{}}},
		Tools:        []map[string]any{tool},
		Extra: func(s *rawmcp.Server, m rawmcp.Msg) bool {
			var p struct {
				Name      string `json:"name"`
				TaskID    string `json:"taskId"`
				Arguments struct {
					Text string `json:"text"`
				} `json:"arguments"`
				Meta struct {
					Capabilities struct {
						Extensions map[string]any `json:"extensions"`
					} `json:"io.modelcontextprotocol/clientCapabilities"`
				} `json:"_meta"`
			}
			json.Unmarshal(m.Params, &p)
			_, declares := p.Meta.Capabilities.Extensions["io.modelcontextprotocol/tasks"]
			task := func(id, status string) map[string]any {
				return map[string]any{"taskId": id, "status": status, "createdAt": stamp, "lastUpdatedAt": stamp, "ttlMs": 60000, "pollIntervalMs": 50}
			}
			switch m.Method {
			case "tools/call":
				if p.Name != "word_count" {
					return false
				}
				result := map[string]any{"content": []any{map[string]any{"type": "text", "text": fmt.Sprint(len(strings.Fields(p.Arguments.Text)))}}}
				if !declares && brk != "eager" {
					result["resultType"] = "complete"
					s.Reply(m.ID, result)
					return true
				}
				id := fmt.Sprintf("task-%d", len(results)+1)
				results[id] = result
				created := task(id, "working")
				created["resultType"] = "task"
				s.Reply(m.ID, created)
				return true
			case "tasks/get", "tasks/cancel", "tasks/update":
			default:
				return false
			}
			if !declares && brk != "undeclared" {
				s.Send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{"code": -32021, "message": "Missing required client capability",
					"data": map[string]any{"requiredCapabilities": map[string]any{"extensions": map[string]any{"io.modelcontextprotocol/tasks": map[string]any{}}}}}})
				return true
			}
			if result, ok := results[p.TaskID]; ok {
				switch {
				case m.Method != "tasks/get":
					s.Reply(m.ID, map[string]any{"resultType": "complete"}) // an acknowledgment
				case brk == "not-durable" && !polled[p.TaskID]:
					polled[p.TaskID] = true
					s.Fail(m.ID, -32602, "Failed to retrieve task: Task not found")
				default:
					done := task(p.TaskID, "completed")
					done["resultType"] = "complete"
					if brk != "no-result" {
						done["result"] = result
					}
					s.Reply(m.ID, done)
				}
				return true
			}
			code := -32602
			if brk == "unknown-id" {
				code = -32603
			}
			s.Fail(m.ID, code, "Failed to retrieve task: Task not found")
			return true
		},
	}.Serve(rawmcp.New())
}
