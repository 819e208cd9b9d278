package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"sync"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// extRules are the rules of the protocol's extensions, and those a
// correct task server could be mistaken by (its task-augmented calls are
// answered with a task, its task-only tool refuses a plain call with
// -32601): the fixtures below are judged on these alone.
var extRules = []string{"task-lifecycle", "task-shape", "task-unknown-id-code", "tasks-extension-required", "tasks-extension-result", "ui-resource-invalid", "ui-tool-meta",
	"structured-content-mismatch", "tool-error-as-protocol-error", "wire-schema"}

// TestExtensionFixtures lints the tasks and MCP Apps fixture servers, each
// breaking one requirement of the extension's text at a time, over stdio
// and over Streamable HTTP: each must get its rule's finding alone, and
// the correct servers none. The lifecycle of a task needs --exercise (a
// task is created by calling a tool) and the UI resources are read with
// --probes all only: without them the same defects go unseen.
func TestExtensionFixtures(t *testing.T) {
	mcptest.BusyIfLoad(t)
	tests := []struct {
		server, brk, probes, exercise string
		env                           []string
		want                          string
	}{
		{server: "tasks", exercise: "readonly"},
		{server: "tasks", brk: "unknown-id", want: "task-unknown-id-code"},
		{server: "tasks", brk: "created-status", exercise: "readonly", want: "task-shape"},
		{server: "tasks", brk: "created-status"}, // no tool is called without --exercise
		{server: "tasks", brk: "timestamp", exercise: "readonly", want: "task-shape"},
		{server: "tasks", brk: "result-meta", exercise: "readonly", want: "task-shape"},
		{server: "tasks", brk: "reopen", exercise: "readonly", want: "task-lifecycle"},
		{server: "tasks", brk: "cancel-terminal", exercise: "readonly", want: "task-lifecycle"},
		{server: "tasks", brk: "unlisted", exercise: "readonly", want: "task-lifecycle"},
		{server: "tasks", env: []string{"TASKS_REQUIRED=1"}, exercise: "readonly"},
		{server: "tasks", env: []string{"TASKS_REQUIRED=1"}, brk: "reopen", exercise: "readonly", want: "task-lifecycle"},
		{server: "tasks", env: []string{"TASKS_ERA=modern"}},
		{server: "tasks", env: []string{"TASKS_ERA=modern"}, brk: "unknown-id", want: "task-unknown-id-code"},
		{server: "tasks", env: []string{"TASKS_ERA=modern"}, brk: "undeclared", want: "tasks-extension-required"},
		{server: "tasks", env: []string{"TASKS_ERA=modern"}, exercise: "readonly"},
		{server: "tasks", env: []string{"TASKS_ERA=modern"}, brk: "eager", exercise: "readonly", want: "tasks-extension-result"},
		{server: "tasks", env: []string{"TASKS_ERA=modern"}, brk: "not-durable", exercise: "readonly", want: "tasks-extension-result"},
		{server: "tasks", env: []string{"TASKS_ERA=modern"}, brk: "no-result", exercise: "readonly", want: "tasks-extension-result"},
		{server: "tasks", env: []string{"TASKS_ERA=modern"}, brk: "no-result"}, // no task is created without --exercise
		{server: "uiapp", probes: "all"},
		{server: "uiapp", brk: "unlisted", probes: "all"},
		{server: "uiapp", brk: "mime", probes: "all", want: "ui-resource-invalid"},
		{server: "uiapp", brk: "mime"}, // the default probes do not read UI resources
		{server: "uiapp", brk: "missing", exercise: "readonly", want: "ui-resource-invalid"},
		{server: "uiapp", brk: "csp", probes: "all", want: "ui-resource-invalid"},
		{server: "uiapp", brk: "scheme", want: "ui-tool-meta"},
	}
	for _, transport := range []string{"stdio", "http"} {
		for _, tc := range tests {
			name := fmt.Sprintf("%s/%s%q/break=%s/probes=%s/exercise=%s", transport, tc.server, tc.env, tc.brk, tc.probes, tc.exercise)
			t.Run(name, func(t *testing.T) {
				env := append([]string{"TASKS_BREAK=" + tc.brk, "UIAPP_BREAK=" + tc.brk}, tc.env...)
				cmd := []string{mcptest.Server(t, tc.server)}
				s := Settings{Probes: tc.probes, Exercise: tc.exercise}
				var tg *result.Target
				if transport == "http" {
					srv := httptest.NewServer(&stdioBridge{t: t, cmd: cmd, env: env, procs: map[string]*bridgeProc{}})
					defer srv.Close()
					tg = lintURLWith(t, srv.URL+"/mcp", s)
				} else {
					s.Command = append(append([]string{"env"}, env...), cmd...)
					tg = lintWith(t, s)
				}
				mcptest.CheckOnly(t, tg, extRules, tc.want, sdk.Info)
			})
		}
	}
}

