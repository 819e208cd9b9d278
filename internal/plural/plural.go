// Package plural writes counts in messages as people do: "1 character",
// "2 characters", never "1 characters"; "12,345 issues" where a count can
// grow large.
package plural

import (
	"fmt"
	"strconv"
)

// Count is n and noun, with an "s" unless n is 1 (or -1).
func Count[N int | int64 | float64](n N, noun string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%v %s", n, noun)
	}
	return fmt.Sprintf("%v %ss", n, noun)
}

// Grouped is Count with n written by Thousands: "12,345 issues".
func Grouped(n int, noun string) string {
	if n == 1 || n == -1 {
		return Thousands(n) + " " + noun
	}
	return Thousands(n) + " " + noun + "s"
}

// Thousands writes n with its digits grouped by commas: 12,345.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	if len(s) <= 3 {
		return sign + s
	}
	b := make([]byte, 0, len(sign)+len(s)+len(s)/3)
	b = append(b, sign...)
	pre := len(s) % 3
	if pre == 0 {
		pre = 3
	}
	b = append(b, s[:pre]...)
	for i := pre; i < len(s); i += 3 {
		b = append(b, ',')
		b = append(b, s[i:i+3]...)
	}
	return string(b)
}
