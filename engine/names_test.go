package engine

import (
	"testing"

	"github.com/mcplint/mcplint/engine/internal/target"
	"github.com/mcplint/mcplint/sdk"
)

// TestStableName: a config key wins, then serverInfo.name (when it is
// visible text), then the resolved name; two servers that call themselves
// the same keep their resolved names, so each keeps its own lock entry.
func TestStableName(t *testing.T) {
	named := func(n string) *sdk.Snapshot { return &sdk.Snapshot{Server: &sdk.Implementation{Name: n}} }
	for _, tc := range []struct {
		t    target.Target
		snap *sdk.Snapshot
		want string
	}{
		{target.Target{Name: "notes", Keyed: true}, named("notes-server"), "notes"},
		{target.Target{Name: "server"}, named("notes-server"), "notes-server"},
		{target.Target{Name: "server"}, &sdk.Snapshot{}, "server"},
		{target.Target{Name: "server"}, named("evil\u202eserver"), "server"},
		{target.Target{Name: "server"}, named(" padded "), "server"},
		{target.Target{Name: "server"}, named(""), "server"},
	} {
		if got := stableName(tc.t, tc.snap); got != tc.want {
			t.Errorf("stableName(%+v, %+v) = %q, want %q", tc.t, tc.snap.Server, got, tc.want)
		}
	}

	targets := []target.Target{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}
	snaps := []*sdk.Snapshot{named("mcp-server"), named("mcp-server"), named("weather"), nil}
	nameSnapshots(targets, snaps, nil)
	if snaps[0].Name != "a" || snaps[1].Name != "b" || snaps[2].Name != "weather" {
		t.Errorf("names %q %q %q, want a b weather", snaps[0].Name, snaps[1].Name, snaps[2].Name)
	}
}

// TestStableNameFallback: with no resolved name, a file is named by its
// base name and a live server by its serverInfo.name, usable or not.
func TestStableNameFallback(t *testing.T) {
	for _, tc := range []struct {
		t    target.Target
		snap *sdk.Snapshot
		want string
	}{
		{target.Target{Kind: target.Static, Input: "dir/tools.list.json", Path: "/x/dir/tools.list.json"}, &sdk.Snapshot{}, "tools.list"},
		{target.Target{Kind: target.Static, Input: "my tools.json", Path: "/x/mine.json"}, &sdk.Snapshot{}, "mine"},
		{target.Target{Kind: target.Trace, Input: "t.jsonl", Path: "/x/session.jsonl"}, &sdk.Snapshot{}, "session"},
		{target.Target{Kind: target.Command}, &sdk.Snapshot{Server: &sdk.Implementation{Name: " padded "}}, " padded "},
		{target.Target{Kind: target.Command}, &sdk.Snapshot{}, ""},
	} {
		if got := stableName(tc.t, tc.snap); got != tc.want {
			t.Errorf("stableName(%+v) = %q, want %q", tc.t, got, tc.want)
		}
	}
}
