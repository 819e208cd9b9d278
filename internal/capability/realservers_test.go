package capability_test

import (
	"bytes"
	"context"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/capability"
	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// realServerDirs hold tool lists captured from published servers: the
// pinned servers and the security corpus's clean servers.
var realServerDirs = map[string]string{
	"pinned": filepath.Join("..", "..", "testdata", "realservers"),
	"clean":  filepath.Join("..", "..", "rules", "security", "testdata", "corpus", "clean", "servers"),
}

// realServers yields the captured servers of realServerDirs, pinned then
// clean, each as set/name with its Snapshot.
func realServers(t *testing.T) iter.Seq2[string, *sdk.Snapshot] {
	return func(yield func(string, *sdk.Snapshot) bool) {
		for _, set := range []string{"pinned", "clean"} {
			files, err := filepath.Glob(filepath.Join(realServerDirs[set], "*.json"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no servers in %s: %v", realServerDirs[set], err)
			}
			for _, f := range files {
				snap, err := linttest.Load(f)
				if err != nil {
					t.Fatal(err)
				}
				if !yield(set+"/"+strings.TrimSuffix(filepath.Base(f), ".json"), snap) {
					return
				}
			}
		}
	}
}

// TestRealServerLabels keeps every label given to the tools of published
// servers, with its evidence, in testdata/realservers.golden: each line
// was read against the tool's description at review, and a change of the
// classifier shows here as a diff to review again.
func TestRealServerLabels(t *testing.T) {
	var b bytes.Buffer
	counts := map[capability.Label]int{}
	tools := 0
	for server, snap := range realServers(t) {
		for i, caps := range capability.Of(context.Background(), snap) {
			tools++
			for _, c := range caps {
				counts[c.Label]++
				fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", server, snap.Tools[i].Name, c.Label, strings.Join(c.Evidence, "; "))
			}
		}
	}
	fmt.Fprintf(&b, "# %d tools:", tools)
	for _, l := range capability.Labels {
		fmt.Fprintf(&b, " %s %d,", l, counts[l])
	}
	b.Truncate(b.Len() - 1)
	b.WriteString("\n")
	golden := filepath.Join("testdata", "realservers.golden")
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with MCPLINT_UPDATE_GOLDEN=1 to create it)", err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("labels differ from %s; rerun with MCPLINT_UPDATE_GOLDEN=1 and review the diff", golden)
	}
}

// A list's labels are read once per description and parameter name that
// recurs: every tool of one list made of all the published servers' tools,
// twice over, must get the labels it gets alone.
func TestRecurringTextsLabelAsAlone(t *testing.T) {
	list := &sdk.Snapshot{}
	for _, snap := range realServers(t) {
		list.Tools = append(list.Tools, snap.Tools...)
	}
	list.Tools = append(list.Tools, list.Tools...)
	labelled := 0
	for i, caps := range capability.Of(context.Background(), list) {
		alone := capability.Classify(&list.Tools[i])
		if !reflect.DeepEqual(caps, alone) {
			t.Errorf("tool %d (%s) in the list: %v; alone: %v", i, list.Tools[i].Name, caps, alone)
		}
		if len(alone) > 0 {
			labelled++
		}
	}
	if labelled < 100 {
		t.Errorf("%d labelled tools: the list no longer exercises the labels", labelled)
	}
}