// TestInputRequiredOnListOverHTTP lints the stateless fixture server, whose
// prompts/list answers with an InputRequiredResult when it is told to, over
// Streamable HTTP as TestStatelessFixtures does over stdio: the rule judges
// the JSON-RPC answer whatever carried it, and the correct server gets no
// finding.
func TestInputRequiredOnListOverHTTP(t *testing.T) {
	for brk, want := range map[string]bool{"": false, "inputlist": true} {
		t.Run("break="+brk, func(t *testing.T) {
			srv := httptest.NewServer(&stdioBridge{t: t, cmd: []string{mcptest.Server(t, "stateless")}, env: []string{"STATELESS_BREAK=" + brk}, procs: map[string]*bridgeProc{}})
			defer srv.Close()
			tg := lintURLWith(t, srv.URL+"/mcp", Settings{})
			got := slices.ContainsFunc(tg.Issues, func(is sdk.Issue) bool { return is.Rule == "input-required-unsupported" })
			if got != want {
				t.Errorf("input-required-unsupported reported %v, want %v: %+v", got, want, tg.Issues)
			}
		})
	}
}

// stdioBridge serves a stdio fixture server over Streamable HTTP (JSON
// responses): each initialize starts a process of its own, named by the
// MCP-Session-Id it answers with, requests that name no session (the
// 2026-07-28 era's) go to one shared process, and each POST is one line
// to its process, answered with the line of the same id.
// The fixture servers answer every request, so a POST never waits on a
// request the server keeps.
type stdioBridge struct {
	t        *testing.T
	cmd, env []string

	mu     sync.Mutex
	procs  map[string]*bridgeProc
	next   int
	shared sync.Once // starts the process of the requests without a session
}

// bridgeProc is one fixture process and its pipes.
type bridgeProc struct {
	mu  sync.Mutex
	in  io.WriteCloser
	out *bufio.Reader
}

func (b *stdioBridge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodDelete {
		w.WriteHeader(http.StatusOK)
		return
	}
	if r.Method != http.MethodPost {
		http.Error(w, "no stream here", http.StatusMethodNotAllowed)
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal(body, &m) != nil {
		rpcError(w, http.StatusBadRequest, nil, -32700, "Parse error", "")
		return
	}
	sid := r.Header.Get("MCP-Session-Id")
	switch {
	case m.Method == "initialize":
		sid = b.start()
		w.Header().Set("MCP-Session-Id", sid)
	case sid == "":
		// A 2026-07-28 request, or a legacy one before initialize: one
		// process serves every request that names no session, and a
		// legacy fixture refuses them until it is initialized.
		b.shared.Do(func() { b.startAs("") })
	}
	b.mu.Lock()
	p := b.procs[sid]
	b.mu.Unlock()
	if p == nil {
		rpcError(w, http.StatusBadRequest, nil, -32000, "Bad Request: no valid session", "")
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.in.Write(append(bytes.TrimSpace(body), '\n'))
	if len(m.ID) == 0 || m.Method == "" {
		w.WriteHeader(http.StatusAccepted) // a notification or a response
		return
	}
	for {
		line, err := p.out.ReadBytes('\n')
		if err != nil {
			http.Error(w, "the server exited", http.StatusInternalServerError)
			return
		}
		var resp struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(line, &resp) == nil && bytes.Equal(resp.ID, m.ID) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(line)
			return
		}
	}
}

// start runs a new process of the fixture and returns its session id.
func (b *stdioBridge) start() string {
	b.mu.Lock()
	b.next++
	sid := fmt.Sprintf("session-%d", b.next)
	b.mu.Unlock()
	b.startAs(sid)
	return sid
}

// startAs runs a new process of the fixture for session sid.
func (b *stdioBridge) startAs(sid string) {
	cmd := exec.Command(b.cmd[0], b.cmd[1:]...)
	cmd.Env = append(os.Environ(), b.env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		b.t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.t.Fatal(err)
	}
	b.t.Cleanup(func() {
		in.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	b.mu.Lock()
	defer b.mu.Unlock()
	b.procs[sid] = &bridgeProc{in: in, out: bufio.NewReaderSize(out, 1<<20)}
}
