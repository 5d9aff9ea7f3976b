package app

import (
	"io"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// page is a parsed HTML document that tests query by simple selectors:
// "tag", "#id", ".class", "tag[attr]", "tag[attr=value]", and descendant
// chains of those separated by spaces ("nav a[aria-current=page]").
type page struct{ root *html.Node }

func parsePage(t *testing.T, r io.Reader) *page {
	t.Helper()
	n, err := html.Parse(r)
	if err != nil {
		t.Fatalf("parse HTML: %v", err)
	}
	return &page{root: n}
}

type simpleSel struct{ tag, id, class, attr, val string }

func parseSel(s string) simpleSel {
	var sel simpleSel
	if i := strings.IndexByte(s, '['); i >= 0 {
		a := strings.TrimSuffix(s[i+1:], "]")
		sel.attr, sel.val, _ = strings.Cut(a, "=")
		if sel.val == "" && strings.Contains(a, "=") {
			sel.val = "\x00empty"
		}
		sel.val = strings.Trim(sel.val, `"'`)
		s = s[:i]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s, sel.id = s[:i], s[i+1:]
	}
	if i := strings.IndexByte(s, '.'); i >= 0 {
		s, sel.class = s[:i], s[i+1:]
	}
	sel.tag = s
	return sel
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func (sel simpleSel) match(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	if sel.tag != "" && n.Data != sel.tag {
		return false
	}
	if sel.id != "" {
		if v, _ := attr(n, "id"); v != sel.id {
			return false
		}
	}
	if sel.class != "" {
		v, _ := attr(n, "class")
		if !slices.Contains(strings.Fields(v), sel.class) {
			return false
		}
	}
	if sel.attr != "" {
		v, ok := attr(n, sel.attr)
		if !ok || (sel.val != "" && v != sel.val) {
			return false
		}
	}
	return true
}

// All returns the elements matching a descendant selector chain.
func (p *page) All(selector string) []*html.Node {
	parts := strings.Fields(selector)
	cur := []*html.Node{p.root}
	for _, part := range parts {
		sel := parseSel(part)
		var next []*html.Node
		seen := map[*html.Node]bool{}
		for _, c := range cur {
			walk(c, func(n *html.Node) {
				if n != c && sel.match(n) && !seen[n] {
					seen[n] = true
					next = append(next, n)
				}
			})
		}
		cur = next
	}
	return cur
}

// Attr returns an attribute of the first element matching selector.
func (p *page) Attr(selector, key string) string {
	for _, n := range p.All(selector) {
		v, _ := attr(n, key)
		return v
	}
	return ""
}

// Text returns the text of the first element matching selector.
func (p *page) Text(selector string) string {
	for _, n := range p.All(selector) {
		return textOf(n)
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	walk(n, func(c *html.Node) {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	})
	return strings.Join(strings.Fields(b.String()), " ")
}

// rawTextOf is n's text as written, whitespace and line breaks kept (a
// <pre>'s list as a reader copies it).
func rawTextOf(n *html.Node) string {
	var b strings.Builder
	walk(n, func(c *html.Node) {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	})
	return b.String()
}

func walk(n *html.Node, f func(*html.Node)) {
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func TestSelectors(t *testing.T) {
	p := parsePage(t, strings.NewReader(`<nav><a href="/a" aria-current="page">A</a><a class="x y" href="/b">B</a></nav><p id="z">Z <b>z</b></p>`))
	if got := p.Text("nav a[aria-current=page]"); got != "A" {
		t.Errorf("aria-current: got %q", got)
	}
	if got := p.Attr("a.y", "href"); got != "/b" {
		t.Errorf("class: got %q", got)
	}
	if got := p.Text("p#z"); got != "Z z" {
		t.Errorf("tag#id: got %q", got)
	}
	if got := p.Text("#z"); got != "Z z" {
		t.Errorf("id: got %q", got)
	}
	if n := len(p.All("a[href]")); n != 2 {
		t.Errorf("a[href]: got %d", n)
	}
}
