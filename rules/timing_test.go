package rules

import (
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
	"github.com/mcplint/mcplint/sdk/linttest"
)

// measured are the rules whose findings are measurements of time against
// a budget (the README's "Findings that depend on timing" table): a
// slower machine may change them, message and all.
var measured = map[string]bool{"slow-response": true, "shutdown-on-stdin-close": true}

// TestMessagesHoldOnASlowerMachine runs every rule on each of its
// transcript fixtures and on the same transcript with every record twice
// as late, as a busy machine records it: a finding made of both must say
// the same thing. A message that quotes a clock reading ("30 ms in")
// changed on every run, so that a baseline, which knows an issue by its
// message, and a code-scanning alert's fingerprint lost it from one run to
// the next.
func TestMessagesHoldOnASlowerMachine(t *testing.T) {
	const module = "github.com/mcplint/mcplint/"
	for _, r := range All() {
		name := r.Meta().Name
		if measured[name] {
			continue
		}
		typ := reflect.TypeOf(r)
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		pkg, _ := strings.CutPrefix(typ.PkgPath(), module)
		inputs, _ := filepath.Glob(filepath.Join("..", pkg, "testdata", name, "*.snapshot.json"))
		for _, in := range inputs {
			snap, err := linttest.Load(in)
			if err != nil {
				t.Fatal(err)
			}
			slow, err := linttest.Load(in)
			if err != nil {
				t.Fatal(err)
			}
			slower(slow.Transcript)
			fast, err := linttest.Check(r, snap)
			if err != nil {
				t.Fatalf("%s on %s: %v", name, in, err)
			}
			late, err := linttest.Check(r, slow)
			if err != nil {
				t.Fatalf("%s on %s, slowed: %v", name, in, err)
			}
			a, b := messagesBySubject(fast), messagesBySubject(late)
			for k, msgs := range a {
				if other, ok := b[k]; ok && !slices.Equal(msgs, other) {
					t.Errorf("%s on %s: at %s the message %q becomes %q when the session is slower", name, filepath.Base(in), k, msgs, other)
				}
			}
		}
	}
}

// slower makes every record of tr and its probes' sessions twice as late.
// duration is a length of time as an event's detail writes it.
var duration = regexp.MustCompile(`(\d+(?:\.\d+)?)( ?)(ms|s|m)\b`)

func slower(tr *sdk.Transcript) {
	if tr == nil {
		return
	}
	for i, r := range tr.Records {
		tr.Records[i].TMs *= 2
		if r.Event != nil {
			// An event that says how long something took ("tools/list got
			// no answer in 2.001s", "from 1.2 s into the session") says
			// so twice as long.
			e := *r.Event
			e.Detail = duration.ReplaceAllStringFunc(e.Detail, func(d string) string {
				m := duration.FindStringSubmatch(d)
				v, _ := strconv.ParseFloat(m[1], 64)
				return strconv.FormatFloat(2*v, 'f', -1, 64) + m[2] + m[3]
			})
			tr.Records[i].Event = &e
		}
	}
	for _, p := range tr.Probes {
		slower(p)
	}
}

// messagesBySubject is each finding's messages by its subject and pointer.
func messagesBySubject(issues []linttest.Expected) map[string][]string {
	out := map[string][]string{}
	for _, is := range issues {
		k := is.Tool + " " + is.Pointer
		out[k] = append(out[k], is.Message)
	}
	for _, msgs := range out {
		slices.Sort(msgs)
	}
	return out
}
