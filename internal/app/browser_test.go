package app

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowser drives the site in headless Chromium the way a reader does:
// typing in the search box, following a result to its section, copying a
// link, switching the theme, reading the compare page on a phone, with the
// keyboard only; and the tools: stepping through a replay, answering a
// practice question, pasting a broken scenario, checking a deck, and the
// timed test's countdown. It also runs axe-core on every page in both
// themes, takes screenshots at phone and desktop widths, and logs each
// page's weight and timings; and validates every page with the Nu HTML
// validator.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	logs := &syncBuffer{}
	a := quizApp(t, Config{Logger: slog.New(slog.NewTextHandler(logs, nil))})
	base := a.URL()
	tools := newToolFixture(t, a)

	t.Run("slash focuses search", func(t *testing.T) { testSlash(t, base) })
	t.Run("search as you type", func(t *testing.T) { testLiveSearch(t, base) })
	t.Run("misspelt card names", func(t *testing.T) { testMisspelt(t, base) })
	t.Run("search page filters", func(t *testing.T) { testFilters(t, a) })
	t.Run("search without JavaScript", func(t *testing.T) { testNoScript(t, base) })
	t.Run("copy links", func(t *testing.T) { testCopy(t, base) })
	t.Run("theme", func(t *testing.T) { testTheme(t, base) })
	t.Run("compare on a phone", func(t *testing.T) { testComparePhone(t, base) })
	t.Run("keyboard and focus", func(t *testing.T) { testKeyboard(t, base) })
	t.Run("print", func(t *testing.T) { testPrint(t, base) })
	t.Run("navigation", func(t *testing.T) { testNav(t, base) })
	t.Run("replay viewer", func(t *testing.T) { testReplayViewer(t, base) })
	t.Run("practice question", func(t *testing.T) { testPractice(t, base, tools) })
	t.Run("broken scenario", func(t *testing.T) { testReplayPaste(t, base) })
	t.Run("deck check", func(t *testing.T) { testDeckCheck(t, base) })
	t.Run("quiz timer", func(t *testing.T) { testQuizTimer(t, base, tools) })
	t.Run("unanswered questions", func(t *testing.T) { testUnanswered(t, base) })
	t.Run("search paging", func(t *testing.T) { testSearchPaging(t, base) })
	t.Run("preview images", func(t *testing.T) { testPreviewImage(t, base) })
	t.Run("puzzle download", func(t *testing.T) { testPuzzleDownload(t, a) })
	t.Run("replay start and guide", func(t *testing.T) { testReplayStart(t, base) })
	t.Run("screenshots", func(t *testing.T) { testScreenshots(t, base, tools) })
	t.Run("accessibility", func(t *testing.T) { testAxe(t, a, tools) })
	t.Run("valid HTML", func(t *testing.T) { testValidHTML(t, a, tools) })
	t.Run("weight and timings", func(t *testing.T) { testWeight(t, a, tools) })

	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("server logged errors:\n%s", logs.String())
	}
}

func testSlash(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	for _, tt := range []struct{ path, want string }{
		{"/rules/goat-03", "q"},
		{"/compare", "q"},
		{"/search", "sq"}, // the results page's own search box
	} {
		act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+tt.path), typeText("/"))
		if got := jsEval[string](t, ctx, `document.activeElement.id`); got != tt.want {
			t.Errorf("%s: after /, focus is on #%s, want #%s", tt.path, got, tt.want)
		}
		if got := jsEval[string](t, ctx, `document.activeElement.value`); got != "" {
			t.Errorf("%s: the / was typed into the box: %q", tt.path, got)
		}
	}
	// In a text field "/" is just a character.
	act(t, ctx, typeText("a/b"))
	if got := jsEval[string](t, ctx, `document.activeElement.value`); got != "a/b" {
		t.Errorf("typing in the box: value = %q, want %q", got, "a/b")
	}
}

// liveHits lists the live results: each group's heading and its links.
const liveHits = `Array.from(document.querySelectorAll(%q)).map(s => ({
	format: s.querySelector('h2').textContent.trim(),
	hits: Array.from(s.querySelectorAll('li')).map(li => ({
		href: li.querySelector('a').getAttribute('href'),
		marks: li.querySelectorAll('mark').length,
		snippet: (li.querySelector('.snippet') || {textContent: ''}).textContent.trim(),
	})),
}))`

type hitGroup struct {
	Format string
	Hits   []struct {
		Href, Snippet string
		Marks         int
	}
}

