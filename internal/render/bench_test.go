package render

import (
	"io/fs"
	"testing"

	"substep/content"
	"substep/rulings"
)

// catalogueCards resolves card names against the real card catalogue, as
// the site does, so the benchmark renders the links users get.
type catalogueCards struct{ cat *rulings.Catalogue }

func (r catalogueCards) Resolve(name string) (string, string, bool) {
	c, ok := r.cat.Lookup(name)
	if !ok {
		return "", "", false
	}
	return c.Name, c.Slug(), true
}

// BenchmarkRenderRulePage renders one real rule page (front matter, card
// links, sections and anchors) from the embedded content. Run:
//
//	go test -tags sqlite_fts5 -run '^$' -bench RenderRulePage -benchmem ./internal/render/
func BenchmarkRenderRulePage(b *testing.B) {
	const file = "goat/goat-10.md"
	src, err := fs.ReadFile(content.FS, file)
	if err != nil {
		b.Fatal(err)
	}
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		b.Fatal(err)
	}
	md := NewMarkdown(catalogueCards{cat})
	doc, err := md.Render(src)
	if err != nil {
		b.Fatal(err)
	}
	if len(doc.Sections) == 0 || len(doc.Cards) == 0 || len(doc.Problems) > 0 {
		b.Fatalf("%s rendered %d sections, %d cards, problems %v: not the page this benchmark is meant to measure",
			file, len(doc.Sections), len(doc.Cards), doc.Problems)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := md.Render(src); err != nil {
			b.Fatal(err)
		}
	}
}
