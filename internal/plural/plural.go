// Package plural writes counts in messages as people do: "1 character",
// "2 characters", never "1 characters".
package plural

import "fmt"

// Count is n and noun, with an "s" unless n is 1 (or -1).
func Count[N int | int64 | float64](n N, noun string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%v %s", n, noun)
	}
	return fmt.Sprintf("%v %ss", n, noun)
}
