package render

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// cardParser turns "Card Name" (straight double quotes, on one line) into a
// link to the card's page when the name is in the catalogue. Anything else
// in quotes is left to the typographer.
type cardParser struct {
	cards CardResolver
}

func (p *cardParser) Trigger() []byte { return []byte{'"'} }

const maxCardName = 80

func (p *cardParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	if p.cards == nil {
		return nil
	}
	line, seg := block.PeekLine()
	if len(line) < 3 {
		return nil
	}
	end := bytes.IndexByte(line[1:], '"')
	if end <= 0 || end > maxCardName {
		return nil
	}
	written := line[1 : 1+end]
	canonical, slug, ok := p.cards.Resolve(string(written))
	if !ok {
		return nil
	}
	link := ast.NewLink()
	link.Destination = []byte("/cards/" + slug)
	link.SetAttributeString("class", []byte("card"))
	link.SetAttributeString("data-card", []byte(canonical))
	open := ast.NewString([]byte("&ldquo;"))
	open.SetCode(true)
	closeq := ast.NewString([]byte("&rdquo;"))
	closeq.SetCode(true)
	link.AppendChild(link, open)
	link.AppendChild(link, ast.NewTextSegment(text.NewSegment(seg.Start+1, seg.Start+1+end)))
	link.AppendChild(link, closeq)
	block.Advance(end + 2)
	return link
}
