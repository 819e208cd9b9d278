package security_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// TestToxicFlowTrusts: a tool or a server the user trusts plays no part
// in a flow, and bad settings are refused with what to do.
func TestToxicFlowTrusts(t *testing.T) {
	snap, err := linttest.Load(filepath.Join("testdata", "toxic-flow", "three_servers.snapshot.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		settings string
		want     int
	}{
		{`{}`, 1},
		{`{"trusted-tools": ["send_email"]}`, 0},
		{`{"trusted-tools": ["mail/send_email"]}`, 0},
		{`{"trusted-tools": ["other/send_email"]}`, 1},
		{`{"trusted-tools": ["web/fetch_page"]}`, 0},
		{`{"trusted-servers": ["notes"]}`, 0},
		{`{"trusted-servers": ["elsewhere"]}`, 1},
	} {
		r := rules.Named("toxic-flow")
		if err := r.(sdk.Configurable).Configure(linttest.StrictDecoder([]byte(c.settings))); err != nil {
			t.Fatalf("%s: %v", c.settings, err)
		}
		got, err := linttest.Check(r, snap)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != c.want {
			t.Errorf("settings %s: %d findings, want %d: %v", c.settings, len(got), c.want, got)
		}
	}
	for _, bad := range []string{`{"trusted-tools": [""]}`, `{"trusted-tool": ["x"]}`} {
		err := rules.Named("toxic-flow").(sdk.Configurable).Configure(linttest.StrictDecoder([]byte(bad)))
		if err == nil || !strings.Contains(err.Error(), "toxic-flow") {
			t.Errorf("settings %s: error %v, want one that names toxic-flow", bad, err)
		}
	}
}

// TestToxicFlowRealServers keeps the toxic-flow findings of the published
// servers (the pinned ones and the clean corpus's), each linted alone, in
// testdata/corpus/clean/toxic-flow.golden: every line was reviewed as a
// server that itself reads private data, takes in others' content and
// sends out.
func TestToxicFlowRealServers(t *testing.T) {
	var files []string
	for _, dir := range []string{filepath.Join("..", "..", "testdata", "realservers"), filepath.Join("testdata", "corpus", "clean", "servers")} {
		f, err := filepath.Glob(filepath.Join(dir, "*.json"))
		if err != nil || len(f) == 0 {
			t.Fatalf("no servers in %s: %v", dir, err)
		}
		files = append(files, f...)
	}
	var b strings.Builder
	for _, f := range files {
		snap, err := linttest.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := linttest.Check(rules.Named("toxic-flow"), snap)
		if err != nil {
			t.Fatal(err)
		}
		for _, is := range got {
			fmt.Fprintf(&b, "%s/%s\t%s\t%s\n", filepath.Base(filepath.Dir(f)), filepath.Base(f), is.Tool, is.Message)
		}
	}
	golden := filepath.Join("testdata", "corpus", "clean", "toxic-flow.golden")
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with MCPLINT_UPDATE_GOLDEN=1 to create it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("toxic-flow findings differ from %s; rerun with MCPLINT_UPDATE_GOLDEN=1 and review the diff:\n%s", golden, b.String())
	}
}
