package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"substep/quizzes"
	"substep/rulings"
)

// The browser tests of the tools: the replay viewer, the judge quizzes and
// the Domain deck checker. TestBrowser runs them, and adds their pages to
// its screenshots, accessibility and validity sweeps and weight log.

// replayPath is a replay whose formats part ways: Goat and HAT order the
// same two triggers differently (Goat rule #9, example 2).
const replayPath = "/replay/goat-09-example-2?formats=goat&formats=hat"

// brokenScenario misspells a card on line 5.
const brokenScenario = "title: A typo\nformats: goat\nturn: A\nA monsters: Sangan\nA attacks directly with Sanagn\n"

// toolFixture holds the tool pages that need state first: an attempt in
// progress, a passed attempt and its certificate, answered practice
// questions, and a checked deck.
type toolFixture struct {
	Attempt, Result, Verify      string // paths
	PracticeRight, PracticeWrong string
	DeckShare                    string // the checked deck's share link, as a path
	Banks                        *quizzes.Set
	App                          *App
}

func newToolFixture(t *testing.T, a *App) *toolFixture {
	t.Helper()
	_, set := checkedBanks(t)
	f := &toolFixture{Banks: set, App: a}
	cd := newCandidate(t, a.URL())
	f.Attempt = "/attempt/" + cd.start("goat", "Ada Lovelace").id
	sh := cd.start("hat", "Grace Hopper")
	cd.must("POST", "/attempt/"+sh.id+"/submit", answers(attemptsOf(a), sh, len(sh.choices)), http.StatusSeeOther)
	f.Result = "/attempt/" + sh.id + "/result"
	_, res := cd.must("GET", f.Result, nil, http.StatusOK)
	code := res.Text("code[data-code]")
	if code == "" {
		t.Fatalf("a perfect attempt has no certificate code")
	}
	f.Verify = "/verify/" + code

	full, _ := set.Bank("goat")
	q := full.Practice().Questions[0]
	wrong := ""
	for _, ch := range q.Choices {
		if ch.ID != q.Correct && wrong == "" {
			wrong = ch.ID
		}
	}
	f.PracticeRight = "/practice/goat?q=1&choice=" + q.Correct
	f.PracticeWrong = "/practice/goat?q=1&choice=" + wrong

	deck, err := os.ReadFile("../../rulings/domain/testdata/legal-dmg.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, p := cd.must("POST", "/domain/check", url.Values{"deck": {string(deck)}, "master": {"Sangan"}}, http.StatusOK)
	share := p.Attr("section.verdict button.copy", "data-copy")
	if !strings.HasPrefix(share, a.URL()+"/domain/check?") {
		t.Fatalf("deck share link = %q", share)
	}
	f.DeckShare = strings.TrimPrefix(share, a.URL())
	return f
}

// paths are the tool pages every sweep visits.
func (f *toolFixture) paths() []string {
	return []string{"/replay", "/replay/help", replayPath, "/replay/hat-06-timing-7?formats=all",
		"/quiz", "/practice/goat", f.PracticeRight, f.PracticeWrong, f.Attempt, f.Result, f.Verify,
		"/domain/check", f.DeckShare}
}

// axePaths are the tool pages axe checks: every template and state, but
// only one replay (the replay of every format is the same template, five
// times over).
func (f *toolFixture) axePaths() []string {
	return slices.DeleteFunc(f.paths(), func(p string) bool { return strings.Contains(p, "formats=all") })
}

// lightOnly tells the tool pages whose colours the others already show
// (they add no colour pair of their own): axe checks them in the light
// theme only.
func (f *toolFixture) lightOnly(path string) bool {
	return slices.Contains([]string{"/replay", "/replay/help", "/quiz", "/practice/goat", f.Verify, "/domain/check"}, path)
}

// shots are the tool pages the screenshots show: whole pages, or the
// screen at the scroll selector's element on a phone (whole on a desktop).
func (f *toolFixture) shots() []struct {
	name, path string
	full       bool
	scroll     string
} {
	return []struct {
		name, path string
		full       bool
		scroll     string
	}{
		{"replay", replayPath + "#line-15", false, ".rv-bar"},
		{"replay-index", "/replay", false, ""},
		{"quiz", "/quiz", true, ""},
		{"attempt", f.Attempt, false, ""},
		{"practice", f.PracticeRight, true, ""},
		{"result", f.Result, false, ""},
		{"verify", f.Verify, true, ""},
		{"deck", f.DeckShare, false, ""},
	}
}

// replayData is the part of the replay page's JSON the tests read.
type replayData struct {
	Columns []struct {
		Format string          `json:"format"`
		Name   string          `json:"name"`
		Steps  []rulings.Step  `json:"steps"`
		Chains []rulings.Chain `json:"chains"`
		Events []rulings.Event `json:"events"`
	} `json:"columns"`
	Differs []int `json:"differs"`
}

// drawn is one board as the viewer draws it.
type drawn struct {
	Format   string
	Differs  bool
	Monsters map[string][]string
	Spells   map[string][]string
	LP       map[string]int
	Hand     map[string]int
	GY       map[string]int
	Chain    []string // top of the stack first
	Rules    []string
	Events   []string
}

const boardsJS = `Array.from(document.querySelectorAll('.rv-board')).map(b => {
	const sides = Array.from(b.querySelectorAll('.rv-side'));
	const per = f => Object.fromEntries(sides.map(s => [s.dataset.player, f(s)]));
	const names = z => per(s => Array.from(s.querySelectorAll('.' + z + ' li.card .name')).map(e => e.textContent));
	const count = label => per(s => Number(Array.from(s.querySelectorAll('.rv-counts li')).find(li => li.firstChild.textContent === label).lastChild.textContent));
	return {format: b.dataset.format, differs: b.classList.contains('differs'),
		monsters: names('rv-mz'), spells: names('rv-st'),
		lp: per(s => Number(s.querySelector('.rv-lp strong').textContent)),
		hand: count('Hand'), gy: count('Graveyard'),
		chain: Array.from(b.querySelectorAll('.rv-links li')).map(li => li.querySelector('.cl').textContent + ' ' + li.querySelector('.name').textContent),
		rules: Array.from(b.querySelectorAll('.rv-rules a')).map(a => a.getAttribute('href')),
		events: Array.from(b.querySelectorAll('.rv-events li')).map(li => li.textContent)};
})`

// wantBoards is what the boards must show after script line ln, from the
// engine's data on the page: each format's last state at or before ln, the
// chains open then (built, waiting or resolving), the events of that line
// and the rules they cite.
func wantBoards(d replayData, ln int) []drawn {
	resolves := regexp.MustCompile(`^Chain (\d+) resolves`)
	var out []drawn
	for _, c := range d.Columns {
		b := drawn{Format: c.Format, Differs: slices.Contains(d.Differs, ln), Monsters: map[string][]string{}, Spells: map[string][]string{},
			LP: map[string]int{}, Hand: map[string]int{}, GY: map[string]int{}}
		states := rulings.StepStates(c.Steps)
		st := states[0]
		for i, s := range c.Steps {
			if s.Line <= ln {
				st = states[i]
			}
		}
		for _, p := range st.Players {
			b.Monsters[p.Player], b.Spells[p.Player] = []string{}, []string{}
			for _, m := range p.Monsters {
				b.Monsters[p.Player] = append(b.Monsters[p.Player], m.Card)
			}
			for _, s := range p.SpellTraps {
				b.Spells[p.Player] = append(b.Spells[p.Player], s.Card)
			}
			b.LP[p.Player], b.Hand[p.Player], b.GY[p.Player] = p.LP, len(p.Hand), len(p.Graveyard)
		}
		for _, ch := range c.Chains {
			from, to := ch.Line, int(^uint(0)>>1)
			for _, l := range ch.Links {
				from = min(from, l.Line)
			}
			for _, e := range c.Events {
				if m := resolves.FindStringSubmatch(e.Text); m != nil && e.Kind == "resolve" && m[1] == fmt.Sprint(ch.N) && e.Line >= from {
					to = e.Line
					break
				}
			}
			if from <= ln && ln <= to {
				for i := len(ch.Links) - 1; i >= 0; i-- {
					b.Chain = append(b.Chain, fmt.Sprintf("CL%d %s", ch.Links[i].N, ch.Links[i].Card))
				}
			}
		}
		for _, e := range c.Events {
			if e.Line != ln {
				continue
			}
			b.Events = append(b.Events, e.Text)
			if e.Rule != "" && !slices.Contains(b.Rules, "/rules/"+e.Rule) {
				b.Rules = append(b.Rules, "/rules/"+e.Rule)
			}
		}
		out = append(out, b)
	}
	return out
}

// viewerAt is where the viewer stands.
type viewerAt struct {
	Line          int
	Now, Current  string
	Back, Forward string // aria-disabled
	Marked        []int  // lines of the event list entries marked as this step's
}

const viewerJS = `(() => ({
	line: Number(document.querySelector('[data-replay-viewer]').dataset.line),
	now: document.querySelector('.rv-now').textContent,
	current: (document.querySelector('.rv-steps [aria-current]') || {dataset: {}}).dataset.line || '',
	back: document.querySelector('.rv-back').getAttribute('aria-disabled'),
	forward: document.querySelector('.rv-fwd').getAttribute('aria-disabled'),
	marked: Array.from(document.querySelectorAll('section.column li.now')).map(li => Number(li.dataset.line)),
}))()`

func testReplayViewer(t *testing.T, base string) {
	ctx := newTab(t, 45*time.Second)
	console := consoleErrors(ctx)
	defer func() {
		if errs := console(); len(errs) > 0 {
			t.Errorf("console errors: %q", errs)
		}
	}()
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+replayPath))
	waitJS(t, ctx, `document.querySelectorAll('.rv-board').length === 2`, 5*time.Second)
	var data replayData
	if err := json.Unmarshal([]byte(jsEval[string](t, ctx, `document.getElementById('replay-data').textContent`)), &data); err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, s := range data.Columns[0].Steps {
		lines = append(lines, s.Line)
	}
	if len(data.Columns) != 2 || len(lines) < 4 || len(data.Differs) == 0 {
		t.Fatalf("the replay has %d columns, steps at lines %v, differing lines %v", len(data.Columns), lines, data.Differs)
	}
	// The step list marks exactly the lines where the formats differ.
	marked := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.rv-steps li.differs button')).map(b => b.dataset.line)`)
	var wantMarked []string
	for _, l := range data.Differs {
		wantMarked = append(wantMarked, fmt.Sprint(l))
	}
	if diff := cmp.Diff(wantMarked, marked); diff != "" {
		t.Errorf("steps marked as differing (-want +got):\n%s", diff)
	}

	boards := map[int][]drawn{}
	check := func(how string, i int) {
		t.Helper()
		ln := lines[i]
		at := jsEval[viewerAt](t, ctx, viewerJS)
		if at.Line != ln {
			t.Fatalf("after %s: the viewer is at line %d, want %d", how, at.Line, ln)
		}
		wantCur := fmt.Sprint(ln)
		if at.Current != wantCur || !strings.HasPrefix(at.Now, fmt.Sprintf("Step %d of %d", i+1, len(lines))) {
			t.Errorf("line %d: current step %q, caption %q", ln, at.Current, at.Now)
		}
		if slices.Contains(data.Differs, ln) != strings.Contains(at.Now, "differ") {
			t.Errorf("line %d: caption %q; differing lines %v", ln, at.Now, data.Differs)
		}
		if want := map[bool]string{true: "true", false: "false"}; at.Back != want[i == 0] || at.Forward != want[i == len(lines)-1] {
			t.Errorf("line %d: Back aria-disabled %s, Forward %s", ln, at.Back, at.Forward)
		}
		for _, m := range at.Marked {
			if m != ln {
				t.Errorf("line %d: an event of line %d is marked as this step's", ln, m)
			}
		}
		got := jsEval[[]drawn](t, ctx, boardsJS)
		if diff := cmp.Diff(wantBoards(data, ln), got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("after %s, line %d, the boards (-want +got):\n%s", how, ln, diff)
		}
		boards[ln] = got
	}

	check("loading", 0)
	act(t, ctx, chromedp.Click(chromedp.CSS(".rv-fwd")))
	check("Forward", 1)
	for i := 2; i < len(lines); i++ {
		act(t, ctx, typeText(kbRight))
		check("→", i)
	}
	act(t, ctx, typeText(kbRight)) // at the end, it stays
	check("→ at the end", len(lines)-1)
	act(t, ctx, typeText(kbLeft))
	check("←", len(lines)-2)
	act(t, ctx, chromedp.Click(chromedp.CSS(".rv-back")))
	check("Back", len(lines)-3)

	// The drawing changes from step to step: Thestalos takes the field at
	// line 15, Sangan's and Thestalos's effects cost B 400 LP at 16, and
	// the two formats stack the same two triggers in opposite orders.
	if slices.Equal(boards[14][0].Monsters["A"], boards[15][0].Monsters["A"]) || boards[15][0].LP["B"] == boards[16][0].LP["B"] {
		t.Errorf("the field did not change between lines 14, 15 and 16: %+v", boards)
	}
	if g, h := boards[15][0].Chain, boards[15][1].Chain; len(g) != 2 || len(h) != 2 || g[0][4:] != h[1][4:] || g[1][4:] != h[0][4:] {
		t.Errorf("line 15: Goat's chain %q and HAT's %q should hold the same cards in opposite orders", g, h)
	}
	if !boards[15][0].Differs || len(boards[15][0].Rules) == 0 || len(boards[15][1].Rules) == 0 || boards[15][0].Rules[0] == boards[15][1].Rules[0] {
		t.Errorf("line 15 differs, and each format must link the rule that ordered its chain: Goat %q, HAT %q", boards[15][0].Rules, boards[15][1].Rules)
	}

	// The step is in the address: a reload (or a shared link) opens on it.
	act(t, ctx, chromedp.Click(chromedp.CSS(`.rv-steps li.differs button`)))
	hash := jsEval[string](t, ctx, `location.hash`)
	want := fmt.Sprintf("#line-%d", data.Differs[0])
	if hash != want {
		t.Errorf("after choosing line %d the address ends %q, want %q", data.Differs[0], hash, want)
	}
	act(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `document.querySelector('[data-replay-viewer]').dataset.line === `+jsString(fmt.Sprint(data.Differs[0])), 5*time.Second)

	// How long one step takes to redraw every board.
	step := jsEval[float64](t, ctx, `(() => { const t = performance.now();
		for (let i = 0; i < 10; i++) { document.querySelector('.rv-back').click(); document.querySelector('.rv-fwd').click(); }
		return (performance.now() - t) / 20; })()`)
	// Measured, never asserted: a wall-clock limit fails on a loaded
	// machine and proves nothing on an idle one (BENCHMARKS.md keeps it).
	t.Logf("one step redraws both boards in %.2f ms", step)

	// Side by side on a desktop, one above the other on a phone.
	sideBySide := `(([a, b]) => a.getBoundingClientRect().top === b.getBoundingClientRect().top)(document.querySelectorAll('.rv-board'))`
	if !jsEval[bool](t, ctx, sideBySide) {
		t.Errorf("desktop: the boards are not side by side")
	}
	act(t, ctx, emulateWidth(390), chromedp.Reload())
	waitJS(t, ctx, `document.querySelectorAll('.rv-board').length === 2`, 5*time.Second)
	if jsEval[bool](t, ctx, sideBySide) || jsEval[bool](t, ctx, `document.documentElement.scrollWidth > innerWidth + 1`) {
		t.Errorf("phone: the boards are side by side, or the page scrolls sideways")
	}
	if w := jsEval[float64](t, ctx, `Math.min(...Array.from(document.querySelectorAll('.rv-zones li')).map(li => li.getBoundingClientRect().width))`); w < 40 {
		t.Errorf("phone: a zone is %.0f px wide", w)
	}

	// Without JavaScript the event lists are the page.
	nojs := newTab(t, 20*time.Second)
	if _, err := chromedp.Call(nojs, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	act(t, nojs, emulateWidth(1280), chromedp.Navigate(base+replayPath))
	if got := jsEval[[]int](t, nojs, `[document.querySelectorAll('.rv').length, document.querySelectorAll('section.column').length, document.querySelectorAll('section.column li.differs').length]`); got[0] != 0 || got[1] != 2 || got[2] == 0 {
		t.Errorf("without JavaScript: %d viewers, %d columns, %d differing events", got[0], got[1], got[2])
	}
}