func testLiveSearch(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	console := consoleErrors(ctx)
	defer func() {
		if errs := console(); len(errs) > 0 {
			t.Errorf("console errors: %q", errs)
		}
	}()
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/"))
	if !jsEval[bool](t, ctx, `document.getElementById('live').hidden`) {
		t.Errorf("the live results show before anything is typed")
	}
	act(t, ctx, typeText("/"), typeText("damage ste"))
	waitJS(t, ctx, `document.querySelector('#live:not([hidden]) .count')`, 5*time.Second)

	// One more keystroke: the results must follow within a keystroke's time.
	start := time.Now()
	act(t, ctx, typeText("p"))
	waitJS(t, ctx, `document.querySelector('#live .count').textContent.includes('“damage step”')`, 3*time.Second)
	lat := time.Since(start)
	t.Logf("results updated %v after the last keystroke (includes the DevTools round trips)", lat.Round(time.Millisecond))
	if lat > time.Second {
		t.Errorf("results took %v to follow a keystroke", lat)
	}

	groups := jsEval[[]hitGroup](t, ctx, fmt.Sprintf(liveHits, "#live section.hits"))
	if len(groups) < 2 {
		t.Fatalf("want hits from several formats for “damage step”, got %+v", groups)
	}
	formats := map[string]bool{"Goat Format": true, "HAT Format": true, "Edison Format": true, "Domain Format": true, "General references": true}
	anchored := ""
	for _, g := range groups {
		if !formats[g.Format] {
			t.Errorf("unexpected group %q", g.Format)
		}
		for _, h := range g.Hits {
			if h.Marks == 0 || h.Snippet == "" {
				t.Errorf("%s: hit %s has no snippet, or nothing highlighted (%d marks)", g.Format, h.Href, h.Marks)
			}
			if anchored == "" && strings.Contains(h.Href, "#") {
				anchored = h.Href
			}
		}
	}
	if anchored == "" {
		t.Fatalf("no hit links to a section anchor: %+v", groups)
	}
	if got := jsEval[string](t, ctx, `document.querySelector('[data-live-more]').getAttribute('href')`); got != "/search?q=damage%20step" {
		t.Errorf("link to the full results = %q", got)
	}

	// The keyboard reaches the results: ↓ from the box, ↓ again, ↑ back.
	act(t, ctx, typeText(kbDown))
	first := jsEval[string](t, ctx, `document.activeElement.getAttribute('href')`)
	if !jsEval[bool](t, ctx, `document.getElementById('live').contains(document.activeElement)`) {
		t.Errorf("↓ from the search box did not move into the results")
	}
	act(t, ctx, typeText(kbDown), typeText(kbUp))
	if got := jsEval[string](t, ctx, `document.activeElement.getAttribute('href')`); got != first {
		t.Errorf("↓↑ should come back to %s, focus is on %s", first, got)
	}
	act(t, ctx, typeText(kbEscape))
	if !jsEval[bool](t, ctx, `document.getElementById('live').hidden && document.activeElement.id === 'q'`) {
		t.Errorf("Escape should close the results and return to the search box")
	}

	// Follow an anchored hit: it lands on that section.
	act(t, ctx, typeText("s"), typeText(kbBackspace))
	waitJS(t, ctx, `!document.getElementById('live').hidden`, 3*time.Second)
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(`#live a[href="`+anchored+`"]`))); err != nil {
		t.Fatalf("follow %s: %v", anchored, err)
	}
	want, _ := url.Parse(anchored)
	got := jsEval[string](t, ctx, `location.pathname + location.hash`)
	if got != want.Path+"#"+want.Fragment {
		t.Errorf("landed on %s, want %s", got, anchored)
	}
	waitJS(t, ctx, `document.querySelector(':target') && document.querySelector(':target').id === `+jsString(want.Fragment), 3*time.Second)
	if !jsEval[bool](t, ctx, `(r => r.top >= 0 && r.top < innerHeight)(document.querySelector(':target').getBoundingClientRect())`) {
		t.Errorf("the section %s is not scrolled into view", want.Fragment)
	}
}

const (
	kbDown      = kb.ArrowDown
	kbUp        = kb.ArrowUp
	kbEscape    = kb.Escape
	kbBackspace = kb.Backspace
	kbEnter     = kb.Enter
	kbTab       = kb.Tab
	kbRight     = kb.ArrowRight
	kbLeft      = kb.ArrowLeft
)

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func testMisspelt(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/"))
	for _, tt := range []struct{ typed, want string }{
		{"sangna", "Sangan"},
		{"apophis", "Embodiment of Apophis"},
		{"necrovaley", "Necrovalley"},
	} {
		act(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('q').value = ''`), chromedp.Focus(chromedp.ID("q")), typeText(tt.typed))
		waitJS(t, ctx, `document.getElementById('live').dataset.query === `+jsString(tt.typed), 5*time.Second)
		cards := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('#live .card-hits a')).map(a => a.textContent.trim())`)
		if !slices.Contains(cards, tt.want) {
			t.Errorf("typing %q: cards %q, want %q among them", tt.typed, cards, tt.want)
		}
	}
}

