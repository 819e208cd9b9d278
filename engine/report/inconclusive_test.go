package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/result"
	"github.com/mcplint/mcplint/sdk"
)

// An inconclusive probe is in every format, said as such, and is neither
// an issue nor a pass of the rules it feeds; the issues of a session that
// failed part way are in every format beside its error.
func TestInconclusiveAndPartialInEveryFormat(t *testing.T) {
	r := sample()
	r.Targets[0].Inconclusive = []result.Inconclusive{{Probe: "request-before-init",
		Rules: []string{"request-before-init", "version-negotiation"}, Reason: "a second process of the server did not start: lock held"}}
	failed := "server x could not be linted: handshake: initialize (id 1) got no answer in 10s"
	r.Targets = append(r.Targets, &result.Target{Name: "broken", Source: sdk.SourceLive, Input: "./broken", Grade: "F", Error: &failed,
		Components: map[string]float64{}, Suppressed: []result.Suppressed{},
		Issues: []sdk.Issue{{Rule: "response-id-mismatch", Category: "conformance", Severity: sdk.Error, Tool: sdk.OwnerServer,
			Pointer: "/transcript/records/2", Message: "response id 1001 matches no request the client sent", Fix: "echo the id"}}})
	rules := append(sampleMetas(), sdk.Meta{Name: "request-before-init", Category: "conformance", Severity: sdk.Warning},
		sdk.Meta{Name: "version-negotiation", Category: "conformance", Severity: sdk.Error},
		sdk.Meta{Name: "response-id-mismatch", Category: "conformance", Severity: sdk.Error})
	for name, out := range everyFormat(t, r, rules) {
		if !strings.Contains(out, "inconclusive") || !strings.Contains(out, "lock held") {
			t.Errorf("%s does not say the probe was inconclusive:\n%s", name, out)
		}
		if !strings.Contains(out, "1001 matches no request") {
			t.Errorf("%s drops the finding of the session that failed:\n%s", name, out)
		}
		if name == "junit" && (!strings.Contains(out, `<skipped message="inconclusive`) || strings.Contains(out, `<testcase name="request-before-init" classname="server-weather"></testcase>`)) {
			t.Errorf("junit shows the unjudged rule as passed:\n%s", out)
		}
		if name == "json" {
			var doc struct {
				Targets []struct {
					Inconclusive []result.Inconclusive `json:"inconclusive"`
				} `json:"targets"`
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Targets[0].Inconclusive) != 1 {
				t.Errorf("json inconclusive: %+v (%v)", doc, err)
			}
		}
	}
}
