package plural

import "testing"

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{Count(1, "character"), "1 character"},
		{Count(0, "character"), "0 characters"},
		{Count(2, "tool"), "2 tools"},
		{Count(1.0, "character"), "1 character"},
		{Count(2.5, "character"), "2.5 characters"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
