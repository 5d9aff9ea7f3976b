package app

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"github.com/yuin/gopher-lua/parse"

	"substep/rulings"
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
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS("#quiz-goat form.self button"))); err != nil {
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
	// The placeholder, typed in as a value, fits without scrolling.
	if got := jsEval[string](t, ctx, `(i => { i.value = i.placeholder; const r = i.scrollWidth > i.clientWidth ? i.scrollWidth + " > " + i.clientWidth : ""; i.value = ""; return r; })(document.getElementById('q'))`); got != "" {
		t.Errorf("the header's search box cuts its placeholder at 1280 px: %s px", got)
	}
	if !jsEval[bool](t, ctx, `document.querySelector('.top .theme').getBoundingClientRect().top < document.querySelector('.top .brand').getBoundingClientRect().bottom`) {
		t.Errorf("at 1280 px the header takes two rows")
	}
	shoot(t, ctx, "newcomer-header-after-1280", false)
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

// testPreviewImage loads the og:image of a rule page and of a replay in the
// browser: each decodes to a 1200×630 picture. Each is kept as a screenshot.
func testPreviewImage(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	for _, tt := range []struct{ name, path string }{
		{"rule", "/rules/goat-09"},
		{"replay", replayPath},
	} {
		act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+tt.path))
		img := jsEval[string](t, ctx, `document.querySelector('meta[property="og:image"]').content`)
		size := jsEval[[]int](t, ctx, `new Promise((ok, fail) => { const i = new Image(); i.onload = () => ok([i.naturalWidth, i.naturalHeight]); i.onerror = () => fail('does not decode'); i.src = `+jsString(img)+`; })`)
		if len(size) != 2 || size[0] != 1200 || size[1] != 630 {
			t.Errorf("%s: og:image %s decodes to %v; want 1200×630", tt.path, img, size)
		}
		act(t, ctx, chromedp.EmulateViewport(1200, 630), chromedp.Navigate(img))
		shoot(t, ctx, "newcomer-og-"+tt.name+"-after", false)
	}
}

// addCardLine is one Debug.AddCard call of an exported puzzle: passcode,
// owner, player, location.
var addCardLine = regexp.MustCompile(`Debug\.AddCard\((\d+),(\d),(\d),(LOCATION_[A-Z]+),`)

