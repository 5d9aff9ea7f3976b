// Command ftsloop is the limit the site's search is measured against: it
// opens a content database built by `site build -o FILE` and runs, in a
// bounded loop, the same FTS5 MATCH statements a search request needs (the
// ranked page-and-section query with FTS5's snippet(), the card-name
// trigram query unless the input is longer than any card name, and the
// any-word query when no row has every word), each prepared once, with no
// HTTP, no JSON, no HTML escaping and no re-ranking. It prints one line per query: the
// query, queries per second, p50 and p99 latency, the rows found and the
// process CPU time per query.
//
//	go run -tags sqlite_fts5 ./bench/ftsloop -db substep.db -workers 4 -duration 10s -q damage -q Sangan
//
// bench/run.sh runs it next to wrk against /api/search and writes both into
// BENCHMARKS.md.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver

	"substep/internal/search"
)

// queries collects repeated -q flags.
type queries []string

func (q *queries) String() string     { return strings.Join(*q, ", ") }
func (q *queries) Set(v string) error { *q = append(*q, v); return nil }

// Statements: the hit query as internal/search runs it for one page of 50
// hits (bm25 order, a 30-token snippet of the body), and the card
// candidates query.
const (
	hitSQL = `SELECT docs_fts.rowid, docs_fts.rank, snippet(docs_fts, 2, char(1), char(2), char(3), 30)
		FROM docs_fts WHERE docs_fts MATCH ? ORDER BY docs_fts.rank LIMIT 50`
	cardSQL = `SELECT rowid FROM card_names_fts WHERE card_names_fts MATCH ? ORDER BY rank LIMIT 200`
	// longestSQL is the longest folded card name or alias, in runes;
	// search.Index.Cards skips input longer than it by more than a quarter.
	longestSQL = `SELECT coalesce(max(length(key)), 0) FROM card_names`
)

// stmts are the loop's statements, prepared once as the site prepares its own.
type stmts struct {
	hit, card *sql.Stmt
}

func prepare(ctx context.Context, db *sql.DB) (stmts, error) {
	var s stmts
	var err error
	if s.hit, err = db.PrepareContext(ctx, hitSQL); err != nil {
		return s, err
	}
	if s.card, err = db.PrepareContext(ctx, cardSQL); err != nil {
		s.hit.Close()
		return s, err
	}
	return s, nil
}

func (s stmts) Close() {
	s.hit.Close()
	s.card.Close()
}

// Bounds: every loop stops at the duration or the iteration cap, whichever
// comes first.
const maxIterations = 5_000_000

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ftsloop:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ftsloop", flag.ContinueOnError)
	db := fs.String("db", "", "content database made by 'site build -o FILE' (required)")
	workers := fs.Int("workers", 4, "concurrent loops, each with its own connection")
	duration := fs.Duration("duration", 10*time.Second, "how long to run each query (at most 5 minutes)")
	var qs queries
	fs.Var(&qs, "q", "a query as a user types it; repeat for several")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *db == "" || len(qs) == 0 {
		return errors.New("need -db FILE and at least one -q")
	}
	if *workers < 1 || *workers > 256 {
		return errors.New("-workers must be between 1 and 256")
	}
	if *duration <= 0 || *duration > 5*time.Minute {
		return errors.New("-duration must be between 0 and 5m")
	}
	conn, err := open(*db, *workers)
	if err != nil {
		return err
	}
	defer conn.Close()
	ctx := context.Background()
	st, err := prepare(ctx, conn)
	if err != nil {
		return err
	}
	defer st.Close()
	var longest int
	if err := conn.QueryRowContext(ctx, longestSQL).Scan(&longest); err != nil {
		return err
	}
	fmt.Fprintf(out, "# query\tqueries/s\tp50_ms\tp99_ms\thits\tcard_candidates\tcpu_us_per_query\n")
	for _, q := range qs {
		r, err := measure(ctx, st, q, longest, *workers, *duration)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%s\t%.0f\t%.3f\t%.3f\t%d\t%d\t%d\n", q, r.qps, ms(r.p50), ms(r.p99), r.hits, r.cards, r.cpuPerQuery.Microseconds())
	}
	return nil
}

// open opens the database the way search.Open does: read-only, immutable,
// one connection per worker.
func open(path string, workers int) (*sql.DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, err
	}
	u := url.URL{Scheme: "file", Path: abs, RawQuery: "mode=ro&immutable=1"}
	db, err := sql.Open("sqlite3", u.String())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(workers)
	db.SetMaxIdleConns(workers)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

