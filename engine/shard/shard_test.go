package shard

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	env := map[string]string{"JOB_COMPLETION_INDEX": "3", "MATRIX": "2", "ZERO": "0", "WORD": "two"}
	getenv := func(k string) string { return env[k] }
	cases := []struct {
		spec string
		want Shard
		err  string
	}{
		{spec: "1/4", want: Shard{1, 4}},
		{spec: "4/4", want: Shard{4, 4}},
		{spec: "1/1", want: Shard{1, 1}},
		{spec: "env0:JOB_COMPLETION_INDEX/4", want: Shard{4, 4}},
		{spec: "env:MATRIX/4", want: Shard{2, 4}},
		{spec: "env0:ZERO/2", want: Shard{1, 2}},
		{spec: "0/4", err: "K counts from 1"},
		{spec: "5/4", err: "from 1 to 4"},
		{spec: "2", err: "want K/N"},
		{spec: "1/0", err: "count N must be"},
		{spec: "1/x", err: "count N must be"},
		{spec: "env:ZERO/4", err: "read with env0:ZERO/4"},
		{spec: "env0:JOB_COMPLETION_INDEX/3", err: "read with env:JOB_COMPLETION_INDEX/3"},
		{spec: "env:UNSET/4", err: "UNSET is not set"},
		{spec: "env:WORD/4", err: `WORD is "two"`},
		{spec: "env:/4", err: "no variable named"},
	}
	for _, c := range cases {
		got, err := Parse(c.spec, getenv)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("Parse(%q) = %v, %v; want %v", c.spec, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("Parse(%q) error %v; want one saying %q", c.spec, err, c.err)
		}
	}
}

// TestOfSpreads: a key's part is the same every time and within the count,
// and many keys fill every part.
func TestOfSpreads(t *testing.T) {
	const n = 4
	seen := make([]int, n+1)
	for i := range 400 {
		key := "target\x00fleet/" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		k := Of(key, n)
		if k < 1 || k > n || Of(key, n) != k {
			t.Fatalf("Of(%q) = %d, not a steady part of %d", key, k, n)
		}
		seen[k]++
	}
	for k := 1; k <= n; k++ {
		if seen[k] < 50 {
			t.Errorf("part %d/%d got %d of 400 keys: the hash does not spread", k, n, seen[k])
		}
	}
}
