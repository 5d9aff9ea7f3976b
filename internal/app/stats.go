package app

import "substep/internal/render"

// Stats counts what the content holds, for `site check` and the notes.
type Stats struct {
	Pages, Sections, Examples, Topics, CardsNamed, Catalogue int
	Formats                                                  []FormatCount
}

// FormatCount is the number of pages of one format.
type FormatCount struct {
	Name  string
	Pages int
}

// Count tallies the content.
func Count(c *Content) Stats {
	st := Stats{Pages: len(c.Site.Pages), Topics: len(c.Site.Topics), Catalogue: len(c.Cards.Cards())}
	named := map[string]bool{}
	for _, f := range render.Formats {
		st.Formats = append(st.Formats, FormatCount{Name: f, Pages: len(c.Site.FormatPages(f))})
	}
	for _, p := range c.Site.Pages {
		st.Sections += len(p.Sections)
		for _, s := range p.Sections {
			if s.Example {
				st.Examples++
			}
		}
		for _, n := range p.Cards {
			named[n] = true
		}
	}
	st.CardsNamed = len(named)
	return st
}
