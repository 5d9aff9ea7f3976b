package osa

import "testing"

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "", 3},
		{"sangan", "sangan", 0},
		{"sangna", "sangan", 1}, // swap
		{"jnzo", "jinzo", 1},    // insertion
		{"jinzo", "jinz", 1},    // deletion
		{"storm", "strom", 1},   // swap
		{"kitten", "sitting", 3},
		{"ca", "abc", 3}, // OSA, not full Damerau (which says 2)
		{"café", "cafe", 1},
	}
	for _, tt := range tests {
		if got := Distance([]rune(tt.a), []rune(tt.b)); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestWithin: the bounded distance agrees with the full one up to the
// bound and stays above it beyond.
func TestWithin(t *testing.T) {
	words := []string{"", "a", "sangan", "sangna", "jinzo", "jnzo", "kitten", "sitting", "ca", "abc",
		"embodiment", "embodyment", "injection", "lilly", "lily", "mystical", "typhoon", "café", "cafe"}
	for _, a := range words {
		for _, b := range words {
			d := Distance([]rune(a), []rune(b))
			for k := range 8 {
				got := Within([]rune(a), []rune(b), k, make([]int, Buf([]rune(b))))
				if (d <= k && got != d) || (d > k && got <= k) {
					t.Errorf("Within(%q, %q, %d) = %d; the distance is %d", a, b, k, got, d)
				}
			}
		}
	}
}
