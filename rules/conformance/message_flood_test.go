package conformance

import "testing"

// How many messages a flood's event counted depends on how long the
// session went on; the finding quotes what the server did, the same on
// every run.
func TestFloodCauseLeavesTheCountsOut(t *testing.T) {
	for _, tt := range []struct{ a, b, want string }{
		{
			"the server sent notifications faster than 1000 messages a second; 5103 notifications and 0 requests were counted, not recorded",
			"the server sent notifications faster than 1000 messages a second; 98211 notifications and 0 requests were counted, not recorded, some past the first 10000 messages",
			"it sent notifications faster than 1000 messages a second",
		},
		{
			"the server sent requests past 10000 messages in all; 0 notifications and 12 requests were counted, not recorded",
			"the server sent requests past 10000 messages in all; 0 notifications and 4000 requests were counted, not recorded",
			"it sent requests past 10000 messages in all",
		},
		{ // a recorded trace's
			"the server sent more than 1000 notifications and requests a second; from 0.7 s into the session, 500 of them came past that rate",
			"the server sent more than 1000 notifications and requests a second; from 1.2 s into the session, 90 of them came past that rate",
			"it sent more than 1000 notifications and requests a second",
		},
	} {
		if a, b := floodCause(tt.a), floodCause(tt.b); a != tt.want || b != tt.want {
			t.Errorf("floodCause: %q and %q, want %q for both", a, b, tt.want)
		}
	}
}