func testPractice(t *testing.T, base string, f *toolFixture) {
	ctx := newTab(t, 30*time.Second)
	console := consoleErrors(ctx)
	defer func() {
		if errs := console(); len(errs) > 0 {
			t.Errorf("console errors: %q", errs)
		}
	}()
	full, _ := f.Banks.Bank("goat")
	q := full.Practice().Questions[0]
	act(t, ctx, emulateWidth(390), chromedp.Navigate(base+"/practice/goat"))
	if got := jsEval[[]string](t, ctx, `Array.from(document.querySelectorAll('.practice input[type=radio]')).map(i => i.value).sort()`); len(got) != len(q.Choices) {
		t.Fatalf("choices %q, want %d", got, len(q.Choices))
	}
	// Answer from the keyboard: the right choice, then Enter.
	act(t, ctx, chromedp.Focus(chromedp.CSS(`.practice input[value="`+q.Correct+`"]`)), chromedp.Evaluate[chromedp.Void](`document.activeElement.click()`))
	if _, err := chromedp.RunResponse(ctx, typeText(kbEnter)); err != nil {
		t.Fatalf("submit the answer: %v", err)
	}
	got := jsEval[struct {
		Search, Feedback, Role, Right string
		Open                          bool
		Steps                         int
	}](t, ctx, `({search: location.search, feedback: document.querySelector('p.feedback').textContent,
		role: document.querySelector('p.feedback').getAttribute('role'),
		right: document.querySelector('li.choice.right').textContent,
		open: document.querySelector('details.replay').open,
		steps: document.querySelectorAll('details.replay ol.timeline li').length})`)
	if got.Search != "?q=1&choice="+q.Correct || got.Feedback != "Right." || got.Role != "status" || !strings.Contains(got.Right, "your answer") {
		t.Errorf("after the right answer: %+v", got)
	}
	if !got.Open || got.Steps != len(q.Replay.Steps) || got.Steps == 0 {
		t.Errorf("the replay should be open with %d steps: %+v", len(q.Replay.Steps), got)
	}
	// The replay opens in the viewer, beside today's rules.
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(".to-replay button"))); err != nil {
		t.Fatalf("open the replay: %v", err)
	}
	waitJS(t, ctx, `document.querySelectorAll('.rv-board').length === 2`, 5*time.Second)
	u, _ := url.Parse(jsEval[string](t, ctx, `location.href`))
	if !strings.HasPrefix(u.Path, "/replay/s/") || u.Query().Get("formats") != "goat,modern" {
		t.Errorf("the practice replay opened %s", u)
	}
	if src := jsEval[string](t, ctx, `document.querySelector('details.source').textContent`); !strings.Contains(src, strings.SplitN(q.Scenario, "\n", 2)[0]) {
		t.Errorf("the replay shows another scenario: %q", src)
	}
	// A wrong answer says so and shows both.
	act(t, ctx, chromedp.Navigate(base+f.PracticeWrong))
	if got := jsEval[[]string](t, ctx, `[document.querySelector('p.feedback').textContent, document.querySelector('li.choice.wrong').textContent, document.querySelector('li.choice.right').textContent]`); got[0] != "Not quite." || !strings.Contains(got[1], "your answer") || !strings.Contains(got[2], "right answer") {
		t.Errorf("after a wrong answer: %q", got)
	}
}

