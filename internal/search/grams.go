package search

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"sync"
)

// nameGrams is the card names' trigram index, built once when the index
// opens and kept in memory: for each trigram, the names holding it. It
// picks a query's candidate names the way the card_names_fts MATCH of
// every query trigram ORDER BY rank did (FTS5's bm25 over the same
// trigrams), without asking SQLite to rank every name that shares a
// common trigram ("the", " of") on each query: with every card of every
// pool indexed that query was most of a card search's time.
type nameGrams struct {
	names   []candidate          // by rowid order
	lens    []float64            // each name's trigram count (FTS5's column size)
	post    map[string][]posting // trigram → names holding it, in order
	avg     float64              // mean trigram count
	longest int                  // the longest name, in runes
	pool    sync.Pool            // *[]float64 score rows, one slot per name
}

// posting is one name holding a trigram, tf times.
type posting struct {
	name int32
	tf   int32
}

// bm25 parameters, FTS5's defaults.
const bm25K1, bm25B = 1.2, 0.75

// loadNameGrams reads every card name and indexes its trigrams.
func loadNameGrams(ctx context.Context, db *sql.DB) (*nameGrams, error) {
	rows, err := db.QueryContext(ctx, `SELECT card_id, key, formats, rank FROM card_names ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("search: card names: %w", err)
	}
	defer rows.Close()
	g := &nameGrams{post: map[string][]posting{}}
	total := 0
	for rows.Next() {
		var c candidate
		if err := rows.Scan(&c.cardID, &c.key, &c.formats, &c.rank); err != nil {
			return nil, fmt.Errorf("search: card names: %w", err)
		}
		i := int32(len(g.names))
		g.names = append(g.names, c)
		r := []rune(c.key)
		g.longest = max(g.longest, len(r))
		n := max(len(r)-2, 0)
		g.lens = append(g.lens, float64(n))
		total += n
		for j := 0; j+3 <= len(r); j++ {
			t := string(r[j : j+3])
			ps := g.post[t]
			if k := len(ps) - 1; k >= 0 && ps[k].name == i {
				ps[k].tf++
			} else {
				ps = append(ps, posting{name: i, tf: 1})
			}
			g.post[t] = ps
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: card names: %w", err)
	}
	if len(g.names) > 0 {
		g.avg = float64(total) / float64(len(g.names))
	}
	g.pool.New = func() any { s := make([]float64, len(g.names)); return &s }
	return g, nil
}

// candidates returns up to limit names sharing a trigram with grams (the
// query's distinct trigrams), best bm25 first, ties in name order.
func (g *nameGrams) candidates(grams []string, limit int) []candidate {
	sp := g.pool.Get().(*[]float64)
	defer g.pool.Put(sp)
	scores := *sp
	var hit []int32
	n := float64(len(g.names))
	for _, t := range grams {
		ps := g.post[t]
		if len(ps) == 0 {
			continue
		}
		nt := float64(len(ps))
		idf := math.Log((n - nt + 0.5) / (nt + 0.5))
		if idf <= 0 {
			idf = 1e-6
		}
		for _, p := range ps {
			if scores[p.name] == 0 {
				hit = append(hit, p.name)
			}
			tf := float64(p.tf)
			scores[p.name] += idf * tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*g.lens[p.name]/g.avg))
		}
	}
	slices.SortFunc(hit, func(a, b int32) int {
		if c := cmp.Compare(scores[b], scores[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	out := make([]candidate, 0, min(limit, len(hit)))
	for _, i := range hit[:min(limit, len(hit))] {
		out = append(out, g.names[i])
	}
	for _, i := range hit {
		scores[i] = 0
	}
	return out
}
