package pipeline

import "github.com/mcplint/mcplint/sdk"

// Locations fills each issue's file:line:column from the Snapshot's
// Locator, in one pass over the input file per target. An issue that
// already has a location keeps it.
type Locations struct{}

// Name implements Processor.
func (Locations) Name() string { return "locations" }

// Process implements Processor.
func (Locations) Process(targets []*Target) {
	each(targets, func(t *Target) {
		issues := t.Result.Issues
		if t.Snap == nil || t.Snap.Locator == nil || len(issues) == 0 {
			return
		}
		pointers := make([]string, 0, len(issues))
		for _, is := range issues {
			if is.Location == nil {
				pointers = append(pointers, is.Pointer)
			}
		}
		if len(pointers) == 0 {
			// Nothing to place: a large file would be read again for
			// nothing, and a change to it would be noted for nothing.
			return
		}
		found := t.Snap.Locator.Locate(pointers)
		noteChanged(t, "its issues")
		// One block for every location rather than one allocation each:
		// tens of thousands of small objects fewer for the collector, and
		// they all live as long as the report anyway.
		slab := make([]sdk.Location, 0, len(pointers))
		for i := range issues {
			if issues[i].Location != nil {
				continue
			}
			if l, ok := found[issues[i].Pointer]; ok {
				slab = append(slab, l)
				issues[i].Location = &slab[len(slab)-1]
			}
		}
	})
}

// changed is a Locator that no longer holds its file and can tell when it
// left every pointer out because the file changed after it was decoded
// (static.Locator).
type changed interface{ Changed() bool }

// noteChanged adds a note to t, once, when its Locator has just left the
// pointers of which (the issues it was given) out because the file
// changed: they come without a line and column, and without the note the
// report would not say why.
func noteChanged(t *Target, which string) {
	c, ok := t.Snap.Locator.(changed)
	if !ok || t.notedChanged || !c.Changed() {
		return
	}
	t.notedChanged = true
	file := t.Result.Input
	if file == "" {
		file = "the input file"
	}
	t.Result.Notes = append(t.Result.Notes, file+" changed after it was read, so "+which+" have no line and column: lint it again once nothing is writing to it")
}
