package app

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"substep/internal/attempts"
	"substep/internal/cardsdb"
	"substep/pools"
	"substep/quizzes"
	"substep/rulings"
)

// deckChecker is the Domain deck checker over the card database built
// from the catalogue, as the app builds it.
func deckChecker(t testing.TB, c *Content) quizzes.DeckChecker {
	t.Helper()
	db, err := cardsdb.FromCatalogue(c.Cards)
	if err != nil {
		t.Fatal(err)
	}
	return quizzes.NewDeckChecker(db)
}

// checkedBanks loads the embedded banks and checks them with the real
// engine and the card database's deck checker.
func checkedBanks(t testing.TB) (*Content, *quizzes.Set) {
	t.Helper()
	c, err := LoadContent(ContentFS(""))
	if err != nil {
		t.Fatal(err)
	}
	scen, err := fs.Sub(ContentFS(""), "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	set, err := quizzes.LoadChecked(quizzes.BankFS(), scen, quizzes.WithDecks(quizzes.NewEngine(c.Cards), deckChecker(t, c)))
	if err != nil {
		t.Fatal(err)
	}
	return c, set
}

// TestBanksAgreeWithEngine proves every bank answer is the engine's: each
// question is replayed again here, outside Check, and the author's answer
// compared with the engine's under the bank's format. It also checks the
// banks against the content: sizes, topics, and cited sections.
func TestBanksAgreeWithEngine(t *testing.T) {
	c, set := checkedBanks(t)
	eng := quizzes.NewEngine(c.Cards)
	decks := deckChecker(t, c)
	db, err := cardsdb.FromCatalogue(c.Cards)
	if err != nil {
		t.Fatal(err)
	}
	// A deck question of Goat, Edison or HAT is checked against the pool,
	// with the checker behind /deck/check.
	poolDecks := &pools.Checker{Set: c.Pools, Cards: db}
	formatTopics := map[string]map[string]bool{}
	for _, p := range c.Site.Pages {
		if formatTopics[p.Format] == nil {
			formatTopics[p.Format] = map[string]bool{}
		}
		for _, tp := range p.Topics {
			formatTopics[p.Format][tp] = true
		}
	}
	for _, f := range quizzes.Formats {
		t.Run(f, func(t *testing.T) {
			b, ok := set.Bank(f)
			if !ok {
				t.Fatalf("no %s bank", f)
			}
			if len(b.Questions) < 30 {
				t.Errorf("%s bank has %d questions, want at least 30", f, len(b.Questions))
			}
			counts := b.TopicCounts()
			// Strict coverage: every topic of the format's rule pages has a
			// question. The only excuse is a topic the engine's profile
			// lists as not modelled (Profile.NotModelled) and has no rule
			// switch for, so that nothing can compute an answer.
			notModelled := map[string]string{}
			if p, ok := rulings.ProfileByID(f); ok {
				for _, g := range p.NotModelled() {
					notModelled[g.Topic] = g.Reason
				}
				for _, sw := range p.Switches() {
					delete(notModelled, sw.Topic)
				}
			}
			var missing []string
			for tp := range formatTopics[f] {
				if counts[tp] > 0 {
					continue
				}
				if why, ok := notModelled[tp]; ok {
					t.Logf("%s: no question on %s: the engine does not model it (%s)", f, tp, why)
					continue
				}
				missing = append(missing, tp)
			}
			sort.Strings(missing)
			if len(missing) > 0 {
				t.Errorf("%s rule pages have topics with no question: %s", f, strings.Join(missing, ", "))
			}
			var flagged []string
			for _, q := range b.Questions {
				if _, ok := c.Site.Topic(q.Topic); !ok {
					t.Errorf("%s: topic %q is not in content/topics.yaml", q.ID, q.Topic)
				}
				for _, cite := range q.Cites {
					id, anchor, _ := strings.Cut(cite, "#")
					p, ok := c.Site.Page(id)
					if !ok {
						t.Errorf("%s cites %s: no page %s", q.ID, cite, id)
						continue
					}
					if _, ok := p.Section(anchor); !ok {
						t.Errorf("%s cites %s: page %s has no section #%s", q.ID, cite, id, anchor)
					}
				}
				var got string
				if q.Deck != "" && f != quizzes.DeckFormat {
					res, err := poolDecks.Check(f, "question.txt", []byte(q.Deck), "")
					if err == nil {
						got, err = quizzes.AskPoolDeck(res, q.Ask)
					}
					if err != nil {
						t.Errorf("%s: pool deck check: %v", q.ID, err)
						continue
					}
				} else if q.Deck != "" {
					res, err := decks.CheckDeck(q.Deck, q.DeckMaster)
					if err == nil {
						got, err = quizzes.AskDeck(res, q.Ask)
					}
					if err != nil {
						t.Errorf("%s: deck check: %v", q.ID, err)
						continue
					}
				} else {
					r, err := eng.Replay(f, q.Scenario, q.Ask)
					if err != nil {
						t.Errorf("%s: replay: %v", q.ID, err)
						continue
					}
					got = r.Answer
				}
				if q.Kind == quizzes.KindTrueFalse {
					got = fmt.Sprint(strings.EqualFold(strings.TrimSpace(got), strings.TrimSpace(q.Claim)))
				}
				if !strings.EqualFold(got, q.Answer) {
					t.Errorf("%s: the bank says %q, the engine says %q (%s)", q.ID, q.Answer, got, q.Ask)
				}
				if !strings.EqualFold(q.CorrectChoice().Value, q.Answer) {
					t.Errorf("%s: the right choice is %q, the author's answer %q", q.ID, q.CorrectChoice().Value, q.Answer)
				}
				if q.SameEverywhere {
					flagged = append(flagged, q.ID)
				}
			}
			var lines []string
			for _, tp := range b.Topics() {
				lines = append(lines, fmt.Sprintf("%s %d", tp, counts[tp]))
			}
			t.Logf("%s: %d questions; by topic: %s", f, len(b.Questions), strings.Join(lines, ", "))
			if len(flagged) > 0 {
				t.Logf("%s: %d question(s) answer the same under every format: %s", f, len(flagged), strings.Join(flagged, ", "))
			}
		})
	}
}

// organiserToken is the organiser token of the apps quizApp runs.
const organiserToken = "organiser-token"

// quizApp runs the real app with an attempts file for the test's
// lifetime, with the organiser token (unless cfg sets another).
func quizApp(t *testing.T, cfg Config) *App {
	t.Helper()
	if cfg.ExportToken == "" {
		cfg.ExportToken = organiserToken
	}
	return runApp(t, cfg)
}

// candidate is one browser: a cookie jar, no automatic redirects.
type candidate struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newCandidate(t *testing.T, base string) *candidate {
	jar, _ := cookiejar.New(nil)
	return &candidate{t: t, base: base, c: &http.Client{Jar: jar, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// issueCode signs in as the organiser (with token) and issues an exam
// code for format in name, over HTTP, as an organiser does.
func issueCode(t *testing.T, base, token, format, name string) string {
	t.Helper()
	org := newCandidate(t, base)
	_, p := org.must("GET", "/organiser", nil, 200)
	tok := p.Attr("form.organiser-sign-in input[name=_csrf]", "value")
	org.must("POST", "/organiser/sign-in", url.Values{"_csrf": {tok}, "token": {token}}, http.StatusSeeOther)
	_, p = org.must("POST", "/organiser/codes", url.Values{"_csrf": {tok}, "format": {format}, "name": {name}}, 200)
	code := p.Text("code[data-issued-code]")
	if code == "" {
		t.Fatalf("the organiser page shows no issued code")
	}
	return code
}

// byField is an attempt's stored answers by form field (q1, q2, …).
func byField(a *attempts.Attempt) map[string]string {
	out := map[string]string{}
	for i, it := range a.Items {
		if v, ok := a.Answers[it.QuestionID]; ok {
			out[fmt.Sprintf("q%d", i+1)] = v
		}
	}
	return out
}

func (cd *candidate) do(method, path string, form url.Values) (*http.Response, []byte, error) {
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, cd.base+path, body)
	if err != nil {
		return nil, nil, err
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := cd.c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, b, err
}

func (cd *candidate) must(method, path string, form url.Values, status int) (*http.Response, *page) {
	cd.t.Helper()
	resp, b, err := cd.do(method, path, form)
	if err != nil {
		cd.t.Fatalf("%s %s: %v", method, path, err)
	}
	if resp.StatusCode != status {
		cd.t.Fatalf("%s %s: status %d, want %d\n%s", method, path, resp.StatusCode, status, b)
	}
	return resp, parsePage(cd.t, bytes.NewReader(b))
}

// sheet is an attempt as the candidate sees it: its id, CSRF token, and
// for each form field (q1, q2, …) the choice ids offered.
type sheet struct {
	id      string
	csrf    string
	choices map[string][]string
}

// start takes a certification in format with an exam code an organiser
// issues in name (the app must run with organiserToken).
func (cd *candidate) start(format, name string) sheet {
	cd.t.Helper()
	code := issueCode(cd.t, cd.base, organiserToken, format, name)
	_, home := cd.must("GET", "/quiz", nil, 200)
	tok := home.Attr("form[action=/quiz/"+format+"/certify] input[name=_csrf]", "value")
	resp, _ := cd.must("POST", "/quiz/"+format+"/certify", url.Values{"_csrf": {tok}, "code": {code}}, http.StatusSeeOther)
	return cd.sheet(resp.Header.Get("Location"))
}

// selfStart takes an open self-assessment in format as name.
func (cd *candidate) selfStart(format, name string) sheet {
	cd.t.Helper()
	_, home := cd.must("GET", "/quiz", nil, 200)
	tok := home.Attr("form[action=/quiz/"+format+"/start] input[name=_csrf]", "value")
	resp, _ := cd.must("POST", "/quiz/"+format+"/start", url.Values{"_csrf": {tok}, "name": {name}}, http.StatusSeeOther)
	return cd.sheet(resp.Header.Get("Location"))
}

func (cd *candidate) sheet(loc string) sheet {
	cd.t.Helper()
	_, p := cd.must("GET", loc, nil, 200)
	sh := sheet{id: strings.TrimPrefix(loc, "/attempt/"), csrf: p.Attr("form#attempt-form input[name=_csrf]", "value"), choices: map[string][]string{}}
	for _, n := range p.All("form#attempt-form input[type=radio]") {
		name, _ := attr(n, "name")
		val, _ := attr(n, "value")
		sh.choices[name] = append(sh.choices[name], val)
	}
	if sh.csrf == "" || len(sh.choices) == 0 {
		cd.t.Fatalf("attempt page %s has no token or no questions", loc)
	}
	return sh
}

// attemptsOf opens the attempts store of app a: the tests' oracle, since
// nothing on the candidate's pages says which choice is right.
func attemptsOf(a *App) *attempts.Store { return a.tries }

// answers picks the right choice (read from the stored attempt: the
// oracle) for the first `right` questions and a wrong one for the rest.
func answers(st *attempts.Store, sh sheet, right int) url.Values {
	a, err := st.Get(context.Background(), sh.id)
	if err != nil {
		panic(err)
	}
	v := url.Values{"_csrf": {sh.csrf}}
	for i, it := range a.Items {
		pick := it.Correct
		if i >= right {
			for _, ch := range it.Choices {
				if ch != it.Correct {
					pick = ch
					break
				}
			}
		}
		v.Set(fmt.Sprintf("q%d", i+1), pick)
	}
	return v
}

// TestCertificationEndToEnd takes a certification attempt over real HTTP:
// start, answer all, submit, result, verify.
func TestCertificationEndToEnd(t *testing.T) {
	_, set := checkedBanks(t)
	dbPath := filepath.Join(t.TempDir(), "attempts.db")
	a := quizApp(t, Config{AttemptsPath: dbPath, ExportToken: "organiser-token"})
	for _, format := range quizzes.Formats {
		t.Run(format, func(t *testing.T) {
			cd := newCandidate(t, a.URL())
			sh := cd.start(format, "Judge "+format)
			if len(sh.choices) != quizzes.TestSize {
				t.Fatalf("%d questions, want %d", len(sh.choices), quizzes.TestSize)
			}
			// Drawn from the certification pool only, spread across
			// topics: no topic may have two more questions than a topic
			// that has questions left in the pool.
			full, _ := set.Bank(format)
			b := full.InPool(quizzes.PoolCertification)
			stored, err := attemptsOf(a).Get(context.Background(), sh.id)
			if err != nil {
				t.Fatal(err)
			}
			drawn := map[string]int{}
			for _, it := range stored.Items {
				q, ok := b.Question(it.QuestionID)
				if !ok {
					t.Errorf("%s is not a certification question", it.QuestionID)
					continue
				}
				drawn[q.Topic]++
			}
			bankCount := b.TopicCounts()
			for tp, n := range drawn {
				for tp2, n2 := range drawn {
					if n > n2+1 && bankCount[tp2] > n2 {
						t.Errorf("topics unevenly drawn: %s %d, %s %d", tp, n, tp2, n2)
					}
				}
			}
			resp, _ := cd.must("POST", "/attempt/"+sh.id+"/submit", answers(attemptsOf(a), sh, 17), http.StatusSeeOther)
			if loc := resp.Header.Get("Location"); loc != "/attempt/"+sh.id+"/result" {
				t.Fatalf("submit redirects to %q", loc)
			}
			_, res := cd.must("GET", "/attempt/"+sh.id+"/result", nil, 200)
			if got := res.Text("strong[data-score]"); got != "17 / 20" {
				t.Errorf("score = %q, want 17 / 20", got)
			}
			if got := res.Text("strong.verdict"); got != "Passed" {
				t.Errorf("verdict = %q", got)
			}
			// No review while the window is open: the sections the three
			// missed questions test, counted, and nothing that says which
			// questions they were (no number, prompt or situation).
			if n := len(res.All("ol.review li")); n != 0 {
				t.Errorf("certification result reviews %d questions", n)
			}
			if got := res.Attr("p[data-missed]", "data-missed"); got != "3" {
				t.Errorf("result says %q questions were missed, want 3", got)
			}
			missed := 0
			for _, li := range res.All("ol.study li[data-missed]") {
				n, _ := attr(li, "data-missed")
				k, err := strconv.Atoi(n)
				if err != nil || k < 1 {
					t.Errorf("study row counts %q missed questions", n)
				}
				missed += k
			}
			if missed < 3 {
				t.Errorf("study rows count %d missed questions' sections, want at least one for each of the 3 missed", missed)
			}
			if len(res.All("ol.study li[data-n]")) != 0 || len(res.All("ol.study div.situation")) != 0 || len(res.All("ol.study li p")) != 0 {
				t.Errorf("the study list names the missed questions")
			}
			if len(res.All("table.topics tr[data-topic]")) == 0 || len(res.All("ol.study li a")) == 0 {
				t.Errorf("result lacks the topic table or the rule links")
			}
			code := res.Text("code[data-code]")
			if code == "" {
				t.Fatal("no certificate code on a passing result")
			}
			anon := newCandidate(t, a.URL())
			_, v := anon.must("GET", "/verify/"+code, nil, 200)
			if v.Text("dd[data-name]") != "Judge "+format || v.Text("dd[data-score]") == "" || !strings.Contains(v.Text("dd[data-score]"), "17 / 20") {
				t.Errorf("verify page: name %q score %q", v.Text("dd[data-name]"), v.Text("dd[data-score]"))
			}
			if _, err := time.Parse(time.RFC3339, v.Attr("time", "datetime")); err != nil {
				t.Errorf("verify page date: %v", err)
			}
			anon.must("GET", "/verify/"+strings.ToLower(strings.ReplaceAll(code, "-", "")), nil, http.StatusMovedPermanently)
		})
	}
	cd := newCandidate(t, a.URL())
	resp, body, err := cd.do("GET", "/export/attempts.csv?token=organiser-token", nil)
	if err != nil || resp.StatusCode != 200 || bytes.Count(body, []byte("\n")) != len(quizzes.Formats)+1 {
		t.Errorf("export: %v %v\n%s", resp.Status, err, body)
	}
	if resp, _, _ := cd.do("GET", "/export/attempts.csv?token=guess", nil); resp.StatusCode != http.StatusForbidden {
		t.Errorf("export with a wrong token: %d", resp.StatusCode)
	}
	for _, f := range quizzes.Formats {
		full, _ := set.Bank(f)
		b := full.Practice()
		if len(b.Questions) == 0 {
			cd.must("GET", "/practice/"+f, nil, 404)
			t.Logf("%s: no practice question has a scenario of its own", f)
			continue
		}
		cd.must("GET", "/practice/"+f, nil, 200)
		q := b.Questions[len(b.Questions)-1]
		_, p := cd.must("GET", fmt.Sprintf("/practice/%s?q=%d&choice=%s", f, len(b.Questions), q.Correct), nil, 200)
		if p.Text("p.feedback") != "Right." || len(p.All("ol.timeline li")) == 0 {
			t.Errorf("practice %s: feedback %q", f, p.Text("p.feedback"))
		}
	}
}

// TestSubmissionRejections covers every submission the server refuses, and
// checks the stored attempt is unchanged by each.
func TestSubmissionRejections(t *testing.T) {
	_, set := checkedBanks(t)
	dbPath := filepath.Join(t.TempDir(), "attempts.db")
	a := quizApp(t, Config{AttemptsPath: dbPath, QuizTimeLimit: 3 * time.Second})
	store, err := attempts.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	first := func(sh sheet) string {
		var ids []string
		for id := range sh.choices {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		return ids[0]
	}
	tests := []struct {
		name   string
		setup  func(cd *candidate, sh sheet)
		form   func(t *testing.T, sh sheet) url.Values
		status int
		msg    string
	}{
		{name: "second submission", status: 409, msg: "already submitted",
			setup: func(cd *candidate, sh sheet) {
				cd.must("POST", "/attempt/"+sh.id+"/submit", answers(attemptsOf(a), sh, 20), http.StatusSeeOther)
			},
			form: func(t *testing.T, sh sheet) url.Values { return answers(attemptsOf(a), sh, 10) }},
		{name: "after the time limit", status: 409, msg: "time limit",
			setup: func(cd *candidate, sh sheet) { time.Sleep(3200 * time.Millisecond) },
			form:  func(t *testing.T, sh sheet) url.Values { return answers(attemptsOf(a), sh, 20) }},
		{name: "answer to a question not in the attempt", status: 400, msg: "not part of this attempt",
			form: func(t *testing.T, sh sheet) url.Values {
				v := answers(attemptsOf(a), sh, 20)
				v.Set("q21", v.Get("q1"))
				return v
			}},
		{name: "the bank's id of the right choice", status: 400, msg: "does not offer",
			form: func(t *testing.T, sh sheet) url.Values {
				v := answers(attemptsOf(a), sh, 20)
				at, _ := attemptsOf(a).Get(context.Background(), sh.id)
				b, _ := set.Bank("goat")
				q, _ := b.Question(at.Items[0].QuestionID)
				v.Set("q1", q.Correct)
				return v
			}},
		{name: "forged choice id", status: 400, msg: "does not offer",
			form: func(t *testing.T, sh sheet) url.Values {
				v := answers(attemptsOf(a), sh, 20)
				v.Set(first(sh), "00000000")
				return v
			}},
		{name: "missing CSRF token", status: 400, msg: "csrf",
			form: func(t *testing.T, sh sheet) url.Values {
				v := answers(attemptsOf(a), sh, 20)
				v.Del("_csrf")
				return v
			}},
		{name: "another browser's CSRF token", status: 403, msg: "csrf",
			form: func(t *testing.T, sh sheet) url.Values {
				v := answers(attemptsOf(a), sh, 20)
				v.Set("_csrf", newCandidate(t, a.URL()).start("goat", "Mallory").csrf)
				return v
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cd := newCandidate(t, a.URL())
			sh := cd.start("goat", "Rejected Candidate")
			if tt.setup != nil {
				tt.setup(cd, sh)
			}
			form := tt.form(t, sh)
			before, err := store.Get(context.Background(), sh.id)
			if err != nil {
				t.Fatal(err)
			}
			resp, body, err := cd.do("POST", "/attempt/"+sh.id+"/submit", form)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d\n%s", resp.StatusCode, tt.status, body)
			}
			if msg := parsePage(t, bytes.NewReader(body)).Text("p.lead"); !strings.Contains(strings.ToLower(msg), tt.msg) {
				t.Errorf("message %q does not say %q", msg, tt.msg)
			}
			after, err := store.Get(context.Background(), sh.id)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(before, after); diff != "" {
				t.Errorf("the rejected submission changed the attempt (-before +after):\n%s", diff)
			}
		})
	}
}

// TestKillDuringSubmissions builds the site binary, fires concurrent
// submissions at it and kills it with SIGKILL mid-burst. After a restart,
// every submission that was acknowledged must be stored exactly, no
// attempt may be half-written, and the database must pass
// PRAGMA integrity_check.
func TestKillDuringSubmissions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the site binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "site")
	build := exec.Command("go", "build", "-tags", "sqlite_fts5", "-o", bin, "substep/cmd/site")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dbPath := filepath.Join(dir, "attempts.db")

	url1, proc1 := startSite(t, bin, dbPath)
	const n = 120
	type job struct {
		sh   sheet
		cd   *candidate
		form url.Values
	}
	jobs := make([]job, n)
	oracle, err := attempts.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	for i := range jobs {
		cd := newCandidate(t, url1)
		sh := cd.selfStart("goat", fmt.Sprintf("Candidate %d", i))
		jobs[i] = job{sh: sh, cd: cd, form: answers(oracle, sh, i%21)}
	}
	oracle.Close()

	var acked sync.Map // attempt id → true
	var nAcked, nFailed atomic.Int32
	killAfter := int32(n / 3)
	var wg sync.WaitGroup
	next := atomic.Int32{}
	killed := make(chan struct{})
	var once sync.Once
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				j := jobs[i]
				resp, _, err := j.cd.do("POST", "/attempt/"+j.sh.id+"/submit", j.form)
				if err != nil {
					nFailed.Add(1)
					continue
				}
				if resp.StatusCode >= 200 && resp.StatusCode < 400 {
					acked.Store(j.sh.id, true)
					if nAcked.Add(1) == killAfter {
						once.Do(func() {
							proc1.Process.Signal(syscall.SIGKILL)
							close(killed)
						})
					}
				}
			}
		}()
	}
	wg.Wait()
	once.Do(func() { proc1.Process.Signal(syscall.SIGKILL); close(killed) })
	proc1.Wait()
	if nFailed.Load() == 0 {
		t.Errorf("the kill landed after the burst: every submission was answered, so nothing was tested mid-write")
	}
	t.Logf("%d submissions acknowledged before the kill, %d cut off", nAcked.Load(), nFailed.Load())

	url2, proc2 := startSite(t, bin, dbPath)
	defer func() {
		proc2.Process.Signal(syscall.SIGTERM)
		proc2.Wait()
	}()
	store, err := attempts.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if err := store.IntegrityCheck(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i, j := range jobs {
		a, err := store.Get(context.Background(), j.sh.id)
		if err != nil {
			t.Fatalf("attempt %d: %v", i, err)
		}
		sent := map[string]string{}
		for k, v := range j.form {
			if n, err := strconv.Atoi(strings.TrimPrefix(k, "q")); err == nil {
				sent[a.Items[n-1].QuestionID] = v[0]
			}
		}
		_, wasAcked := acked.Load(j.sh.id)
		switch {
		case a.Submitted():
			if diff := cmp.Diff(sent, a.Answers); diff != "" {
				t.Errorf("attempt %d: stored answers differ from those sent (-sent +stored):\n%s", i, diff)
			}
			if want := quizzes.Score(a.Items, sent).Correct; a.Correct != want {
				t.Errorf("attempt %d: stored score %d, want %d", i, a.Correct, want)
			}
		case wasAcked:
			t.Errorf("attempt %d: acknowledged but not stored", i)
		case len(a.Answers) != 0:
			t.Errorf("attempt %d: half-written: not submitted but has %d answers", i, len(a.Answers))
		}
		if wasAcked {
			cd := newCandidate(t, url2)
			_, res := cd.must("GET", "/attempt/"+j.sh.id+"/result", nil, 200)
			if got, want := res.Text("strong[data-score]"), fmt.Sprintf("%d / %d", min(i%21, len(a.Items)), len(a.Items)); got != want {
				t.Errorf("attempt %d after restart: score %q, want %q", i, got, want)
			}
		}
	}
}

var servingRE = regexp.MustCompile(`url=(http://127\.0\.0\.1:\d+)`)

// startSite runs the site binary on a free loopback port with the given
// attempts file and waits until it serves. The rate limiter is off: the
// burst comes from one address, the test's.
func startSite(t *testing.T, bin, dbPath string) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-attempts", dbPath, "-shares", filepath.Join(filepath.Dir(dbPath), "shares.db"), "-rate-limit=false", "-self-cooldown=0")
	cmd.Env = append(os.Environ(), "SUBSTEP_EXPORT_TOKEN=")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	found := make(chan string, 1)
	var logs bytes.Buffer
	var mu sync.Mutex
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			mu.Lock()
			logs.WriteString(sc.Text() + "\n")
			mu.Unlock()
			if m := servingRE.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	select {
	case u := <-found:
		return u, cmd
	case <-time.After(60 * time.Second):
		mu.Lock()
		defer mu.Unlock()
		t.Fatalf("the site did not start:\n%s", logs.String())
	}
	return "", nil
}