func testFilters(t *testing.T, a *App) {
	base := a.URL()
	ctx := newTab(t, 30*time.Second)
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/search"), typeText("/"), typeText("damage step"))
	waitJS(t, ctx, `(document.querySelector('#results .count')||{}).textContent?.includes('“damage step”')`, 5*time.Second)
	if n := len(jsEval[[]hitGroup](t, ctx, fmt.Sprintf(liveHits, "#results section.hits"))); n < 2 {
		t.Fatalf("“damage step” in %d formats, want several", n)
	}
	if got := jsEval[string](t, ctx, `location.search`); got != "?q=damage%20step" {
		t.Errorf("address bar query = %q", got)
	}

	// Pick HAT from the keyboard: only HAT results remain.
	act(t, ctx, chromedp.Focus(chromedp.ID("sf")), typeText("H"))
	waitJS(t, ctx, `location.search.includes('format=hat')`, 3*time.Second)
	waitJS(t, ctx, `Array.from(document.querySelectorAll('#results section.hits h2')).every(h => h.textContent === 'HAT Format')`, 3*time.Second)

	// And a topic: every hit is a HAT page on that topic.
	act(t, ctx, chromedp.Focus(chromedp.ID("st")))
	for range 60 {
		if jsEval[string](t, ctx, `document.getElementById('st').value`) == "damage-step" {
			break
		}
		act(t, ctx, typeText(kbDown))
	}
	waitJS(t, ctx, `location.search.includes('topic=damage-step')`, 3*time.Second)
	waitJS(t, ctx, `document.querySelectorAll('#results section.hits').length === 1`, 3*time.Second)
	groups := jsEval[[]hitGroup](t, ctx, fmt.Sprintf(liveHits, "#results section.hits"))
	for _, g := range groups {
		for _, h := range g.Hits {
			id := strings.TrimPrefix(strings.SplitN(h.Href, "#", 2)[0], "/rules/")
			p, ok := a.Content().Site.Page(id)
			if !ok || p.Format != "hat" || !slices.Contains(p.Topics, "damage-step") {
				t.Errorf("hit %s is not a HAT page on damage-step", h.Href)
			}
		}
	}

	// The address is shareable: loading it shows the same filtered results.
	act(t, ctx, chromedp.Reload())
	if got := jsEval[[]string](t, ctx, `[document.getElementById('sq').value, document.getElementById('sf').value, document.getElementById('st').value]`); !slices.Equal(got, []string{"damage step", "hat", "damage-step"}) {
		t.Errorf("after reload the form is %q", got)
	}
	if got := jsEval[string](t, ctx, `document.title`); !strings.HasPrefix(got, "Search: damage step") {
		t.Errorf("title = %q", got)
	}
}

func testNoScript(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/rules/goat-03"))
	// Controls that need the script stay hidden without it.
	for _, sel := range []string{"[data-theme-toggle]", "button.copy"} {
		got, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(sel), "hidden"))
		if err != nil {
			t.Fatal(err)
		}
		if !got.Exists {
			t.Errorf("%s is shown without JavaScript, where it cannot work", sel)
		}
	}
	if _, err := chromedp.RunResponse(ctx, chromedp.SendKeys(chromedp.ID("q"), "sangan"+kbEnter)); err != nil {
		t.Fatalf("submit the search form: %v", err)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if u, _ := url.Parse(loc); u.Path != "/search" || u.Query().Get("q") != "sangan" {
		t.Errorf("the form went to %s", loc)
	}
	hits, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSSAll("#results section.hits li a"), chromedp.AtLeast(0)))
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 {
		t.Errorf("no results on the page the form went to")
	}
	card, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#results .card-hits a")))
	if err != nil || card != "Sangan" {
		t.Errorf("card hit = %q, %v", card, err)
	}
}

func testCopy(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	act(t, ctx, emulateWidth(1280))
	grantClipboard(t, ctx, base)
	// A query and a fragment in the address must not leak into the link.
	act(t, ctx, chromedp.Navigate(base+"/rules/goat-03?ref=chat#example-2"))
	canon := jsEval[string](t, ctx, `document.querySelector('link[rel=canonical]').href`)
	if canon != base+"/rules/goat-03" {
		t.Fatalf("canonical = %q", canon)
	}
	for _, m := range []struct{ sel, want string }{
		{`meta[property="og:url"]`, canon},
		{`meta[property="og:title"]`, "Goat rule #3"},
		{`meta[property="og:description"]`, ""},
		{`meta[name="twitter:card"]`, "summary"},
		{`meta[name="twitter:title"]`, "Goat rule #3"},
		{`meta[name="description"]`, ""},
	} {
		got := jsEval[string](t, ctx, `(document.querySelector(`+jsString(m.sel)+`)||{}).content || ''`)
		if got == "" || !strings.Contains(got, m.want) {
			t.Errorf("%s content = %q, want it to contain %q", m.sel, got, m.want)
		}
	}

	copyAndRead := func(sel string) string {
		t.Helper()
		act(t, ctx, chromedp.Evaluate[chromedp.Void](`navigator.clipboard.writeText('')`, chromedp.EvalAwaitPromise))
		act(t, ctx, chromedp.Click(chromedp.CSS(sel)))
		waitJS(t, ctx, `document.querySelector(`+jsString(sel)+`).classList.contains('done')`, 3*time.Second)
		return jsEval[string](t, ctx, `navigator.clipboard.readText()`)
	}
	if got := copyAndRead(`.tools button.copy`); got != canon {
		t.Errorf("rule link copied %q, want %q", got, canon)
	}
	if got := jsEval[string](t, ctx, `document.querySelector('.tools button.copy').textContent`); got != "Copied" {
		t.Errorf("the button says %q after copying", got)
	}
	waitJS(t, ctx, `document.getElementById('status').textContent.startsWith('Link copied')`, 2*time.Second)

	// Every anchored section has its own button, named after the section.
	sections := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.body a.anchor[data-anchor]')).map(a => a.dataset.anchor)`)
	buttons := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.body .shead button.copy')).map(b => b.dataset.copy)`)
	if len(sections) == 0 || len(buttons) != len(sections) {
		t.Fatalf("%d anchored sections but %d copy buttons", len(sections), len(buttons))
	}
	if got := jsEval[string](t, ctx, `document.querySelector('.shead button.copy[data-copy$="#example-1"]').getAttribute('aria-label')`); got != "Copy link to “Example 1”" {
		t.Errorf("example button's name = %q", got)
	}
	if got := copyAndRead(`.shead button.copy[data-copy$="#example-1"]`); got != canon+"#example-1" {
		t.Errorf("example link copied %q, want %q", got, canon+"#example-1")
	}

	// A card page has one too.
	act(t, ctx, chromedp.Navigate(base+"/cards/sangan"))
	if got := copyAndRead(`.tools button.copy`); got != base+"/cards/sangan" {
		t.Errorf("card link copied %q", got)
	}
}

