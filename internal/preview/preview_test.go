package preview

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

// TestPNG: every picture is a 1200×630 PNG under 100 KB, whatever the
// title's length or characters.
func TestPNG(t *testing.T) {
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	tests := []Card{
		{Kicker: "Goat Format", Title: "Goat rule #9: Simultaneous effects go on the chain in the order they triggered", Accent: "goat"},
		{Kicker: "Replay", Title: "A shared scenario"},
		{Kicker: "HAT Format", Title: strings.Repeat("Damage Step ", 80), Accent: "hat"},
		{Kicker: strings.Repeat("K", 500), Title: "Supercalifragilisticexpialidocious" + strings.Repeat("x", 200), Accent: "nope"},
		{Kicker: "Edison", Title: "control\x00chars\nand «quotes» — ünïcödé", Accent: "edison"},
		{},
	}
	for _, c := range tests {
		b, err := r.PNG(c)
		if err != nil {
			t.Fatalf("%q: %v", c.Title, err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%q: decode: %v", c.Title, err)
		}
		if got := img.Bounds().Size(); got.X != Width || got.Y != Height {
			t.Errorf("%q: %v, want %dx%d", c.Title, got, Width, Height)
		}
		if len(b) >= 100<<10 {
			t.Errorf("%q: %d bytes, want under 100 KB", c.Title, len(b))
		}
	}
}

func TestWrap(t *testing.T) {
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	lines := wrap(r.title, strings.Repeat("word ", 200), 1056, 4)
	if len(lines) != 4 || !strings.HasSuffix(lines[3], "…") {
		t.Errorf("a long title wraps to %q; want 4 lines, the last ending in …", lines)
	}
	if got := wrap(r.title, "Short title", 1056, 4); len(got) != 1 || got[0] != "Short title" {
		t.Errorf("wrap(short) = %q", got)
	}
}

// TestCache: a picture is drawn once, and the cache holds at most its max.
func TestCache(t *testing.T) {
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	c := NewCache(r, 2)
	a1, _ := c.PNG(Card{Title: "a"})
	a2, _ := c.PNG(Card{Title: "a"})
	if &a1[0] != &a2[0] {
		t.Errorf("the same card was drawn twice")
	}
	c.PNG(Card{Title: "b"})
	c.PNG(Card{Title: "c"})
	if len(c.png) != 2 || len(c.order) != 2 {
		t.Errorf("the cache holds %d pictures, want 2", len(c.png))
	}
	if _, ok := c.png[Card{Title: "a"}]; ok {
		t.Errorf("the oldest picture was kept")
	}
}
