package security_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/rules"
	"github.com/mcplint/mcplint/rules/reference"
	"github.com/mcplint/mcplint/rules/security"
	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// TestDocExamples checks that each rule's documented Bad example is
// reported and its Good example is not, so the docs cannot drift from the
// rule. Rules whose examples need a lock file or other servers are left to
// their fixtures.
func TestDocExamples(t *testing.T) {
	rules := append(append(security.Rules(), reference.Rules()...), rules.Named("confusable-name"))
	for _, r := range rules {
		m := r.Meta()
		if m.Name == "definition-changed" || m.Name == "cross-server-collision" || m.Name == "toxic-flow" {
			continue
		}
		bad, good := examples(t, m)
		for _, c := range []struct {
			doc  string
			want bool
		}{{bad, true}, {good, false}} {
			snap, _, err := sdk.DecodeSnapshot([]byte(c.doc))
			if err != nil {
				t.Errorf("%s: example %s: %v", m.Name, c.doc, err)
				continue
			}
			got, err := linttest.Check(r, snap)
			if err != nil {
				t.Fatal(err)
			}
			if (len(got) > 0) != c.want {
				t.Errorf("%s: example %s: got %d issues %v, want reported=%v", m.Name, c.doc, len(got), got, c.want)
			}
		}
	}
}

// examples returns the JSON of the Bad and Good blocks, each wrapped as a
// tool list when it is a single tool.
func examples(t *testing.T, m sdk.Meta) (bad, good string) {
	t.Helper()
	block := func(after string) string {
		i := strings.Index(m.Doc, after)
		if i < 0 {
			t.Fatalf("%s: doc has no %s example", m.Name, after)
		}
		rest := m.Doc[i:]
		start := strings.Index(rest, "```json\n") + len("```json\n")
		end := strings.Index(rest[start:], "```")
		doc := strings.TrimSpace(rest[start : start+end])
		var probe map[string]any
		if err := json.Unmarshal([]byte(doc), &probe); err == nil {
			if _, isList := probe["tools"]; !isList {
				doc = `{"tools":[` + doc + `]}`
			}
		}
		return doc
	}
	return block("**Bad**"), block("**Good**")
}
