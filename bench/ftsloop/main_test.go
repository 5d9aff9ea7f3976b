package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"substep/internal/search"
)

func TestAnyWord(t *testing.T) {
	tests := []struct{ q, want string }{
		{"damage", ""},
		{"damage step", `"damage" OR "step"*`},
		{"damage step ", `"damage" OR "step"`},
		{`say "hi"`, `"say" OR """hi"""`},
		{"", ""},
	}
	for _, tt := range tests {
		// Through search.MatchQuery, so a change of its output format that
		// anyWord no longer understands fails here.
		if got := anyWord(search.MatchQuery(tt.q)); got != tt.want {
			t.Errorf("anyWord(MatchQuery(%q)) = %q, want %q (MatchQuery gave %q)", tt.q, got, tt.want, search.MatchQuery(tt.q))
		}
	}
}

func TestTrigramMatch(t *testing.T) {
	tests := []struct {
		q       string
		longest int
		want    string
	}{
		{"ab", 40, ""},
		{"Sangan", 40, `"san" OR "ang" OR "nga" OR "gan"`},
		{"D.D. War", 40, `"dd " OR "d w" OR " wa" OR "war"`},
		{"aaaa", 40, `"aaa"`},
		{strings.Repeat("x", 100), 100, `"xxx"`},
		{"Sangan", 4, ""}, // longer than 4 + 4/4 runes: not a card name
		{"Sangan", 5, `"san" OR "ang" OR "nga" OR "gan"`},
	}
	for _, tt := range tests {
		if got := trigramMatch(tt.q, tt.longest); got != tt.want {
			t.Errorf("trigramMatch(%q, %d) = %q, want %q", tt.q, tt.longest, got, tt.want)
		}
	}
}

func TestPercentile(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 100; i++ {
		d = append(d, time.Duration(i))
	}
	for _, tt := range []struct {
		p    int
		want time.Duration
	}{{50, 50}, {99, 99}, {100, 100}, {1, 1}} {
		if got := percentile(d, tt.p); got != tt.want {
			t.Errorf("percentile(1..100, %d) = %d, want %d", tt.p, got, tt.want)
		}
	}
	if got := percentile(nil, 50); got != 0 {
		t.Errorf("percentile(nil) = %d, want 0", got)
	}
}

// TestRun runs the loop briefly on a small built database and checks the
// report: one line per query, with the rows it found.
func TestRun(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "c.db")
	docs := []search.Doc{
		{PageID: "goat-01", Format: "goat", Title: "Damage Step", Text: "The damage step has substeps."},
		{PageID: "goat-01", Format: "goat", Title: "Damage Step", Anchor: "example-1", Heading: "Example 1", Text: "Sangan is sent to the graveyard."},
	}
	cards := []search.Card{
		{Name: "Sangan", Slug: "sangan", Kind: "monster"},
		{Name: "Embodiment of Apophis", Slug: "embodiment-of-apophis", Kind: "trap"},
	}
	ix, err := search.Build(ctx, db, docs, cards)
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
	var out bytes.Buffer
	if err := run([]string{"-db", db, "-workers", "2", "-duration", "50ms", "-q", "damage", "-q", "sangna graveyard", "-q", "sangan in the graveyard after the damage step"}, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("want a header and 3 lines, got:\n%s", out.String())
	}
	for i, want := range []struct {
		q           string
		hits, cards string
	}{{"damage", "1", "0"}, {"sangna graveyard", "1", "1"}, {"sangan in the graveyard after the damage step", "2", "0"}} {
		f := strings.Split(lines[i+1], "\t")
		if len(f) != 7 || f[0] != want.q || f[4] != want.hits || f[5] != want.cards || f[1] == "0" {
			t.Errorf("line %d = %q, want query %q with %s hits, %s card candidates and a rate above 0", i+1, lines[i+1], want.q, want.hits, want.cards)
		}
	}
}

func TestRunRejects(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-db", "x.db"},
		{"-q", "x"},
		{"-db", "x.db", "-q", "x", "-workers", "0"},
		{"-db", "x.db", "-q", "x", "-duration", "1h"},
		{"-db", filepath.Join(t.TempDir(), "missing.db"), "-q", "x"},
	} {
		if err := run(args, &bytes.Buffer{}); err == nil {
			t.Errorf("run(%q) succeeded, want an error", args)
		}
	}
}
