package quality

import (
	"strings"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

func TestHeaviest(t *testing.T) {
	snap := func(counts ...int) *sdk.Snapshot {
		s := &sdk.Snapshot{Tokens: &sdk.TokenCounts{Tools: counts}}
		for i := range counts {
			s.Tools = append(s.Tools, sdk.Tool{Name: string(rune('a' + i))})
		}
		return s
	}
	tests := []struct {
		counts []int
		want   string
	}{
		{[]int{5}, `the costliest tools are "a" (5)`},
		{[]int{1, 9, 4, 9, 7, 2}, `the costliest tools are "b" (9), "d" (9), "e" (7)`},
		{[]int{3, 3, 3, 3}, `the costliest tools are "a" (3), "b" (3), "c" (3)`},
		{[]int{1, 2, 3, 4}, `the costliest tools are "d" (4), "c" (3), "b" (2)`},
	}
	for _, tt := range tests {
		got, _, _ := strings.Cut(heaviest(snap(tt.counts...)), ":")
		if got != tt.want {
			t.Errorf("heaviest(%v) = %q, want %q", tt.counts, got, tt.want)
		}
	}
}
