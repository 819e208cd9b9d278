// Package linttest runs a rule over fixture files and compares what it
// reports with golden files, the way built-in rules are tested, so that
// plugin authors test their rules exactly as mcplint tests its own.
//
// A fixture folder holds inputs and their expectations side by side:
//
//	testdata/
//	  missing.json          a static tool list (any shape mcplint reads)
//	  missing.golden        the issues expected from it, one JSON object a line
//	  ok_ref_typed.json     a fixture whose name starts with "ok_" must pass
//	  session.snapshot.json a whole Snapshot in its JSON form (with a
//	                        transcript, token counts or peers)
//	  tuned.json            …
//	  tuned.settings.json   settings passed to the rule's Configure
//
// Issues are compared ignoring order, on severity, tool, pointer, message and
// fix. Set MCPLINT_UPDATE_GOLDEN=1 to rewrite the golden files from what the
// rule reports now; review the diff before committing it.
package linttest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/analysis"
	"github.com/mcplint/mcplint/sdk"
)

// Expected is one golden issue.
type Expected struct {
	Severity string `json:"severity"`
	Tool     string `json:"tool"`
	Pointer  string `json:"pointer"`
	Message  string `json:"message"`
	Fix      string `json:"fix"`
}

// Run checks rule against every fixture in dir. A fixture is a .json file
// that is not a settings file; its golden file has the same base name with
// the .golden extension.
func Run(t *testing.T, rule sdk.Rule, dir string) {
	t.Helper()
	inputs, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var n int
	for _, in := range inputs {
		if strings.HasSuffix(in, ".settings.json") {
			continue
		}
		n++
		base := fixtureBase(in)
		t.Run(filepath.Base(base), func(t *testing.T) {
			runFixture(t, rule, in, base)
		})
	}
	if n == 0 {
		t.Fatalf("no fixtures (*.json) in %s", dir)
	}
}

func fixtureBase(path string) string {
	if b, ok := strings.CutSuffix(path, ".snapshot.json"); ok {
		return b
	}
	return strings.TrimSuffix(path, ".json")
}

func runFixture(t *testing.T, rule sdk.Rule, in, base string) {
	t.Helper()
	snap, err := Load(in)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := rule.(sdk.Configurable); ok {
		settings, err := os.ReadFile(base + ".settings.json")
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if len(settings) == 0 {
			settings = []byte("{}")
		}
		if err := c.Configure(StrictDecoder(settings)); err != nil {
			t.Fatalf("Configure: %v", err)
		}
	}
	got, err := Check(rule, snap)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	for _, g := range got {
		if g.Message == "" || g.Fix == "" {
			t.Errorf("issue at %s has an empty message or fix: every issue needs both", g.Pointer)
		}
	}
	golden := base + ".golden"
	if os.Getenv("MCPLINT_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, encode(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if strings.HasPrefix(filepath.Base(base), "ok_") && len(got) > 0 {
		t.Errorf("%s is a passing fixture but the rule reported:\n%s", in, encode(got))
	}
	wantData, err := os.ReadFile(golden)
	if err != nil {
		if os.IsNotExist(err) && strings.HasPrefix(filepath.Base(base), "ok_") {
			return
		}
		t.Fatalf("%v (run with MCPLINT_UPDATE_GOLDEN=1 to create it)", err)
	}
	want, err := decodeGolden(wantData)
	if err != nil {
		t.Fatalf("%s: %v", golden, err)
	}
	if g, w := encode(got), encode(want); !bytes.Equal(g, w) {
		t.Errorf("%s: issues differ from %s\n--- got\n%s--- want\n%s", in, golden, g, w)
	}
}

// Load reads a fixture: a whole Snapshot for *.snapshot.json, otherwise any
// static shape mcplint reads.
func Load(path string) (*sdk.Snapshot, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var snap *sdk.Snapshot
	if strings.HasSuffix(path, ".snapshot.json") {
		snap = &sdk.Snapshot{}
		err = json.Unmarshal(data, snap)
	} else {
		snap, _, err = sdk.DecodeSnapshot(data)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if snap.Name == "" {
		snap.Name = filepath.Base(fixtureBase(path))
	}
	return snap, nil
}

// Check runs rule once over snap and returns its issues with the rule's
// defaults filled in, as the engine would: a rule outside snap's protocol
// (sdk.Meta.InProtocol, its Era and Since) does not run and reports
// nothing.
func Check(rule sdk.Rule, snap *sdk.Snapshot) ([]Expected, error) {
	meta := rule.Meta()
	if !meta.InProtocol(snap) {
		return nil, nil
	}
	var got []Expected
	ctx := analysis.NewPass(snap).For(context.Background(), meta.Name, meta.Uses)
	err := rule.Check(ctx, snap, func(is sdk.Issue) {
		if is.Severity == 0 {
			is.Severity = meta.Severity
		}
		got = append(got, Expected{
			Severity: is.Severity.String(), Tool: is.Tool, Pointer: is.Pointer,
			Message: is.Message, Fix: is.Fix,
		})
	})
	return got, err
}

// StrictDecoder returns a decode function for Configurable.Configure that
// rejects unknown keys, as mcplint does with [rules.settings.NAME].
func StrictDecoder(settings []byte) func(any) error { return sdk.DecodeStrict(settings) }

func encode(issues []Expected) []byte {
	sorted := append([]Expected(nil), issues...)
	sort.Slice(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		if a.Message != b.Message {
			return a.Message < b.Message
		}
		return a.Severity < b.Severity
	})
	var buf bytes.Buffer
	for _, is := range sorted {
		line, _ := json.Marshal(is)
		buf.Write(line)
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

func decodeGolden(data []byte) ([]Expected, error) {
	var out []Expected
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var e Expected
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// RunAll runs Run for every rule over its own fixture folder,
// dir/RULE-NAME, as a subtest named after the rule.
func RunAll(t *testing.T, rules []sdk.Rule, dir string) {
	t.Helper()
	for _, r := range rules {
		name := r.Meta().Name
		t.Run(name, func(t *testing.T) { Run(t, r, filepath.Join(dir, name)) })
	}
}

// CheckMeta fails t for rule metadata a user would miss: a name that is
// not kebab-case, another category than category, no severity, summary or
// source, a summary ending in a period, a doc without a **Bad** and a
// **Good** example, or rules not listed in name order.
func CheckMeta(t *testing.T, rules []sdk.Rule, category string) {
	t.Helper()
	var prev string
	for _, r := range rules {
		m := r.Meta()
		if !kebab(m.Name) {
			t.Errorf("%s: name is not kebab-case", m.Name)
		}
		if m.Category != category {
			t.Errorf("%s: category %q, want %q", m.Name, m.Category, category)
		}
		if m.Severity == 0 || m.Summary == "" || m.Source == "" {
			t.Errorf("%s: severity, summary and source are required", m.Name)
		}
		if strings.HasSuffix(m.Summary, ".") {
			t.Errorf("%s: summary ends with a period", m.Name)
		}
		for _, want := range []string{"**Bad**", "**Good**"} {
			if !strings.Contains(m.Doc, want) {
				t.Errorf("%s: doc lacks a %s example", m.Name, want)
			}
		}
		if m.Name < prev {
			t.Errorf("rules are not in name order: %s after %s", m.Name, prev)
		}
		prev = m.Name
	}
}

func kebab(name string) bool {
	if name == "" || name[0] == '-' || name[len(name)-1] == '-' || strings.Contains(name, "--") {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
