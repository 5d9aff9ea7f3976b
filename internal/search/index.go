package search

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"unicode"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

// Doc is one searchable unit: a whole page (Anchor "") or one section of it.
type Doc struct {
	PageID, Format, Number, Title string // page fields; Format: goat hat edison domain general
	Anchor, Heading               string // section anchor and heading ("" for the page itself)
	Example                       bool   // the section is one of the source's examples
	Topics                        []string
	// Text is the plain text (no markup) to index. Hits leave it empty and
	// keep it out of their JSON: the snippet is what they show.
	Text string `json:"-"`
	URL  string // "/rules/goat-03#example-1"; built from PageID and Anchor when empty
}

// Card is one card of the catalogue or of a format's card pool, as far as
// search needs it.
type Card struct {
	Name, Slug, Kind string
	Aliases          []string
	Text             string
	// Formats are the formats whose card pool holds the card (nil: none
	// known); a search in a format ranks the others lower.
	Formats []string `json:",omitempty"`
	// ContextAliases are abbreviations that mean this card in some
	// formats only, or with a rank among the cards one abbreviation names.
	ContextAliases []ContextAlias `json:"-"`
}

// ContextAlias is an abbreviation of a card's name ("CED") that applies in
// Formats (nil: in any), ranked among the cards it may mean (0 first).
type ContextAlias struct {
	Alias   string
	Formats []string
	Rank    int
}

// Index answers queries over a built search database. It is safe for
// concurrent use.
type Index struct {
	db *sql.DB

	// longestName is the length in runes of the longest folded card name
	// or alias; Cards skips queries much longer than that.
	longestName int
	// grams picks the candidate names of a card search (see nameGrams).
	grams *nameGrams

	mu    sync.Mutex
	stmts map[string]*sql.Stmt // prepared once per SQL text; see stmt

	keep *sql.Conn // an in-memory index: the connection that keeps it alive
}

// schemaVersion is stored in PRAGMA user_version; Open refuses other values.
// 2: docs.topics is newline-separated text instead of a JSON array.
// 3: cards.formats, card_names.formats and card_names.rank (pool cards and
// abbreviations in a format's context).
const schemaVersion = 3

// rankFunc is docs_fts's rank: bm25 with column weights for title,
// heading, body and meta.
const rankFunc = `bm25(10.0, 5.0, 1.0, 2.0)`

const schema = `
CREATE TABLE docs (
	id          INTEGER PRIMARY KEY,
	page_id     TEXT NOT NULL,
	format      TEXT NOT NULL,
	number      TEXT NOT NULL,
	title       TEXT NOT NULL,
	anchor      TEXT NOT NULL,
	heading     TEXT NOT NULL,
	example     INTEGER NOT NULL,
	topics      TEXT NOT NULL, -- topic ids joined by newlines, for display; doc_topics is for filtering
	url         TEXT NOT NULL,
	title_key   TEXT NOT NULL, -- fold(title) for pages, '' for sections
	heading_key TEXT NOT NULL, -- fold(heading)
	UNIQUE (page_id, anchor)
);
CREATE INDEX docs_format ON docs (format);
CREATE INDEX docs_title_key ON docs (title_key);
CREATE INDEX docs_heading_key ON docs (heading_key);
CREATE TABLE doc_topics (
	topic  TEXT NOT NULL,
	doc_id INTEGER NOT NULL REFERENCES docs (id),
	PRIMARY KEY (topic, doc_id)
) WITHOUT ROWID;
-- rowid = docs.id, or negative for padding rows (see insertPadding).
-- title is the page title on the page's own row only, so a
-- title hit lifts the page and not each of its sections; meta holds the
-- format, number, page id, topics and dotted abbreviations ("D.D." as "dd").
CREATE VIRTUAL TABLE docs_fts USING fts5 (
	title, heading, body, meta,
	tokenize = 'porter unicode61 remove_diacritics 2',
	prefix = '2 3'
);
CREATE TABLE cards (
	id      INTEGER PRIMARY KEY,
	name    TEXT NOT NULL UNIQUE,
	slug    TEXT NOT NULL UNIQUE,
	kind    TEXT NOT NULL,
	aliases TEXT NOT NULL, -- JSON array
	text    TEXT NOT NULL,
	formats TEXT NOT NULL  -- the pools holding the card, space-separated
);
-- One row per name or alias; key = fold(name). formats: where an
-- abbreviation applies, space-separated ('' = anywhere); rank orders the
-- cards one abbreviation names.
CREATE TABLE card_names (
	id      INTEGER PRIMARY KEY,
	card_id INTEGER NOT NULL REFERENCES cards (id),
	key     TEXT NOT NULL,
	formats TEXT NOT NULL,
	rank    INTEGER NOT NULL
);
CREATE INDEX card_names_key ON card_names (key);
-- rowid = card_names.id
CREATE VIRTUAL TABLE card_names_fts USING fts5 (key, tokenize = 'trigram remove_diacritics 1');
`

