package ruledocs

import (
	"embed"
	"strings"
	"testing"
)

//go:embed docs
var testDocs embed.FS

func TestLoaderReadsEachPageOnce(t *testing.T) {
	doc := Loader(testDocs, "ruledocs")
	first := doc("example")
	if first != "# example\n\nA page." {
		t.Fatalf("got %q", first)
	}
	if allocs := testing.AllocsPerRun(100, func() { doc("example") }); allocs != 0 {
		t.Errorf("a page read again allocates %v times, want 0: it is read anew", allocs)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "no documentation for rule missing") {
			t.Errorf("a missing page: got %v, want a panic naming it", r)
		}
	}()
	doc("missing")
}