// testPuzzleDownload follows the replay page's "Download as an EDOPro
// puzzle" link: the file is Lua (gopher-lua parses it) and adds every named
// card of the scenario's starting position with its catalogue passcode, in
// its zone, for the right player (the turn player is player 0).
func testPuzzleDownload(t *testing.T, a *App) {
	ctx := newTab(t, 30*time.Second)
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(a.URL()+replayPath))
	href := jsEval[string](t, ctx, `document.querySelector('a[data-puzzle]').getAttribute('href')`)
	if href != "/replay/goat-09-example-2/puzzle.lua" || !jsEval[bool](t, ctx, `document.querySelector('a[data-puzzle]').hasAttribute('download')`) {
		t.Errorf("the puzzle link is %q", href)
	}
	type file struct {
		Status     int
		Type, Disp string
		Body       string
	}
	f := jsEval[file](t, ctx, `fetch(document.querySelector('a[data-puzzle]').href).then(async r => ({Status: r.status, Type: r.headers.get('content-type'), Disp: r.headers.get('content-disposition'), Body: await r.text()}))`)
	if f.Status != http.StatusOK || !strings.HasPrefix(f.Type, "text/x-lua") || !strings.Contains(f.Disp, `filename="substep-goat-09-example-2.lua"`) {
		t.Errorf("the puzzle downloads as %d %q %q", f.Status, f.Type, f.Disp)
	}
	if _, err := parse.Parse(strings.NewReader(f.Body), "puzzle.lua"); err != nil {
		t.Fatalf("the puzzle is not Lua: %v\n%s", err, f.Body)
	}
	var sc *rulings.Scenario
	for _, s := range a.Content().Scenarios {
		if s.Name == "goat-09-example-2" {
			sc = s
		}
	}
	var want, got []string
	for p, st := range sc.Players {
		pl := 0
		if p != sc.Turn {
			pl = 1
		}
		for _, z := range []struct {
			loc   string
			specs []rulings.CardSpec
		}{{"LOCATION_DECK", st.Deck}, {"LOCATION_HAND", st.Hand}, {"LOCATION_MZONE", st.Monsters}, {"LOCATION_SZONE", st.Spells}, {"LOCATION_GRAVE", st.GY}} {
			for _, sp := range z.specs {
				if sp.Card != nil {
					want = append(want, fmt.Sprintf("%d %d %d %s", sp.Card.Passcode, pl, pl, z.loc))
				}
			}
		}
	}
	for _, m := range addCardLine.FindAllStringSubmatch(f.Body, -1) {
		got = append(got, strings.Join(m[1:], " "))
	}
	slices.Sort(want)
	slices.Sort(got)
	if len(want) < 5 || !slices.Equal(want, got) {
		t.Errorf("the puzzle adds %q; the scenario starts with %q", got, want)
	}
	act(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('a[data-puzzle]').scrollIntoView({block: 'center'})`))
	shoot(t, ctx, "newcomer-replay-puzzle-after-1280", false)

	// The step buttons say what happens; each marked step says what differs.
	labels := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.rv-steps button')).map(b => b.textContent)`)
	if diff := cmp.Diff([]string{"Start", "A activates Soul Exchange", "both pass", "A Tribute Summons Thestalos the Firestorm…", "both pass"}, labels); diff != "" {
		t.Errorf("step buttons (-want +got):\n%s", diff)
	}
	whys := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.differs-note li')).map(li => li.textContent)`)
	if len(whys) == 0 {
		t.Errorf("the page does not say where the formats differ")
	}
	for _, w := range whys {
		if !regexp.MustCompile(`^line \d+, .+: [A-Z].+\.$`).MatchString(w) {
			t.Errorf("a differing line is explained as %q", w)
		}
	}
	act(t, ctx, chromedp.Click(chromedp.CSS(`.rv-steps li.differs button`)))
	if got := jsEval[string](t, ctx, `(document.querySelector('.rv-now .rv-why') || {}).textContent || ''`); got == "" {
		t.Errorf("the caption of a differing step does not say what differs")
	}
	act(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('.differs-note').scrollIntoView()`))
	shoot(t, ctx, "newcomer-replay-steps-after-1280", false)
}

// testReplayStart: /replay opens with an example a player can replay as it
// is; /replay/help starts with the player's guide; /api shows every
// endpoint with an example answer.
func testReplayStart(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/replay"))
	if got := jsEval[string](t, ctx, `document.getElementById('scenario').value`); !strings.HasPrefix(got, "title: ") || !strings.Contains(got, "both pass") {
		t.Errorf("/replay starts with %q", got)
	}
	shoot(t, ctx, "newcomer-replay-index-after-1280", false)
	resp, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(`form.replay-form button[type=submit]`)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(resp.URL, "/replay/s/") || resp.Status != http.StatusOK {
		t.Errorf("replaying the example as it is: %d %s", resp.Status, resp.URL)
	}
	act(t, ctx, chromedp.Navigate(base+"/replay/help"))
	if got := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('article.guide h2')).slice(0, 5).map(h => h.textContent)`); len(got) < 5 || got[0] != "1. Set the scene" || got[4] != "The full reference" {
		t.Errorf("/replay/help's first sections are %q", got)
	}
	shoot(t, ctx, "newcomer-replay-help-after-1280", false)
	act(t, ctx, chromedp.Navigate(base+"/api"))
	if n := jsEval[int](t, ctx, `document.querySelectorAll('section.endpoint pre.example').length`); n < 4 {
		t.Errorf("/api shows %d example answers", n)
	}
	shoot(t, ctx, "newcomer-api-after-1280", false)
}