func testTheme(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	const light, dark = "rgb(253, 252, 249)", "rgb(20, 22, 26)"
	bg := func() string { return jsEval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`) }
	pressed := func() string {
		return jsEval[string](t, ctx, `document.querySelector('[data-theme-toggle]').getAttribute('aria-pressed')`)
	}

	// With no choice saved, the page follows the system.
	act(t, ctx, emulateWidth(1280), emulateMedia("", "dark"), chromedp.Navigate(base+"/rules/goat-03"))
	if got := bg(); got != dark {
		t.Errorf("system dark: background %s, want %s", got, dark)
	}
	if got := pressed(); got != "true" {
		t.Errorf("system dark: toggle aria-pressed = %s", got)
	}
	act(t, ctx, emulateMedia("", "light"))
	if got := bg(); got != light {
		t.Errorf("system light: background %s, want %s", got, light)
	}
	waitJS(t, ctx, `document.querySelector('[data-theme-toggle]').getAttribute('aria-pressed') === 'false'`, 2*time.Second)

	// The toggle, from the keyboard, picks dark; the choice outlives a reload
	// and beats the system setting.
	act(t, ctx, chromedp.Focus(chromedp.CSS("[data-theme-toggle]")), typeText(kbEnter))
	if got := bg(); got != dark {
		t.Errorf("after the toggle: background %s, want %s", got, dark)
	}
	act(t, ctx, chromedp.Reload())
	if got, want := []string{bg(), pressed(), jsEval[string](t, ctx, `document.documentElement.dataset.theme`)}, []string{dark, "true", "dark"}; !slices.Equal(got, want) {
		t.Errorf("after reload (system light): %q, want %q", got, want)
	}
	act(t, ctx, chromedp.Navigate(base+"/compare"))
	if got := bg(); got != dark {
		t.Errorf("another page after choosing dark: background %s", got)
	}
	act(t, ctx, emulateMedia("", "dark"), chromedp.Click(chromedp.CSS("[data-theme-toggle]")), chromedp.Reload())
	if got := bg(); got != light {
		t.Errorf("chose light under a dark system, then reload: background %s, want %s", got, light)
	}
}

func testComparePhone(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	visible := func() []string {
		return jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.matrix tbody tr')).filter(r => r.getClientRects().length > 0).map(r => r.id)`)
	}
	act(t, ctx, emulateWidth(390), chromedp.Navigate(base+"/compare"))
	ids := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.matrix tbody tr')).map(r => r.id)`)
	if len(ids) < 3 {
		t.Fatalf("compare has %d topics", len(ids))
	}
	if got := visible(); !slices.Equal(got, ids[:1]) {
		t.Errorf("phone: visible topics %q, want only %q", got, ids[:1])
	}
	if jsEval[bool](t, ctx, `document.documentElement.scrollWidth > innerWidth`) {
		t.Errorf("phone: the page scrolls sideways")
	}
	// Choose a topic from the list, with the keyboard.
	act(t, ctx, chromedp.Focus(chromedp.ID("pick")), typeText(kbDown))
	waitJS(t, ctx, `location.hash === `+jsString("#"+ids[1]), 2*time.Second)
	if got := visible(); !slices.Equal(got, ids[1:2]) {
		t.Errorf("after choosing the second topic: visible %q", got)
	}
	act(t, ctx, chromedp.Click(chromedp.CSS(`[data-step="1"]`)))
	if got := visible(); !slices.Equal(got, ids[2:3]) {
		t.Errorf("after Next: visible %q, want %q", got, ids[2:3])
	}
	act(t, ctx, chromedp.Click(chromedp.CSS(`[data-step="-1"]`)))
	if got := visible(); !slices.Equal(got, ids[1:2]) {
		t.Errorf("after Previous: visible %q, want %q", got, ids[1:2])
	}
	// A link to a topic opens on that topic.
	last := ids[len(ids)-1]
	act(t, ctx, chromedp.Navigate(base+"/compare#"+last))
	if got := visible(); !slices.Equal(got, []string{last}) {
		t.Errorf("/compare#%s on a phone shows %q", last, got)
	}
	// Each cell says which format it is about.
	labels := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.matrix tr.current td')).map(td => getComputedStyle(td, '::before').content)`)
	if len(labels) < 2 || labels[0] != `"Today"` {
		t.Errorf("cell labels %q", labels)
	}
	// On a desktop it is the whole table again.
	act(t, ctx, emulateWidth(1280), chromedp.Reload())
	if got := visible(); len(got) != len(ids) {
		t.Errorf("desktop: %d of %d topics visible", len(got), len(ids))
	}
	if jsEval[bool](t, ctx, `getComputedStyle(document.querySelector('[data-topic-picker]')).display !== 'none'`) {
		t.Errorf("desktop: the topic picker shows")
	}
}

