package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestResumeAfterPart lints some of the real servers' tool lists with
// --resume (as a run stopped part way leaves its folder), then all of them
// with the same folder, in every streamed format at once: each report is
// what one run over all of them writes, the gate's exit code too, and the
// folder keeps a report per target. The six are named one by one, so
// they see each other: the three kept first saw only each other, and are
// linted again with all six. The targets of the first run are not
// linted again: their kept reports are altered, and the alteration shows.
func TestResumeAfterPart(t *testing.T) {
	dir := t.TempDir()
	src, err := filepath.Glob(filepath.Join("..", "..", "testdata", "realservers", "*.json"))
	if err != nil || len(src) < 6 {
		t.Fatalf("the real servers' tool lists: %v (%d)", err, len(src))
	}
	src = src[:6]
	var names []string
	for _, p := range src {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, writeFile(t, dir, filepath.Base(p), string(data)))
	}
	formats := func(tag string) []string {
		return []string{"--no-plugins", "-f", "json=" + tag + ".json", "-f", "jsonl=" + tag + ".jsonl", "-f", "sarif=" + tag + ".sarif", "-f", "junit=" + tag + ".xml"}
	}
	_, _, wantCode := runCLI(t, dir, append(formats("whole"), names...)...)
	_, _, code := runCLI(t, dir, append(append(formats("part"), "--resume", "kept"), names[:3]...)...)
	if code == exitUsage || code == exitTarget {
		t.Fatalf("the first part: exit %d", code)
	}
	kept, _ := filepath.Glob(filepath.Join(dir, "kept", "*.json"))
	if len(kept) != 3 {
		t.Fatalf("after linting 3 targets the folder holds %d reports, want 3", len(kept))
	}
	_, stderr, code := runCLI(t, dir, append(append(formats("resumed"), "--resume", "kept"), names...)...)
	if code != wantCode {
		t.Errorf("resumed run: exit %d, one run: %d (%s)", code, wantCode, stderr)
	}
	for _, ext := range []string{".json", ".jsonl", ".sarif", ".xml"} {
		want, _ := os.ReadFile(filepath.Join(dir, "whole"+ext))
		got, _ := os.ReadFile(filepath.Join(dir, "resumed"+ext))
		if len(want) == 0 || string(got) != string(want) {
			t.Errorf("%s: the resumed run's report differs from one run's (%d and %d bytes)", ext, len(got), len(want))
		}
	}
	if kept, _ = filepath.Glob(filepath.Join(dir, "kept", "*.json")); len(kept) != len(names) {
		t.Errorf("the folder holds %d reports, want %d", len(kept), len(names))
	}

	// A kept report stands for its target: alter one, and a rerun shows it.
	for _, k := range kept {
		data, _ := os.ReadFile(k)
		if strings.Contains(string(data), `"input":"`+names[0]+`"`) {
			altered := strings.Replace(string(data), `"grade":"`, `"grade":"Z`, 1)
			if err := os.WriteFile(k, []byte(altered), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	runCLI(t, dir, append(append(formats("again"), "--resume", "kept"), names...)...)
	again, _ := os.ReadFile(filepath.Join(dir, "again.json"))
	if !strings.Contains(string(again), `"grade": "Z`) {
		t.Errorf("a kept report was not used: the target was linted again")
	}
}
