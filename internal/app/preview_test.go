package app

import (
	"bytes"
	"image/png"
	"net/http"
	"strings"
	"testing"
)

// TestPreviewImages: every kind of page names a preview picture and a large
// Twitter card; the picture is a 1200×630 PNG under 100 KB, cached by
// clients, and its words come from the content (a search's query is not
// drawn: it gets the search section's picture).
func TestPreviewImages(t *testing.T) {
	a, _ := startApp(t)
	c := a.Content()
	paths := []string{"/", "/formats/goat", c.Site.Pages[0].URL(), "/cards", "/cards/" + c.Cards.Cards()[0].Slug(),
		"/compare", "/compare/" + c.Site.Topics[0].ID, "/search?q=damage+step", "/search?q=anything+else",
		"/replay", "/replay/help", replayPath, "/quiz", "/domain/check", "/no-such-page"}
	images := map[string]string{}
	for _, path := range paths {
		resp, body := get(t, a.URL()+path)
		p := parsePage(t, bytes.NewReader(body))
		img := p.Attr("meta[property=og:image]", "content")
		if !strings.HasPrefix(img, a.URL()+"/og/") || !strings.HasSuffix(img, ".png") {
			t.Errorf("%s (%d): og:image = %q", path, resp.StatusCode, img)
			continue
		}
		if got := p.Attr("meta[name=twitter:card]", "content"); got != "summary_large_image" {
			t.Errorf("%s: twitter:card = %q", path, got)
		}
		if got := p.Attr("meta[name=twitter:image]", "content"); got != img {
			t.Errorf("%s: twitter:image = %q, og:image = %q", path, got, img)
		}
		images[path] = img
		resp, png1 := get(t, img)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" || !strings.Contains(resp.Header.Get("Cache-Control"), "max-age=") {
			t.Errorf("%s: GET %s: %d %q, Cache-Control %q", path, img, resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Cache-Control"))
			continue
		}
		im, err := png.Decode(bytes.NewReader(png1))
		if err != nil {
			t.Errorf("%s: %s does not decode: %v", path, img, err)
			continue
		}
		if sz := im.Bounds().Size(); sz.X != 1200 || sz.Y != 630 || len(png1) >= 100<<10 {
			t.Errorf("%s: %s is %v and %d bytes; want 1200x630 under 100 KB", path, img, sz, len(png1))
		}
	}
	// Two searches share one picture, which is the search page's.
	if images["/search?q=damage+step"] != images["/search?q=anything+else"] {
		t.Errorf("two searches name different pictures: %q, %q", images["/search?q=damage+step"], images["/search?q=anything+else"])
	}
	_, p1 := get(t, images["/search?q=damage+step"])
	_, p2 := get(t, a.URL()+"/og/search.png")
	if !bytes.Equal(p1, p2) {
		t.Errorf("a search's picture differs from the search page's")
	}
	// Different pages have different pictures.
	_, r1 := get(t, images["/formats/goat"])
	_, r2 := get(t, images[replayPath])
	if bytes.Equal(r1, r2) {
		t.Errorf("a format and a replay have the same picture")
	}
}