func testKeyboard(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/rules/goat-03"), typeText(kbTab))
	if got := jsEval[string](t, ctx, `document.activeElement.className`); got != "skip" {
		t.Fatalf("first Tab lands on %q, want the skip link", got)
	}
	if !jsEval[bool](t, ctx, `(r => r.left >= 0 && r.top >= 0 && r.width > 0)(document.activeElement.getBoundingClientRect())`) {
		t.Errorf("the skip link is focused but off screen")
	}
	// Tab through the page: every stop shows where focus is.
	var stops []string
	for range 80 {
		st := jsEval[struct {
			Tag, Text, Outline string
			Visible            bool
		}](t, ctx, `(e => { const s = getComputedStyle(e); const r = e.getBoundingClientRect();
			return {tag: e.tagName, text: (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40),
				outline: s.outlineStyle + ' ' + s.outlineWidth, visible: r.width > 0 && r.height > 0}; })(document.activeElement)`)
		if st.Tag == "BODY" {
			break
		}
		stops = append(stops, st.Tag+" "+st.Text)
		if st.Outline == "none 0px" || strings.HasPrefix(st.Outline, "none") || !st.Visible {
			t.Errorf("focus on %s %q is not visible (outline %s, visible %v)", st.Tag, st.Text, st.Outline, st.Visible)
		}
		act(t, ctx, typeText(kbTab))
	}
	for _, want := range []string{"A Goat", "INPUT", "BUTTON Search", "BUTTON Dark theme", "BUTTON Copy link to this rule", "BUTTON Copy link to “Example 1”"} {
		if !slices.ContainsFunc(stops, func(s string) bool { return strings.HasPrefix(s, want) }) {
			t.Errorf("Tab never reached %q; stops: %q", want, stops)
		}
	}
	// Enter on the skip link moves past the header.
	act(t, ctx, chromedp.Navigate(base+"/rules/goat-03"), typeText(kbTab), typeText(kbEnter), typeText(kbTab))
	if !jsEval[bool](t, ctx, `document.getElementById('main').contains(document.activeElement)`) {
		t.Errorf("after the skip link, Tab goes to %s, not into main", jsEval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`))
	}
}

func testPrint(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	act(t, ctx, emulateWidth(1280), emulateMedia("", "dark"), chromedp.Navigate(base+"/rules/goat-03"), emulateMedia("print", "dark"))
	got := jsEval[map[string]string](t, ctx, `({
		header: getComputedStyle(document.querySelector('.top')).display,
		copy: getComputedStyle(document.querySelector('.tools')).display,
		source: getComputedStyle(document.querySelector('.print-only')).display,
		sourceText: document.querySelector('.print-only').textContent,
		background: getComputedStyle(document.body).backgroundColor,
		color: getComputedStyle(document.body).color,
	})`)
	want := map[string]string{"header": "none", "copy": "none", "source": "block", "sourceText": base + "/rules/goat-03", "background": "rgb(255, 255, 255)", "color": "rgb(0, 0, 0)"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("print: %s = %q, want %q", k, got[k], w)
		}
	}
	pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
	if err != nil || len(pdf) < 1000 {
		t.Errorf("print to PDF: %d bytes, %v", len(pdf), err)
	}
	// A replay prints as its lists, one format after the other, without
	// the viewer and its controls.
	act(t, ctx, emulateMedia("", "dark"), chromedp.Navigate(base+replayPath), emulateMedia("print", "dark"))
	rp := jsEval[map[string]string](t, ctx, `({viewer: getComputedStyle(document.querySelector('.rv')).display,
		columns: getComputedStyle(document.querySelector('.columns')).display,
		events: getComputedStyle(document.querySelector('section.column ol.events')).display,
		color: getComputedStyle(document.querySelector('section.column')).color})`)
	if want := map[string]string{"viewer": "none", "columns": "block", "events": "block", "color": "rgb(0, 0, 0)"}; !maps.Equal(rp, want) {
		t.Errorf("printing a replay: %q, want %q", rp, want)
	}
}

// mainPages are the pages whose screenshots and timings the notes show.
var mainPages = []struct{ name, path string }{
	{"home", "/"},
	{"format", "/formats/goat"},
	{"rule", "/rules/goat-10"},
	{"search", "/search?q=damage+step"},
	{"cards", "/cards"},
	{"card", "/cards/sangan"},
	{"compare", "/compare"},
	{"compare-topic", "/compare/damage-step"},
	{"not-found", "/rules/goat-99"},
}

func testScreenshots(t *testing.T, base string, tools *toolFixture) {
	dir := artifactDir(t)
	ctx := newTab(t, 90*time.Second)
	n := 0
	for _, w := range []int64{390, 1280} {
		act(t, ctx, emulateWidth(w))
		for _, p := range mainPages {
			act(t, ctx, chromedp.Navigate(base+p.path))
			if jsEval[bool](t, ctx, `document.documentElement.scrollWidth > innerWidth + 1`) {
				t.Errorf("%s at %dpx scrolls sideways (%d px wide)", p.path, w, jsEval[int](t, ctx, `document.documentElement.scrollWidth`))
			}
			img, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatalf("screenshot %s: %v", p.path, err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", p.name, w)), img, 0o644); err != nil {
				t.Fatal(err)
			}
			n++
		}
		for _, p := range tools.shots() {
			act(t, ctx, chromedp.Navigate(base+p.path))
			if jsEval[bool](t, ctx, `document.documentElement.scrollWidth > innerWidth + 1`) {
				t.Errorf("%s at %dpx scrolls sideways (%d px wide)", p.path, w, jsEval[int](t, ctx, `document.documentElement.scrollWidth`))
			}
			// Long pages are shot whole on a desktop; on a phone, the screen
			// at their main part.
			shot := chromedp.CaptureScreenshot()
			if p.full || (p.scroll != "" && w > 600) {
				shot = chromedp.FullScreenshot(100)
			} else if p.scroll != "" {
				act(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector(`+jsString(p.scroll)+`).scrollIntoView()`))
			}
			img, err := chromedp.Run(ctx, shot)
			if err != nil {
				t.Fatalf("screenshot %s: %v", p.path, err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", p.name, w)), img, 0o644); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	// The dark theme, and results as you type, on a phone.
	act(t, ctx, emulateWidth(390), emulateMedia("", "dark"))
	dark := append(mainPages[:3:3], struct{ name, path string }{"practice", tools.PracticeWrong})
	for _, p := range dark {
		act(t, ctx, chromedp.Navigate(base+p.path))
		img, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-390-dark.png", p.name)), img, 0o644); err != nil {
			t.Fatal(err)
		}
		n++
	}
	act(t, ctx, chromedp.Navigate(base+replayPath+"#line-15"), chromedp.Evaluate[chromedp.Void](`document.querySelector('.rv-bar').scrollIntoView()`))
	img, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "replay-390-dark.png"), img, 0o644); err != nil {
		t.Fatal(err)
	}
	n++
	act(t, ctx, emulateMedia("", "light"), chromedp.Navigate(base+"/"), chromedp.Focus(chromedp.ID("q")), typeText("sangan"))
	waitJS(t, ctx, `document.getElementById('live').dataset.query === 'sangan'`, 5*time.Second)
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "live-search-390.png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d screenshots in %s", n+1, dir)
}

