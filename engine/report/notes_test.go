package report

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// A target's note is in every format, where each says what a run could
// not do, and is no issue: the summary and the grade stay as they were.
func TestNotesInEveryFormat(t *testing.T) {
	r := sample()
	note := "tools.json changed after it was read, so its issues have no line and column: lint it again once nothing is writing to it"
	r.Targets[0].Notes = []string{note}
	rules := sampleMetas()
	for name, out := range everyFormat(t, r, rules) {
		if !strings.Contains(out, "tools.json changed after it was read") {
			t.Errorf("%s does not carry the note:\n%s", name, out)
		}
		switch name {
		case "text":
			if !strings.Contains(out, "  note: tools.json changed") {
				t.Errorf("text does not print the note under its target:\n%s", out)
			}
		case "json":
			ValidateAgainstSchema(t, []byte(out))
			var doc struct {
				Targets []result.Target `json:"targets"`
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Targets[0].Notes) != 1 || doc.Targets[0].Notes[0] != note || len(doc.Targets[1].Notes) != 0 {
				t.Errorf("json notes: %+v (%v)", doc, err)
			}
		case "sarif":
			var doc struct {
				Runs []struct {
					Invocations []struct {
						Notifications []struct {
							Level   string `json:"level"`
							Message struct {
								Text string `json:"text"`
							} `json:"message"`
						} `json:"toolExecutionNotifications"`
					} `json:"invocations"`
				} `json:"runs"`
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatal(err)
			}
			found := false
			for _, n := range doc.Runs[0].Invocations[0].Notifications {
				found = found || n.Level == "note" && strings.Contains(n.Message.Text, "tools.json changed")
			}
			if !found {
				t.Errorf("sarif has no note notification for it:\n%s", out)
			}
		}
	}
}

// everyFormat writes r in each format, by the format's name.
func everyFormat(t *testing.T, r *result.Report, rules []sdk.Meta) map[string]string {
	t.Helper()
	formats := map[string]func(io.Writer) error{
		"text":     func(w io.Writer) error { return WriteText(w, r, TextOptions{}) },
		"json":     func(w io.Writer) error { return WriteJSON(w, r) },
		"sarif":    func(w io.Writer) error { return WriteSARIF(w, r, rules) },
		"markdown": func(w io.Writer) error { return WriteMarkdown(w, r) },
		"junit":    func(w io.Writer) error { return WriteJUnit(w, r, rules) },
		"github":   func(w io.Writer) error { return WriteGitHub(w, r) },
	}
	out := map[string]string{}
	for name, write := range formats {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = b.String()
	}
	return out
}

// TestQuietTextKeepsNotes: --quiet leaves out clean targets, but a target
// with a note is not clean, even with every issue suppressed.
func TestQuietTextKeepsNotes(t *testing.T) {
	r := &result.Report{Targets: []*result.Target{
		{Name: "clean", Issues: []sdk.Issue{}},
		{Name: "noted", Issues: []sdk.Issue{}, Notes: []string{"tools.json changed after it was read"}},
	}}
	var out bytes.Buffer
	if err := WriteText(&out, r, TextOptions{Quiet: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "tools.json changed after it was read") || strings.Contains(out.String(), "clean") {
		t.Errorf("quiet text:\n%s\nwant the noted target's note and not the clean target", out.String())
	}
}
