//go:build unix

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/mcplint/mcplint/engine/mcptest"
	"github.com/mcplint/mcplint/engine/trace"
	"github.com/mcplint/mcplint/sdk"
)

// TestSaveTraceLintsLikeTheLiveRun: --save-trace keeps the live session,
// the probes' sessions included, in a trace whose lint reports what the
// live run did, finding for finding, grade for grade; and every finding
// in the transcript, in either report, names the line of the saved file
// that holds the record its pointer names.
func TestSaveTraceLintsLikeTheLiveRun(t *testing.T) {
	// perconnection lists other tools to the probes' processes than to
	// the first: its finding comes from comparing their listings.
	for _, server := range []string{"preinit", "badping", "perconnection"} {
		t.Run(server, func(t *testing.T) {
			dir := t.TempDir()
			command := []string{mcptest.Server(t, server)}
			if server == "perconnection" {
				command = []string{"env", "PERCONNECTION_FILE=" + filepath.Join(dir, "lock"), command[0], "modern"}
			}
			args := append([]string{"--probes", "all", "--no-plugins", "--fail-on", "never", "-f", "json", "--save-trace", "session.jsonl", "--"}, command...)
			live, stderr, code := runCLI(t, dir, args...)
			if code != exitOK {
				t.Fatalf("live lint: exit %d\n%s", code, stderr)
			}
			if !strings.Contains(stderr, "saved the session to session.jsonl; lint it again with: mcplint session.jsonl") {
				t.Errorf("stderr does not say where the session went:\n%s", stderr)
			}
			saved, stderr, code := runCLI(t, dir, "--no-plugins", "--fail-on", "never", "-f", "json", "session.jsonl")
			if code != exitOK {
				t.Fatalf("trace lint: exit %d\n%s", code, stderr)
			}
			lt, st := reportTarget(t, live), reportTarget(t, saved)
			if lt["source"] != "live" || st["source"] != "trace" {
				t.Fatalf("sources %v and %v, want live and trace", lt["source"], st["source"])
			}
			for _, k := range []string{"source", "input"} {
				delete(lt, k)
				delete(st, k)
			}
			if !reflect.DeepEqual(lt, st) {
				a, _ := json.MarshalIndent(lt, "", " ")
				b, _ := json.MarshalIndent(st, "", " ")
				t.Errorf("the saved trace lints differently\n--- live\n%s\n--- trace\n%s", a, b)
			}
			tr, err := trace.ReadFile(filepath.Join(dir, "session.jsonl"), 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(tr.Probes) == 0 {
				t.Fatal("the saved trace holds no probe session")
			}
			data, _ := os.ReadFile(filepath.Join(dir, "session.jsonl"))
			lines := strings.Split(string(data), "\n")
			inTranscript, inProbe := 0, 0
			for _, is := range lt["issues"].([]any) {
				issue := is.(map[string]any)
				ptr, _ := issue["pointer"].(string)
				if !strings.HasPrefix(ptr, "/transcript/") {
					continue
				}
				inTranscript++
				if strings.HasPrefix(ptr, "/transcript/probes/") {
					inProbe++
				}
				loc, _ := issue["location"].(map[string]any)
				if loc == nil || loc["file"] != "session.jsonl" {
					t.Errorf("%s: location %v, want a line of session.jsonl", ptr, loc)
					continue
				}
				line := int(loc["line"].(float64))
				rec := recordAt(t, tr, ptr)
				if got := lines[line-1]; !strings.Contains(got, string(rec.Msg)) || rec.Msg == nil {
					t.Errorf("%s is at session.jsonl:%d, which holds\n%s\nnot the record %s", ptr, line, got, rec.Msg)
				}
			}
			if inTranscript == 0 {
				t.Errorf("%s gave no finding in the transcript to check", server)
			}
			if server != "badping" && inProbe == 0 {
				t.Errorf("%s gave no finding in a probe's session", server)
			}
		})
	}
}

// reportTarget is the one target of a JSON report.
func reportTarget(t *testing.T, out string) map[string]any {
	t.Helper()
	var rep struct{ Targets []map[string]any }
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Targets) != 1 {
		t.Fatalf("report %v:\n%s", err, out)
	}
	return rep.Targets[0]
}

// recordAt is the record a pointer into a transcript names
// (/transcript/records/I... or /transcript/probes/K/records/I...).
func recordAt(t *testing.T, tr *sdk.Transcript, ptr string) sdk.Record {
	t.Helper()
	parts := strings.Split(strings.TrimPrefix(ptr, "/transcript/"), "/")
	if parts[0] == "probes" {
		k, err := strconv.Atoi(parts[1])
		if err != nil || k >= len(tr.Probes) {
			t.Fatalf("%s names no probe session", ptr)
		}
		tr, parts = tr.Probes[k], parts[2:]
	}
	i, err := strconv.Atoi(parts[1])
	if parts[0] != "records" || err != nil || i >= len(tr.Records) {
		t.Fatalf("%s names no record", ptr)
	}
	return tr.Records[i]
}

// TestSaveTraceRefuses: --save-trace keeps one live server's session in
// a regular file: anything else is a usage error before a server starts.
func TestSaveTraceRefuses(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "tools.json", emptyTools)
	writeFile(t, dir, "other.json", emptyTools)
	if err := os.Mkdir(filepath.Join(dir, "folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/null", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	server := mcptest.Server(t, "weather")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"static", []string{"--save-trace", "t.jsonl", "tools.json"}, "--save-trace keeps a live server's session, and tools.json is a file: lint it as it is"},
		{"two targets", []string{"--save-trace", "t.jsonl", "tools.json", "other.json"}, "--save-trace keeps the session of one live server, and 2 targets are named"},
		{"folder", []string{"--save-trace", "folder", "--", server}, "it is a folder, not a regular file"},
		{"fifo", []string{"--save-trace", "fifo", "--", server}, "it is a FIFO (named pipe), not a regular file"},
		{"link", []string{"--save-trace", "link", "--", server}, "it is a symbolic link, not a regular file"},
		{"no folder", []string{"--save-trace", "nope/t.jsonl", "--", server}, "the folder " + filepath.Join(dir, "nope") + " does not exist"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, dir, tc.args...)
			if code != exitUsage || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, want %d with %q\n%s%s", code, exitUsage, tc.want, out, stderr)
			}
		})
	}
	if target, err := os.Readlink(filepath.Join(dir, "link")); err != nil || target != "/dev/null" {
		t.Errorf("the link was replaced: %q, %v", target, err)
	}
}

// TestSaveTraceNothingToKeep: a server that never spoke (here, never
// started) leaves no trace file, and stderr says so beside the report's
// reason.
func TestSaveTraceNothingToKeep(t *testing.T) {
	dir := t.TempDir()
	_, stderr, code := runCLI(t, dir, "--no-plugins", "--probes", "none", "--save-trace", "t.jsonl", "--", filepath.Join(dir, "no-such-server"))
	if code != exitTarget || !strings.Contains(stderr, "--save-trace: nothing saved to t.jsonl") {
		t.Errorf("exit %d, want %d with a note that nothing was saved\n%s", code, exitTarget, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "t.jsonl")); err == nil {
		t.Error("a trace was written for a server that said nothing")
	}
}
