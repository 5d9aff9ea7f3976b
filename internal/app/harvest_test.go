package app

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"substep/internal/attempts"
	"substep/quizzes"
	"substep/web"
)

// harvester is a candidate who collects every answer the site lets slip
// before taking a certification: the practice pages (every choice tried),
// the result pages of blank retakes (certifications and self-assessments),
// and the replay API fed whatever the test page shows.
type harvester struct {
	cd *candidate
	// byPrompt: a prompt and its situation (as shown, promptKey) → the
	// label practice or a review marked right.
	byPrompt map[string]string
	// byID: a choice id seen marked right anywhere.
	byID map[string]bool
	// seen: labels ever marked right, whatever the question.
	seen map[string]int
	// replays counts the replay API's answers by status.
	replays map[int]int
}

func normPrompt(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// situationOf is the situation a page shows for one question (in sub): the
// narrated steps, or the deck list.
func situationOf(sub *page) string {
	if d := sub.Text("div.situation pre"); d != "" {
		return d
	}
	var steps []string
	for _, li := range sub.All("ol.steps li") {
		steps = append(steps, textOf(li))
	}
	return strings.Join(steps, "\n")
}

// promptKey is how the harvester recognises a question it has seen: the
// question as shown and the situation told beside it.
func promptKey(prompt, situation string) string {
	return normPrompt(prompt) + "\x00" + normPrompt(situation)
}

// learnPractice answers every practice question with every choice and
// keeps the one the page calls right.
func (h *harvester) learnPractice(t *testing.T, format string) {
	t.Helper()
	for n := 1; ; n++ {
		resp, body, err := h.cd.do("GET", fmt.Sprintf("/practice/%s?q=%d", format, n), nil)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == http.StatusNotFound {
			return
		}
		p := parsePage(t, bytes.NewReader(body))
		prompt := promptKey(p.Text("p.lead"), situationOf(p))
		for _, in := range p.All(".practice input[type=radio]") {
			id, _ := attr(in, "value")
			_, ans := h.cd.must("GET", fmt.Sprintf("/practice/%s?q=%d&choice=%s", format, n, id), nil, 200)
			if ans.Text("p.feedback") == "Right." {
				h.byID[id] = true
				right := ans.Text("ul.review li.right")
				right = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.ReplaceAll(right, "your answer", "")), "right answer"))
				h.byPrompt[prompt] = right
				h.seen[right]++
				break
			}
		}
	}
}

// learnReviews reads a result page and keeps whatever it marks right.
func (h *harvester) learnReviews(res *page) {
	for _, li := range res.All("ol.review li.question") {
		sub := &page{root: li}
		head := strings.SplitN(sub.Text("h3"), ": ", 2)
		prompt := promptKey(head[len(head)-1], situationOf(sub))
		for _, ch := range sub.All("li.right") {
			label := strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(textOf(ch), "right answer", ""), "your answer", ""))
			h.byPrompt[prompt] = label
			h.seen[label]++
		}
	}
}

// pick chooses a choice for one question of a fresh attempt: a label the
// replay API's answer to the shown situation contains, else a prompt
// learned elsewhere, else a choice id marked right elsewhere, else the
// label most often right elsewhere, else a seeded random one.
func (h *harvester) pick(t *testing.T, rng *rand.Rand, prompt, situation string, ids, labels []string) string {
	if situation != "" {
		resp, err := h.cd.c.Post(h.cd.base+"/api/replay", "text/plain", strings.NewReader(situation))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		h.replays[resp.StatusCode]++
		if resp.StatusCode == 200 {
			for i, l := range labels {
				if strings.Contains(string(body), l) {
					return ids[i]
				}
			}
		}
	}
	if want, ok := h.byPrompt[promptKey(prompt, situation)]; ok {
		for i, l := range labels {
			if l == want {
				return ids[i]
			}
		}
	}
	for _, id := range ids {
		if h.byID[id] {
			return id
		}
	}
	best, bestN := "", 0
	for i, l := range labels {
		if h.seen[l] > bestN {
			best, bestN = ids[i], h.seen[l]
		}
	}
	if best != "" {
		return best
	}
	return ids[rng.IntN(len(ids))]
}

