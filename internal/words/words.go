// Package words makes counts read right: a number and its noun agree
// ("1 rule page", "2 rule pages") wherever Substep prints one.
package words

import "strconv"

// Count is n followed by one when n is 1, and by many otherwise.
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