type result struct {
	qps         float64
	p50, p99    time.Duration
	hits, cards int
	cpuPerQuery time.Duration // process CPU time (user+system) per query
}

// once runs the statements for one query and reads every row: the hit
// query with every word, again with any word when that found nothing (as
// the site does), and the card query.
func once(ctx context.Context, st stmts, match, anyMatch, cardMatch string) (hits, cards int, err error) {
	if hits, err = hitRows(ctx, st.hit, match); err != nil {
		return 0, 0, err
	}
	if hits == 0 && anyMatch != "" {
		if hits, err = hitRows(ctx, st.hit, anyMatch); err != nil {
			return 0, 0, err
		}
	}
	if cardMatch != "" {
		rows, err := st.card.QueryContext(ctx, cardMatch)
		if err != nil {
			return 0, 0, err
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return 0, 0, err
			}
			cards++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return 0, 0, err
		}
	}
	return hits, cards, nil
}

func hitRows(ctx context.Context, hit *sql.Stmt, match string) (int, error) {
	if match == "" {
		return 0, nil
	}
	rows, err := hit.QueryContext(ctx, match)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id int64
		var rank float64
		var body string
		if err := rows.Scan(&id, &rank, &body); err != nil {
			return 0, err
		}
		n++
	}
	return n, rows.Err()
}

// anyWord is the fallback expression the site uses when no row has every
// word: the same quoted terms joined with OR. search.MatchQuery writes a
// multi-word query as ("a" "b" "c"*) OR "a b c"*, and a term never holds a
// space, so the terms are the fields inside the parentheses. "" for a
// single word.
func anyWord(match string) string {
	if !strings.HasPrefix(match, "(") {
		return ""
	}
	group, _, ok := strings.Cut(match[1:], ") OR ")
	if !ok {
		return ""
	}
	return strings.Join(strings.Fields(group), " OR ")
}

func measure(ctx context.Context, st stmts, q string, longest, workers int, d time.Duration) (result, error) {
	match, cardMatch := search.MatchQuery(q), trigramMatch(q, longest)
	anyMatch := anyWord(match)
	var r result
	var err error
	if r.hits, r.cards, err = once(ctx, st, match, anyMatch, cardMatch); err != nil { // warm up, and count rows
		return r, fmt.Errorf("%q: %w", q, err)
	}
	lat := make([][]time.Duration, workers)
	errs := make([]error, workers)
	cpu0 := cpuTime()
	deadline := time.Now().Add(d)
	start := time.Now()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < maxIterations/workers && time.Now().Before(deadline); i++ {
				t := time.Now()
				if _, _, err := once(ctx, st, match, anyMatch, cardMatch); err != nil {
					errs[w] = err
					return
				}
				lat[w] = append(lat[w], time.Since(t))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if err := errors.Join(errs...); err != nil {
		return r, fmt.Errorf("%q: %w", q, err)
	}
	cpu := cpuTime() - cpu0
	all := slices.Concat(lat...)
	slices.Sort(all)
	r.qps = float64(len(all)) / elapsed.Seconds()
	r.p50, r.p99 = percentile(all, 50), percentile(all, 99)
	if len(all) > 0 {
		r.cpuPerQuery = cpu / time.Duration(len(all))
	}
	return r, nil
}

func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[max(0, min(len(sorted)-1, i-1))]
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// trigramMatch is the card-name query: the input folded as the search
// package folds card names (lower case, '.' and apostrophes dropped, other
// symbols as single spaces, at most 64 runes), cut into its distinct
// trigrams, each quoted, joined with OR. "" when the input is too short,
// or longer than longest runes by more than a quarter (the site does not
// look such input up as a card name).
func trigramMatch(q string, longest int) string {
	var b strings.Builder
	gap := false
	for _, r := range strings.ToValidUTF8(q, " ") {
		switch {
		case r == '.' || r == '\'' || r == '’':
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			if gap && b.Len() > 0 {
				b.WriteByte(' ')
			}
			gap = false
			b.WriteRune(unicode.ToLower(r))
		default:
			gap = true
		}
	}
	key := []rune(b.String())
	if len(key) > longest+longest/4 {
		return ""
	}
	if len(key) > 64 {
		key = []rune(strings.TrimSpace(string(key[:64])))
	}
	seen := map[string]bool{}
	var grams []string
	for i := 0; i+3 <= len(key); i++ {
		g := string(key[i : i+3])
		if !seen[g] {
			seen[g] = true
			grams = append(grams, `"`+strings.ReplaceAll(g, `"`, `""`)+`"`)
		}
	}
	return strings.Join(grams, " OR ")
}
