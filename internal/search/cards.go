package search

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"substep/internal/osa"
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
	// minCardScore is the least resemblance offered. At 0.5, plain rule
	// words found cards ("damage" → Ojama Green, "effect" → Reflect
	// Bounder, "hand" → Light and Darkness Dragon, all 0.5–0.67); a typo of
	// one letter in five ("jnzo") scores 0.8, and a query word that begins
	// a name word scores at least 0.72 however long the name.
	minCardScore = 0.7
)

// Cards finds cards by name, forgiving typos, missing punctuation and
// partial names: "sangna" finds Sangan, "apophis" Embodiment of Apophis,
// "dd warrior" D.D. Warrior Lady. An exact name or alias comes first. Like
// Search, any q is valid; input with no letters or digits finds nothing,
// and so does input more than a quarter longer than the longest name.
func (ix *Index) Cards(ctx context.Context, q string, limit int) ([]CardHit, error) {
	return ix.CardsIn(ctx, q, "", limit)
}

// notInFormat scales the score of a card outside the searched format's
// pool, so that the format's own cards come first (unless the query is the
// card's whole name or abbreviation).
const notInFormat = 0.9

// CardsIn is Cards in the context of a format ("goat"; "" for none): an
// abbreviation means the card it means in that format ("CED" is Chaos
// Emperor Dragon in Goat), abbreviations for other formats do not apply,
// and cards outside the format's pool rank after its own.
func (ix *Index) CardsIn(ctx context.Context, q, format string, limit int) ([]CardHit, error) {
	if limit <= 0 {
		limit = defaultCardLimit
	}
	limit = min(limit, maxCardLimit)
	key := fold(strings.ToValidUTF8(q, " "))
	n := utf8.RuneCountInString(key)
	if n > ix.longestName+ix.longestName/4 {
		// Longer than any name, even with typos: a question, not a card
		// name. Its words are better searched in the rules than scored
		// against every card sharing a trigram with it.
		return nil, nil
	}
	if n > maxCardQueryRunes {
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
	sc := newNameScorer(key)
	for _, c := range cands {
		if c.formats != "" && format != "" && !hasWord(c.formats, format) {
			continue // an abbreviation for other formats
		}
		s := sc.score(c.key)
		if s == 1 {
			s -= 0.001 * float64(min(c.rank, 100)) // the abbreviation's usual meaning first
		}
		if s >= minCardScore && s > best[c.cardID] {
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
		// A name typed in full still comes first: it names the card.
		if format != "" && hits[i].Score < 0.99 && len(hits[i].Formats) > 0 && !slices.Contains(hits[i].Formats, format) {
			hits[i].Score *= notInFormat
		}
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
	cardID  int64
	key     string
	formats string // where the name applies ('' = anywhere)
	rank    int
}

// hasWord reports whether the space-separated list holds w.
func hasWord(list, w string) bool {
	for f := range strings.FieldsSeq(list) {
		if f == w {
			return true
		}
	}
	return false
}

// cardCandidates lists the names that share a trigram with key or, for
// keys too short for trigrams, that have a word starting with key.
func (ix *Index) cardCandidates(ctx context.Context, key string) ([]candidate, error) {
	if grams := trigrams(key); len(grams) > 0 {
		return ix.grams.candidates(grams, maxCardCandidates), nil
	}
	// fold leaves only letters, digits and single spaces: no LIKE
	// wildcards to escape.
	st, err := ix.stmt(ctx, `SELECT card_id, key, formats, rank FROM card_names WHERE key LIKE ? OR key LIKE ? LIMIT ?`)
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, key+"%", "% "+key+"%", maxCardCandidates)
	if err != nil {
		return nil, fmt.Errorf("search: cards %q: %w", key, err)
	}
	defer rows.Close()
	var out []candidate
	for rows.Next() {
		var c candidate
		if err := rows.Scan(&c.cardID, &c.key, &c.formats, &c.rank); err != nil {
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
	st, err := ix.stmt(ctx, `SELECT id, name, slug, kind, aliases, text, formats FROM cards
		WHERE id IN (SELECT value FROM json_each(?))`)
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, jsonIDs(ids))
	if err != nil {
		return nil, fmt.Errorf("search: loading cards: %w", err)
	}
	defer rows.Close()
	var out []cardRow
	for rows.Next() {
		var c cardRow
		var aliases, formats string
		if err := rows.Scan(&c.id, &c.Name, &c.Slug, &c.Kind, &aliases, &c.Text, &formats); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		if err := json.Unmarshal([]byte(aliases), &c.Aliases); err != nil {
			return nil, fmt.Errorf("search: aliases of %s: %w", c.Name, err)
		}
		if len(c.Aliases) == 0 {
			c.Aliases = nil
		}
		if formats != "" {
			c.Formats = strings.Fields(formats)
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
// word and names with many unmatched words score a little lower. Whole
// strings closer than minCardScore count as 0 (their distance is not
// worked out to the end).
func nameSimilarity(q, name string) float64 { return newNameScorer(q).score(name) }

// nameScorer is nameSimilarity for one query against many names, with the
// query's parts worked out once.
type nameScorer struct {
	q, qs string   // the query, and without spaces
	qsr   []rune   // qs
	qw    []string // its words
	qwr   [][]rune // qw
	buf   []int    // osa.Within's rows, reused
}

func newNameScorer(q string) *nameScorer {
	sc := &nameScorer{q: q, qs: strings.ReplaceAll(q, " ", ""), qw: strings.Fields(q)}
	sc.qsr = []rune(sc.qs)
	for _, w := range sc.qw {
		sc.qwr = append(sc.qwr, []rune(w))
	}
	return sc
}

func (sc *nameScorer) score(name string) float64 {
	if sc.q == name {
		return 1
	}
	ns := strings.ReplaceAll(name, " ", "")
	if sc.qs == ns {
		return 0.99 // "blueeyes white dragon"
	}
	best := sc.editSimilarityAtLeast(sc.qsr, []rune(ns), minCardScore)
	if strings.HasPrefix(ns, sc.qs) {
		best = max(best, 0.85+0.1*float64(utf8.RuneCountInString(sc.qs))/float64(utf8.RuneCountInString(ns)))
	}

	nw := strings.Fields(name)
	if len(sc.qw) > 0 && len(nw) > 0 {
		nwr := make([][]rune, len(nw))
		for j, n := range nw {
			nwr[j] = []rune(n)
		}
		sum := 0.0
		used := make([]bool, len(nw))
		matched := 0
		for i, w := range sc.qw {
			top, at := 0.0, -1
			for j, n := range nw {
				if s := sc.wordSimilarity(w, n, sc.qwr[i], nwr[j]); s > top {
					top, at = s, j
				}
			}
			sum += top
			if at >= 0 && top >= 0.75 && !used[at] {
				used[at] = true
				matched++
			}
		}
		words := sum / float64(len(sc.qw)) * (0.85 + 0.15*float64(matched)/float64(len(nw)))
		best = max(best, words)
	}
	return min(best, 0.99)
}

// wordSimilarity compares one query word with one name word: 1 if equal,
// high if the query word begins the name word, otherwise by edit distance,
// 0 below 0.5.
// qr and nr are q and n as runes.
func (sc *nameScorer) wordSimilarity(q, n string, qr, nr []rune) float64 {
	if q == n {
		return 1
	}
	if strings.HasPrefix(n, q) {
		return 0.85 + 0.1*float64(len(qr))/float64(len(nr))
	}
	return sc.editSimilarityAtLeast(qr, nr, 0.5)
}

// editSimilarityAtLeast is 1 − osa.Distance/(the longer length) if that is
// at least floor, and 0 otherwise, found without finishing the distance
// once it is too large.
func (sc *nameScorer) editSimilarityAtLeast(a, b []rune, floor float64) float64 {
	la, lb := len(a), len(b)
	n := max(la, lb)
	if n == 0 {
		return 1
	}
	k := int((1-floor)*float64(n) + 1e-9) // the most edits allowed
	if la-lb > k || lb-la > k {
		return 0
	}
	if need := osa.Buf(b); cap(sc.buf) < need {
		sc.buf = make([]int, need)
	}
	d := osa.Within(a, b, k, sc.buf)
	if d > k {
		return 0
	}
	return 1 - float64(d)/float64(n)
}
