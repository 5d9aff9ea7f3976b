package search

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"html"
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
// indexed text, so they can only come from snippet().
const (
	markOpen  = '\x01'
	markClose = '\x02'
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
	match := pq.matchAll()
	total, err := ix.count(ctx, match, where, args)
	if err != nil {
		return res, err
	}
	if total == 0 && len(pq.words) > 1 {
		match = pq.matchAny()
		if total, err = ix.count(ctx, match, where, args); err != nil {
			return res, err
		}
		if total > 0 {
			notices = append(notices, noticeAnyWord)
		}
	}
	res.Total = total
	if total == 0 {
		notices = append(notices, noticeNoHits)
	} else if offset < total {
		if res.Hits, err = ix.hits(ctx, match, fold(pq.clean), where, args, limit, offset); err != nil {
			return res, err
		}
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

func (ix *Index) count(ctx context.Context, match, where string, args []any) (int, error) {
	var n int
	err := ix.db.QueryRowContext(ctx, `SELECT count(*) FROM docs_fts JOIN docs d ON d.id = docs_fts.rowid
		WHERE docs_fts MATCH :match`+where,
		append([]any{sql.Named("match", match)}, args...)...).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("search: counting %q: %w", match, err)
	}
	return n, nil
}

func (ix *Index) hits(ctx context.Context, match, key, where string, args []any, limit, offset int) ([]Hit, error) {
	rows, err := ix.db.QueryContext(ctx, `SELECT
			d.page_id, d.format, d.number, d.title, d.anchor, d.heading, d.example, d.topics, d.url,
			docs_fts.body,
			snippet(docs_fts, 2, char(1), char(2), '…', 24),
			`+rankExpr+` AS score,
			((d.anchor = '' AND d.title_key = :key) OR d.heading_key = :key) AS exact
		FROM docs_fts JOIN docs d ON d.id = docs_fts.rowid
		WHERE docs_fts MATCH :match`+where+`
		ORDER BY exact DESC, score, d.id
		LIMIT :limit OFFSET :offset`,
		append([]any{sql.Named("match", match), sql.Named("key", key),
			sql.Named("limit", limit), sql.Named("offset", offset)}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("search: %q: %w", match, err)
	}
	defer rows.Close()
	var hits []Hit
	for rows.Next() {
		var h Hit
		var topics, snippet string
		var exact bool
		if err := rows.Scan(&h.PageID, &h.Format, &h.Number, &h.Title, &h.Anchor, &h.Heading, &h.Example,
			&topics, &h.URL, &h.Text, &snippet, &h.Score, &exact); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		if err := json.Unmarshal([]byte(topics), &h.Topics); err != nil {
			return nil, fmt.Errorf("search: topics of %s#%s: %w", h.PageID, h.Anchor, err)
		}
		h.Score = -h.Score
		h.Snippet = markSnippet(snippet)
		hits = append(hits, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return hits, nil
}

// markSnippet HTML-escapes a snippet and turns its markers into <mark> tags.
// A marker left open at the end (a cut snippet) is closed.
func markSnippet(s string) string {
	s = html.EscapeString(s)
	var b strings.Builder
	b.Grow(len(s) + 32)
	open := false
	for _, r := range s {
		switch r {
		case markOpen:
			if !open {
				b.WriteString("<mark>")
				open = true
			}
		case markClose:
			if open {
				b.WriteString("</mark>")
				open = false
			}
		default:
			b.WriteRune(r)
		}
	}
	if open {
		b.WriteString("</mark>")
	}
	return b.String()
}
