package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// TestNameGramsAgreeWithFTS5: the in-memory trigram index picks the same
// candidate names as FTS5's trigram MATCH ordered by bm25 did, on a
// catalogue big enough that common trigrams match more names than the
// candidate limit. Names tied with the last one FTS5 kept may be cut
// differently, so only names ranked strictly better than it are compared.
func TestNameGramsAgreeWithFTS5(t *testing.T) {
	words := strings.Fields("chaos emperor dragon envoy of the end black luster soldier beginning sangan sakuretsu armor magician girl dark the of lord gate guardian heavy storm mystic typhoon jinzo")
	r := rand.New(rand.NewPCG(1, 2))
	cards := testCards()
	for i := range 1500 {
		n := 2 + r.IntN(5)
		var w []string
		for range n {
			w = append(w, words[r.IntN(len(words))])
		}
		name := fmt.Sprintf("%s %d", strings.Join(w, " "), i)
		cards = append(cards, Card{Name: name, Slug: slug(name), Kind: "monster"})
	}
	ctx := context.Background()
	// A file index: only a built file keeps the FTS5 trigram table.
	ix, err := Build(ctx, filepath.Join(t.TempDir(), "names.db"), nil, cards)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	for _, q := range []string{"chaos emperor dragon envoy of the end", "the", "sangna", "dark magician girl", "heavy strom", "of the", "jinzo 12"} {
		grams := trigrams(fold(q))
		quoted := make([]string, len(grams))
		for i, g := range grams {
			quoted[i] = phrase(g)
		}
		rows, err := ix.db.QueryContext(ctx, `SELECT n.key, card_names_fts.rank FROM card_names_fts JOIN card_names n ON n.id = card_names_fts.rowid
			WHERE card_names_fts MATCH ? ORDER BY card_names_fts.rank LIMIT ?`, strings.Join(quoted, " OR "), maxCardCandidates)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		var ranks []float64
		for rows.Next() {
			var k string
			var rank float64
			if err := rows.Scan(&k, &rank); err != nil {
				t.Fatal(err)
			}
			keys, ranks = append(keys, k), append(ranks, rank)
		}
		rows.Close()
		got := map[string]bool{}
		cands := ix.grams.candidates(grams, maxCardCandidates)
		for _, c := range cands {
			got[c.key] = true
		}
		if len(cands) != len(keys) {
			t.Errorf("%q: %d candidates, FTS5 gave %d", q, len(cands), len(keys))
		}
		for i, k := range keys {
			if len(keys) == maxCardCandidates && ranks[i] >= ranks[len(ranks)-1]-1e-9 {
				break // tied with the last kept
			}
			if !got[k] {
				t.Errorf("%q: FTS5 ranks %q %d of %d; the trigram index left it out", q, k, i+1, len(keys))
			}
		}
	}
}
