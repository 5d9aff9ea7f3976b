package app

import (
	"context"
	"io/fs"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"substep/content"
	"substep/internal/search"
)

// TestSourceExamples checks that every example and numbered point of the
// source pages, as listed in content/sources/*.yaml, has its anchored
// section on the right page.
func TestSourceExamples(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := fs.Glob(content.FS, "sources/*.yaml")
	if len(files) == 0 {
		t.Fatal("no source lists under content/sources/")
	}
	total := 0
	for _, f := range files {
		b, err := fs.ReadFile(content.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		var list map[string][]struct {
			Anchor string `yaml:"anchor"`
			Note   string `yaml:"note"`
		}
		if err := yaml.Unmarshal(b, &list); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for id, items := range list {
			p, ok := c.Site.Page(id)
			if !ok {
				t.Errorf("%s: page %s is missing", f, id)
				continue
			}
			for _, it := range items {
				total++
				if _, ok := p.Section(it.Anchor); !ok {
					t.Errorf("%s: %s has no section #%s (%s)", f, id, it.Anchor, it.Note)
				}
			}
		}
	}
	t.Logf("%d source examples and points checked", total)
}

// TestContentCounts pins the minimum the source material calls for.
func TestContentCounts(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"goat": 20, "hat": 9, "edison": 1, "general": 1, "domain": 12}
	for f, n := range want {
		if got := len(c.Site.FormatPages(f)); got < n {
			t.Errorf("%s: %d pages, want at least %d", f, got, n)
		}
	}
	for _, tp := range c.Site.Topics {
		if strings.TrimSpace(tp.Today) == "" {
			t.Errorf("topic %s has no statement of today's rule", tp.ID)
		}
	}
}

// TestCardsNamedExist checks every card a page lists has a catalogue entry
// with a passcode, and every catalogue alias resolves to its card.
func TestCardsNamedExist(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.Site.Pages {
		for _, name := range p.Cards {
			card, ok := c.Cards.Lookup(name)
			if !ok {
				t.Errorf("%s names %q, which is not in the catalogue", p.ID, name)
				continue
			}
			if card.Name != name {
				t.Errorf("%s lists %q; the canonical spelling is %q", p.ID, name, card.Name)
			}
		}
	}
}

// TestCardSearchFindsExamples searches, for every example, each card it
// names, and checks the example is among the results (paging through them
// all), so a player can get from a card name to every ruling about it.
func TestCardSearchFindsExamples(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := c.Build(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	found := map[string]map[string]bool{} // card → URLs its search returns
	checked := 0
	for _, p := range c.Site.Pages {
		for _, s := range p.Sections {
			if !s.Example {
				continue
			}
			for _, card := range s.Cards {
				if found[card] == nil {
					found[card] = map[string]bool{}
					for off := 0; ; off += 100 {
						res, err := ix.Search(context.Background(), card, search.Filter{Limit: 100, Offset: off})
						if err != nil {
							t.Fatal(err)
						}
						for _, h := range res.Hits {
							found[card][h.URL] = true
						}
						if len(res.Hits) < 100 {
							break
						}
					}
				}
				checked++
				if url := p.URL() + "#" + s.Anchor; !found[card][url] {
					t.Errorf("searching %q does not find %s", card, url)
				}
			}
		}
	}
	t.Logf("%d (example, card) pairs checked over %d cards", checked, len(found))
}
