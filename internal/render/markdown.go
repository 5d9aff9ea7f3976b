// Package render turns Substep's rule pages (Markdown with front matter,
// under content/) into safe HTML, and extracts what the rest of the site
// needs from them: sections with stable anchors, examples, the cards each
// page mentions and its internal links. It also loads and validates the
// whole content tree (see Load).
package render

import (
	"bytes"
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"
	"gopkg.in/yaml.v3"
)

// CardResolver maps a name written in a page (any case, or an alias) to the
// card's canonical name and URL slug.
type CardResolver interface {
	Resolve(name string) (canonical, slug string, ok bool)
}

// PoolResolver is implemented by a CardResolver that also knows the
// formats' card pools: a card ruling may then name any card of its format's
// pool, not only a card of the catalogue. ok is false when the format's pool
// does not hold the card.
type PoolResolver interface {
	ResolveInPool(format, name string) (canonical string, ok bool)
}

// Markdown is the one goldmark configuration Substep uses. It renders only
// trusted files from content/; nothing a user types is ever passed to it.
type Markdown struct {
	md    goldmark.Markdown
	cards CardResolver
}

func (m *Markdown) resolve(name string) (string, string, bool) {
	if m.cards == nil {
		return "", "", false
	}
	return m.cards.Resolve(name)
}

// NewMarkdown configures goldmark once. Every extension is listed with why.
func NewMarkdown(cards CardResolver) *Markdown {
	md := goldmark.New(
		goldmark.WithExtensions(
			// GFM tables, for format-by-format comparisons inside a page.
			// Alignment as attributes: the default inline style= is blocked by our CSP.
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
			// GFM strikethrough, for rules that were struck from a format.
			extension.Strikethrough,
			// Curly quotes, dashes and ellipses, so pages read like edited text.
			extension.Typographer,
			// Front matter (id, format, title, summary, topics...) decoded by the loader.
			&frontmatter.Extender{},
		),
		goldmark.WithParserOptions(
			// Explicit {#id} on headings: anchors are part of shared links and must
			// never change when a heading is reworded. No automatic ids.
			parser.WithAttribute(),
			// "Card Name" in quotes becomes a link to the card's page. Runs before
			// the typographer's quote handling (lower number = earlier).
			parser.WithInlineParsers(util.Prioritized(&cardParser{cards: cards}, 90)),
			// A "#" link after each heading, so every rule and example can be
			// linked to and its link copied (see anchors.go).
			parser.WithASTTransformers(util.Prioritized(anchorLinks{}, 100)),
		),
		// No goldmark.WithRendererOptions(html.WithUnsafe()): raw HTML is dropped
		// even from content/, so a page can only contain what Markdown expresses.
	)
	return &Markdown{md: md, cards: cards}
}

// Section is one heading of a page and the text under it up to the next
// heading of the same or a higher level.
type Section struct {
	Anchor  string   `json:"anchor"`
	Heading string   `json:"heading"`
	Level   int      `json:"level"`
	Text    string   `json:"text"`
	Example bool     `json:"example"`
	Cards   []string `json:"cards,omitempty"`
	Replay  string   `json:"replay,omitempty"` // URL of the scenario that replays this example
	Line    int      `json:"-"`
}

// Link is an internal link found in a page body.
type Link struct {
	Page, Anchor string
	Line         int
}

// Doc is the result of rendering one Markdown file.
type Doc struct {
	Front    yaml.Node // the front matter, with line numbers
	HTML     string
	Sections []Section
	Intro    string   // plain text before the first heading
	Text     string   // plain text of the whole body
	Cards    []string // canonical names of cards quoted in the body, in order of first mention
	Links    []Link   // internal links (/rules/...), for the link checker
	Problems []Problem
}

// Problem is something wrong in a file, at a line.
type Problem struct {
	Line int
	Msg  string
}

// Render parses and renders one Markdown file.
func (m *Markdown) Render(src []byte) (*Doc, error) {
	ctx := parser.NewContext()
	root := m.md.Parser().Parse(text.NewReader(src), parser.WithContext(ctx))
	d := &Doc{}
	if fm := frontmatter.Get(ctx); fm != nil {
		if err := fm.Decode(&d.Front); err != nil {
			return nil, fmt.Errorf("front matter: %w", err)
		}
	}
	lineOf := func(off int) int { return bytes.Count(src[:off], []byte("\n")) + 1 }
	collect(root, src, d, lineOf)
	var buf bytes.Buffer
	if err := m.md.Renderer().Render(&buf, src, root); err != nil {
		return nil, err
	}
	d.HTML = buf.String()
	return d, nil
}

