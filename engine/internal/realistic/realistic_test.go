package realistic

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/suggest"
	"github.com/mcplint/mcplint/sdk"
)

func TestToolListIsDeterministic(t *testing.T) {
	a, err := ToolList(700, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ToolList(700, 7)
	if !bytes.Equal(a, b) {
		t.Fatal("two lists from the same seed differ")
	}
	if c, _ := ToolList(700, 8); bytes.Equal(a, c) {
		t.Fatal("lists from different seeds are the same")
	}
}

// TestToolListKeepsTheServers checks what the package comment promises:
// n tools with unique names, each a captured tool under its instance's
// prefix, with its schema kept but for reworded descriptions, and mentions
// of sibling tools renamed, but for the drifted ones.
func TestToolListKeepsTheServers(t *testing.T) {
	servers, err := Load(Dir())
	if err != nil {
		t.Fatal(err)
	}
	if len(servers) < 20 {
		t.Fatalf("only %d captured servers", len(servers))
	}
	per := 0
	for _, s := range servers {
		per += len(s.Tools)
	}
	n := 3*per + 5 // three whole rounds of instances and a cut one
	data := Build(servers, n, 1)
	var doc struct {
		Instructions string
		Tools        []map[string]any
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Tools) != n || doc.Instructions == "" {
		t.Fatalf("%d tools (want %d), instructions %q", len(doc.Tools), n, doc.Instructions)
	}
	snap, _, err := sdk.DecodeSnapshot(data)
	if err != nil || len(snap.Tools) != n {
		t.Fatalf("sdk decodes %d tools: %v", len(snap.Tools), err)
	}
	names := map[string]bool{}
	originals := map[string]bool{}
	for _, s := range servers {
		for n := range s.names {
			originals[n] = true
		}
	}
	reworded, emoji, nonASCII := 0, 0, 0
	for i, tool := range doc.Tools {
		name, _ := tool["name"].(string)
		if names[name] {
			t.Errorf("tool %d: name %q repeats", i, name)
		}
		names[name] = true
		if originals[name] {
			t.Errorf("tool %d: %q has no instance prefix", i, name)
		}
		desc, _ := tool["description"].(string)
		for _, p := range phrases {
			if strings.Contains(desc, p) {
				reworded++
			}
		}
		for _, r := range desc {
			if r > 0x7f {
				nonASCII++
			}
			if r >= 0x1f000 {
				emoji++
			}
		}
	}
	if reworded < n/3 {
		t.Errorf("only %d of %d descriptions reworded", reworded, n)
	}
	if nonASCII == 0 || emoji == 0 {
		t.Errorf("non-ASCII runes %d, emoji %d: the servers' languages and emoji are lost", nonASCII, emoji)
	}
	// Per instance, the tools are the server's in order with its schema's
	// shape: same keys at the top level, same input schema property names.
	i := 0
	for inst := 0; i < n; inst++ {
		s := servers[inst%len(servers)]
		for _, orig := range s.Tools {
			if i == n {
				break
			}
			got := doc.Tools[i]
			oname, _ := orig.Get("name").(string)
			if !strings.HasSuffix(strings.ToLower(got["name"].(string)), strings.ToLower(oname)) {
				t.Fatalf("tool %d is %q, want a variant of %s's %q", i, got["name"], s.Name, oname)
			}
			if len(got) != len(orig) {
				t.Errorf("tool %d (%s): %d members, the captured tool has %d", i, oname, len(got), len(orig))
			}
			i++
		}
	}
}

func TestMentionsFollowRenames(t *testing.T) {
	s := &Server{names: map[string]bool{"read_file": true, "query": true, "get-env": true}}
	v := &variant{server: s, prefix: "bakorumi", drift: -1}
	got := v.text("Use read_file, not read_files; run `query` to query; see get-env.")
	want := "Use bakorumi_read_file, not read_files; run `bakorumi_query` to query; see bakorumi-get-env."
	if got != want {
		t.Errorf("text = %q\nwant   %q", got, want)
	}
	stale := &variant{server: s, prefix: "bakorumi", drift: 1, stale: true}
	if got := stale.text("call read_file then get-env"); got != "call bakorumi_read_file then get-env" {
		t.Errorf("stale drift: %q", got)
	}
	typo := &variant{server: s, prefix: "bakorumi", drift: 0}
	if got := typo.text("call read_file"); suggest.Distance(got, "call bakorumi_read_file") != 1 || !strings.HasPrefix(got, "call bakorumi_") {
		t.Errorf("typo drift: %q", got)
	}
	if got := v.rename("searchDocs"); got != "bakorumiSearchDocs" {
		t.Errorf("camelCase rename: %q", got)
	}
}

func TestPrefixesAreApart(t *testing.T) {
	ps := makePrefixes(randFor(1), 600)
	for i := range ps {
		for j := range i {
			if suggest.Distance(ps[i], ps[j]) < 2 {
				t.Fatalf("prefixes %q and %q are one typo apart", ps[i], ps[j])
			}
		}
	}
}
