// Package osa computes the optimal string alignment distance, the edit
// distance that card-name suggestions use: insertions, deletions,
// substitutions and swaps of two neighbouring letters each cost 1 (unlike
// full Damerau–Levenshtein, no substring is edited twice).
package osa

// Distance is the optimal string alignment distance of a and b.
func Distance(a, b []rune) int {
	return Within(a, b, max(len(a), len(b)), make([]int, Buf(b)))
}

// Buf is how many ints Within needs in its buf for b.
func Buf(b []rune) int { return 3 * (len(b) + 1) }

// Within is the distance of a and b if it is at most k, and some value
// above k otherwise; it stops as soon as the distance must exceed k. buf
// holds at least Buf(b) ints, reused across calls so a search over many
// names allocates nothing.
func Within(a, b []rune, k int, buf []int) int {
	// Three rolling rows: i-2, i-1, i.
	w := len(b) + 1
	prev2, prev, cur := buf[:w], buf[w:2*w], buf[2*w:3*w]
	for j := range prev {
		prev[j] = j
	}
	prevMin := 0
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		curMin := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			curMin = min(curMin, cur[j])
		}
		// Later rows are at least min(this row, the previous row + 1).
		if curMin > k && prevMin >= k {
			return k + 1
		}
		prev2, prev, cur = prev, cur, prev2
		prevMin = curMin
	}
	return prev[len(b)]
}
