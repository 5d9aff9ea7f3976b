package search

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Filter narrows a search. Zero values mean "all" and the default page.
type Filter struct {
	Format string // "goat", "hat", "edison", "domain", "general"; "" for all
	Topic  string // a topic id such as "damage-step"; "" for all
	Limit  int    // hits per page: default 20, at most 100
	Offset int    // hits to skip, for the next pages
}

// Results is one page of hits.
type Results struct {
	Query  string // the input as searched: cleaned, cut to the length limit
	Hits   []Hit
	Total  int    // hits over all pages
	Notice string // a friendly note for the user, e.g. "Type a word to search."; may be ""
}

// Hit is one matching page or section.
type Hit struct {
	Doc
	Snippet string  // HTML-escaped text around the matches, each match in <mark>…</mark>
	Score   float64 // −bm25: higher is better; an exact title or heading ranks first whatever its score
}

const (
	defaultLimit = 20
	maxLimit     = 100
	maxOffset    = 10000
)

// Notices shown to users. Plain text: the web layer escapes it.
const (
	noticeEmpty     = "Type a word to search."
	noticeNoWords   = "Type a word or a card name to search: symbols on their own match nothing."
	noticeTruncated = "Your search was long, so only its beginning was used."
	noticeAnyWord   = "Nothing has every word you typed; showing results with some of them."
	noticeNoHits    = "Nothing matched. Check the spelling, or try fewer or different words."
)

// Snippet markers: control characters, which cleanText removes from every
// indexed text, so they can only come from highlight().
const (
	markOpen  = '\x01'
	markClose = '\x02'
	markCut   = '\x03' // snippet() cut the text here
)

// Search finds the pages and sections matching q. Any q is valid: input
// that cannot match anything gives no hits and a Notice, never an error.
// Errors come only from the database or ctx.
func (ix *Index) Search(ctx context.Context, q string, f Filter) (Results, error) {
	pq := parseQuery(q)
	res := Results{Query: pq.clean}
	if len(pq.words) == 0 {
		res.Notice = noticeEmpty
		if pq.clean != "" {
			res.Notice = noticeNoWords
		}
		return res, nil
	}
	var notices []string
	if pq.truncated {
		notices = append(notices, noticeTruncated)
	}
	limit := f.Limit
	if limit <= 0 {
		limit = defaultLimit
	}
	limit = min(limit, maxLimit)
	offset := min(max(f.Offset, 0), maxOffset)

	where, args := filterSQL(f)
	key := fold(pq.clean)
	match := pq.matchAll()
	hits, total, err := ix.pageAndTotal(ctx, match, key, where, args, limit, offset)
	if err != nil {
		return res, err
	}
	if total == 0 && len(pq.words) > 1 {
		match = pq.matchAny()
		if hits, total, err = ix.pageAndTotal(ctx, match, key, where, args, limit, offset); err != nil {
			return res, err
		}
		if total > 0 {
			notices = append(notices, noticeAnyWord)
		}
	}
	res.Hits, res.Total = hits, total
	if total == 0 {
		notices = append(notices, noticeNoHits)
	}
	res.Notice = strings.Join(notices, " ")
	return res, nil
}

// filterSQL is the WHERE clause for f. Values go in as arguments only.
func filterSQL(f Filter) (string, []any) {
	var where strings.Builder
	var args []any
	if v := strings.ToLower(strings.TrimSpace(f.Format)); v != "" {
		where.WriteString(` AND d.format = :format`)
		args = append(args, sql.Named("format", v))
	}
	if v := strings.TrimSpace(f.Topic); v != "" {
		where.WriteString(` AND EXISTS (SELECT 1 FROM doc_topics t WHERE t.topic = :topic AND t.doc_id = d.id)`)
		args = append(args, sql.Named("topic", v))
	}
	return where.String(), args
}

