package app

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The browser tests of a newcomer's first visit (issue 17): the
// unanswered-questions warning, the link on the 409 page, paging through
// search results, preview images and the puzzle download. Each writes a
// screenshot of what it changed to the artifacts folder.

// shoot writes the tab's screen (or the whole page) to the artifacts folder
// as name.png.
func shoot(t *testing.T, ctx context.Context, name string, full bool) {
	t.Helper()
	shot := chromedp.CaptureScreenshot()
	if full {
		shot = chromedp.FullScreenshot(90)
	}
	img, err := chromedp.Run(ctx, shot)
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	p := filepath.Join(artifactDir(t), name+".png")
	if err := os.WriteFile(p, img, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", p)
}

// testUnanswered submits a judge test with questions left blank: the first
// submit warns with a link to each blank question, the second goes through,
// and a third (the same form again) gets a 409 page that links the result.
// The deadline is shown in the browser's own time.
func testUnanswered(t *testing.T, base string) {
	ctx := newTab(t, 45*time.Second)
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/quiz"), chromedp.Focus(chromedp.ID("name-goat")), typeText("Edsger Dijkstra"))
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS("#quiz-goat form.start button"))); err != nil {
		t.Fatal(err)
	}
	if got := jsEval[string](t, ctx, `document.querySelector('[data-timer] time').textContent`); !strings.HasSuffix(got, "your time") || strings.Contains(got, "UTC") {
		t.Errorf("the deadline reads %q; want the browser's local time", got)
	}
	n := jsEval[int](t, ctx, `document.querySelectorAll('#attempt-form fieldset.question').length`)
	if n < 3 {
		t.Fatalf("the attempt has %d questions", n)
	}
	// Answer the first question only.
	act(t, ctx, chromedp.Click(chromedp.CSS(`#attempt-form fieldset.question input[type=radio]`)))
	csrf := jsEval[string](t, ctx, `document.querySelector('#attempt-form input[name=_csrf]').value`)
	action := jsEval[string](t, ctx, `document.getElementById('attempt-form').getAttribute('action')`)
	act(t, ctx, chromedp.Click(chromedp.CSS(`#attempt-form button[type=submit]`)))
	waitJS(t, ctx, `document.querySelector('[data-unanswered]')`, 3*time.Second)
	if got, want := jsEval[string](t, ctx, `document.querySelector('[data-unanswered]').textContent`), regexp.MustCompile(`^`+strconv.Itoa(n-1)+` questions are still unanswered`); !want.MatchString(got) {
		t.Errorf("the warning says %q", got)
	}
	links := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('[data-unanswered] a')).map(a => a.getAttribute('href'))`)
	if len(links) != n-1 || links[0] != "#q2" {
		t.Errorf("the warning links %q; want #q2 … #q%d", links, n)
	}
	for _, l := range links {
		if !jsEval[bool](t, ctx, `!!document.querySelector(`+jsString(l)+`)`) {
			t.Errorf("the warning links %s, which is not on the page", l)
		}
	}
	if got := jsEval[string](t, ctx, `location.pathname`); strings.HasSuffix(got, "/result") {
		t.Fatalf("the first submit went through to %s", got)
	}
	act(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-unanswered]').scrollIntoView({block: 'center'})`))
	shoot(t, ctx, "newcomer-unanswered-after-1280", false)

	resp, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(`#attempt-form button[type=submit]`)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(resp.URL, "/result") || resp.Status != http.StatusOK {
		t.Fatalf("a deliberate second submit went to %d %s", resp.Status, resp.URL)
	}
	result := strings.TrimPrefix(resp.URL, base)

	// The same answers again, as a second tab or the back button would.
	resp, err = chromedp.RunResponse(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		const f = document.createElement('form'); f.method = 'post'; f.action = `+jsString(action)+`;
		const i = document.createElement('input'); i.type = 'hidden'; i.name = '_csrf'; i.value = `+jsString(csrf)+`;
		f.append(i); document.body.append(f); f.submit(); })()`))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != http.StatusConflict {
		t.Fatalf("a second submission: %d", resp.Status)
	}
	if got := jsEval[string](t, ctx, `(document.querySelector('main p.next a') || {}).pathname || ''`); got != result {
		t.Errorf("the 409 page links %q; want %q", got, result)
	}
	shoot(t, ctx, "newcomer-409-after-1280", false)
}

// testSearchPaging follows the search page's "Next" links to the end and
// collects every hit: together the pages show each result once, as many as
// the count line says. The panel under the header shows only the first few
// and links to the search page. At 1280 px the header's search box shows
// its whole placeholder.
func testSearchPaging(t *testing.T, base string) {
	ctx := newTab(t, 45*time.Second)
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/"))
	if !jsEval[bool](t, ctx, `(i => { const c = document.createElement('canvas').getContext('2d'); const s = getComputedStyle(i);
		c.font = s.fontStyle + ' ' + s.fontWeight + ' ' + s.fontSize + ' ' + s.fontFamily;
		return c.measureText(i.placeholder).width <= i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); })(document.getElementById('q'))`) {
		t.Errorf("the header's search box cuts its placeholder at 1280 px (%d px wide)", jsEval[int](t, ctx, `document.getElementById('q').clientWidth`))
	}
	act(t, ctx, chromedp.Focus(chromedp.ID("q")), typeText("damage step"))
	waitJS(t, ctx, `document.getElementById('live').dataset.query === 'damage step'`, 5*time.Second)
	if n := jsEval[int](t, ctx, `document.querySelectorAll('#live section.hits li').length`); n == 0 || n > 10 {
		t.Errorf("the panel under the header shows %d hits; want 1 to 10", n)
	}
	if got := jsEval[string](t, ctx, `document.querySelector('#live .count').textContent`); !strings.HasPrefix(got, "The first 10 of ") {
		t.Errorf("the panel's count line says %q", got)
	}
	if got := jsEval[string](t, ctx, `document.querySelector('#live [data-live-more]').textContent`); !strings.HasPrefix(got, "See all") {
		t.Errorf("the panel's link to every result says %q", got)
	}
	if jsEval[int](t, ctx, `document.querySelectorAll('#live nav.pages').length`) != 0 {
		t.Errorf("the panel under the header has a pager")
	}
	shoot(t, ctx, "newcomer-live-panel-after-1280", false)

	act(t, ctx, chromedp.Navigate(base+"/search?q=damage+step"))
	count := jsEval[string](t, ctx, `document.querySelector('#results .count').textContent`)
	m := regexp.MustCompile(`^(\d+) results for “damage step”; page 1 of (\d+) shows 1–(\d+)$`).FindStringSubmatch(count)
	if m == nil {
		t.Fatalf("the count line says %q; want it to name the pages", count)
	}
	total, _ := strconv.Atoi(m[1])
	pages, _ := strconv.Atoi(m[2])
	seen := map[string]bool{}
	for page := 1; ; page++ {
		hrefs := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('#results section.hits li > a')).map(a => a.getAttribute('href'))`)
		for _, h := range hrefs {
			if seen[h] {
				t.Errorf("page %d repeats %s", page, h)
			}
			seen[h] = true
		}
		if cur := jsEval[string](t, ctx, `document.querySelector('nav.pages [aria-current=page]').textContent`); cur != strconv.Itoa(page) {
			t.Errorf("on page %d the pager marks %q as current", page, cur)
		}
		if page == pages {
			act(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('nav.pages').scrollIntoView()`))
			shoot(t, ctx, "newcomer-search-paging-after-1280", false)
		}
		if !jsEval[bool](t, ctx, `!!document.querySelector('nav.pages a[rel=next]')`) {
			if page != pages {
				t.Errorf("the last page is %d; the count line said %d", page, pages)
			}
			break
		}
		if page > pages {
			t.Fatalf("page %d of %d still links a next page", page, pages)
		}
		if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(`nav.pages a[rel=next]`))); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) != total {
		t.Errorf("the pages show %d results in all; the count line says %d", len(seen), total)
	}
}
