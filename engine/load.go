package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/engine/target"
	"github.com/mcplint/mcplint/sdk"
)

// LoadTarget reads one target into a Snapshot with the source its kind
// needs.
func LoadTarget(ctx context.Context, t target.Target) (*sdk.Snapshot, error) {
	switch t.Kind {
	case target.Static:
		data, err := os.ReadFile(t.Path)
		if err != nil {
			return nil, err
		}
		snap, _, err := sdk.DecodeSnapshot(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.Path, err)
		}
		snap.Input = t.Input
		snap.Name = t.Name
		if snap.Name == "" {
			snap.Name = strings.TrimSuffix(filepath.Base(t.Path), filepath.Ext(t.Path))
		}
		return snap, nil
	}
	return nil, fmt.Errorf("%s: this kind of target is not supported yet", t.Input)
}