func testReplayPaste(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/replay"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('scenario').value = `+jsString(brokenScenario)))
	resp, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(".replay-form button[type=submit]")))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != http.StatusBadRequest {
		t.Errorf("a broken scenario: status %d, want 400", resp.Status)
	}
	got := jsEval[struct {
		Problem, Excerpt, Role, Invalid, Value string
	}](t, ctx, `({problem: document.querySelector('div.error li').firstChild.textContent.trim(),
		excerpt: document.querySelector('div.error .excerpt').textContent.replace(/\s+/g, ' '),
		role: document.querySelector('div.error').getAttribute('role'),
		invalid: document.getElementById('scenario').getAttribute('aria-invalid'),
		value: document.getElementById('scenario').value})`)
	if !strings.HasPrefix(got.Problem, "line 5:") || !strings.Contains(got.Problem, "Sangan") || got.Excerpt != "5 A attacks directly with Sanagn" || got.Role != "alert" || got.Invalid != "true" || !strings.Contains(got.Value, "Sanagn") {
		t.Errorf("the error: %+v", got)
	}
	// The error's button shows the line in the scenario.
	act(t, ctx, chromedp.Click(chromedp.CSS(`[data-goto-line="5"]`)))
	if sel := jsEval[string](t, ctx, `(t => document.activeElement === t ? t.value.slice(t.selectionStart, t.selectionEnd) : 'not focused')(document.getElementById('scenario'))`); sel != "A attacks directly with Sanagn" {
		t.Errorf("the button selected %q", sel)
	}
	// Fixed, it replays and gets a link.
	act(t, ctx, chromedp.Evaluate[chromedp.Void](`(t => t.value = t.value.replace('Sanagn', 'Sangan'))(document.getElementById('scenario'))`))
	resp, err = chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(".replay-form button[type=submit]")))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Status != http.StatusOK || !strings.Contains(resp.URL, "/replay/s/") {
		t.Errorf("the fixed scenario: %d at %s", resp.Status, resp.URL)
	}
	waitJS(t, ctx, `document.querySelectorAll('.rv-board').length >= 1`, 5*time.Second)
}

