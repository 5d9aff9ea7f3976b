package search

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// CardHit is a card whose name or alias resembles the query.
type CardHit struct {
	Card
	Score float64 // 1 for an exact name or alias; below 1 otherwise, higher is better
}

const (
	maxCardQueryRunes = 64  // card names are short; longer input is cut
	maxCardCandidates = 200 // rows taken from the trigram table before re-ranking
	defaultCardLimit  = 10
	maxCardLimit      = 50
	minCardScore      = 0.5 // weaker resemblances are noise
)

// Cards finds cards by name, forgiving typos, missing punctuation and
// partial names: "sangna" finds Sangan, "apophis" Embodiment of Apophis,
// "dd warrior" D.D. Warrior Lady. An exact name or alias comes first. Like
// Search, any q is valid; input with no letters or digits finds nothing.
func (ix *Index) Cards(ctx context.Context, q string, limit int) ([]CardHit, error) {
	if limit <= 0 {
		limit = defaultCardLimit
	}
	limit = min(limit, maxCardLimit)
	key := fold(strings.ToValidUTF8(q, " "))
	if utf8.RuneCountInString(key) > maxCardQueryRunes {
		key = strings.TrimSpace(string([]rune(key)[:maxCardQueryRunes]))
	}
	if key == "" {
		return nil, nil
	}

	cands, err := ix.cardCandidates(ctx, key)
	if err != nil {
		return nil, err
	}
	best := map[int64]float64{}
	for _, c := range cands {
		if s := nameSimilarity(key, c.key); s >= minCardScore && s > best[c.cardID] {
			best[c.cardID] = s
		}
	}
	if len(best) == 0 {
		return nil, nil
	}
	ids := make([]int64, 0, len(best))
	for id := range best {
		ids = append(ids, id)
	}
	hits, err := ix.loadCards(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range hits {
		hits[i].Score = best[hits[i].id]
	}
	slices.SortFunc(hits, func(a, b cardRow) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
	out := make([]CardHit, 0, min(limit, len(hits)))
	for _, h := range hits[:min(limit, len(hits))] {
		out = append(out, h.CardHit)
	}
	return out, nil
}

type candidate struct {
	cardID int64
	key    string
}

// cardCandidates lists the names that share a trigram with key or, for
// keys too short for trigrams, that have a word starting with key.
func (ix *Index) cardCandidates(ctx context.Context, key string) ([]candidate, error) {
	var query string
	var args []any
	if grams := trigrams(key); len(grams) > 0 {
		quoted := make([]string, len(grams))
		for i, g := range grams {
			quoted[i] = phrase(g)
		}
		query = `SELECT n.card_id, n.key FROM card_names_fts JOIN card_names n ON n.id = card_names_fts.rowid
			WHERE card_names_fts MATCH ? ORDER BY card_names_fts.rank LIMIT ?`
		args = []any{strings.Join(quoted, " OR "), maxCardCandidates}
	} else {
		// fold leaves only letters, digits and single spaces: no LIKE
		// wildcards to escape.
		query = `SELECT card_id, key FROM card_names WHERE key LIKE ? OR key LIKE ? LIMIT ?`
		args = []any{key + "%", "% " + key + "%", maxCardCandidates}
	}
	rows, err := ix.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("search: cards %q: %w", key, err)
	}
	defer rows.Close()
	var out []candidate
	for rows.Next() {
		var c candidate
		if err := rows.Scan(&c.cardID, &c.key); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return out, nil
}

type cardRow struct {
	CardHit
	id int64
}

func (ix *Index) loadCards(ctx context.Context, ids []int64) ([]cardRow, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := ix.db.QueryContext(ctx, `SELECT id, name, slug, kind, aliases, text FROM cards
		WHERE id IN (`+strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("search: loading cards: %w", err)
	}
	defer rows.Close()
	var out []cardRow
	for rows.Next() {
		var c cardRow
		var aliases string
		if err := rows.Scan(&c.id, &c.Name, &c.Slug, &c.Kind, &aliases, &c.Text); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		if err := json.Unmarshal([]byte(aliases), &c.Aliases); err != nil {
			return nil, fmt.Errorf("search: aliases of %s: %w", c.Name, err)
		}
		if len(c.Aliases) == 0 {
			c.Aliases = nil
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return out, nil
}

// trigrams lists the distinct three-rune windows of key, as the trigram
// tokenizer cuts them (spaces included).
func trigrams(key string) []string {
	r := []rune(key)
	if len(r) < 3 {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for i := 0; i+3 <= len(r); i++ {
		g := string(r[i : i+3])
		if !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return out
}

// nameSimilarity scores how well the folded query q matches the folded
// name: 1 when equal, otherwise in [0, 0.99]. It takes the best of
// comparing the whole strings (typos: "sangna"), the query as the start of
// the name ("breaker the"), and word by word ("dd warrior", "apophis",
// "heavy strom"), where every query word is matched to its closest name
// word and names with many unmatched words score a little lower.
func nameSimilarity(q, name string) float64 {
	if q == name {
		return 1
	}
	qs, ns := strings.ReplaceAll(q, " ", ""), strings.ReplaceAll(name, " ", "")
	if qs == ns {
		return 0.99 // "blueeyes white dragon"
	}
	best := editSimilarity(qs, ns)
	if strings.HasPrefix(ns, qs) {
		best = max(best, 0.85+0.1*float64(utf8.RuneCountInString(qs))/float64(utf8.RuneCountInString(ns)))
	}

	qw, nw := strings.Fields(q), strings.Fields(name)
	if len(qw) > 0 && len(nw) > 0 {
		sum := 0.0
		used := make([]bool, len(nw))
		matched := 0
		for _, w := range qw {
			top, at := 0.0, -1
			for j, n := range nw {
				if s := wordSimilarity(w, n); s > top {
					top, at = s, j
				}
			}
			sum += top
			if at >= 0 && top >= 0.75 && !used[at] {
				used[at] = true
				matched++
			}
		}
		words := sum / float64(len(qw)) * (0.85 + 0.15*float64(matched)/float64(len(nw)))
		best = max(best, words)
	}
	return min(best, 0.99)
}

// wordSimilarity compares one query word with one name word: 1 if equal,
// high if the query word begins the name word, otherwise by edit distance.
func wordSimilarity(q, n string) float64 {
	if q == n {
		return 1
	}
	lq, ln := utf8.RuneCountInString(q), utf8.RuneCountInString(n)
	if strings.HasPrefix(n, q) {
		return 0.85 + 0.1*float64(lq)/float64(ln)
	}
	s := editSimilarity(q, n)
	if s < 0.5 {
		return 0
	}
	return s
}

// editSimilarity is 1 − distance/longer length, with the optimal string
// alignment distance (insertions, deletions, substitutions and swaps of
// two neighbours each cost 1).
func editSimilarity(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	n := max(len(ra), len(rb))
	if n == 0 {
		return 1
	}
	return 1 - float64(osaDistance(ra, rb))/float64(n)
}

func osaDistance(a, b []rune) int {
	// Three rolling rows: i-2, i-1, i.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
