package search

import (
	"strings"
	"testing"
)

func TestExcerpt(t *testing.T) {
	words := func(from, to int) string {
		var w []string
		for i := from; i < to; i++ {
			w = append(w, "w"+strings.Repeat("x", i%3))
		}
		return strings.Join(w, " ")
	}
	tests := []struct {
		name, in string
		n        int
		want     string
	}{
		{"short text kept, spaces collapsed", "a  \x01b\x02\n c", 5, "a \x01b\x02 c"},
		{"no match: the beginning", "a b c d e f g", 3, "a b c …"},
		{"match in the middle, centred", "a b c d \x01e\x02 f g h i", 3, "… d \x01e\x02 f …"},
		{"match at the end", "a b c d e f g \x01h\x02", 3, "… f g \x01h\x02"},
		{"two distinct words beat one word twice",
			"\x01x\x02 \x01x\x02 a b c d e f \x01x\x02 \x01y\x02 g h", 3, "… \x01x\x02 \x01y\x02 g …"},
		{"a phrase mark spans words", "a b c d e f \x01damage step\x02 g h i j", 4, "… f \x01damage step\x02 g …"},
		{"long text", words(0, 100) + " \x01hit\x02 " + words(0, 100), 5, "… wxx w \x01hit\x02 w wx …"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := excerpt(tt.in, tt.n); got != tt.want {
				t.Errorf("excerpt(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
			}
		})
	}
}

func TestMarkSnippet(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"a \x01b\x02 c", "a <mark>b</mark> c"},
		{"<\x01&\x02>", "&lt;<mark>&amp;</mark>&gt;"},
		{`"'`, "&#34;&#39;"},
		{"cut \x01off", "cut <mark>off</mark>"},
		{"stray\x02 \x01\x01x\x02\x02", "stray <mark>x</mark>"},
	}
	for _, tt := range tests {
		if got := markSnippet(tt.in); got != tt.want {
			t.Errorf("markSnippet(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
