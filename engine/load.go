package engine

import (
	"context"
	"fmt"

	"github.com/mcplint/mcplint/engine/source/static"
	"github.com/mcplint/mcplint/engine/target"
	"github.com/mcplint/mcplint/sdk"
)

// LoadTarget reads one target into a Snapshot with the source its kind
// needs.
func LoadTarget(ctx context.Context, t target.Target) (*sdk.Snapshot, error) {
	switch t.Kind {
	case target.Static:
		snap, err := static.Load(t.Path)
		if err != nil {
			return nil, err
		}
		snap.Input = t.Input
		if t.Name != "" {
			snap.Name = t.Name
		}
		return snap, nil
	}
	return nil, fmt.Errorf("%s: this kind of target is not supported yet", t.Input)
}
