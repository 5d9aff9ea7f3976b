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
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"substep/quizzes"
	"substep/web"
)

// TestItemStatisticsCohort runs a simulated cohort through coded Goat
// certifications over HTTP and reads the organiser's item statistics page.
// Each candidate has an ability; a question is answered right with a
// probability that rises with ability and falls with its difficulty (a
// logistic model), except two planted questions: one every candidate gets
// right, one nobody does. The page must flag those two as such (others
// may be flagged by chance of the simulation, and are logged),
// and questions must on average discriminate (positive point-biserial),
// since the simulated answers depend on ability.
func TestItemStatisticsCohort(t *testing.T) {
	a := quizApp(t, Config{AttemptsPath: filepath.Join(t.TempDir(), "attempts.db"), RateLimit: web.RateLimit{Off: true}})
	_, set := checkedBanks(t)
	full, _ := set.Bank("goat")
	pool := full.InPool(quizzes.PoolCertification)
	// The planted questions come from the two smallest topics, which a
	// draw spread across topics asks nearly every candidate.
	counts := pool.TopicCounts()
	topics := pool.Topics()
	sort.SliceStable(topics, func(i, j int) bool { return counts[topics[i]] < counts[topics[j]] })
	first := func(topic string) string {
		for _, q := range pool.Questions {
			if q.Topic == topic {
				return q.ID
			}
		}
		return ""
	}
	easy, hard := first(topics[0]), first(topics[1])
	rng := rand.New(rand.NewPCG(2026, 11))
	const cohort = 40
	for i := 0; i < cohort; i++ {
		ability := rng.NormFloat64()
		cd := newCandidate(t, a.URL())
		sh := cd.start("goat", fmt.Sprintf("Candidate %02d", i))
		at, err := attemptsOf(a).Get(t.Context(), sh.id)
		if err != nil {
			t.Fatal(err)
		}
		form := url.Values{"_csrf": {sh.csrf}}
		for n, it := range at.Items {
			q, _ := pool.Question(it.QuestionID)
			p := 1 / (1 + math.Exp(-(1.7*ability - float64(q.Difficulty-2))))
			right := rng.Float64() < p
			switch it.QuestionID {
			case easy:
				right = true
			case hard:
				right = false
			}
			pick := it.Correct
			if !right {
				wrong := []string{}
				for _, c := range it.Choices {
					if c != it.Correct {
						wrong = append(wrong, c)
					}
				}
				pick = wrong[rng.IntN(len(wrong))]
			}
			form.Set("q"+strconv.Itoa(n+1), pick)
		}
		cd.must("POST", "/attempt/"+sh.id+"/submit", form, http.StatusSeeOther)
	}

	req, _ := http.NewRequest("GET", a.URL()+"/organiser/items/goat", nil)
	req.Header.Set("Authorization", "Bearer "+organiserToken)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("item statistics: %d", resp.StatusCode)
	}
	p := parsePage(t, bytes.NewReader(body))
	var table strings.Builder
	fmt.Fprintf(&table, "%-44s %5s %7s %6s %6s  %s\n", "question", "asked", "correct", "pbis", "U-L27", "flag")
	flags, asked := map[string]string{}, map[string]string{}
	var pbSum float64
	var pbN int
	for _, tr := range p.All("table.items tbody tr") {
		var cells []string
		for c := tr.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				cells = append(cells, strings.TrimSpace(textOf(c)))
			}
		}
		if len(cells) != 7 {
			t.Fatalf("a row with %d cells: %q", len(cells), cells)
		}
		fmt.Fprintf(&table, "%-44s %5s %7s %6s %6s  %s\n", cells[0], cells[2], cells[3], cells[4], cells[5], cells[6])
		flags[cells[0]], asked[cells[0]] = cells[6], cells[2]
		if v, err := strconv.ParseFloat(cells[4], 64); err == nil {
			pbSum += v
			pbN++
		}
	}
	t.Logf("item statistics of a simulated cohort of %d Goat candidates:\n%s", cohort, table.String())
	if !strings.Contains(p.Text("p.lead"), strconv.Itoa(cohort)+" submitted") {
		t.Errorf("the page does not count %d candidates: %q", cohort, p.Text("p.lead"))
	}
	for q, want := range map[string]string{easy: quizzes.FlagEverybody, hard: quizzes.FlagNobody} {
		if got := flags[q]; got != want {
			t.Errorf("%s (asked %s times): flag %q, want %q", q, asked[q], got, want)
		}
	}
	for q, f := range flags {
		if (f == quizzes.FlagEverybody || f == quizzes.FlagNobody) && q != easy && q != hard {
			t.Logf("%s is flagged %q by chance of the simulation", q, f)
		}
	}
	if pbN == 0 || pbSum/float64(pbN) < 0.1 {
		t.Errorf("mean point-biserial %.2f over %d questions; answers driven by ability must discriminate", pbSum/float64(max(pbN, 1)), pbN)
	}
}