func testDeckCheck(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	act(t, ctx, emulateWidth(1280))
	grantClipboard(t, ctx, base)
	deck, err := os.ReadFile("../../rulings/domain/testdata/legal-dmg.txt")
	if err != nil {
		t.Fatal(err)
	}
	act(t, ctx, chromedp.Navigate(base+"/domain/check"), chromedp.Evaluate[chromedp.Void](`document.getElementById('deck').value = `+jsString(string(deck))),
		chromedp.Focus(chromedp.ID("master")), typeText("Sangan"))
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(".deck-form button[type=submit]"))); err != nil {
		t.Fatal(err)
	}
	verdict := func() (string, int) {
		return jsEval[string](t, ctx, `document.querySelector('section.verdict h2').textContent`), jsEval[int](t, ctx, `document.querySelectorAll('ul.problems li').length`)
	}
	h, n := verdict()
	if !strings.HasPrefix(h, "Not legal") || n == 0 {
		t.Fatalf("verdict %q with %d problems", h, n)
	}
	const btn = "section.verdict button.copy"
	act(t, ctx, chromedp.Evaluate[chromedp.Void](`navigator.clipboard.writeText('')`, chromedp.EvalAwaitPromise), chromedp.Click(chromedp.CSS(btn)))
	waitJS(t, ctx, `document.querySelector(`+jsString(btn)+`).classList.contains('done')`, 3*time.Second)
	link := jsEval[string](t, ctx, `navigator.clipboard.readText()`)
	if want := jsEval[string](t, ctx, `document.querySelector(`+jsString(btn)+`).dataset.copy`); link != want || !strings.HasPrefix(link, base+"/domain/check?") {
		t.Fatalf("copied %q, want the share link %q", link, want)
	}
	waitJS(t, ctx, `document.getElementById('status').textContent.startsWith('Link copied')`, 2*time.Second)
	// The link shows the same verdict to whoever opens it.
	act(t, ctx, chromedp.Navigate(link))
	if h2, n2 := verdict(); h2 != h || n2 != n {
		t.Errorf("the shared link says %q (%d problems), the check said %q (%d)", h2, n2, h, n)
	}
}

