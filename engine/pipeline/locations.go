package pipeline

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
		found := t.Snap.Locator.Locate(pointers)
		for i := range issues {
			if issues[i].Location != nil {
				continue
			}
			if l, ok := found[issues[i].Pointer]; ok {
				issues[i].Location = &l
			}
		}
	})
}