// Build compiles docs and cards into a new search database. With path ""
// the database lives in memory (see buildMemory); otherwise it is
// written to a temporary file next to path, renamed over path when
// complete, and opened read-only with Open.
func Build(ctx context.Context, path string, docs []Doc, cards []Card) (*Index, error) {
	if path == "" {
		return buildMemory(ctx, docs, cards)
	}
	if err := buildFile(ctx, path, docs, cards); err != nil {
		return nil, err
	}
	return Open(path)
}

// buildMemory builds the database in memory with SQLite's memdb VFS, under
// a name no other index uses, so that several connections share it: each
// reads with its own page cache and they run in parallel (a plain
// ":memory:" database is private to one connection, which made every
// search wait for the one before). The database lives while one
// connection is open; Index.keep holds one until Close.
func buildMemory(ctx context.Context, docs []Doc, cards []Card) (*Index, error) {
	var id [12]byte
	if _, err := rand.Read(id[:]); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	db, err := sql.Open("sqlite3", "file:/substep-search-"+hex.EncodeToString(id[:])+"?vfs=memdb&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	// One connection while writing, kept open.
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	if err := populate(ctx, db, docs, cards, false); err != nil {
		db.Close()
		return nil, err
	}
	keep, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("search: %w", err)
	}
	// Then readers: as many as Open allows, besides the one kept.
	n := readers()
	db.SetMaxOpenConns(n + 1)
	db.SetMaxIdleConns(n + 1)
	ix, err := newIndex(ctx, db)
	if err != nil {
		keep.Close()
		return nil, err
	}
	ix.keep = keep
	return ix, nil
}

// readers is how many connections an index reads with.
func readers() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

func buildFile(ctx context.Context, path string, docs []Doc, cards []Card) (err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	dir := filepath.Dir(abs)
	f, err := os.CreateTemp(dir, "."+filepath.Base(abs)+".tmp-*")
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	tmp := f.Name()
	f.Close()
	defer func() {
		if err != nil {
			os.Remove(tmp)
			os.Remove(tmp + "-journal")
		}
	}()

	// A build is one writer on a private file: no WAL (Open's immutable=1
	// wants a self-contained file), and no fsync until the end.
	db, err := sql.Open("sqlite3", fileDSN(tmp, "_journal_mode=MEMORY&_synchronous=OFF&_txlock=immediate&_foreign_keys=on"))
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	db.SetMaxOpenConns(1)
	if err := populate(ctx, db, docs, cards, true); err != nil {
		db.Close()
		return err
	}
	if err := db.Close(); err != nil {
		return fmt.Errorf("search: closing %s: %w", tmp, err)
	}
	if err := syncFile(tmp); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		return fmt.Errorf("search: %w", err)
	}
	if err := os.Rename(tmp, abs); err != nil {
		return fmt.Errorf("search: %w", err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // make the rename durable; not every file system supports it
		d.Close()
	}
	return nil
}

func syncFile(name string) error {
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("search: %w", err)
	}
	return f.Close()
}

// fileDSN is a SQLite URI for the file at abs with the given parameters.
func fileDSN(abs, params string) string {
	return "file:" + (&url.URL{Path: abs}).EscapedPath() + "?" + params
}

// Open opens a database written by Build for reading only. The file is
// treated as immutable: nothing may write to it while it is open (Build
// writes a new file and renames it, which is safe).
func Open(path string) (*Index, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	db, err := sql.Open("sqlite3", fileDSN(abs, "mode=ro&immutable=1"))
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	n := readers()
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	var version int
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil {
		db.Close()
		return nil, fmt.Errorf("search: opening %s: %w", path, err)
	}
	if version != schemaVersion {
		db.Close()
		return nil, fmt.Errorf("search: %s has schema version %d, want %d: rebuild it (site build)", path, version, schemaVersion)
	}
	return newIndex(context.Background(), db)
}

// newIndex wraps a populated database, closing it on error.
func newIndex(ctx context.Context, db *sql.DB) (*Index, error) {
	ix := &Index{db: db, stmts: map[string]*sql.Stmt{}}
	g, err := loadNameGrams(ctx, db)
	if err != nil {
		db.Close()
		return nil, err
	}
	ix.grams, ix.longestName = g, g.longest
	return ix, nil
}

// stmt returns the statement for query, prepared on first use and kept
// until Close. Every query text the package runs is a constant or one of a
// few filter variants, so the map stays small.
func (ix *Index) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if st, ok := ix.stmts[query]; ok {
		return st, nil
	}
	if ix.stmts == nil {
		return nil, errors.New("search: index is closed")
	}
	st, err := ix.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("search: preparing: %w", err)
	}
	ix.stmts[query] = st
	return st, nil
}