// axeViolation is one failed axe rule and the elements that fail it.
type axeViolation struct {
	ID, Impact, Help string
	Nodes            []struct{ Target, Summary string }
}

// axeScript runs axe-core with the given runOnly option and lists the
// violations.
func axeScript(runOnly string) string {
	return `axe.run(document, {runOnly: ` + runOnly + `, resultTypes: ['violations']})
	.then(r => r.violations.map(v => ({id: v.id, impact: v.impact || '', help: v.help,
		nodes: v.nodes.slice(0, 5).map(n => ({target: n.target.join(' '), summary: n.failureSummary || ''}))})))`
}

var (
	axeWCAG     = axeScript(`{type: 'tag', values: ['wcag2a', 'wcag2aa']}`)
	axeContrast = axeScript(`{type: 'rule', values: ['color-contrast']}`)
)

// a11yPages are every page of the site that axe checks: each template, and
// every rule page (their Markdown bodies differ).
func a11yPages(a *App) []string {
	paths := []string{"/", "/search", "/search?q=sangan", "/search?q=damage+step&format=hat", "/search?q=zzzzqqq",
		"/cards", "/cards/sangan", "/cards/embodiment-of-apophis", "/compare", "/compare/damage-step", "/rules/goat-99"}
	for _, f := range []string{"goat", "hat", "edison", "domain", "general"} {
		paths = append(paths, "/formats/"+f)
	}
	for _, p := range a.Content().Site.Pages {
		paths = append(paths, p.URL())
	}
	return paths
}