// collect walks the document once, gathering sections, plain text, cards
// and links.
func collect(root ast.Node, src []byte, d *Doc, lineOf func(int) int) {
	seenCard := map[string]bool{}
	var cur *Section
	var body, intro strings.Builder
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			if cur != nil {
				d.Sections = append(d.Sections, *cur)
			}
			cur = &Section{Level: h.Level, Heading: plainText(h, src), Line: headingLine(h, lineOf)}
			if id, ok := h.AttributeString("id"); ok {
				if b, ok := id.([]byte); ok {
					cur.Anchor = string(b)
				}
			}
			if cur.Anchor == "" {
				d.Problems = append(d.Problems, Problem{cur.Line, fmt.Sprintf("heading %q has no {#id}", cur.Heading)})
			}
			cur.Example = isExampleAnchor(cur.Anchor)
			body.WriteString(cur.Heading + "\n")
		} else {
			t := plainText(n, src)
			if cur == nil {
				intro.WriteString(t + "\n")
			} else {
				if cur.Text != "" {
					cur.Text += "\n"
				}
				cur.Text += t
			}
			body.WriteString(t + "\n")
		}
		_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			l, ok := c.(*ast.Link)
			if !ok {
				return ast.WalkContinue, nil
			}
			if name, ok := l.AttributeString("data-card"); ok {
				card := string(name.([]byte))
				if !seenCard[card] {
					seenCard[card] = true
					d.Cards = append(d.Cards, card)
				}
				if cur != nil && !slices.Contains(cur.Cards, card) {
					cur.Cards = append(cur.Cards, card)
				}
				return ast.WalkSkipChildren, nil
			}
			dest := string(l.Destination)
			if strings.HasPrefix(dest, "/rules/") {
				page, anchor, _ := strings.Cut(strings.TrimPrefix(dest, "/rules/"), "#")
				d.Links = append(d.Links, Link{Page: page, Anchor: anchor, Line: firstLine(n, lineOf)})
			} else if strings.HasPrefix(dest, "#") {
				d.Links = append(d.Links, Link{Anchor: dest[1:], Line: firstLine(n, lineOf)})
			}
			return ast.WalkContinue, nil
		})
	}
	if cur != nil {
		d.Sections = append(d.Sections, *cur)
	}
	d.Intro = strings.TrimSpace(intro.String())
	d.Text = strings.TrimSpace(body.String())
}

// isExampleAnchor reports whether an anchor names one of the source's
// examples: "example-2", "10b-example-1".
func isExampleAnchor(a string) bool {
	for _, part := range strings.Split(a, "-") {
		if part == "example" {
			return true
		}
	}
	return false
}

func firstLine(n ast.Node, lineOf func(int) int) int {
	for c := n; c != nil; c = c.FirstChild() {
		if c.Type() == ast.TypeBlock && c.Lines().Len() > 0 {
			return lineOf(c.Lines().At(0).Start)
		}
		if t, ok := c.(*ast.Text); ok {
			return lineOf(t.Segment.Start)
		}
	}
	if p := n.Parent(); p != nil && p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
		return lineOf(p.Lines().At(0).Start)
	}
	return 0
}

// plainText is a node's text as a reader sees it: typographer entities
// unescaped, the anchor "#" left out, blocks separated by newlines.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := c.(*ast.Link); ok {
			if _, ok := l.AttributeString("data-anchor"); ok {
				return ast.WalkSkipChildren, nil
			}
		}
		if !entering {
			if c.Type() == ast.TypeBlock && c != n {
				b.WriteByte('\n')
			}
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.WriteString(html.UnescapeString(string(t.Value)))
		}
		return ast.WalkContinue, nil
	})
	return strings.Join(strings.Fields(b.String()), " ")
}

// headingLine is the line a heading starts on. An empty ATX heading ("#")
// has no text segments; it is placed just after the block before it.
func headingLine(h *ast.Heading, lineOf func(int) int) int {
	if h.Lines().Len() > 0 {
		return lineOf(h.Lines().At(0).Start)
	}
	if p := h.PreviousSibling(); p != nil && p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
		return lineOf(p.Lines().At(p.Lines().Len()-1).Start) + 1
	}
	return 1
}
