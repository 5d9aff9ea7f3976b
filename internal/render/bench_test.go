package render

import (
	"io/fs"
	"strings"
	"testing"

	"substep/content"
)

// anyCard resolves every quoted name as a card, as the real catalogue does
// for the names a valid page quotes, so the benchmark renders every card
// link without depending on the catalogue.
type anyCard struct{}

func (anyCard) Resolve(name string) (string, string, bool) {
	return name, strings.Join(strings.Fields(strings.ToLower(name)), "-"), true
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
	md := NewMarkdown(anyCard{})
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