// testAxe runs axe-core's WCAG 2 A and AA rules on every page, and on the
// states the script makes, in the light theme; and its contrast rule, the
// one rule that depends on the theme, in the dark theme.
func testAxe(t *testing.T, a *App, tools *toolFixture) {
	src := axeSource(t)
	base := a.URL()
	axeCheck := func(t *testing.T, ctx context.Context, script, label string) []axeViolation {
		t.Helper()
		if !jsEval[bool](t, ctx, `typeof window.axe === 'object'`) {
			act(t, ctx, chromedp.Evaluate[chromedp.Void](src))
		}
		return jsEval[[]axeViolation](t, ctx, script)
	}
	report := func(t *testing.T, label string, vs []axeViolation) {
		t.Helper()
		for _, v := range vs {
			var b strings.Builder
			for _, n := range v.Nodes {
				fmt.Fprintf(&b, "\n\t\t%s: %s", n.Target, strings.ReplaceAll(n.Summary, "\n", " "))
			}
			t.Errorf("%s: axe %s (%s): %s%s", label, v.ID, v.Impact, v.Help, b.String())
		}
	}

	// axe must see a failure when there is one, or a clean run proves nothing.
	t.Run("self-check", func(t *testing.T) {
		ctx := newTab(t, 30*time.Second)
		act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/"), chromedp.Evaluate[chromedp.Void](`(() => {
			const p = document.createElement('p'); p.textContent = 'pale'; p.id = 'pale';
			document.querySelector('main').append(p, document.createElement('img'));
			p.style.color = '#ddd';
		})()`))
		ids := map[string]bool{}
		for _, v := range axeCheck(t, ctx, axeWCAG, "self-check") {
			ids[v.ID] = true
		}
		if !ids["image-alt"] || !ids["color-contrast"] {
			t.Errorf("axe missed a planted image without alt text or pale text: found %v", ids)
		}
	})

	pages := append(a11yPages(a), tools.axePaths()...)
	// The tab's deadline grows with the pages to check (a generous 6 s a
	// page, several times what an idle machine needs): it stops a hung
	// browser, it is not a speed limit, and a loaded machine must not fail it.
	ctx := newTab(t, max(3*time.Minute, time.Duration(len(pages)+8)*6*time.Second))
	// Each page is loaded once: all WCAG rules under a light system theme,
	// then the contrast rule again under a dark one (the media query
	// applies at once, with no reload).
	runs := 0
	check := func(label string, dark bool) {
		t.Helper()
		report(t, label+" (light)", axeCheck(t, ctx, axeWCAG, label))
		runs++
		if dark {
			act(t, ctx, emulateMedia("", "dark"))
			report(t, label+" (dark)", axeCheck(t, ctx, axeContrast, label))
			act(t, ctx, emulateMedia("", "light"))
			runs++
		}
	}
	start := time.Now()
	act(t, ctx, emulateWidth(1280), emulateMedia("", "light"))
	// Rule pages share one template and differ in their Markdown, whose
	// colours come from a few rules: the dark theme is checked on the first
	// page of each format, the light theme on all.
	formats := map[string]bool{}
	for _, p := range pages {
		dark := !tools.lightOnly(p)
		if id, ok := strings.CutPrefix(p, "/rules/"); ok {
			if pg, ok := a.Content().Site.Page(id); ok {
				dark = !formats[pg.Format]
				formats[pg.Format] = true
			}
		}
		act(t, ctx, chromedp.Navigate(base+p))
		check(p, dark)
	}
	// States the script makes: results as you type, a copied link, the
	// theme chosen by hand, the phone's one-topic compare view.
	act(t, ctx, chromedp.Navigate(base+"/rules/goat-03"), chromedp.Focus(chromedp.ID("q")), typeText("damage step"))
	waitJS(t, ctx, `document.getElementById('live').dataset.query === 'damage step'`, 5*time.Second)
	check("results as you type", true)
	act(t, ctx, chromedp.Click(chromedp.CSS(".tools button.copy")))
	check("after copying", true)
	for _, theme := range []string{"dark", "light"} {
		act(t, ctx, chromedp.Evaluate[chromedp.Void](`document.documentElement.dataset.theme = `+jsString(theme)))
		check("theme "+theme+" chosen by hand", true)
	}
	act(t, ctx, chromedp.Evaluate[chromedp.Void](`delete document.documentElement.dataset.theme`))
	act(t, ctx, emulateWidth(390), chromedp.Navigate(base+"/compare"))
	check("compare on a phone", true)
	act(t, ctx, chromedp.Navigate(base+"/rules/goat-10"))
	check("rule page on a phone", true)
	// The tools' states: the replay viewer at a step where the formats
	// differ, on a phone and a desktop; a broken scenario with its line
	// shown; the timed test in its last minute.
	act(t, ctx, chromedp.Navigate(base+replayPath), typeText(kbRight), typeText(kbRight), typeText(kbRight))
	check("replay viewer, a differing step, phone", true)
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+replayPath), typeText(kbRight), typeText(kbRight), typeText(kbRight))
	check("replay viewer, a differing step", true)
	act(t, ctx, chromedp.Navigate(base+"/replay"), chromedp.Evaluate[chromedp.Void](`document.getElementById('scenario').value = `+jsString(brokenScenario)))
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(".replay-form button[type=submit]"))); err != nil {
		t.Fatal(err)
	}
	act(t, ctx, chromedp.Click(chromedp.CSS("[data-goto-line]")))
	check("broken scenario", true)
	act(t, ctx, chromedp.Navigate(base+tools.Attempt), chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-timer]').classList.add('low', 'urgent')`))
	check("test in its last minute", true)
	t.Logf("axe-core: %d pages and 10 states, %d runs (WCAG 2 A and AA in the light theme, contrast in the dark one), in %v", len(pages), runs, time.Since(start).Round(time.Millisecond))
}

// pageMetrics is what the Performance API says about one page load.
type pageMetrics struct {
	HTML, CSS, JS, Transfer int
	TTFB, DCL, Load, FCP    float64
	Requests                int
}

