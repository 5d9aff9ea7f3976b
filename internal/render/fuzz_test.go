package render

import (
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"
)

// fuzzFile is where FuzzLoad puts the page under test.
const fuzzFile = "goat/a.md"

// otherPage is a valid second page, so links to another page have a target.
var otherPage = page(`id: hat-02
format: hat
number: 2
title: Another
summary: A page to link to.
topics: [segoc]`, "Text.\n\n## First {#first}\n\nMore text.\n")

// problemRE is one problem line: "file:line: message".
var problemRE = regexp.MustCompile(`^([^:\n]+):(\d+): (.+)$`)

// FuzzLoad feeds random front matter and bodies through Load. Whatever the
// input, Load must not panic; an error must be a *ContentError whose every
// problem names a file of the tree and a line inside it; and a page that
// loads must not carry active HTML (raw HTML and javascript: links are
// dropped by the renderer). Run for a few minutes:
//
//	go test -tags sqlite_fts5 -run '^$' -fuzz FuzzLoad -fuzztime 3m ./internal/render/
//
// Findings are kept as seeds under testdata/fuzz/FuzzLoad.
func FuzzLoad(f *testing.F) {
	f.Add(goodFront, goodBody)
	f.Add(goodFront, goodBody+"\nSee [HAT](/rules/hat-02#first) and [here](#example-1).\n")
	f.Add(goodFront+"\ncompare:\n  - topic: field-spell\n    line: One for both.\n    anchor: example-1", goodBody)
	f.Add(goodFront, "## Example 1 {#example-1}\n\n| a | b |\n|:--|--:|\n| \"Sangan\" | ~~x~~ |\n")
	f.Add(goodFront, "<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>\n")
	f.Add("id: [unclosed", goodBody)
	f.Add("id: goat-03\nnumber: three\ntopics: field-spell", goodBody)
	f.Add("id: goat-03\nid: goat-03", "")
	f.Add("- a\n- b", goodBody)
	f.Add("", "")
	f.Add("&a [*a, *a, *a]\nb: *a", "## {#}\n")
	f.Add(goodFront+"\ncards: [\"\\x00\"]", "\"\x00\" \"Mountain")
	if src, err := os.ReadFile("../../content/goat/goat-10.md"); err == nil {
		front, body := splitFront(string(src))
		f.Add(front, body)
	}
	md := NewMarkdown(testCards)
	f.Fuzz(func(t *testing.T, front, body string) {
		src := page(front, body)
		fsys := fstest.MapFS{
			"topics.yaml": {Data: []byte(topicsYAML)},
			fuzzFile:      {Data: []byte(src)},
			"hat/b.md":    {Data: []byte(otherPage)},
		}
		lines := map[string]int{
			fuzzFile:      strings.Count(src, "\n") + 1,
			"hat/b.md":    strings.Count(otherPage, "\n") + 1,
			"topics.yaml": strings.Count(topicsYAML, "\n") + 1,
		}
		site, err := Load(fsys, md)
		if err != nil {
			checkContentError(t, err, lines)
			return
		}
		p, ok := site.Page(pageID(site))
		if !ok {
			t.Fatalf("Load succeeded without the page from %s", fuzzFile)
		}
		if err := activeHTML(p.HTML); err != "" {
			t.Errorf("rendered page has active HTML (%s):\n%s", err, p.HTML)
		}
	})
}

// checkContentError fails unless err is a *ContentError whose problems
// each read "file:line: message", with a file of the tree and a line
// within it (topics.yaml problems may say line 0: they are per entry).
func checkContentError(t *testing.T, err error, lines map[string]int) {
	t.Helper()
	var ce *ContentError
	if !errors.As(err, &ce) {
		t.Fatalf("Load error is %T, want *ContentError: %v", err, err)
	}
	if len(ce.Problems) == 0 {
		t.Fatalf("ContentError with no problems")
	}
	for _, pr := range ce.Problems {
		m := problemRE.FindStringSubmatch(pr)
		if m == nil {
			t.Errorf("problem %q is not file:line: message", pr)
			continue
		}
		n, _ := strconv.Atoi(m[2])
		max, known := lines[m[1]]
		switch {
		case !known:
			t.Errorf("problem %q names a file not in the tree", pr)
		case m[1] == "topics.yaml" && n == 0:
		case n < 1 || n > max:
			t.Errorf("problem %q: line %d is outside the file's %d lines", pr, n, max)
		}
	}
}

// pageID finds the id of the page loaded from fuzzFile.
func pageID(s *Site) string {
	for _, p := range s.Pages {
		if p.File == fuzzFile {
			return p.ID
		}
	}
	return ""
}

// activeElements are elements that run code, style the page or load other
// documents: none may come out of a content page.
var activeElements = map[string]bool{
	"script": true, "iframe": true, "frame": true, "object": true, "embed": true, "style": true,
	"svg": true, "math": true, "form": true, "base": true, "meta": true, "link": true, "template": true,
}

// activeHTML names the first active construct in the HTML (an active
// element, an on* handler attribute, or a script URL), or returns "".
func activeHTML(doc string) string {
	z := html.NewTokenizer(strings.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if activeElements[tok.Data] {
				return "<" + tok.Data + ">"
			}
			for _, a := range tok.Attr {
				if strings.HasPrefix(a.Key, "on") {
					return tok.Data + " " + a.Key + "="
				}
				if a.Key == "href" || a.Key == "src" {
					u := strings.ToLower(strings.TrimSpace(a.Val))
					if strings.HasPrefix(u, "javascript:") || strings.HasPrefix(u, "vbscript:") ||
						(strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "data:image/")) {
						return tok.Data + " " + a.Key + "=" + a.Val
					}
				}
			}
		}
	}
}

// splitFront splits a page into its front matter and body, the inverse of
// page().
func splitFront(src string) (front, body string) {
	rest, ok := strings.CutPrefix(src, "---\n")
	if !ok {
		return "", src
	}
	front, body, ok = strings.Cut(rest, "\n---\n")
	if !ok {
		return "", src
	}
	return front, body
}