func testQuizTimer(t *testing.T, base string, f *toolFixture) {
	ctx := newTab(t, 45*time.Second)
	// A clock the test can move: Date.now() plus window.__skew.
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `(() => { const now = Date.now; window.__skew = 0; Date.now = () => now() + window.__skew; })()`,
	}); err != nil {
		t.Fatal(err)
	}
	code := issueCode(t, base, organiserToken, "goat", "Alan Turing")
	act(t, ctx, emulateWidth(1280), chromedp.Navigate(base+"/quiz"), chromedp.Focus(chromedp.ID("code-goat")), typeText(code))
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS("#quiz-goat form.certify button"))); err != nil {
		t.Fatal(err)
	}
	left := jsEval[int](t, ctx, `Number(document.querySelector('[data-left-ms]').dataset.leftMs)`)
	if left < 10*60*1000 {
		t.Fatalf("the attempt has %d ms left", left)
	}
	// What the live region says, as it says it.
	act(t, ctx, chromedp.Evaluate[chromedp.Void](`(el => { window.__said = [];
		new MutationObserver(() => { if (el.textContent) window.__said.push(el.textContent); }).observe(el, {childList: true, characterData: true, subtree: true});
	})(document.querySelector('[data-timer-alert]'))`))
	// Every answer right, from the stored attempt (the test's oracle).
	stored, err := attemptsOf(f.App).Get(context.Background(), strings.TrimPrefix(jsEval[string](t, ctx, `location.pathname`), "/attempt/"))
	if err != nil {
		t.Fatal(err)
	}
	right := map[string]string{}
	for _, name := range jsEval[[]string](t, ctx, `Array.from(new Set(Array.from(document.querySelectorAll('#attempt-form input[type=radio]')).map(i => i.name)))`) {
		n, err := strconv.Atoi(strings.TrimPrefix(name, "q"))
		if err != nil || n < 1 || n > len(stored.Items) {
			t.Fatalf("the attempt page has a field %q", name)
		}
		right[name] = stored.Items[n-1].Correct
	}
	rj, _ := json.Marshal(right)
	act(t, ctx, chromedp.Evaluate[chromedp.Void](`Object.entries(`+string(rj)+`).forEach(([n, v]) => document.querySelector('input[name="' + n + '"][value="' + v + '"]').click())`))

	timer := func() (string, string) {
		return jsEval[string](t, ctx, `document.querySelector('[data-timer] strong').textContent`), jsEval[string](t, ctx, `document.querySelector('[data-timer]').className`)
	}
	said := func() []string { return jsEval[[]string](t, ctx, `window.__said`) }
	if clock, class := timer(); !regexp.MustCompile(`^(29|30):\d\d$`).MatchString(clock) || class != "timer" {
		t.Errorf("at the start the timer shows %q (class %q)", clock, class)
	}
	for _, tt := range []struct {
		left  int // ms the clock jumps to
		clock string
		class string
		say   string
	}{
		{299_000, `^04:5\d$`, "timer low", "5 minutes left"},
		{59_000, `^00:5\d$`, "timer low urgent", "1 minute left"},
	} {
		act(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.__skew = %d`, left-tt.left)))
		waitJS(t, ctx, fmt.Sprintf(`window.__said.length > 0 && window.__said[window.__said.length - 1].startsWith(%s)`, jsString(tt.say)), 3*time.Second)
		if clock, class := timer(); !regexp.MustCompile(tt.clock).MatchString(clock) || class != tt.class {
			t.Errorf("%d s left: the timer shows %q (class %q)", tt.left/1000, clock, class)
		}
	}
	// It ticks on, but says nothing more until the end.
	act(t, ctx, chromedp.Sleep(1200*time.Millisecond))
	if got := said(); len(got) != 2 {
		t.Errorf("the live region said %q; want the 5- and 1-minute marks only", got)
	}
	// At the end the page sends the answers itself.
	resp, err := chromedp.RunResponse(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.__skew = %d`, left-2_000)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(resp.URL, "/result") || resp.Status != http.StatusOK {
		t.Fatalf("after the time ran out: %d at %s", resp.Status, resp.URL)
	}
	if got := jsEval[string](t, ctx, `document.querySelector('strong.verdict').textContent`); got != "Passed" {
		t.Errorf("the answers sent at the end scored %q", got)
	}
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS("p.certificate a"))); err != nil {
		t.Fatal(err)
	}
	if got := jsEval[string](t, ctx, `document.querySelector('dd[data-name]').textContent`); got != "Alan Turing" {
		t.Errorf("the certificate names %q", got)
	}
}