const metricsJS = `(() => {
	const n = performance.getEntriesByType('navigation')[0];
	const m = {html: n.decodedBodySize, css: 0, js: 0, transfer: n.transferSize, requests: 1,
		ttfb: n.responseStart - n.startTime, dcl: n.domContentLoadedEventEnd - n.startTime,
		load: n.loadEventEnd - n.startTime, fcp: -1};
	for (const r of performance.getEntriesByType('resource')) {
		const path = new URL(r.name).pathname;
		if (path.endsWith('.css')) m.css += r.decodedBodySize;
		else if (path.endsWith('.js')) m.js += r.decodedBodySize;
		else continue;
		m.transfer += r.transferSize;
		m.requests++;
	}
	const p = performance.getEntriesByName('first-contentful-paint')[0];
	if (p) m.fcp = p.startTime;
	return m;
})()`

// testWeight loads the main pages with the browser cache off, as a first
// visit, and logs their weight and timings. Every rule page (HTML, CSS and
// JS together) must stay under 100 KB: the HTML of each is fetched over
// HTTP, and the heaviest is loaded in the browser too.
func testWeight(t *testing.T, a *App, tools *toolFixture) {
	base := a.URL()
	ctx := newTab(t, 90*time.Second)
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	act(t, ctx, emulateWidth(1280))
	load := func(path string) pageMetrics {
		t.Helper()
		act(t, ctx, chromedp.Navigate(base+path))
		// The print stylesheet loads late and first-contentful-paint is
		// reported after the paint: wait for both (the print CSS counts).
		waitJS(t, ctx, `performance.getEntriesByType('navigation')[0].loadEventEnd > 0 &&
			performance.getEntriesByName('first-contentful-paint').length > 0 &&
			performance.getEntriesByType('resource').filter(r => /\.css$/.test(new URL(r.name).pathname)).length >= 2`, 5*time.Second)
		return jsEval[pageMetrics](t, ctx, metricsJS)
	}
	const limit = 100 * 1024
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-36s %7s %6s %6s %7s %4s %7s %7s %7s %7s\n", "page", "HTML", "CSS", "JS", "total", "reqs", "TTFB", "DCL", "load", "FCP")
	row := func(name string, m pageMetrics) {
		fmt.Fprintf(&b, "%-36s %7d %6d %6d %7d %4d %5.0fms %5.0fms %5.0fms %5.0fms\n", name, m.HTML, m.CSS, m.JS, m.HTML+m.CSS+m.JS, m.Requests, m.TTFB, m.DCL, m.Load, m.FCP)
	}
	var assets int
	console := consoleErrors(ctx)
	for _, p := range mainPages {
		before := len(console())
		m := load(p.path)
		row(p.path, m)
		// The not-found page's 404 is logged as a failed load, rightly.
		if errs := console()[before:]; len(errs) > 0 && p.name != "not-found" {
			t.Errorf("%s: console errors: %q", p.path, errs)
		}
		if m.CSS == 0 || m.JS == 0 || m.FCP <= 0 || m.Requests != 4 {
			t.Errorf("%s: metrics incomplete or unexpected: %+v", p.path, m)
		}
		assets = m.CSS + m.JS
	}
	heaviest, most := "", 0
	for _, p := range a.Content().Site.Pages {
		_, body := get(t, base+p.URL())
		if len(body) > most {
			heaviest, most = p.URL(), len(body)
		}
		if len(body)+assets >= limit {
			t.Errorf("%s weighs %d bytes (HTML %d, CSS and JS %d), over %d", p.URL(), len(body)+assets, len(body), assets, limit)
		}
	}
	m := load(heaviest)
	row(heaviest+" (heaviest rule)", m)
	if total := m.HTML + m.CSS + m.JS; total >= limit {
		t.Errorf("%s weighs %d bytes in the browser, over %d", heaviest, total, limit)
	}
	// The tools' pages: replays load the viewer's script too, and log when
	// it has drawn the boards.
	for _, p := range []string{replayPath, "/replay/hat-06-timing-7?formats=all", "/replay", "/quiz", "/practice/goat", tools.Attempt, tools.Result, tools.DeckShare} {
		before := len(console())
		m := load(p)
		name := p
		if len(name) > 36 {
			name = name[:33] + "..."
		}
		row(name, m)
		if errs := console()[before:]; len(errs) > 0 {
			t.Errorf("%s: console errors: %q", p, errs)
		}
		replay := strings.HasPrefix(p, "/replay/")
		if want := map[bool]int{true: 5, false: 4}[replay || p == "/replay"]; m.CSS == 0 || m.JS == 0 || m.FCP <= 0 || m.Requests != want {
			t.Errorf("%s: metrics incomplete or unexpected (want %d requests): %+v", p, want, m)
		}
		if replay {
			drawn := jsEval[float64](t, ctx, `(performance.getEntriesByName('substep-replay-drawn')[0] || {startTime: -1}).startTime`)
			if drawn < 0 {
				t.Errorf("%s: the viewer did not draw", p)
			}
			fmt.Fprintf(&b, "%-36s viewer drawn at %.0fms\n", "", drawn)
		}
	}
	fmt.Fprintf(&b, "sizes in bytes, uncompressed; times from navigation start, cache off, loopback; %d rule pages, all under %d bytes\n", len(a.Content().Site.Pages), limit)
	t.Log(b.String())
}
