// Package shard splits a run's targets into N parts that separate
// processes lint apart (--shard K/N) and whose reports mcplint merge joins:
// which part a target belongs to is a hash of its identity, never its
// position, so the input may be reordered and a retried part lints the
// same targets.
package shard

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// MaxCount is the most parts a run may be split into: more than any CI
// matrix or batch job runs, few enough that a typo (a count of 40000)
// is caught.
const MaxCount = 10000

// Shard is part Index of Count (1 ≤ Index ≤ Count).
type Shard struct {
	Index, Count int
}

func (s Shard) String() string { return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count) }

// Of is the part (1 to count) that the unit named key belongs to: the
// first 8 bytes of the key's SHA-256, modulo count. The hash, not the
// unit's place in the run, decides, so it is stable under reordering.
func Of(key string, count int) int {
	sum := sha256.Sum256([]byte(key))
	return int(binary.BigEndian.Uint64(sum[:8])%uint64(count)) + 1
}

// Holds reports whether key belongs to this part.
func (s Shard) Holds(key string) bool { return Of(key, s.Count) == s.Index }

// Parse reads a --shard value:
//
//	K/N            part K of N, K counted from 1 (1/4 … 4/4)
//	env:VAR/N      K read from the variable VAR, counted from 1
//	               (a CI matrix of 1, 2, 3, 4)
//	env0:VAR/N     K read from VAR counted from 0, as a Kubernetes
//	               Indexed Job's JOB_COMPLETION_INDEX is (0 … N-1)
//
// getenv reads the environment. Errors say what to write instead.
func Parse(spec string, getenv func(string) string) (Shard, error) {
	const want = "want K/N (1 ≤ K ≤ N, e.g. 2/4), env:VAR/N (VAR holds K counted from 1) or env0:VAR/N (VAR holds K counted from 0, as JOB_COMPLETION_INDEX does)"
	i := strings.LastIndexByte(spec, '/')
	if i < 0 {
		return Shard{}, fmt.Errorf("--shard %q: %s", spec, want)
	}
	index, countText := spec[:i], spec[i+1:]
	count, err := strconv.Atoi(countText)
	if err != nil || count < 1 || count > MaxCount {
		return Shard{}, fmt.Errorf("--shard %q: the count N must be a whole number from 1 to %d; %s", spec, MaxCount, want)
	}
	base, from, fromEnv := 1, "", false
	if v, ok := strings.CutPrefix(index, "env0:"); ok {
		base, from, fromEnv = 0, v, true
	} else if v, ok := strings.CutPrefix(index, "env:"); ok {
		from, fromEnv = v, true
	}
	if fromEnv {
		if from == "" {
			return Shard{}, fmt.Errorf("--shard %q: no variable named after %q; %s", spec, index, want)
		}
		value := strings.TrimSpace(getenv(from))
		if value == "" {
			return Shard{}, fmt.Errorf("--shard %s: the variable %s is not set or empty; set it to the part's number (from %d to %d), or write --shard K/N", spec, from, base, count-1+base)
		}
		k, err := strconv.Atoi(value)
		if err != nil || k < base || k > count-1+base {
			hint := ""
			switch {
			case err == nil && base == 1 && k == 0:
				hint = fmt.Sprintf(" (a variable that counts from 0, as a Kubernetes Indexed Job's JOB_COMPLETION_INDEX does, is read with env0:%s/%d)", from, count)
			case err == nil && base == 0 && k == count:
				hint = fmt.Sprintf(" (a variable that counts from 1, as a CI matrix of 1 to %d does, is read with env:%s/%d)", count, from, count)
			}
			return Shard{}, fmt.Errorf("--shard %s: %s is %q, want a whole number from %d to %d%s", spec, from, value, base, count-1+base, hint)
		}
		return Shard{Index: k - base + 1, Count: count}, nil
	}
	k, err := strconv.Atoi(index)
	if err != nil || k < 1 || k > count {
		hint := ""
		if err == nil && k == 0 {
			hint = " (K counts from 1; for a variable that counts from 0 write env0:VAR/N)"
		}
		return Shard{}, fmt.Errorf("--shard %q: K must be a whole number from 1 to %d%s; %s", spec, count, hint, want)
	}
	return Shard{Index: k, Count: count}, nil
}
