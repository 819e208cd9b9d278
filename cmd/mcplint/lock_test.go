package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/engine/lock"
	"github.com/mcplint/mcplint/sdk"
)

func TestLockPinsEachServer(t *testing.T) {
	dir := t.TempDir()
	prev := loadSnapshots
	defer func() { loadSnapshots = prev }()
	loadSnapshots = func(ctx context.Context, c *cli, args []string) ([]*sdk.Snapshot, error) {
		calc, _, err := sdk.DecodeSnapshot([]byte(`{"instructions":"Be brief.","tools":[{"name":"add"},{"name":"sub"}]}`))
		if err != nil {
			return nil, err
		}
		calc.Name = "calc"
		return []*sdk.Snapshot{calc, {Name: "empty"}}, nil
	}
	var out, errOut bytes.Buffer
	c := &cli{Stdout: &out, Stderr: &errOut, Dir: dir}
	if code := runLock(context.Background(), c, nil); code != exitOK {
		t.Fatalf("exit %d, stderr: %s", code, errOut.String())
	}
	want := "pinned 2 tools of server \"calc\" and its instructions\npinned 0 tools of server \"empty\"\nwrote .mcplint.lock\n"
	if out.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out.String(), want)
	}
	f, err := lock.Read(filepath.Join(dir, lock.FileName))
	if err != nil {
		t.Fatal(err)
	}
	if e := lock.Entry(f, "calc"); e == nil || len(e.Tools) != 2 || !strings.HasPrefix(e.Instructions, "sha256:") {
		t.Errorf("calc entry = %+v", e)
	}
}

func TestLockWithoutLoader(t *testing.T) {
	prev := loadSnapshots
	defer func() { loadSnapshots = prev }()
	loadSnapshots = nil
	var out, errOut bytes.Buffer
	if code := runLock(context.Background(), &cli{Stdout: &out, Stderr: &errOut, Dir: t.TempDir()}, nil); code != exitTarget {
		t.Errorf("exit %d, want %d", code, exitTarget)
	}
}
