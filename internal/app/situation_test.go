package app

import (
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"substep/quizzes"
)

// TestSituationToldOnce: where a question is shown beside its situation
// (the attempt page, the review of a result, practice), the situation is
// told once: in the situation block, the board and the narrated steps,
// while the question beside it (legend, heading, lead) repeats none of the
// steps. Each page must show steps at all, so the test cannot pass on
// pages that lost their situations.
func TestSituationToldOnce(t *testing.T) {
	a := quizApp(t, Config{AttemptsPath: filepath.Join(t.TempDir(), "attempts.db")})
	checked := 0
	// told fails when question (the text beside the situation) repeats a
	// step of the situation in root; it reports whether root told steps.
	told := func(where, question string, root *html.Node) bool {
		t.Helper()
		steps := (&page{root: root}).All("div.situation ol.steps li")
		for _, li := range steps {
			step := strings.TrimSuffix(strings.TrimSpace(textOf(li)), ".")
			if step != "" && strings.Contains(normPrompt(question), normPrompt(step)) {
				t.Errorf("%s: the question %q tells the step %q a second time", where, question, step)
			}
		}
		if len(steps) > 0 {
			checked++
		}
		return len(steps) > 0
	}
	for _, f := range quizzes.Formats {
		cd := newCandidate(t, a.URL())
		for _, sh := range []sheet{cd.start(f, "Once Told"), cd.selfStart(f, "Once Told")} {
			_, p := cd.must("GET", "/attempt/"+sh.id, nil, 200)
			n := 0
			for _, fs := range p.All("fieldset.question") {
				legend := strings.SplitN((&page{root: fs}).Text("legend"), ": ", 2)
				if told(f+" attempt", legend[len(legend)-1], fs) {
					n++
				}
			}
			if n == 0 {
				t.Errorf("%s attempt %s: no question shows narrated steps", f, sh.id)
			}
			cd.must("POST", "/attempt/"+sh.id+"/submit", url.Values{"_csrf": {sh.csrf}}, http.StatusSeeOther)
		}
		// The self-assessment's result reviews every question.
		self := cd.selfStart(f, "Once Reviewed")
		cd.must("POST", "/attempt/"+self.id+"/submit", url.Values{"_csrf": {self.csrf}}, http.StatusSeeOther)
		_, res := cd.must("GET", "/attempt/"+self.id+"/result", nil, 200)
		n := 0
		for _, li := range res.All("ol.review li.question") {
			head := strings.SplitN((&page{root: li}).Text("h3"), ": ", 2)
			if told(f+" review", head[len(head)-1], li) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s review: no question shows narrated steps", f)
		}
		// Practice: its first pages.
		n = 0
		for q := 1; q <= 8; q++ {
			resp, body, err := cd.do("GET", fmt.Sprintf("/practice/%s?q=%d", f, q), nil)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode == http.StatusNotFound {
				break
			}
			p := parsePage(t, strings.NewReader(string(body)))
			if told(fmt.Sprintf("%s practice %d", f, q), p.Text("p.lead"), p.root) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s practice: no question shows narrated steps", f)
		}
	}
	t.Logf("%d questions shown beside their narrated situations, none told twice", checked)
}
