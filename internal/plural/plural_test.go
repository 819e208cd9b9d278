package plural

import (
	"math"
	"testing"
)

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{Count(1, "character"), "1 character"},
		{Count(0, "character"), "0 characters"},
		{Count(2, "tool"), "2 tools"},
		{Count(1.0, "character"), "1 character"},
		{Count(2.5, "character"), "2.5 characters"},
		{Count(1234, "tool"), "1234 tools"},
		{Grouped(1, "issue"), "1 issue"},
		{Grouped(0, "issue"), "0 issues"},
		{Grouped(12345, "issue"), "12,345 issues"},
		{Grouped(-1, "token"), "-1 token"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{
		0:             "0",
		7:             "7",
		999:           "999",
		1000:          "1,000",
		12345:         "12,345",
		123456:        "123,456",
		1234567:       "1,234,567",
		-999:          "-999",
		-1000:         "-1,000",
		-123456:       "-123,456",
		math.MinInt64: "-9,223,372,036,854,775,808",
	} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
