package search

import "testing"

func TestZZDebug(t *testing.T) {
	ix := buildIndex(t, testDocs(), testCards())
	for _, q := range []string{"field spell", "Damage Step timings", "the damage-step has SIX timings", "dd warrior", "edison seven", "hat rule 5", "sangan", "dam"} {
		res := search(t, ix, q, Filter{})
		t.Logf("%q %s total=%d", q, MatchQuery(q), res.Total)
		for _, h := range res.Hits {
			t.Logf("   %-55s %.4f %s", h.URL, h.Score, h.Snippet)
		}
	}
}
