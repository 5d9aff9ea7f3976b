package render

import (
	"html"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// anchorLinks appends a "#" link to every heading that has an id. The link
// carries hidden text for screen readers and carries data-anchor, which the site's
// script uses to copy the section's full URL. Attributes are set in a fixed
// order so the HTML is byte-for-byte stable.
type anchorLinks struct{}

func (anchorLinks) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		id, ok := h.AttributeString("id")
		if !ok {
			return ast.WalkSkipChildren, nil
		}
		b, ok := id.([]byte)
		if !ok || len(b) == 0 {
			return ast.WalkSkipChildren, nil
		}
		l := ast.NewLink()
		l.Destination = append([]byte("#"), b...)
		l.SetAttributeString("class", []byte("anchor"))
		l.SetAttributeString("data-anchor", b)
		// Trusted: the heading comes from content/, and is escaped anyway.
		s := ast.NewString([]byte(`#<span class="sr-only"> Link to “` + html.EscapeString(plainText(h, src)) + `”</span>`))
		s.SetCode(true)
		l.AppendChild(l, s)
		h.AppendChild(h, ast.NewString([]byte(" ")))
		h.AppendChild(h, l)
		return ast.WalkSkipChildren, nil
	})
}
