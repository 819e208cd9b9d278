package conformance

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

func TestRules(t *testing.T) {
	for _, r := range Rules() {
		name := r.Meta().Name
		t.Run(name, func(t *testing.T) { linttest.Run(t, r, filepath.Join("testdata", name)) })
	}
}

// TestCorrectSessionsPass runs every rule over a correct legacy session and
// a correct modern one: neither may get a finding.
func TestCorrectSessionsPass(t *testing.T) {
	for _, f := range []string{"good_legacy.snapshot.json", "good_modern.snapshot.json", "good_legacy_http.snapshot.json", "good_modern_http.snapshot.json"} {
		snap, err := linttest.Load(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range Rules() {
			got, err := linttest.Check(r, snap)
			if err != nil || len(got) > 0 {
				t.Errorf("%s on %s: %v %+v", r.Meta().Name, f, err, got)
			}
		}
	}
}

func TestStaticSnapshotsAreSilent(t *testing.T) {
	snap := &sdk.Snapshot{Source: sdk.SourceStatic, Tools: []sdk.Tool{{Name: "x"}}}
	for _, r := range Rules() {
		if got, _ := linttest.Check(r, snap); len(got) > 0 {
			t.Errorf("%s reported on a snapshot without a transcript: %+v", r.Meta().Name, got)
		}
	}
}

// TestInvalidUTF8 holds the defect its fixtures cannot: a snapshot file is
// JSON, which carries no invalid UTF-8.
func TestInvalidUTF8(t *testing.T) {
	snap := &sdk.Snapshot{Era: sdk.EraLegacy, Transcript: &sdk.Transcript{Records: []sdk.Record{
		{Dir: sdk.DirServerToClient, Raw: "caf\xe9 au lait"},
		{Dir: sdk.DirServerToClient, Msg: []byte(`{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"ok é"}}`)},
	}}}
	got, err := linttest.Check(invalidUTF8{}, snap)
	if err != nil || len(got) != 1 || got[0].Pointer != "/transcript/records/0" || !strings.Contains(got[0].Message, "0xe9 at byte 3") {
		t.Fatalf("got %+v, %v", got, err)
	}
}

func TestSlowResponseSettings(t *testing.T) {
	r := &slowResponse{MaxMs: defaultSlowMs}
	if err := r.Configure(linttest.StrictDecoder([]byte(`{"max-ms": -1}`))); err == nil {
		t.Error("a negative budget must be refused")
	}
	if err := r.Configure(linttest.StrictDecoder([]byte(`{"max_ms": 10}`))); err == nil {
		t.Error("an unknown key must be refused")
	}
}

var kebab = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func TestMeta(t *testing.T) {
	for _, r := range Rules() {
		m := r.Meta()
		if !kebab.MatchString(m.Name) || m.Category != sdk.CategoryConformance || m.Summary == "" || m.Source == "" || m.Severity == 0 {
			t.Errorf("%s: incomplete meta %+v", m.Name, m)
		}
		if !strings.Contains(m.Doc, "**Bad**") || !strings.Contains(m.Doc, "**Good**") {
			t.Errorf("%s: doc lacks a bad and a good example", m.Name)
		}
	}
}

// One defect is one finding: on the fixtures of the rules that check a
// message's shape themselves, wire-schema stays silent, except where the
// schema is stricter than the rule (a null nextCursor, which
// tools-list-shape lets pass and the schema does not).
func TestWireSchemaLeavesOwnedDefectsToTheirRule(t *testing.T) {
	owners := []string{"jsonrpc-version", "error-shape", "init-result-shape", "protocol-version-missing", "server-info-missing",
		"tools-list-shape", "discover-missing", "ping-response", "notification-answered", "response-id-mismatch",
		"result-type-missing", "cache-hint-invalid"}
	stricter := map[string]bool{"tools-list-shape/ok_null_cursor.snapshot.json": true}
	checked := 0
	for _, owner := range owners {
		files, err := filepath.Glob(filepath.Join("testdata", owner, "*.snapshot.json"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s has no fixtures (%v)", owner, err)
		}
		for _, f := range files {
			snap, err := linttest.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := linttest.Check(wireSchema{}, snap)
			if err != nil {
				t.Fatal(err)
			}
			name := owner + "/" + filepath.Base(f)
			if stricter[name] != (len(got) > 0) {
				t.Errorf("%s: wire-schema reported %+v", name, got)
			}
			checked++
		}
	}
	t.Logf("%d fixtures", checked)
}