func testNav(t *testing.T, base string) {
	ctx := newTab(t, 30*time.Second)
	type link struct {
		Text          string
		Top, W, H     float64
		Current       bool
		Right, Bottom float64
	}
	links := func() []link {
		return jsEval[[]link](t, ctx, `Array.from(document.querySelectorAll('.top nav a')).map(a => { const r = a.getBoundingClientRect();
			return {text: a.textContent, top: Math.round(r.top), w: r.width, h: r.height, right: r.right, bottom: r.bottom, current: a.getAttribute('aria-current') === 'page'}; })`)
	}
	for _, w := range []int64{390, 1280} {
		act(t, ctx, emulateWidth(w), chromedp.Navigate(base+"/"))
		rows := map[float64]bool{}
		var names []string
		for _, l := range links() {
			rows[l.Top] = true
			names = append(names, l.Text)
			if l.W < 24 || l.H < 24 || l.Right > float64(w) {
				t.Errorf("%dpx: nav link %q is %.0f×%.0f px, right edge at %.0f", w, l.Text, l.W, l.H, l.Right)
			}
		}
		if want := []string{"Goat", "HAT", "Edison", "Domain", "Compare", "Cards", "Replay", "Quizzes", "Deck check"}; !slices.Equal(names, want) {
			t.Errorf("nav %q, want %q", names, want)
		}
		if most := map[int64]int{390: 2, 1280: 1}[w]; len(rows) > most {
			t.Errorf("%dpx: the nav takes %d rows, want at most %d", w, len(rows), most)
		}
	}
	for _, tt := range []struct{ path, current string }{
		{"/replay", "Replay"}, {replayPath, "Replay"}, {"/replay/help", "Replay"}, {"/quiz", "Quizzes"},
		{"/practice/goat", "Quizzes"}, {"/domain/check", "Deck check"}, {"/formats/domain", "Domain"}, {"/compare", "Compare"},
	} {
		act(t, ctx, chromedp.Navigate(base+tt.path))
		var cur []string
		for _, l := range links() {
			if l.Current {
				cur = append(cur, l.Text)
			}
		}
		if !slices.Equal(cur, []string{tt.current}) {
			t.Errorf("%s: current nav item %q, want %q", tt.path, cur, tt.current)
		}
	}
	// The Domain format page leads to the deck checker, and a rule's
	// example to its replay.
	act(t, ctx, chromedp.Navigate(base+"/formats/domain"))
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(`main a[href="/domain/check"]`))); err != nil {
		t.Fatal(err)
	}
	if got := jsEval[string](t, ctx, `location.pathname`); got != "/domain/check" {
		t.Errorf("the Domain page's link went to %s", got)
	}
	act(t, ctx, chromedp.Navigate(base+"/rules/goat-09"))
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(`p.replay-link a[href="/replay/goat-09-example-2"]`))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `location.pathname === '/replay/goat-09-example-2' && document.querySelectorAll('.rv-board').length > 1`, 5*time.Second)
}
