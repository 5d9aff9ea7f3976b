package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// vnuMessage is one message of the Nu validator's JSON output.
type vnuMessage struct {
	Type     string `json:"type"`
	SubType  string `json:"subType"`
	URL      string `json:"url"`
	LastLine int    `json:"lastLine"`
	FirstCol int    `json:"firstColumn"`
	Message  string `json:"message"`
	Extract  string `json:"extract"`
}

// vnuValidate runs the Nu HTML validator once over docs (a name ending in
// .html or .css → its bytes) and returns its errors, each prefixed with the
// document's name.
func vnuValidate(t testing.TB, docs map[string][]byte) []string {
	t.Helper()
	java, jar := vnuJar(t)
	dir := t.TempDir()
	names := map[string]string{} // file name → document name
	i := 0
	for name, body := range docs {
		ext := filepath.Ext(name)
		if ext != ".css" {
			ext = ".html"
		}
		file := fmt.Sprintf("doc%04d%s", i, ext)
		i++
		names[file] = name
		if err := os.WriteFile(filepath.Join(dir, file), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(java, "-Xss4m", "-jar", jar, "--errors-only", "--also-check-css", "--format", "json", "--exit-zero-always", dir)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("vnu: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	var out struct{ Messages []vnuMessage }
	raw := stderr.Bytes() // vnu writes its JSON report to stderr
	if len(bytes.TrimSpace(raw)) == 0 {
		raw = stdout.Bytes()
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("vnu output: %v\n%s", err, raw)
	}
	var errs []string
	for _, m := range out.Messages {
		if m.Type != "error" && m.SubType != "fatal" {
			continue
		}
		name := names[filepath.Base(m.URL)]
		if name == "" {
			name = m.URL
		}
		errs = append(errs, fmt.Sprintf("%s:%d:%d: %s [%s]", name, m.LastLine, m.FirstCol, m.Message, strings.TrimSpace(m.Extract)))
	}
	t.Logf("Nu validator (--errors-only, --also-check-css): %d documents, %d errors, in %v", len(docs), len(errs), time.Since(start).Round(time.Millisecond))
	return errs
}

// sitePaths is every page a visitor can reach: the home page, each format,
// rule and card page, the compare matrix and each of its topics, searches
// with and without results and filters, and a missing page.
func sitePaths(a *App) []string {
	c := a.Content()
	paths := []string{"/", "/cards", "/compare", "/search", "/search?q=sangan", "/search?q=sangna",
		"/search?q=damage+step&format=hat&topic=damage-step", "/search?q=zzzzqqq", "/search?q=%22NEAR(",
		"/rules/goat-99", "/no/such/page"}
	for _, f := range []string{"goat", "hat", "edison", "domain", "general"} {
		paths = append(paths, "/formats/"+f)
	}
	for _, p := range c.Site.Pages {
		paths = append(paths, p.URL())
	}
	for _, k := range c.Cards.Cards() {
		paths = append(paths, "/cards/"+k.Slug())
	}
	for _, tp := range c.Site.Topics {
		paths = append(paths, "/compare/"+tp.ID)
	}
	return paths
}

// testValidHTML runs every page the server sends, its stylesheets, and
// some pages as the script leaves them (section copy buttons, results as
// you type, the phone's compare view) through the Nu HTML validator, in one
// run of it: no errors allowed.
func testValidHTML(t *testing.T, a *App, tools *toolFixture) {
	vnuJar(t) // skip early when it is missing
	docs := map[string][]byte{}
	for _, p := range append(sitePaths(a), tools.paths()...) {
		_, body := get(t, a.URL()+p)
		docs[p] = body
	}
	// Pages that answer a form: a broken scenario, a checked deck.
	for name, form := range map[string]struct {
		path string
		v    url.Values
	}{
		"POST /replay (broken)":     {"/replay", url.Values{"scenario": {brokenScenario}, "format": {"goat", "hat"}}},
		"POST /domain/check (list)": {"/domain/check", url.Values{"deck": {"1 Sangan\n1 Dark Magician Girl\n"}, "master": {"Sangan"}}},
	} {
		resp, err := client.PostForm(a.URL()+form.path, form.v)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode >= 500 {
			t.Fatalf("%s: %d %v", name, resp.StatusCode, err)
		}
		docs[name] = body
	}
	// The stylesheets the pages link to.
	_, home := get(t, a.URL()+"/")
	pg := parsePage(t, bytes.NewReader(home))
	for _, n := range pg.All("link[rel=stylesheet]") {
		href, _ := attr(n, "href")
		_, css := get(t, a.URL()+href)
		docs[strings.SplitN(href, "?", 2)[0]] = css
	}
	if len(docs) < 20 {
		t.Fatalf("only %d documents to validate", len(docs))
	}
	for name, body := range scriptedDocs(t, a.URL(), tools) {
		docs[name] = body
	}
	// Planted errors must be found, or a clean report proves nothing.
	planted := map[string]bool{"planted-error.html": false, "planted-error.css": false}
	docs["planted-error.html"] = []byte(`<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p id="a">x</p><p id="a">y</p></body></html>`)
	docs["planted-error.css"] = []byte("a{colr:red}\n")
	siteErrs := 0
	for _, e := range vnuValidate(t, docs) {
		name, _, _ := strings.Cut(e, ":")
		if _, ok := planted[name]; ok {
			planted[name] = true
			continue
		}
		t.Error(e)
		siteErrs++
	}
	for name, found := range planted {
		if !found {
			t.Errorf("the validator did not report the error planted in %s", name)
		}
	}
	t.Logf("%d errors in the site's %d documents (besides the planted ones)", siteErrs, len(docs)-len(planted))
}

// scriptedDocs are documents as the script leaves them.
func scriptedDocs(t *testing.T, base string, tools *toolFixture) map[string][]byte {
	ctx := newTab(t, 30*time.Second)
	const dom = `'<!DOCTYPE html>\n' + document.documentElement.outerHTML`
	docs := map[string][]byte{}
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/rules/goat-03"), chromedp.Click(chromedp.CSS(".tools button.copy")))
	docs["/rules/goat-03 (script run, link copied)"] = []byte(jsEval[string](t, ctx, dom))
	act(t, ctx, chromedp.Focus(chromedp.ID("q")), typeText("sangan"))
	waitJS(t, ctx, `document.getElementById('live').dataset.query === 'sangan'`, 5*time.Second)
	docs["/rules/goat-03 (results as you type)"] = []byte(jsEval[string](t, ctx, dom))
	act(t, ctx, chromedp.Navigate(base+"/search"), chromedp.Focus(chromedp.ID("sq")), typeText("damage step"))
	waitJS(t, ctx, `location.search.includes('damage')`, 5*time.Second)
	docs["/search (typed)"] = []byte(jsEval[string](t, ctx, dom))
	act(t, ctx, emulateWidth(390), chromedp.Navigate(base+"/compare"))
	docs["/compare (phone)"] = []byte(jsEval[string](t, ctx, dom))
	// The replay viewer as drawn, at a step where the formats differ.
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/replay/hat-06-timing-7?formats=all"), typeText(kbRight), typeText(kbRight))
	docs["/replay/hat-06-timing-7 (viewer, line 14)"] = []byte(jsEval[string](t, ctx, dom))
	act(t, ctx, chromedp.Navigate(base+replayPath+"#line-15"))
	docs[replayPath+" (viewer, line 15)"] = []byte(jsEval[string](t, ctx, dom))
	act(t, ctx, chromedp.Navigate(base+tools.Attempt), chromedp.Sleep(600*time.Millisecond))
	docs[tools.Attempt+" (timer running)"] = []byte(jsEval[string](t, ctx, dom))
	return docs
}
