package pipeline

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcplint/mcplint/config"
	"github.com/mcplint/mcplint/engine/baseline"
	"github.com/mcplint/mcplint/engine/result"
	rulesconfig "github.com/mcplint/mcplint/rules/config"
	"github.com/mcplint/mcplint/sdk"
)

var testRules = append([]sdk.Meta{
	{Name: "dangling-tool-reference", Category: sdk.CategoryReference, Severity: sdk.Warning},
	{Name: "description-too-short", Category: sdk.CategoryQuality, Severity: sdk.Warning},
	{Name: "hidden-unicode-tag", Category: sdk.CategorySecurity, Severity: sdk.Error},
	{Name: "tool-name-style", Category: sdk.CategoryNaming, Severity: sdk.Warning},
	{Name: "too-many-tools", Category: sdk.CategoryQuality, Severity: sdk.Info},
}, metas(rulesconfig.Rules())...)

func metas(rules []sdk.Rule) []sdk.Meta {
	var out []sdk.Meta
	for _, r := range rules {
		out = append(out, r.Meta())
	}
	return out
}

// pipelineCase is testdata/NAME/case.json. Next to it: an optional
// mcplint.toml (the config) and baseline.json, and the expected result,
// want.golden.
type pipelineCase struct {
	// Ran lists the rules that ran; absent means all of them.
	Ran     *[]string `json:"ran"`
	Targets []struct {
		Name     string          `json:"name"`
		Snapshot json.RawMessage `json:"snapshot"`
		Issues   []sdk.Issue     `json:"issues"`
	} `json:"targets"`
}

type outcome struct {
	Name       string              `json:"name"`
	Issues     []sdk.Issue         `json:"issues"`
	Suppressed []result.Suppressed `json:"suppressed"`
}

// TestPipeline runs the whole standard pipeline over each case of testdata.
func TestPipeline(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/*")
	if len(dirs) == 0 {
		t.Fatal("no cases in testdata")
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			runCase(t, dir)
		})
	}
}

func runCase(t *testing.T, dir string) {
	data, err := os.ReadFile(filepath.Join(dir, "case.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c pipelineCase
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		t.Fatalf("case.json: %v", err)
	}
	opts := Options{Rules: testRules}
	if _, err := os.Stat(filepath.Join(dir, "mcplint.toml")); err == nil {
		opts.Config, err = config.Load(filepath.Join(dir, "mcplint.toml"), config.Known{Rules: testRules})
		if err != nil {
			t.Fatal(err)
		}
		opts.Config.Path = "mcplint.toml"
	}
	if _, err := os.Stat(filepath.Join(dir, "baseline.json")); err == nil {
		if opts.Baseline, err = baseline.Read(filepath.Join(dir, "baseline.json")); err != nil {
			t.Fatal(err)
		}
	}
	var ran func(string) bool
	if c.Ran != nil {
		set := map[string]bool{}
		for _, r := range *c.Ran {
			set[r] = true
		}
		ran = func(r string) bool { return set[r] }
	}
	var targets []*Target
	for _, ct := range c.Targets {
		var snap *sdk.Snapshot
		if len(ct.Snapshot) > 0 {
			if snap, _, err = sdk.DecodeSnapshot(ct.Snapshot); err != nil {
				t.Fatal(err)
			}
			snap.Name = ct.Name
		}
		targets = append(targets, &Target{Snap: snap, Result: &result.Target{Name: ct.Name, Issues: ct.Issues}, Ran: ran})
	}
	Run(New(opts), targets)
	var out []outcome
	for _, tg := range targets {
		out = append(out, outcome{tg.Result.Name, tg.Result.Issues, tg.Result.Suppressed})
	}
	got, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden := filepath.Join(dir, "want.golden")
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with MCPLINT_UPDATE_GOLDEN=1 to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs\n--- got\n%s--- want\n%s", golden, got, want)
	}
}
