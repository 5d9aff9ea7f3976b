package web

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"substep/internal/ready"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"substep/internal/attempts"
	"substep/internal/render"
	"substep/quizzes"
	"substep/rulings"
)

// tableEngine answers every query from a table, the same for every format
// except where byFormat says otherwise.
type tableEngine map[string]string

func (e tableEngine) Replay(format, scenario, query string) (quizzes.Replay, error) {
	a, ok := e[format+"|"+query]
	if !ok {
		a, ok = e[query]
	}
	if !ok {
		return quizzes.Replay{}, errors.New("unknown query " + query)
	}
	return quizzes.Replay{Answer: a, Steps: []quizzes.Step{{Where: "Main Phase 1", Text: "replayed " + query, Rule: "goat-09#rule"}}}, nil
}

// testBanks makes a goat bank of n certification questions on three
// topics, then six practice questions; question i asks "q i" and the
// engine answers "right i".
func testBanks(t *testing.T, n int) *quizzes.Set {
	t.Helper()
	var b strings.Builder
	b.WriteString("format: goat\nquestions:\n")
	eng := tableEngine{}
	for i := 0; i < n+6; i++ {
		pool := "certification"
		if i >= n {
			pool = "practice"
		}
		fmt.Fprintf(&b, `  - id: q-%d
    topic: %s
    kind: lp
    pool: %s
    difficulty: 2
    cites: [goat-09#rule]
    scenario: |
      title: question %d
      turn: A
    prompt: Prompt %d <b>bold?</b>
    ask: q %d
    choices: [right %d, wrong %d, other %d]
    answer: right %d
`, i, []string{"segoc", "replay", "lp-cost"}[i%3], pool, i, i, i, i, i, i, i)
		eng[fmt.Sprintf("q %d", i)] = fmt.Sprintf("right %d", i)
		eng[fmt.Sprintf("hat|q %d", i)] = fmt.Sprintf("wrong %d", i)
	}
	banks, err := quizzes.Load(fstest.MapFS{"goat.yaml": {Data: []byte(b.String())}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	set, err := quizzes.Check(banks, eng)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// clock is a settable time source.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

type quizEnv struct {
	srv   *httptest.Server
	store *attempts.Store
	clock *clock
	banks *quizzes.Set
}

func newQuizEnv(t *testing.T) *quizEnv {
	t.Helper()
	store, err := attempts.Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	env := &quizEnv{store: store, clock: &clock{now: time.Date(2025, 5, 1, 10, 0, 0, 0, time.UTC)}, banks: testBanks(t, 30)}
	s, err := New(Config{BaseURL: "http://substep.test", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, Deps{
		Site: &render.Site{},
		Quiz: &QuizDeps{Banks: ready.Now(env.banks), Store: store, ExportToken: "s3cret", TimeLimit: 30 * time.Minute, Questions: 20, Now: env.clock.Now},
	})
	if err != nil {
		t.Fatal(err)
	}
	env.srv = httptest.NewServer(s)
	t.Cleanup(env.srv.Close)
	return env
}

// browser is a client with a cookie jar that does not follow redirects.
func browser(t *testing.T) *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func do(t *testing.T, c *http.Client, method, u string, form url.Values) (*http.Response, string) {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, u, body)
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// inputs lists the page's input elements as attribute maps.
func inputs(t *testing.T, doc string) []map[string]string {
	t.Helper()
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "input" {
			m := map[string]string{}
			for _, a := range n.Attr {
				m[a.Key] = a.Val
			}
			out = append(out, m)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return out
}

func csrfOf(t *testing.T, doc string) string {
	t.Helper()
	for _, in := range inputs(t, doc) {
		if in["name"] == "_csrf" {
			return in["value"]
		}
	}
	t.Fatal("no _csrf input on the page")
	return ""
}

// startAttempt starts a goat certification with an exam code issued in
// name and returns its id, the attempt page and the browser.
func (env *quizEnv) startAttempt(t *testing.T, name string) (string, string, *http.Client) {
	t.Helper()
	c := browser(t)
	resp, home := do(t, c, "GET", env.srv.URL+"/quiz", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("GET /quiz: %d", resp.StatusCode)
	}
	var csrfCookie *http.Cookie
	for _, ck := range resp.Cookies() {
		if ck.Name == "_csrf" {
			csrfCookie = ck
		}
	}
	if csrfCookie == nil || !csrfCookie.HttpOnly || csrfCookie.SameSite != http.SameSiteLaxMode {
		t.Errorf("CSRF cookie = %+v, want HttpOnly and SameSite=Lax", csrfCookie)
	}
	clean, err := cleanName(name)
	if err != nil {
		t.Fatal(err)
	}
	code, err := env.store.IssueCode(context.Background(), attempts.ExamCode{Format: "goat", Name: clean, Issuer: "Test League", MaxAttempts: 1}, env.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	resp, _ = do(t, c, "POST", env.srv.URL+"/quiz/goat/certify", url.Values{"_csrf": {csrfOf(t, home)}, "code": {strings.ToLower(code.Code)}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("start: status %d", resp.StatusCode)
	}
	loc := resp.Header.Get("Location")
	id := strings.TrimPrefix(loc, "/attempt/")
	if len(id) != 32 {
		t.Fatalf("redirect to %q, want /attempt/<32 hex digits>", loc)
	}
	resp, page := do(t, c, "GET", env.srv.URL+loc, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", loc, resp.StatusCode, page)
	}
	if resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("attempt page Cache-Control = %q", resp.Header.Get("Cache-Control"))
	}
	return id, page, c
}

// answersFor answers every question of the attempt: right ones for the
// first `right` questions, wrong ones for the rest.
func (env *quizEnv) answersFor(t *testing.T, id string, right int) url.Values {
	t.Helper()
	a, err := env.store.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	v := url.Values{}
	for i, it := range a.Items {
		pick := it.Correct
		if i >= right {
			for _, ch := range it.Choices {
				if ch != it.Correct {
					pick = ch
				}
			}
		}
		v.Set(fmt.Sprintf("q%d", i+1), pick)
	}
	return v
}

func TestQuizFlow(t *testing.T) {
	env := newQuizEnv(t)
	id, page, c := env.startAttempt(t, "  Ada   Lovelace ")
	// The page offers every question's choices as radios, and nothing else.
	a, err := env.store.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Items) != 20 || a.Name != "Ada Lovelace" {
		t.Fatalf("attempt has %d items, name %q", len(a.Items), a.Name)
	}
	want := map[string][]string{}
	for i, it := range a.Items {
		want[fmt.Sprintf("q%d", i+1)] = it.Choices
	}
	got := map[string][]string{}
	for _, in := range inputs(t, page) {
		if in["type"] == "radio" {
			got[in["name"]] = append(got[in["name"]], in["value"])
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("radios on the attempt page (-want +got):\n%s", diff)
	}
	if !strings.Contains(page, "&lt;b&gt;bold?&lt;/b&gt;") || strings.Contains(page, "<b>bold?</b>") {
		t.Errorf("prompt not escaped")
	}
	if !strings.Contains(page, "data-left-ms=\"1800000\"") || !strings.Contains(page, "30:00") {
		t.Errorf("attempt page does not show the 30-minute limit")
	}

	env.clock.Add(10 * time.Minute)
	form := env.answersFor(t, id, 17)
	form.Set("_csrf", csrfOf(t, page))
	resp, body := do(t, c, "POST", env.srv.URL+"/attempt/"+id+"/submit", form)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/attempt/"+id+"/result" {
		t.Fatalf("submit: %d %s %s", resp.StatusCode, resp.Header.Get("Location"), body)
	}
	resp, result := do(t, c, "GET", env.srv.URL+"/attempt/"+id+"/result", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("result: %d", resp.StatusCode)
	}
	for _, want := range []string{"17 / 20", "85%", "Passed", "/rules/goat-09#rule", "What to study"} {
		if !strings.Contains(result, want) {
			t.Errorf("result page lacks %q", want)
		}
	}
	// While reviews are closed the result names no right choice: no
	// choice label, no choice id, no replay.
	for _, leak := range append([]string{"right answer", "replayed q "}, allChoiceIDs(a)...) {
		if strings.Contains(result, leak) {
			t.Errorf("certification result page shows %q", leak)
		}
	}
	if m := regexp.MustCompile(`(right|wrong|other) \d+`).FindString(result); m != "" {
		t.Errorf("certification result page shows the choice %q", m)
	}
	// The organiser sets a review window from one hour to two hours from
	// now: the review shows the right choices only inside it.
	from := env.clock.Now().Add(time.Hour)
	if err := env.store.SetPolicy(context.Background(), attempts.Policy{Format: "goat", AttemptsPerCode: 1, ReviewsFrom: from, ReviewsUntil: from.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		wait time.Duration
		open bool
	}{{0, false}, {time.Hour, true}, {time.Hour, false}} {
		env.clock.Add(step.wait)
		_, result = do(t, c, "GET", env.srv.URL+"/attempt/"+id+"/result", nil)
		for _, want := range []string{"right answer", "your answer", "replayed q "} {
			if strings.Contains(result, want) != step.open {
				t.Errorf("result at %s (window %s to %s): shows %q = %v, want %v", env.clock.Now().Format(time.Kitchen), from.Format(time.Kitchen), from.Add(time.Hour).Format(time.Kitchen), want, !step.open, step.open)
			}
		}
	}
	a, _ = env.store.Get(context.Background(), id)
	if a.Code == "" || !strings.Contains(result, a.Code) {
		t.Fatalf("passing attempt: code %q not on the result page", a.Code)
	}
	// The attempt page now leads to the result.
	resp, _ = do(t, c, "GET", env.srv.URL+"/attempt/"+id, nil)
	if resp.StatusCode != http.StatusSeeOther || !strings.HasSuffix(resp.Header.Get("Location"), "/result") {
		t.Errorf("attempt after submission: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	// Anyone can verify the certificate, with the code typed loosely.
	anon := browser(t)
	resp, v := do(t, anon, "GET", env.srv.URL+"/verify/"+a.Code, nil)
	if resp.StatusCode != 200 || !strings.Contains(v, "Ada Lovelace") || !strings.Contains(v, "17 / 20") || !strings.Contains(v, "1 May 2025") || !strings.Contains(v, "Test League") {
		t.Errorf("verify: %d\n%s", resp.StatusCode, v)
	}
	resp, _ = do(t, anon, "GET", env.srv.URL+"/verify?code="+url.QueryEscape(strings.ToLower(a.Code)), nil)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/verify/"+a.Code {
		t.Errorf("verify lookup: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
}

func TestQuizFailNoCertificate(t *testing.T) {
	env := newQuizEnv(t)
	id, page, c := env.startAttempt(t, "Bob")
	form := env.answersFor(t, id, 15)
	form.Set("_csrf", csrfOf(t, page))
	if resp, body := do(t, c, "POST", env.srv.URL+"/attempt/"+id+"/submit", form); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("submit: %d %s", resp.StatusCode, body)
	}
	_, result := do(t, c, "GET", env.srv.URL+"/attempt/"+id+"/result", nil)
	if !strings.Contains(result, "15 / 20") || !strings.Contains(result, "Not passed") || strings.Contains(result, "Certificate code") {
		t.Errorf("failing result page:\n%s", result)
	}
}

func TestQuizRejections(t *testing.T) {
	tests := []struct {
		name    string
		mutate  func(env *quizEnv, id string, form url.Values)
		before  func(t *testing.T, env *quizEnv, c *http.Client, id string, form url.Values)
		status  int
		message string
	}{
		{name: "after the time limit", status: http.StatusConflict, message: "time limit",
			mutate: func(env *quizEnv, id string, form url.Values) { env.clock.Add(30*time.Minute + time.Second) }},
		{name: "second submission", status: http.StatusConflict, message: "already submitted",
			before: func(t *testing.T, env *quizEnv, c *http.Client, id string, form url.Values) {
				first := env.answersFor(t, id, 20)
				first.Set("_csrf", form.Get("_csrf"))
				if resp, body := do(t, c, "POST", env.srv.URL+"/attempt/"+id+"/submit", first); resp.StatusCode != http.StatusSeeOther {
					t.Fatalf("first submit: %d %s", resp.StatusCode, body)
				}
			}},
		{name: "question not in the attempt", status: http.StatusBadRequest, message: "not part of this attempt",
			mutate: func(env *quizEnv, id string, form url.Values) { form.Set("qnot-a-question", "abc") }},
		{name: "a position past the attempt's questions", status: http.StatusBadRequest, message: "not part of this attempt",
			mutate: func(env *quizEnv, id string, form url.Values) { form.Set("q21", form.Get("q1")) }},
		{name: "the bank's choice id instead of the attempt's", status: http.StatusBadRequest, message: "does not offer",
			mutate: func(env *quizEnv, id string, form url.Values) {
				a, _ := env.store.Get(context.Background(), id)
				b, _ := env.banks.Bank("goat")
				q, _ := b.Question(a.Items[0].QuestionID)
				form.Set("q1", q.Correct)
			}},
		{name: "forged choice id", status: http.StatusBadRequest, message: "does not offer",
			mutate: func(env *quizEnv, id string, form url.Values) {
				form.Set("q1", "deadbeef")
			}},
		{name: "another question's choice", status: http.StatusBadRequest, message: "does not offer",
			mutate: func(env *quizEnv, id string, form url.Values) {
				form.Set("q1", form.Get("q2"))
			}},
		{name: "a question answered twice", status: http.StatusBadRequest, message: "more than once",
			mutate: func(env *quizEnv, id string, form url.Values) {
				form.Add("q1", form.Get("q1"))
			}},
		{name: "no CSRF token", status: http.StatusBadRequest, message: "csrf",
			mutate: func(env *quizEnv, id string, form url.Values) { form.Del("_csrf") }},
		{name: "wrong CSRF token", status: http.StatusForbidden, message: "csrf",
			mutate: func(env *quizEnv, id string, form url.Values) { form.Set("_csrf", "forged") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newQuizEnv(t)
			id, page, c := env.startAttempt(t, "Carol")
			form := env.answersFor(t, id, 20)
			form.Set("_csrf", csrfOf(t, page))
			if tt.before != nil {
				tt.before(t, env, c, id, form)
			}
			if tt.mutate != nil {
				tt.mutate(env, id, form)
			}
			before, err := env.store.Get(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			resp, body := do(t, c, "POST", env.srv.URL+"/attempt/"+id+"/submit", form)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d\n%s", resp.StatusCode, tt.status, body)
			}
			if !strings.Contains(strings.ToLower(body), strings.ToLower(tt.message)) {
				t.Errorf("response does not explain %q:\n%s", tt.message, body)
			}
			after, err := env.store.Get(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(before, after); diff != "" {
				t.Errorf("a rejected submission changed the attempt (-before +after):\n%s", diff)
			}
		})
	}
}

func TestQuizNotFound(t *testing.T) {
	env := newQuizEnv(t)
	c := browser(t)
	for _, path := range []string{"/attempt/0123456789abcdef0123456789abcdef", "/attempt/nope", "/attempt/0123456789abcdef0123456789abcdef/result",
		"/verify/AAAAA-AAAAA", "/verify/not-a-code", "/practice/speed", "/practice/goat?q=0", "/practice/goat?q=7", "/practice/goat?q=x"} {
		if resp, _ := do(t, c, "GET", env.srv.URL+path, nil); resp.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", path, resp.StatusCode)
		}
	}
	_, home := do(t, c, "GET", env.srv.URL+"/quiz", nil)
	tok := csrfOf(t, home)
	for _, tc := range []struct {
		path, name string
		status     int
	}{
		{"/quiz/speed/start", "Ada", 404},
		{"/quiz/goat/start", "   ", 400},
		{"/quiz/goat/start", strings.Repeat("x", 61), 400},
		{"/quiz/goat/start", "Ada\x00", 400},
		{"/attempt/0123456789abcdef0123456789abcdef/submit", "", 404},
	} {
		if resp, body := do(t, c, "POST", env.srv.URL+tc.path, url.Values{"_csrf": {tok}, "name": {tc.name}}); resp.StatusCode != tc.status {
			t.Errorf("POST %s name=%q: %d, want %d: %s", tc.path, tc.name, resp.StatusCode, tc.status, body)
		}
	}
}

func TestExpiredAttemptShowsResult(t *testing.T) {
	env := newQuizEnv(t)
	id, _, c := env.startAttempt(t, "Dan")
	env.clock.Add(31 * time.Minute)
	resp, _ := do(t, c, "GET", env.srv.URL+"/attempt/"+id, nil)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("expired attempt page: %d", resp.StatusCode)
	}
	resp, body := do(t, c, "GET", env.srv.URL+"/attempt/"+id+"/result", nil)
	if resp.StatusCode != 200 || !strings.Contains(body, "0 / 20") || !strings.Contains(body, "time limit passed") {
		t.Errorf("expired result: %d\n%s", resp.StatusCode, body)
	}
	// Before the deadline the result page sends the candidate back.
	id2, _, _ := env.startAttempt(t, "Eve")
	if resp, _ := do(t, c, "GET", env.srv.URL+"/attempt/"+id2+"/result", nil); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("result of an open attempt: %d, want a redirect", resp.StatusCode)
	}
}

func TestPractice(t *testing.T) {
	env := newQuizEnv(t)
	c := browser(t)
	full, _ := env.banks.Bank("goat")
	b := full.Practice()
	q := b.Questions[4]
	resp, page := do(t, c, "GET", env.srv.URL+"/practice/goat?q=5", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("practice: %d", resp.StatusCode)
	}
	var offered []string
	for _, in := range inputs(t, page) {
		if in["name"] == "choice" {
			offered = append(offered, in["value"])
		}
	}
	if len(offered) != 3 || strings.Contains(page, "replayed q 34") {
		t.Errorf("before answering: choices %v; the replay must stay hidden", offered)
	}
	for _, ch := range q.Choices {
		resp, body := do(t, c, "GET", env.srv.URL+"/practice/goat?q=5&choice="+ch.ID, nil)
		if resp.StatusCode != 200 {
			t.Fatalf("answer: %d", resp.StatusCode)
		}
		right := ch.ID == q.Correct
		if strings.Contains(body, "Right.") != right || !strings.Contains(body, "replayed q 34") {
			t.Errorf("feedback for %q (right=%v) is wrong", ch.Value, right)
		}
	}
	if resp, _ := do(t, c, "GET", env.srv.URL+"/practice/goat?q=5&choice=zzz", nil); resp.StatusCode != 400 {
		t.Errorf("forged practice choice: %d", resp.StatusCode)
	}
	if n, _ := env.store.List(context.Background()); len(n) != 0 {
		t.Errorf("practice recorded %d attempts", len(n))
	}
}

func TestExport(t *testing.T) {
	env := newQuizEnv(t)
	id, page, c := env.startAttempt(t, "=HYPERLINK(\"x\")")
	form := env.answersFor(t, id, 20)
	form.Set("_csrf", csrfOf(t, page))
	do(t, c, "POST", env.srv.URL+"/attempt/"+id+"/submit", form)
	env.clock.Add(time.Minute)
	env.startAttempt(t, "Open Attempt")
	for token, status := range map[string]int{"": 403, "wrong": 403, "s3cre": 403, "s3cret": 200} {
		resp, body := do(t, c, "GET", env.srv.URL+"/export/attempts.csv?token="+url.QueryEscape(token), nil)
		if resp.StatusCode != status {
			t.Errorf("token %q: %d, want %d", token, resp.StatusCode, status)
			continue
		}
		if status != 200 {
			if strings.Contains(body, "HYPERLINK") {
				t.Errorf("token %q: rejected response leaks data", token)
			}
			continue
		}
		rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 || rows[0][3] != "name" {
			t.Fatalf("CSV rows = %q", rows)
		}
		if rows[1][3] != "'=HYPERLINK(\"x\")" || rows[1][4] != "20" || rows[1][7] != "true" || rows[1][8] == "" {
			t.Errorf("submitted row = %q", rows[1])
		}
		if rows[2][3] != "Open Attempt" || rows[2][1] != "" || rows[2][4] != "" {
			t.Errorf("open row = %q", rows[2])
		}
	}
}

func TestExportDisabled(t *testing.T) {
	store, err := attempts.Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	s, err := New(Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, Deps{
		Site: &render.Site{},
		Quiz: &QuizDeps{Banks: ready.Now(testBanks(t, 3)), Store: store},
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	for _, token := range []string{"", "anything"} {
		if resp, _ := do(t, browser(t), "GET", srv.URL+"/export/attempts.csv?token="+token, nil); resp.StatusCode != 404 {
			t.Errorf("export without a configured token, token %q: %d, want 404", token, resp.StatusCode)
		}
	}
}

// allChoiceIDs lists every choice id an attempt knows: its own and the
// bank's.
func allChoiceIDs(a *attempts.Attempt) []string {
	var out []string
	for _, it := range a.Items {
		out = append(out, it.Choices...)
		out = append(out, it.Stable...)
	}
	return out
}

// TestDeckOrder: a situation's board tells a Deck top first when it names
// a card, runs of unnamed cards counted.
func TestDeckOrder(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{[]string{"Sangan", "(card)", "(card)", "Giant Rat"}, "Sangan, 2 other cards, Giant Rat"},
		{[]string{"(card)", "Mystic Tomato", "(card)"}, "1 other card, Mystic Tomato, 1 other card"},
		{[]string{"(card)", "(card)"}, ""},
		{nil, ""},
	} {
		if got := deckOrder(tc.in); got != tc.want {
			t.Errorf("deckOrder(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestBoardNotes: a situation's board tells what a question may turn on
// beyond names and positions: counters, another owner, a Trap Monster,
// Xyz materials, a named zone, a Deck Master's returns and a team.
func TestBoardNotes(t *testing.T) {
	st := &rulings.State{Turn: 1, TurnPlayer: "A", Phase: "Main Phase 1", Players: []rulings.PlayerState{
		{Player: "A", LP: 8000, Team: "team A", DeckMaster: &rulings.FieldCard{Card: "Dark Magician"}, DeckMasterReturns: 2,
			Monsters: []rulings.FieldCard{{Card: "Royal Magical Library", Position: "face-up Attack Position", ATK: 0, DEF: 2000, Counters: 3}, {Card: "Sangan", Position: "face-up Attack Position", ATK: 1000, DEF: 600, Owner: "B"}}},
		{Player: "B", LP: 8000, Removed: true, DeckMaster: &rulings.FieldCard{Card: "Jinzo"}, DeckMasterReturns: 1,
			Monsters:   []rulings.FieldCard{{Card: "Number 39: Utopia", Position: "face-up Attack Position", ATK: 2500, DEF: 2000, Materials: "Gagaga Magician, Goblindbergh", Zone: "Extra Monster Zone (column 2)"}},
			SpellTraps: []rulings.FieldCard{{Card: "Embodiment of Apophis", Position: "face-up Defense Position", TrapMonster: true}}},
	}}
	var b strings.Builder
	if err := board(st).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	root, err := html.Parse(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if a.Key == "class" && (a.Val == "pos" || a.Val == "rv-list") {
					var sb strings.Builder
					var text func(*html.Node)
					text = func(c *html.Node) {
						if c.Type == html.TextNode {
							sb.WriteString(c.Data)
						}
						for k := c.FirstChild; k != nil; k = k.NextSibling {
							text(k)
						}
					}
					text(n)
					got = append(got, strings.Join(strings.Fields(sb.String()), " "))
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	want := []string{
		// B sits across the table, so its side comes first.
		"ATK", "materials: Gagaga Magician, Goblindbergh", "Extra Monster Zone (column 2)", "DEF", "Trap Monster",
		"Deck Master: Jinzo (it has gone back to its zone once)", "removed from the duel",
		"ATK", "3 counters", "ATK", "owned by Player B",
		"Deck Master: Dark Magician (it has gone back to its zone 2 times)", "Team A",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("board notes (-want +got):\n%s", diff)
	}
}

// TestReviewsWaitForRunningTests: while the organiser's review window is
// open every submitted certification shows its right choices, so no
// certification starts then, and a result shows no right choice while a
// certification started before the window opened still runs (its
// candidate could read the answers off a friend's result).
func TestReviewsWaitForRunningTests(t *testing.T) {
	env := newQuizEnv(t)
	idA, pageA, cA := env.startAttempt(t, "Ada")
	idB, pageB, cB := env.startAttempt(t, "Bob")
	submit := func(c *http.Client, id, page string) {
		t.Helper()
		form := env.answersFor(t, id, 10)
		form.Set("_csrf", csrfOf(t, page))
		if resp, body := do(t, c, "POST", env.srv.URL+"/attempt/"+id+"/submit", form); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("submit: %d %s", resp.StatusCode, body)
		}
	}
	submit(cA, idA, pageA)
	now := env.clock.Now()
	if err := env.store.SetPolicy(context.Background(), attempts.Policy{Format: "goat", AttemptsPerCode: 1, ReviewsFrom: now.Add(-time.Minute), ReviewsUntil: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if _, result := do(t, cA, "GET", env.srv.URL+"/attempt/"+idA+"/result", nil); strings.Contains(result, "right answer") {
		t.Errorf("the review shows right choices while Bob's test still runs")
	}
	// A new test does not start while reviews are open.
	c := browser(t)
	_, home := do(t, c, "GET", env.srv.URL+"/quiz", nil)
	code, err := env.store.IssueCode(context.Background(), attempts.ExamCode{Format: "goat", Name: "Cy", Issuer: "Test League", MaxAttempts: 1}, now)
	if err != nil {
		t.Fatal(err)
	}
	if resp, body := do(t, c, "POST", env.srv.URL+"/quiz/goat/certify", url.Values{"_csrf": {csrfOf(t, home)}, "code": {code.Code}}); resp.StatusCode != http.StatusConflict || !strings.Contains(body, "reviews are open") {
		t.Errorf("a certification started while reviews are open: %d", resp.StatusCode)
	}
	submit(cB, idB, pageB)
	if _, result := do(t, cA, "GET", env.srv.URL+"/attempt/"+idA+"/result", nil); !strings.Contains(result, "right answer") {
		t.Errorf("the review shows no right choice once every test has ended")
	}
}
