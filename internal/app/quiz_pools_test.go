package app

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"substep/quizzes"
)

// TestPoolSizes reports each format's pools: certification questions in
// all and per rule page they cite, the share with four or more choices,
// the practice questions practice may show (those with a scenario of
// their own); and fails when a question practice shows shares its
// scenario or deck with a certification question, or a certification
// question is in practice.
func TestPoolSizes(t *testing.T) {
	_, set := checkedBanks(t)
	for _, f := range quizzes.Formats {
		b, _ := set.Bank(f)
		cert := b.InPool(quizzes.PoolCertification)
		practice := b.Practice()
		four, perPage := 0, map[string]int{}
		certScen := map[string]bool{}
		for _, q := range cert.Questions {
			if len(q.Choices) >= 4 {
				four++
			}
			pages := map[string]bool{}
			for _, c := range q.Cites {
				pages[strings.SplitN(c, "#", 2)[0]] = true
			}
			for p := range pages {
				perPage[p]++
			}
			certScen[q.Scenario+"\x00"+q.Deck] = true
		}
		for _, q := range practice.Questions {
			if q.Pool != quizzes.PoolPractice || certScen[q.Scenario+"\x00"+q.Deck] {
				t.Errorf("%s: practice shows %s (pool %s), whose scenario a certification question uses", f, q.ID, q.Pool)
			}
		}
		var pages []string
		for p, n := range perPage {
			pages = append(pages, fmt.Sprintf("%s %d", p, n))
		}
		sort.Strings(pages)
		share := 0
		if len(cert.Questions) > 0 {
			share = four * 100 / len(cert.Questions)
		}
		t.Logf("%s: certification %d (four or more choices: %d, %d%%), practice %d of %d shown; per page: %s",
			f, len(cert.Questions), four, share, len(practice.Questions), len(b.InPool(quizzes.PoolPractice).Questions), strings.Join(pages, ", "))
	}
}
