package app

import (
	"bytes"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"substep/quizzes"
)

// TestCertificationLeaks attacks a certification with the real banks: every
// response a candidate can get while an attempt is open (the attempt page,
// its result address, the quiz home page, practice, the organiser pages
// without the token) and the result of the submitted attempt is searched
// for what would give an answer away: the bank's choice ids, question ids,
// the scenario's title, notes, comments and expect lines, the
// explanation and (while the attempt is open) the cited sections. It logs,
// for the banks' authors, a question whose prompt or situation names the
// right choice's words and no wrong choice's.
func TestCertificationLeaks(t *testing.T) {
	a := quizApp(t, Config{AttemptsPath: filepath.Join(t.TempDir(), "attempts.db")})
	_, set := checkedBanks(t)
	for _, f := range quizzes.Formats {
		t.Run(f, func(t *testing.T) {
			b, _ := set.Bank(f)
			cd := newCandidate(t, a.URL())
			sh := cd.start(f, "Leak Hunter")
			at, err := attemptsOf(a).Get(t.Context(), sh.id)
			if err != nil {
				t.Fatal(err)
			}
			var bodies []string
			get := func(path string) {
				_, body, err := cd.do("GET", path, nil)
				if err != nil {
					t.Fatal(err)
				}
				bodies = append(bodies, string(body))
			}
			for _, p := range []string{"/attempt/" + sh.id, "/attempt/" + sh.id + "/result", "/quiz", "/practice/" + f, "/organiser", "/organiser/items/" + f} {
				get(p)
			}
			attemptPage := bodies[0]
			paths := []string{"attempt page", "result before submission", "quiz home", "practice", "organiser (no token)", "item statistics (no token)", "result"}
			cd.must("POST", "/attempt/"+sh.id+"/submit", url.Values{"_csrf": {sh.csrf}}, http.StatusSeeOther)
			get("/attempt/" + sh.id + "/result")

			p := parsePage(t, strings.NewReader(attemptPage))
			fields := p.All("fieldset.question")
			for i, it := range at.Items {
				q, _ := b.Question(it.QuestionID)
				leaks := []string{q.ID}
				leaks = append(leaks, it.Stable...)
				if q.Explain != "" {
					leaks = append(leaks, q.Explain)
				}
				for _, l := range scenarioSecrets(q.Scenario) {
					if !strings.Contains(q.Prompt, l) { // the author may say it in the prompt
						leaks = append(leaks, l)
					}
				}
				cites := len(leaks)
				leaks = append(leaks, q.Cites...)
				for j, body := range bodies {
					for k, l := range leaks {
						// The cited sections are public pages (practice cites
						// them too, and the result names them to study); only
						// the open attempt must not say which it tests.
						if j == practicePage && !practiceSecret(l) {
							continue
						}
						if l != "" && strings.Contains(body, l) && (k < cites || j < 2) {
							t.Errorf("question %d (%s): the %s shows %q", i+1, q.ID, paths[j], l)
						}
					}
				}
				// The situation gives the answer away when it names the
				// right choice and no wrong one.
				if i < len(fields) {
					sit := strings.ToLower((&page{root: fields[i]}).Text("legend"))
					for _, n := range (&page{root: fields[i]}).All("div.situation") {
						sit += " " + strings.ToLower(textOf(n))
					}
					rightIn, wrongIn := false, false
					for _, c := range q.Choices {
						if !regexp.MustCompile(`[A-Za-z]{4}`).MatchString(c.Label()) || regexp.MustCompile(`^Player [A-F]\d?$`).MatchString(c.Label()) {
							continue // numbers, "yes", a player: every board and narration says them
						}
						in := regexp.MustCompile(`\b` + regexp.QuoteMeta(strings.ToLower(c.Label())) + `\b`).MatchString(sit)
						if c.ID == q.Correct {
							rightIn = in
						} else {
							wrongIn = wrongIn || in
						}
					}
					// The bank's own wording (banks' lint owns it): logged
					// for the bank's authors, not a leak of the site.
					if rightIn && !wrongIn {
						t.Logf("bank finding: question %d (%s): its prompt or situation names the right choice %q and no wrong one", i+1, q.ID, q.CorrectChoice().Label())
					}
				}
			}
			if n := len(parsePage(t, bytes.NewReader([]byte(bodies[len(bodies)-1]))).All("ol.review li")); n != 0 {
				t.Errorf("the submitted certification's result reviews %d questions", n)
			}
		})
	}
}

// scenarioSecrets are the lines of a scenario a candidate must never see:
// the title, notes and example headers, comments and expect lines (each
// at least a few words long, so a match means the line itself).
// practicePage is the index of the practice page among the bodies
// TestCertificationLeaks fetches.
const practicePage = 3

// practiceSecret reports whether line, a secret of a certification
// question's scenario, must not appear on a practice page. Titles, notes
// and comments must not: they are free text that describes the situation
// and often its outcome. An expect line need not: practice never shows a
// certification question's scenario (CheckedBank.Practice), so an expect
// line there belongs to another situation, and a short line such as
// "expect goat: winner = A" says nothing about which certification
// question, if any, has the same answer; what a candidate could still
// learn from practice answers is measured by the harvest tests.
func practiceSecret(line string) bool {
	return !strings.HasPrefix(strings.ToLower(line), "expect ")
}

func scenarioSecrets(src string) []string {
	var out []string
	for _, raw := range strings.Split(src, "\n") {
		line := strings.TrimSpace(raw)
		low := strings.ToLower(line)
		switch {
		case strings.HasPrefix(low, "title:"), strings.HasPrefix(low, "notes:"), strings.HasPrefix(low, "note:"), strings.HasPrefix(low, "example:"):
			line = strings.TrimSpace(line[strings.Index(line, ":")+1:])
		case strings.HasPrefix(line, "#"):
			line = strings.TrimSpace(strings.TrimLeft(line, "#"))
		case strings.HasPrefix(low, "expect "):
		default:
			if i := strings.Index(line, " #"); i >= 0 {
				line = strings.TrimSpace(line[i+2:])
				break
			}
			continue
		}
		if len(strings.Fields(line)) >= 3 {
			out = append(out, line)
		}
	}
	return out
}

// TestPracticeShowsNoCertificationSecret: practice pages show their own
// scenario's script, expect lines and comments; none of them may repeat
// the title, a note or a comment of any certification question's scenario
// (practiceSecret), whichever questions an attempt happens to draw (the
// per-attempt check above sees only the questions of one draw and the
// first practice page).
func TestPracticeShowsNoCertificationSecret(t *testing.T) {
	a := quizApp(t, Config{AttemptsPath: filepath.Join(t.TempDir(), "attempts.db")})
	_, set := checkedBanks(t)
	for _, f := range quizzes.Formats {
		t.Run(f, func(t *testing.T) {
			b, _ := set.Bank(f)
			secrets := map[string]string{} // secret line → a certification question saying it
			for _, q := range b.InPool(quizzes.PoolCertification).Questions {
				for _, l := range scenarioSecrets(q.Scenario) {
					if !strings.Contains(q.Prompt, l) && practiceSecret(l) {
						secrets[l] = q.ID
					}
				}
			}
			cd := newCandidate(t, a.URL())
			for n := 1; n <= len(b.Practice().Questions); n++ {
				_, body, err := cd.do("GET", "/practice/"+f+"?q="+strconv.Itoa(n), nil)
				if err != nil {
					t.Fatal(err)
				}
				for l, id := range secrets {
					if strings.Contains(string(body), l) {
						t.Errorf("practice question %d shows %q, a line of certification question %s's scenario", n, l, id)
					}
				}
			}
		})
	}
}
