package engine_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine"
	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// featureRules are the rules the feature probes (--probes all) feed.
var featureRules = []string{"capability-method-missing", "hidden-unicode-tag", "prompt-missing-argument-error", "wire-schema"}

// featureBreaks are the features fixture's breaks, each with the rule
// that must find it, by era: setlevel and subscribe are of methods
// 2026-07-28 no longer has.
var featureBreaks = []struct {
	brk, want  string
	legacyOnly bool
}{
	{"", "", false},
	{"prompt-argument", "prompt-missing-argument-error", false},
	{"prompt-text", "hidden-unicode-tag", false},
	{"resource-text", "hidden-unicode-tag", false},
	{"template-read", "wire-schema", false},
	{"completion", "wire-schema", false},
	{"setlevel", "capability-method-missing", true},
	{"subscribe", "capability-method-missing", true},
}

// TestFeatureFixtures lints the features fixture, written from the
// server pages of each era, correct and then breaking one thing at a
// time, with all probes, over stdio and over Streamable HTTP: each break
// gets its rule and no other of the feature probes' rules, and the
// correct server none of them. Without the feature probes nothing reads
// a prompt or a resource, and no break is found.
func TestFeatureFixtures(t *testing.T) {
	mcptest.BusyIfLoad(t)
	bin := mcptest.Server(t, "features")
	for _, era := range []string{sdk.EraLegacy, sdk.EraModern} {
		for _, fb := range featureBreaks {
			if fb.legacyOnly && era == sdk.EraModern {
				continue
			}
			env := []string{"FEATURES_BREAK=" + fb.brk}
			if era == sdk.EraModern {
				env = append(env, "FEATURES_ERA=modern")
			}
			t.Run(era+"/stdio/break="+fb.brk, func(t *testing.T) {
				t.Parallel()
				trace := filepath.Join(t.TempDir(), "session.jsonl")
				tg := lintFeatures(t, engine.Settings{Command: append(append([]string{"env"}, env...), bin), SaveTrace: engine.SaveTrace{Path: trace}})
				checkFeatureRules(t, tg, era, fb.want)
				// The saved session lints as the live one did: the
				// fetched texts are read from the transcript.
				checkFeatureRules(t, lintFeatures(t, engine.Settings{Args: []string{trace}}), era, fb.want)
			})
			t.Run(era+"/http/break="+fb.brk, func(t *testing.T) {
				t.Parallel()
				srv := httptest.NewServer(newStdioBridge(t, bin, env))
				defer srv.Close()
				tg := lintFeatures(t, engine.Settings{Args: []string{srv.URL + "/mcp"}})
				checkFeatureRules(t, tg, era, fb.want)
			})
		}
	}
}

// TestFeatureProbeSilenceIsInconclusive: a server that never answers the
// prompts/get without a required argument leaves
// prompt-missing-argument-error unjudged, which the report says, rather
// than passing it.
func TestFeatureProbeSilenceIsInconclusive(t *testing.T) {
	tg := lintFeatures(t, engine.Settings{Command: []string{"env", "FEATURES_BREAK=prompt-silent", mcptest.Server(t, "features")}, Timeout: time.Second})
	if tg.Error != nil {
		t.Fatal(tg.Error)
	}
	if slices.Contains(rulesOf(tg, sdk.Info), "prompt-missing-argument-error") {
		t.Error("prompt-missing-argument-error reported on a request that was never answered")
	}
	for _, in := range tg.Inconclusive {
		if in.Probe == "prompt-missing-argument" && slices.Contains(in.Rules, "prompt-missing-argument-error") {
			return
		}
	}
	t.Errorf("inconclusive %+v, want the prompt-missing-argument probe", tg.Inconclusive)
}

func lintFeatures(t *testing.T, s engine.Settings) *result.Target {
	t.Helper()
	s.Dir, s.Config, s.Probes, s.NoLock, s.Plugins = t.TempDir(), config.Default(), "all", true, engine.PluginSettings{Off: true}
	if s.Timeout == 0 {
		s.Timeout = 5 * time.Second
	}
	rep, err := engine.Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return rep.Targets[0]
}

func checkFeatureRules(t *testing.T, tg *result.Target, era, want string) {
	t.Helper()
	if tg.Error != nil || tg.Era != era {
		t.Fatalf("error %v, era %q", tg.Error, tg.Era)
	}
	mcptest.CheckOnly(t, tg, featureRules, want, sdk.Info)
	for _, in := range tg.Inconclusive {
		t.Errorf("inconclusive: %+v", in)
	}
}

// stdioBridge serves one process of a stdio fixture over Streamable HTTP,
// as plainly as the transport allows: each POSTed request is written to
// the process and answered with the response of the same id as JSON (a
// notification gets 202), one at a time. A legacy initialize answer gets
// a session id. Nothing else of the transport is checked: the tests that
// use it judge the protocol, not the transport.
type stdioBridge struct {
	mu  sync.Mutex
	in  io.WriteCloser
	out *bufio.Reader
}

func newStdioBridge(t *testing.T, bin string, env []string) *stdioBridge {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	return &stdioBridge{in: in, out: bufio.NewReader(out)}
}

func (b *stdioBridge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "no stream here", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal(body, &req) != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, err := b.in.Write(append(bytes.TrimSpace(body), '\n')); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	if len(req.ID) == 0 {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	for {
		line, err := b.out.ReadBytes('\n')
		if err != nil {
			http.Error(w, "the server closed stdout", http.StatusBadGateway)
			return
		}
		var resp struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(line, &resp) != nil || resp.Method != "" || !bytes.Equal(resp.ID, req.ID) {
			continue
		}
		if req.Method == "initialize" {
			w.Header().Set("Mcp-Session-Id", "bridge-session")
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(line)
		return
	}
}