// Close releases the statements and the database; an in-memory index is
// gone afterwards.
func (ix *Index) Close() error {
	ix.mu.Lock()
	var errs []error
	for _, st := range ix.stmts {
		errs = append(errs, st.Close())
	}
	ix.stmts = nil
	if ix.keep != nil {
		errs = append(errs, ix.keep.Close())
		ix.keep = nil
	}
	ix.mu.Unlock()
	return errors.Join(append(errs, ix.db.Close())...)
}

// populate writes docs and cards into db. Card names are searched through
// nameGrams, in memory; cardFTS also fills the card_names_fts trigram
// table, which a file built for `site build` keeps for bench/ftsloop's raw
// query (an index built in memory at start-up skips it: it was a large
// part of the start once every pool card was indexed).
func populate(ctx context.Context, db *sql.DB, docs []Doc, cards []Card, cardFTS bool) error {
	if _, err := db.ExecContext(ctx, schema); err != nil {
		return fmt.Errorf("search: creating schema: %w", err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	defer tx.Rollback()
	if err := insertDocs(ctx, tx, docs); err != nil {
		return err
	}
	if err := insertCards(ctx, tx, cards, cardFTS); err != nil {
		return err
	}
	stmts := []string{
		`INSERT INTO docs_fts (docs_fts, rank) VALUES ('rank', '` + rankFunc + `')`,
		`INSERT INTO docs_fts (docs_fts) VALUES ('optimize')`,
		fmt.Sprintf(`PRAGMA user_version = %d`, schemaVersion),
	}
	if cardFTS {
		stmts = append(stmts, `INSERT INTO card_names_fts (card_names_fts) VALUES ('optimize')`)
	}
	for _, stmt := range stmts {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("search: %s: %w", stmt, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("search: %w", err)
	}
	if _, err := db.ExecContext(ctx, `ANALYZE`); err != nil {
		return fmt.Errorf("search: analyze: %w", err)
	}
	return nil
}

func insertDocs(ctx context.Context, tx *sql.Tx, docs []Doc) error {
	insDoc, err := tx.PrepareContext(ctx, `INSERT INTO docs
		(page_id, format, number, title, anchor, heading, example, topics, url, title_key, heading_key)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	defer insDoc.Close()
	insTopic, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO doc_topics (topic, doc_id) VALUES (?, ?)`)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	defer insTopic.Close()
	insFTS, err := tx.PrepareContext(ctx, `INSERT INTO docs_fts (rowid, title, heading, body, meta) VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	defer insFTS.Close()

	seen := make(map[[2]string]bool, len(docs))
	tokens := 0
	for i, d := range docs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if d.PageID == "" {
			return fmt.Errorf("search: doc %d (%q): empty PageID", i, d.Title)
		}
		k := [2]string{d.PageID, d.Anchor}
		if seen[k] {
			return fmt.Errorf("search: doc %s#%s appears twice", d.PageID, d.Anchor)
		}
		seen[k] = true

		title, heading, text := cleanText(d.Title), cleanText(d.Heading), cleanText(d.Text)
		format := strings.ToLower(strings.TrimSpace(d.Format))
		topics := make([]string, 0, len(d.Topics))
		for _, t := range d.Topics {
			// Stored joined by newlines: a topic cannot hold one.
			if t = strings.TrimSpace(strings.ReplaceAll(t, "\n", " ")); t != "" {
				topics = append(topics, t)
			}
		}
		u := d.URL
		if u == "" {
			u = "/rules/" + d.PageID
			if d.Anchor != "" {
				u += "#" + d.Anchor
			}
		}
		ftsTitle, titleKey := "", ""
		if d.Anchor == "" {
			ftsTitle, titleKey = title, fold(title)
		}
		res, err := insDoc.ExecContext(ctx, d.PageID, format, d.Number, title, d.Anchor, heading,
			d.Example, strings.Join(topics, "\n"), u, titleKey, fold(heading))
		if err != nil {
			return fmt.Errorf("search: doc %s#%s: %w", d.PageID, d.Anchor, err)
		}
		id, err := res.LastInsertId()
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		for _, t := range topics {
			if _, err := insTopic.ExecContext(ctx, t, id); err != nil {
				return fmt.Errorf("search: doc %s#%s: %w", d.PageID, d.Anchor, err)
			}
		}
		m := meta(d, format, topics, title+" "+heading+" "+text)
		if _, err := insFTS.ExecContext(ctx, id, ftsTitle, heading, text, m); err != nil {
			return fmt.Errorf("search: doc %s#%s: %w", d.PageID, d.Anchor, err)
		}
		tokens += countTokens(ftsTitle) + countTokens(heading) + countTokens(text) + countTokens(m)
	}
	return insertPadding(ctx, insFTS, len(docs), tokens)
}

// padToken fills the padding rows. It has no docs row, so even a user who
// types it finds nothing.
const padToken = "zzsubsteppad"

// insertPadding adds 2n rows of average length that hold only padToken,
// with negative rowids (docs ids are positive).
//
// Why: FTS5's bm25 uses idf = log((N − n + 0.5) / (n + 0.5)) and clamps it
// to 1e-6 when a term is in half the rows or more. On a rules site, words
// like "damage", "chain" or "effect" are, and every match would then score
// about 0: no ranking at all, not even title above body. With 2N rows that
// match nothing, a term in every doc still gets idf = log 2, and the order
// of idfs is unchanged (closer to Lucene's log(1 + (N − n + 0.5)/(n + 0.5))).
// The rows have the average length, so bm25's length normalisation is
// unchanged too. Queries never match them, so they cost only build time
// and some space.
func insertPadding(ctx context.Context, insFTS *sql.Stmt, n, tokens int) error {
	if n == 0 {
		return nil
	}
	avg := max(1, (tokens+n/2)/n)
	body := strings.TrimSpace(strings.Repeat(padToken+" ", avg))
	for i := range 2 * n {
		if _, err := insFTS.ExecContext(ctx, -int64(i+1), "", "", "", body); err != nil {
			return fmt.Errorf("search: padding: %w", err)
		}
	}
	return nil
}

// countTokens counts the tokens unicode61 would cut s into (runs of
// letters, digits and private-use runes), near enough for an average.
func countTokens(s string) int {
	n, in := 0, false
	for _, r := range s {
		t := isTokenRune(r)
		if t && !in {
			n++
		}
		in = t
	}
	return n
}

// dotted finds abbreviations written with dots, like "D.D." or "U.S.A".
var dotted = regexp.MustCompile(`(?:\pL\.){2,}\pL?`)

// meta is the low-weight column that lets "goat field spell", "hat rule 5",
// "segoc" or "dd warrior" find a doc whose text does not say so itself.
func meta(d Doc, format string, topics []string, text string) string {
	parts := []string{format, d.PageID}
	if d.Number != "" {
		parts = append(parts, "rule "+d.Number)
	}
	parts = append(parts, topics...)
	if d.Example {
		parts = append(parts, "example")
	}
	seen := map[string]bool{}
	for _, m := range dotted.FindAllString(text, -1) {
		k := strings.ReplaceAll(strings.ToLower(m), ".", "")
		if !seen[k] {
			seen[k] = true
			parts = append(parts, k)
		}
	}
	return strings.Join(parts, " ")
}

// cleanText makes text safe to index and to snippet: valid UTF-8 and no
// control characters except newlines and tabs (snippets use \x01 and \x02 as
// markers).
func cleanText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

func insertCards(ctx context.Context, tx *sql.Tx, cards []Card, cardFTS bool) error {
	insCard, err := tx.PrepareContext(ctx, `INSERT INTO cards (name, slug, kind, aliases, text, formats) VALUES (?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	defer insCard.Close()
	insName, err := tx.PrepareContext(ctx, `INSERT INTO card_names (card_id, key, formats, rank) VALUES (?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	defer insName.Close()
	insFTS, err := tx.PrepareContext(ctx, `INSERT INTO card_names_fts (rowid, key) VALUES (?, ?)`)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	defer insFTS.Close()

	for _, c := range cards {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := strings.TrimSpace(cleanText(c.Name))
		if name == "" {
			return errors.New("search: card with an empty name")
		}
		aliases, err := json.Marshal(nonNil(c.Aliases))
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		res, err := insCard.ExecContext(ctx, name, c.Slug, c.Kind, string(aliases), cleanText(c.Text), strings.Join(c.Formats, " "))
		if err != nil {
			return fmt.Errorf("search: card %q: %w", name, err)
		}
		id, err := res.LastInsertId()
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		keys := map[string]bool{}
		names := make([]ContextAlias, 0, 1+len(c.Aliases)+len(c.ContextAliases))
		names = append(names, ContextAlias{Alias: name})
		for _, a := range c.Aliases {
			names = append(names, ContextAlias{Alias: a})
		}
		names = append(names, c.ContextAliases...)
		for _, n := range names {
			k := fold(n.Alias)
			if k == "" || keys[k] {
				continue
			}
			keys[k] = true
			res, err := insName.ExecContext(ctx, id, k, strings.Join(n.Formats, " "), n.Rank)
			if err != nil {
				return fmt.Errorf("search: card %q: %w", name, err)
			}
			nid, err := res.LastInsertId()
			if err != nil {
				return fmt.Errorf("search: %w", err)
			}
			if !cardFTS {
				continue
			}
			if _, err := insFTS.ExecContext(ctx, nid, k); err != nil {
				return fmt.Errorf("search: card %q: %w", name, err)
			}
		}
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
