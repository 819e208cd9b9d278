package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/mcplint/mcplint/engine/shard"
)

// shardRecipes are the YAML documents of the shards section of
// docs/ci.md, in order.
func shardRecipes(t *testing.T) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Many servers in parallel")
	if !ok {
		t.Fatal("docs/ci.md has no section \"Many servers in parallel\"")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var docs []map[string]any
	for _, block := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(section, -1) {
		dec := yaml.NewDecoder(strings.NewReader(block[1]))
		for {
			var doc map[string]any
			err := dec.Decode(&doc)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("docs/ci.md: a YAML block does not parse: %v\n%s", err, block[1])
			}
			docs = append(docs, doc)
		}
	}
	return docs
}

// at walks a YAML document by keys and list indexes.
func at(t *testing.T, doc any, path ...any) any {
	t.Helper()
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := doc.(map[string]any)
			if !ok {
				t.Fatalf("docs/ci.md: no key %q at %v", k, path)
			}
			doc = m[k]
		case int:
			l, ok := doc.([]any)
			if !ok || k >= len(l) {
				t.Fatalf("docs/ci.md: no item %d at %v", k, path)
			}
			doc = l[k]
		}
	}
	return doc
}

var shardSpec = regexp.MustCompile(`--shard (\S+)`)

// checkShardFlag checks that text runs mcplint with a --shard that parses,
// with the variable it reads set to index, into part want of count.
func checkShardFlag(t *testing.T, text, variable, index string, want shard.Shard) {
	t.Helper()
	m := shardSpec.FindStringSubmatch(text)
	if m == nil {
		t.Errorf("docs/ci.md: no --shard in %q", text)
		return
	}
	got, err := shard.Parse(m[1], func(k string) string {
		if k == variable {
			return index
		}
		return ""
	})
	if err != nil || got != want {
		t.Errorf("docs/ci.md: --shard %s with %s=%s is %v (%v), want %v", m[1], variable, index, got, err, want)
	}
}

// TestShardRecipesInCIDocs: the GitHub Actions matrix and the Kubernetes
// Indexed Jobs of docs/ci.md are valid YAML whose keys say what the text
// says: the matrix and the Job have as many parts as --shard counts, each
// part's index reads as the right shard, and the parts are merged after.
func TestShardRecipesInCIDocs(t *testing.T) {
	docs := shardRecipes(t)
	if len(docs) != 3 {
		t.Fatalf("docs/ci.md: want 3 YAML documents (a workflow, an Indexed Job, a merge Job), got %d", len(docs))
	}
	workflow, job, merge := docs[0], docs[1], docs[2]

	matrix, _ := at(t, workflow, "jobs", "lint", "strategy", "matrix", "shard").([]any)
	var lintRun string
	for _, step := range at(t, workflow, "jobs", "lint", "steps").([]any) {
		if run, ok := at(t, step, "run").(string); ok && strings.Contains(run, "--shard") {
			lintRun = run
		}
	}
	for i, v := range matrix {
		if v != i+1 {
			t.Errorf("docs/ci.md: matrix item %d is %v, want %d", i, v, i+1)
		}
		checkShardFlag(t, lintRun, "SHARD", strconv.Itoa(i+1), shard.Shard{Index: i + 1, Count: len(matrix)})
	}
	if len(matrix) < 2 {
		t.Errorf("docs/ci.md: the matrix has %d parts", len(matrix))
	}
	if at(t, workflow, "jobs", "merge", "needs") != "lint" {
		t.Errorf("docs/ci.md: the merge job does not wait for the lint job")
	}
	var merges int
	for _, step := range at(t, workflow, "jobs", "merge", "steps").([]any) {
		if run, ok := at(t, step, "run").(string); ok && strings.HasPrefix(run, "mcplint merge ") {
			merges++
		}
	}
	if merges == 0 {
		t.Errorf("docs/ci.md: the merge job runs no mcplint merge")
	}

	if at(t, job, "kind") != "Job" || at(t, job, "apiVersion") != "batch/v1" || at(t, job, "spec", "completionMode") != "Indexed" {
		t.Errorf("docs/ci.md: the first manifest is not an Indexed Job of batch/v1")
	}
	completions, _ := at(t, job, "spec", "completions").(int)
	if p := at(t, job, "spec", "parallelism"); p != completions || completions < 2 {
		t.Errorf("docs/ci.md: completions %d, parallelism %v", completions, p)
	}
	if at(t, job, "spec", "template", "spec", "restartPolicy") != "Never" {
		t.Errorf("docs/ci.md: an Indexed Job's pods must not restart in place")
	}
	args := at(t, job, "spec", "template", "spec", "containers", 0, "args", 0).(string)
	for i := range completions {
		checkShardFlag(t, args, "JOB_COMPLETION_INDEX", strconv.Itoa(i), shard.Shard{Index: i + 1, Count: completions})
	}
	mergeArgs := at(t, merge, "spec", "template", "spec", "containers", 0, "args", 0).(string)
	if !strings.HasPrefix(mergeArgs, "mcplint merge ") || at(t, merge, "kind") != "Job" {
		t.Errorf("docs/ci.md: the second manifest is not a Job that runs mcplint merge: %q", mergeArgs)
	}
	if !strings.Contains(args, "/reports/") || !strings.Contains(mergeArgs, "/reports/shard-") {
		t.Errorf("docs/ci.md: the parts and the merge do not share the reports volume")
	}
}
