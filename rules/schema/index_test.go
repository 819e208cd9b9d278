package schema

import (
	"context"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/ranges"
	"github.com/mcplint/mcplint/sdk"
)

// The index of a large Snapshot, built in parallel, is the sequential one.
func TestParallelIndex(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"tools":[`)
	const n = 3*ranges.PerPart + 5
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		// Every third schema breaks its metaschema, so violations count too.
		minLength := `1`
		if i%3 == 0 {
			minLength = `"one"`
		}
		fmt.Fprintf(&b, `{"name":"t%d","inputSchema":{"type":"object","properties":{"p":{"type":"string","minLength":%s,"pattern":"^[a-z]+$"}}},"outputSchema":true}`, i, minLength)
	}
	b.WriteString(`]}`)
	s, _, err := sdk.DecodeSnapshot([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	got, want := buildIndex(context.Background(), s).docs, indexTools(context.Background(), s, 0, len(s.Tools))
	if len(want) != 2*n {
		t.Fatalf("the sequential index has %d schemas, want %d", len(want), 2*n)
	}
	violations := 0
	for _, d := range want {
		violations += len(d.violations)
	}
	if violations < n/3 {
		t.Fatalf("only %d violations in the sequential index", violations)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("the parallel index differs from the sequential one")
	}
}
