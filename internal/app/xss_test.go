package app

import (
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// payloads are what an attacker types into a field that is shown back.
var payloads = []string{
	`<script>alert("x")</script>`,
	`"><img src=x onerror=alert(1)>`,
	`</textarea><svg onload=alert(1)>`,
	`javascript:alert(1)`,
}

// inert fails the test when the page holds an element or attribute that a
// payload would have created: a script not served from /static, an element
// with an on* handler, an svg/img/iframe, or a javascript: URL.
func inert(t *testing.T, where string, p *page) {
	t.Helper()
	for _, msg := range injected(p) {
		t.Errorf("%s: %s", where, msg)
	}
}

func injected(p *page) []string {
	var out []string
	walk(p.root, func(n *html.Node) {
		if n.Type != html.ElementNode {
			return
		}
		switch n.Data {
		case "script":
			src, _ := attr(n, "src")
			typ, _ := attr(n, "type")
			if !strings.HasPrefix(src, "/static/") && typ != "application/json" {
				out = append(out, "a script element from the input: "+textOf(n))
			}
		case "img", "svg", "iframe":
			out = append(out, "an injected <"+n.Data+"> element")
		}
		for _, a := range n.Attr {
			if strings.HasPrefix(a.Key, "on") {
				out = append(out, "<"+n.Data+" "+a.Key+"> from the input")
			}
			if (a.Key == "href" || a.Key == "src" || a.Key == "action") && strings.HasPrefix(strings.ToLower(strings.TrimSpace(a.Val)), "javascript:") {
				out = append(out, "a javascript: URL in <"+n.Data+" "+a.Key+">")
			}
		}
	})
	return out
}

// TestInjectedDetects makes sure the checker itself sees an injection.
func TestInjectedDetects(t *testing.T) {
	for _, doc := range []string{
		`<p>x</p><script>alert(1)</script>`,
		`<p><img src=x onerror=alert(1)></p>`,
		`<a href="javascript:alert(1)">x</a>`,
		`<svg onload=alert(1)></svg>`,
	} {
		if got := injected(parsePage(t, strings.NewReader(doc))); len(got) == 0 {
			t.Errorf("%s: not detected", doc)
		}
	}
	if got := injected(parsePage(t, strings.NewReader(`<script src="/static/site.js"></script><p>&lt;script&gt;</p>`))); len(got) != 0 {
		t.Errorf("a clean page flagged: %v", got)
	}
}

// TestXSSDisplayName takes and passes a certification attempt under a
// hostile display name; the result and the public verification page must
// show the name as text.
func TestXSSDisplayName(t *testing.T) {
	a := quizApp(t, Config{AttemptsPath: filepath.Join(t.TempDir(), "attempts.db")})
	for _, name := range payloads {
		cd := newCandidate(t, a.URL())
		sh := cd.start("goat", name)
		cd.must("POST", "/attempt/"+sh.id+"/submit", answers(attemptsOf(a), sh, 20), http.StatusSeeOther)
		_, res := cd.must("GET", "/attempt/"+sh.id+"/result", nil, 200)
		inert(t, "result", res)
		code := res.Text("code[data-code]")
		if code == "" {
			t.Fatal("no certificate code")
		}
		_, v := newCandidate(t, a.URL()).must("GET", "/verify/"+code, nil, 200)
		inert(t, "verify", v)
		if got := v.Text("dd[data-name]"); got != strings.Join(strings.Fields(name), " ") {
			t.Errorf("verify shows name %q, want the text %q", got, name)
		}
	}
}

// TestXSSScenario sends hostile text as a scenario's title, a card name
// and a whole scenario, through the form and the API; every page and error
// must show it as text.
func TestXSSScenario(t *testing.T) {
	a, _ := startApp(t)
	for _, pl := range payloads {
		scenarios := map[string]string{
			"title":      "title: " + pl + "\nformats: goat, hat\nturn: A\nA monsters: Sangan\nA enters the Battle Phase\n",
			"card name":  "title: x\nformats: goat\nturn: A\nA monsters: " + pl + "\nA attacks directly with Sangan\n",
			"action":     "title: x\nformats: goat\nturn: A\nA monsters: Sangan\nA activates " + pl + "\n",
			"whole text": pl + "\n" + pl + "\n",
		}
		for what, src := range scenarios {
			cd := newCandidate(t, a.URL())
			resp, body, err := cd.do("POST", "/replay", url.Values{"scenario": {src}})
			if err != nil {
				t.Fatal(err)
			}
			where := what + " " + pl
			if resp.StatusCode == http.StatusSeeOther {
				loc := resp.Header.Get("Location")
				_, p := cd.must("GET", loc, nil, 200)
				inert(t, where+" (shared replay)", p)
				if what == "title" && !strings.Contains(p.Text("h1"), strings.Join(strings.Fields(pl), " ")) {
					t.Errorf("%s: title not shown as text: %q", where, p.Text("h1"))
				}
				continue
			}
			if resp.StatusCode != http.StatusBadRequest {
				t.Errorf("%s: status %d", where, resp.StatusCode)
				continue
			}
			p := parsePage(t, strings.NewReader(string(body)))
			inert(t, where+" (error page)", p)
			if got := p.Text("textarea#scenario"); !strings.Contains(got, strings.TrimSpace(strings.Split(pl, "\n")[0])) {
				t.Errorf("%s: the pasted text was not kept as text: %q", where, got)
			}
			// The API answers JSON, never HTML.
			r2, err := client.Post(a.URL()+"/api/replay", "text/plain", strings.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			r2.Body.Close()
			if ct := r2.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("%s: API Content-Type %q", where, ct)
			}
		}
	}
}
