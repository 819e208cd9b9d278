package score

import (
	"math/rand"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

func issue(cat string, sev sdk.Severity, ptr string) sdk.Issue {
	return sdk.Issue{Category: cat, Severity: sev, Pointer: ptr}
}

func TestCompute(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    Input
		score float64
		grade string
	}{
		{"clean", Input{Tools: 4}, 1, "A"},
		// 5 items (4 tools + server); tool 0 loses 0.5: (0.5+4)/5 = 0.9.
		{"one error", Input{Tools: 4, Issues: []sdk.Issue{issue("schema", sdk.Error, "/tools/0/inputSchema")}}, 0.9, "A"},
		// Tool 0 floors at 0 after three errors: 4/5 = 0.8.
		{"floor per tool", Input{Tools: 4, Issues: []sdk.Issue{
			issue("schema", sdk.Error, "/tools/0"), issue("schema", sdk.Error, "/tools/0"), issue("schema", sdk.Error, "/tools/0")}}, 0.8, "B"},
		{"security error caps at D", Input{Tools: 9, Issues: []sdk.Issue{issue("security", sdk.Error, "/tools/0/description")}}, 0.95, "D"},
		{"server-level issue", Input{Tools: 1, Issues: []sdk.Issue{issue("reference", sdk.Warning, "/instructions")}}, 0.925, "A"},
		// lint 1 * 0.6 + conformance 0.6 * 0.4 = 0.84: a protocol error
		// keeps a server from an A.
		{"conformance", Input{Tools: 1, HasTranscript: true, Issues: []sdk.Issue{issue("conformance", sdk.Error, "/transcript/3")}}, 0.84, "B"},
		{"config issues do not count", Input{Tools: 1, Issues: []sdk.Issue{issue("config", sdk.Error, "")}}, 1, "A"},
		// The README's worked example.
		{"readme example", Input{Tools: 4, HasTranscript: true, Issues: []sdk.Issue{
			issue("schema", sdk.Error, "/tools/0/inputSchema"), issue("quality", sdk.Warning, "/tools/0/inputSchema/properties/city"),
			issue("reference", sdk.Warning, "/instructions"), issue("conformance", sdk.Warning, "/transcript/records/4")}}, 0.864, "B"},
		// lint 0 (never listed) * 0.6 + conformance 0.6 * 0.4 = 0.24.
		{"tools never listed", Input{Tools: 0, HasTranscript: true, Unlisted: true, Issues: []sdk.Issue{issue("conformance", sdk.Error, "/transcript/records/5")}}, 0.24, "F"},
		{"no tools", Input{Tools: 0, Issues: []sdk.Issue{issue("quality", sdk.Error, "/tools")}}, 0.5, "F"},
		// (1*0.6 + 1*0.4 + 0.5*0.3 + 1*0.1) / 1.4 = 1.25/1.4.
		{"exercised", Input{Tools: 2, HasTranscript: true, Happy: Tally{2, 4}, Edge: Tally{3, 3}}, 0.893, "B"},
		// Nothing passed: (0.6 + 0.4) / 1.4.
		{"every scenario failed", Input{Tools: 1, HasTranscript: true, Happy: Tally{0, 3}, Edge: Tally{0, 2}}, 0.714, "C"},
		// Only edge scenarios (every tool read-only and without arguments
		// is impossible, but a kind may be missing): (0.6+0.4+0.1*0.5)/1.1.
		{"edge only", Input{Tools: 1, HasTranscript: true, Edge: Tally{1, 2}}, 0.955, "A"},
	} {
		got := Compute(tc.in)
		if got.Score != tc.score || got.Grade != tc.grade {
			t.Errorf("%s: got %v %s, want %v %s", tc.name, got.Score, got.Grade, tc.score, tc.grade)
		}
	}
}

// TestMonotone makes random servers worse one step at a time (another
// issue, or an exercise scenario that passed now failing): the score must
// never go up.
func TestMonotone(t *testing.T) {
	cats := []string{"schema", "naming", "security", "quality", "reference", "conformance"}
	rng := rand.New(rand.NewSource(1))
	for range 300 {
		in := Input{Tools: rng.Intn(6), HasTranscript: rng.Intn(2) == 0}
		if rng.Intn(2) == 0 {
			in.Happy.Total = rng.Intn(10)
			in.Happy.Passed = in.Happy.Total
			in.Edge.Total = rng.Intn(10)
			in.Edge.Passed = in.Edge.Total
		}
		prev := Compute(in)
		for range 40 {
			step := "an issue"
			switch k := rng.Intn(4); {
			case k == 0 && in.Happy.Passed > 0:
				in.Happy.Passed--
				step = "a failed happy-path scenario"
			case k == 1 && in.Edge.Passed > 0:
				in.Edge.Passed--
				step = "a failed edge scenario"
			default:
				ptr := "/instructions"
				if in.Tools > 0 && rng.Intn(3) > 0 {
					ptr = "/tools/" + string(rune('0'+rng.Intn(in.Tools)))
				}
				in.Issues = append(in.Issues, issue(cats[rng.Intn(len(cats))], sdk.Severity(1+rng.Intn(3)), ptr))
			}
			got := Compute(in)
			if got.Score > prev.Score {
				t.Fatalf("score rose from %v to %v after %s: %+v", prev.Score, got.Score, step, in)
			}
			for name, v := range got.Components {
				if v > prev.Components[name] {
					t.Fatalf("%s rose from %v to %v after %s", name, prev.Components[name], v, step)
				}
			}
			prev = got
		}
	}
}

func TestExerciseComponentsOnlyWhenExercised(t *testing.T) {
	got := Compute(Input{Tools: 1, HasTranscript: true})
	if _, ok := got.Components[HappyPath]; ok {
		t.Errorf("happy-path without scenarios: %v", got.Components)
	}
	got = Compute(Input{Tools: 1, HasTranscript: true, Happy: Tally{1, 1}})
	if got.Components[HappyPath] != 1 {
		t.Errorf("components %v", got.Components)
	}
	if _, ok := got.Components[Edge]; ok {
		t.Errorf("edge without edge scenarios: %v", got.Components)
	}
}

func TestGradeAndMeets(t *testing.T) {
	for s, g := range map[float64]string{1: "A", 0.9: "A", 0.899: "B", 0.8: "B", 0.7: "C", 0.6: "D", 0.599: "F", 0: "F"} {
		if Grade(s) != g {
			t.Errorf("Grade(%v) = %s, want %s", s, Grade(s), g)
		}
	}
	if !Meets("B", "C") || Meets("D", "C") || !Meets("F", "") || !Meets("C", "C") {
		t.Error("Meets is wrong")
	}
}
