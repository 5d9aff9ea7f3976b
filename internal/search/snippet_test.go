package search

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSnippetWindow checks the window snippet() picks in a long body: the
// words around the match, cut with "…" on the side where text was left
// out, whitespace collapsed.
func TestSnippetWindow(t *testing.T) {
	filler := func(from, n int) string {
		var w []string
		for i := from; i < from+n; i++ {
			w = append(w, "w"+strings.Repeat("x", i%3))
		}
		return strings.Join(w, " ")
	}
	docs := []Doc{
		{PageID: "a", Format: "goat", Title: "Middle", Text: filler(0, 100) + " \n\t Xylophone " + filler(0, 100)},
		{PageID: "b", Format: "goat", Title: "Start", Text: "Marimba " + filler(0, 100)},
		{PageID: "c", Format: "goat", Title: "End", Text: filler(0, 100) + "  kazoo."},
		{PageID: "d", Format: "goat", Title: "Short", Text: "A tiny\n\n text about the ocarina."},
	}
	ix := buildIndex(t, docs, nil)
	tests := []struct {
		q, want string
	}{
		{"end", filler(0, snippetWords) + " …"}, // only the title matches
		{"ocarina", "A tiny text about the <mark>ocarina</mark>."},
		{"marimba", "<mark>Marimba</mark> " + filler(0, snippetWords-1) + " …"},
		{"kazoo", "… " + filler(100-(snippetWords-1), snippetWords-1) + " <mark>kazoo</mark>."},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			res := search(t, ix, tt.q+" ", Filter{})
			if len(res.Hits) != 1 {
				t.Fatalf("Search(%q) = %v, want one hit", tt.q, urls(res.Hits))
			}
			if diff := cmp.Diff(tt.want, res.Hits[0].Snippet); diff != "" {
				t.Errorf("snippet (-want +got):\n%s", diff)
			}
		})
	}
	// In the middle: cut on both sides, the match inside, snippetWords words.
	res := search(t, ix, "xylophone ", Filter{})
	if len(res.Hits) != 1 {
		t.Fatalf("Search(xylophone) = %v, want one hit", urls(res.Hits))
	}
	s := res.Hits[0].Snippet
	if !strings.HasPrefix(s, "… ") || !strings.HasSuffix(s, " …") || !strings.Contains(s, " <mark>Xylophone</mark> ") {
		t.Errorf("snippet %q: want a match inside a window cut on both sides", s)
	}
	if n := len(strings.Fields(s)) - 2; n != snippetWords {
		t.Errorf("snippet %q has %d words, want %d", s, n, snippetWords)
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
		{" a \n\t b  \x01c  d\x02 ", "a b <mark>c d</mark>"},
		{"\x03middle\x03", "… middle …"},
		{"\x03 \x01x\x02 y \x03", "… <mark>x</mark> y …"},
	}
	for _, tt := range tests {
		if got := markSnippet(tt.in); got != tt.want {
			t.Errorf("markSnippet(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