// pageAndTotal is the page of hits at offset and the number of hits over
// all pages. A page that is not full and not empty, or empty at offset 0,
// tells the total; only otherwise are the hits counted.
func (ix *Index) pageAndTotal(ctx context.Context, match, key, where string, args []any, limit, offset int) ([]Hit, int, error) {
	hits, err := ix.page(ctx, match, key, where, args, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	if len(hits) < limit && (len(hits) > 0 || offset == 0) {
		return hits, offset + len(hits), nil
	}
	total, err := ix.count(ctx, match, where, args)
	if err != nil {
		return nil, 0, err
	}
	return hits, total, nil
}

func (ix *Index) count(ctx context.Context, match, where string, args []any) (int, error) {
	// Every docs_fts row a query can match has its docs row (padding rows
	// match nothing), so without filters the join is not needed.
	q := `SELECT count(*) FROM docs_fts WHERE docs_fts MATCH :match`
	if where != "" {
		q = `SELECT count(*) FROM docs_fts JOIN docs d ON d.id = docs_fts.rowid
		WHERE docs_fts MATCH :match` + where
	}
	st, err := ix.stmt(ctx, q)
	if err != nil {
		return 0, err
	}
	var n int
	if err := st.QueryRowContext(ctx, slices.Concat([]any{sql.Named("match", match)}, args)...).Scan(&n); err != nil {
		return 0, fmt.Errorf("search: counting %q: %w", match, err)
	}
	return n, nil
}

// page returns the hits from offset on: first the docs whose page title or
// section heading is exactly the query (in page order), then the others by
// bm25.
//
// The ranked query lets FTS5 sort by rank itself (ORDER BY rank), so SQLite
// computes the snippets only for the rows of the page.
func (ix *Index) page(ctx context.Context, match, key, where string, args []any, limit, offset int) ([]Hit, error) {
	exact, err := ix.exactIDs(ctx, match, key, where, args)
	if err != nil {
		return nil, err
	}
	var hits []Hit
	if offset < len(exact) {
		ids := exact[offset:min(len(exact), offset+limit)]
		if hits, err = ix.rows(ctx, match, ` AND docs_fts.rowid IN (SELECT value FROM json_each(:ids))`,
			[]any{sql.Named("ids", jsonIDs(ids))}, ` ORDER BY d.id`); err != nil {
			return nil, err
		}
	}
	if n := limit - len(hits); n > 0 {
		notExact := ` AND docs_fts.rowid NOT IN (SELECT value FROM json_each(:ids))`
		extra := []any{sql.Named("ids", jsonIDs(exact))}
		if len(exact) == 0 {
			notExact, extra = "", nil // the common case: no title or heading is the query
		}
		rest, err := ix.rows(ctx, match, where+notExact,
			slices.Concat(args, extra, []any{sql.Named("limit", n), sql.Named("offset", max(0, offset-len(exact)))}),
			` ORDER BY docs_fts.rank LIMIT :limit OFFSET :offset`)
		if err != nil {
			return nil, err
		}
		hits = append(hits, rest...)
	}
	return hits, nil
}

// exactIDs lists, in page order, the matching docs whose page title or
// section heading folds to key.
func (ix *Index) exactIDs(ctx context.Context, match, key, where string, args []any) ([]int64, error) {
	// Most queries are no title or heading: find out cheaply, from the
	// indexes alone, before matching again.
	st, err := ix.stmt(ctx, `SELECT EXISTS (SELECT 1 FROM docs WHERE heading_key = :key)
		OR EXISTS (SELECT 1 FROM docs WHERE title_key = :key AND anchor = '')`)
	if err != nil {
		return nil, err
	}
	var found int
	if err := st.QueryRowContext(ctx, sql.Named("key", key)).Scan(&found); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	if found == 0 {
		return nil, nil
	}
	if st, err = ix.stmt(ctx, `SELECT d.id FROM docs d
		WHERE d.id IN (SELECT id FROM docs WHERE heading_key = :key
				UNION ALL SELECT id FROM docs WHERE title_key = :key AND anchor = '')
			AND d.id IN (SELECT rowid FROM docs_fts WHERE docs_fts MATCH :match)`+where+`
		ORDER BY d.id`); err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, slices.Concat([]any{sql.Named("match", match), sql.Named("key", key)}, args)...)
	if err != nil {
		return nil, fmt.Errorf("search: %q: %w", match, err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return ids, nil
}

func jsonIDs(ids []int64) string {
	b, _ := json.Marshal(nonNilIDs(ids))
	return string(b)
}

func nonNilIDs(ids []int64) []int64 {
	if ids == nil {
		return []int64{}
	}
	return ids
}

// snippetSQL has FTS5 cut the snippet: the window of snippetWords tokens
// of the body (column 2) with the most matched phrases, the matches
// between the markers, markCut where the window cuts the text.
var snippetSQL = fmt.Sprintf(`snippet(docs_fts, 2, char(1), char(2), char(3), %d)`, snippetWords)

// rows runs the hit query with extra WHERE terms and an ORDER BY/LIMIT tail.
// Callers pass SQL text from a small fixed set, values only as arguments.
func (ix *Index) rows(ctx context.Context, match, where string, args []any, tail string) ([]Hit, error) {
	st, err := ix.stmt(ctx, `SELECT docs_fts.rank,
			d.page_id, d.format, d.number, d.title, d.anchor, d.heading, d.example, d.topics, d.url,
			`+snippetSQL+`
		FROM docs_fts JOIN docs d ON d.id = docs_fts.rowid
		WHERE docs_fts MATCH :match`+where+tail)
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, slices.Concat([]any{sql.Named("match", match)}, args)...)
	if err != nil {
		return nil, fmt.Errorf("search: %q: %w", match, err)
	}
	defer rows.Close()
	var hits []Hit
	for rows.Next() {
		var h Hit
		var topics, marked string
		if err := rows.Scan(&h.Score, &h.PageID, &h.Format, &h.Number, &h.Title, &h.Anchor, &h.Heading,
			&h.Example, &topics, &h.URL, &marked); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		h.Topics = []string{} // JSON [] rather than null, as before
		if topics != "" {
			h.Topics = strings.Split(topics, "\n")
		}
		h.Score = -h.Score
		h.Snippet = markSnippet(marked)
		hits = append(hits, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return hits, nil
}
