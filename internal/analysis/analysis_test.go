package analysis

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcplint/mcplint/sdk"
)

var runs atomic.Int32

var counted = New(Analysis[int]{
	Name: "test-counted",
	Run: func(_ context.Context, s *sdk.Snapshot) int {
		runs.Add(1)
		return len(s.Tools)
	},
})

var derived = New(Analysis[int]{
	Name: "test-derived",
	Uses: []string{"test-counted"},
	Run:  func(ctx context.Context, s *sdk.Snapshot) int { return 10 * counted.Of(ctx, s) },
})

func TestOfRunsOncePerPass(t *testing.T) {
	runs.Store(0)
	s := &sdk.Snapshot{Tools: make([]sdk.Tool, 3)}
	p := NewPass(s)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			ctx := p.For(context.Background(), "a rule", []string{"test-counted", "test-derived"})
			if got := counted.Of(ctx, s); got != 3 {
				t.Errorf("counted = %d, want 3", got)
			}
			if got := derived.Of(ctx, s); got != 30 {
				t.Errorf("derived = %d, want 30", got)
			}
		})
	}
	wg.Wait()
	if n := runs.Load(); n != 1 {
		t.Errorf("the analysis ran %d times on one Pass, want 1", n)
	}
	s.Tools = s.Tools[:1]
	if got := counted.Of(NewPass(s).For(context.Background(), "a rule", []string{"test-counted"}), s); got != 1 || runs.Load() != 2 {
		t.Errorf("a new Pass gave %d after %d runs, want 1 after 2: nothing outlives a Pass", got, runs.Load())
	}
}

func TestOfWithoutAPassRunsEachTime(t *testing.T) {
	runs.Store(0)
	s := &sdk.Snapshot{}
	counted.Of(context.Background(), s)
	counted.Of(context.Background(), s)
	if n := runs.Load(); n != 2 {
		t.Errorf("ran %d times outside a Pass, want 2 (nothing is kept)", n)
	}
}

func TestUndeclaredUsePanics(t *testing.T) {
	s := &sdk.Snapshot{}
	for _, tc := range []struct {
		name string
		ctx  context.Context
		read func(context.Context)
		want string
	}{
		{"rule", NewPass(s).For(context.Background(), "some-rule", []string{"test-derived"}),
			func(ctx context.Context) { counted.Of(ctx, s) }, `some-rule reads analysis "test-counted" without listing it`},
		{"other snapshot", NewPass(s).For(context.Background(), "some-rule", []string{"test-counted"}),
			func(ctx context.Context) { counted.Of(ctx, &sdk.Snapshot{}) }, "of a Snapshot other than the one it checks"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				p := recover()
				if p == nil || !strings.Contains(p.(string), tc.want) {
					t.Errorf("panic %v, want one saying %q", p, tc.want)
				}
			}()
			tc.read(tc.ctx)
		})
	}
}

func TestCheckNamesUnknownAnalyses(t *testing.T) {
	if err := Check([]string{"test-counted"}); err != nil {
		t.Errorf("Check of a registered analysis: %v", err)
	}
	if err := Check([]string{"test-counted", "no-such"}); err == nil || !strings.Contains(err.Error(), `"no-such"`) {
		t.Errorf("Check = %v, want an error naming no-such", err)
	}
}