// TestHarvestScoresAtChance: everything a candidate can read before a
// certification (practice, blank retakes' results, the replay API fed the
// test page) does not beat chance on fresh certifications. It fails when
// anything leaks: a shared question, a shared choice id, a result page
// naming right choices, or a page from which the engine can be asked.
func TestHarvestScoresAtChance(t *testing.T) {
	a := quizApp(t, Config{AttemptsPath: filepath.Join(t.TempDir(), "attempts.db"), RateLimit: web.RateLimit{Off: true}})
	store := attemptsOf(a)
	_, set := checkedBanks(t)
	h := &harvester{cd: newCandidate(t, a.URL()), byPrompt: map[string]string{}, byID: map[string]bool{}, seen: map[string]int{}, replays: map[int]int{}}
	const blankRetakes, freshPerFormat = 3, 2
	for _, f := range quizzes.Formats {
		h.learnPractice(t, f)
		starts := []func(string, string) sheet{h.cd.start}
		if b, _ := set.Bank(f); len(b.Practice().Questions) > 0 {
			starts = append(starts, h.cd.selfStart)
		}
		for i := 0; i < blankRetakes; i++ {
			for _, start := range starts {
				sh := start(f, fmt.Sprintf("Harvester %d", i))
				h.cd.must("POST", "/attempt/"+sh.id+"/submit", url.Values{"_csrf": {sh.csrf}}, http.StatusSeeOther)
				_, res := h.cd.must("GET", "/attempt/"+sh.id+"/result", nil, 200)
				h.learnReviews(res)
			}
		}
	}
	t.Logf("harvested %d prompts and %d choice ids marked right", len(h.byPrompt), len(h.byID))

	rng := rand.New(rand.NewPCG(13, 13))
	var right, asked int
	var chance, variance float64
	for _, f := range quizzes.Formats {
		for i := 0; i < freshPerFormat; i++ {
			cd := newCandidate(t, a.URL())
			code := issueCode(t, a.URL(), organiserToken, f, "Fresh Candidate")
			_, home := cd.must("GET", "/quiz", nil, 200)
			resp, _ := cd.must("POST", "/quiz/"+f+"/certify", url.Values{"_csrf": {home.Attr("form[action=/quiz/"+f+"/certify] input[name=_csrf]", "value")}, "code": {code}}, http.StatusSeeOther)
			loc := resp.Header.Get("Location")
			n, c, v := h.take(t, rng, cd, loc)
			asked, chance, variance = asked+n, chance+c, variance+v
			id := strings.TrimPrefix(loc, "/attempt/")
			at, err := store.Get(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			right += at.Correct
		}
	}
	// The control: on a self-assessment, drawn from the practice questions
	// it harvested, the same harvester scores (nearly) everything, so a
	// leak of certification answers would show in its score above.
	ctl := newCandidate(t, a.URL())
	sh := ctl.selfStart("goat", "Control")
	if n, _, _ := h.take(t, rng, ctl, "/attempt/"+sh.id); n > 0 {
		at, err := store.Get(t.Context(), sh.id)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("control: the harvester scores %d of %d on a practice self-assessment", at.Correct, n)
		if at.Correct*10 < n*8 {
			t.Errorf("the harvester scores only %d of %d on questions it harvested: it cannot detect a leak", at.Correct, n)
		}
	}
	limit := chance + 3*math.Sqrt(variance)
	t.Logf("harvester on %d fresh certification questions: %d right; chance %.1f, limit (chance + 3 SD) %.1f", asked, right, chance, limit)
	if float64(right) > limit {
		t.Errorf("the harvester scored %d of %d, above chance (%.1f) by more than 3 SD: something leaks", right, asked, chance)
	}
	t.Logf("the replay API fed the test pages answered: %v (status → count)", h.replays)
}

// take answers the attempt at loc as the harvester would and submits it;
// it returns how many questions it answered, and the expected score and
// variance of guessing them.
func (h *harvester) take(t *testing.T, rng *rand.Rand, cd *candidate, loc string) (int, float64, float64) {
	t.Helper()
	_, body, err := cd.do("GET", loc, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := parsePage(t, bytes.NewReader(body))
	form := url.Values{"_csrf": {p.Attr("form#attempt-form input[name=_csrf]", "value")}}
	var asked int
	var chance, variance float64
	for _, fs := range p.All("fieldset.question") {
		q := &page{root: fs}
		prompt := strings.SplitN(q.Text("legend"), ": ", 2)[1]
		situation := situationOf(q)
		var ids, labels []string
		var name string
		for _, lab := range q.All("ul.choices label") {
			in := (&page{root: lab}).All("input")[0]
			id, _ := attr(in, "value")
			name, _ = attr(in, "name")
			ids = append(ids, id)
			labels = append(labels, strings.TrimSpace(textOf(lab)))
		}
		form.Set(name, h.pick(t, rng, prompt, situation, ids, labels))
		pc := 1 / float64(len(ids))
		chance += pc
		variance += pc * (1 - pc)
		asked++
	}
	cd.must("POST", loc+"/submit", form, http.StatusSeeOther)
	return asked, chance, variance
}

// TestRetakeMeetsNoQuestionAgain: an organiser lets an exam code start
// several certifications, and each result page tells its candidate which
// picks were right (the topic breakdown, the questions to study). A
// retake on that code draws none of the questions, nor any situation, its
// earlier attempts drew, so what the candidate learned answers nothing.
// (Before, a candidate answering at random and keeping what the result
// pages told scored 87 right on attempts 2 to 10 of one code against
// chance 48, SD 5.9.)
func TestRetakeMeetsNoQuestionAgain(t *testing.T) {
	a := quizApp(t, Config{AttemptsPath: filepath.Join(t.TempDir(), "attempts.db"), RateLimit: web.RateLimit{Off: true}})
	store := attemptsOf(a)
	if err := store.SetPolicy(t.Context(), attempts.Policy{Format: "goat", AttemptsPerCode: 4}); err != nil {
		t.Fatal(err)
	}
	_, set := checkedBanks(t)
	bank, _ := set.Bank("goat")
	code := issueCode(t, a.URL(), organiserToken, "goat", "Retaking Candidate")
	met, played := map[string]bool{}, map[string]bool{}
	for round := range 4 {
		cd := newCandidate(t, a.URL())
		_, home := cd.must("GET", "/quiz", nil, 200)
		resp, _ := cd.must("POST", "/quiz/goat/certify", url.Values{"_csrf": {home.Attr("form[action=/quiz/goat/certify] input[name=_csrf]", "value")}, "code": {code}}, http.StatusSeeOther)
		sh := cd.sheet(resp.Header.Get("Location"))
		at, err := store.Get(t.Context(), sh.id)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range at.Items {
			q, _ := bank.Question(it.QuestionID)
			if met[it.QuestionID] || played[q.Replay.Key] {
				t.Errorf("attempt %d on one code asks %s again (or its situation)", round+1, it.QuestionID)
			}
		}
		for _, it := range at.Items {
			q, _ := bank.Question(it.QuestionID)
			met[it.QuestionID], played[q.Replay.Key] = true, q.Replay.Key != ""
		}
		form := url.Values{"_csrf": {sh.csrf}}
		for name, ids := range sh.choices {
			form.Set(name, ids[0])
		}
		cd.must("POST", "/attempt/"+sh.id+"/submit", form, http.StatusSeeOther)
	}
	t.Logf("4 attempts on one code met %d questions", len(met))
}
