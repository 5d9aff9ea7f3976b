package search

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func urls(hits []Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.URL
	}
	return out
}

func search(t *testing.T, ix *Index, q string, f Filter) Results {
	t.Helper()
	res, err := ix.Search(context.Background(), q, f)
	if err != nil {
		t.Fatalf("Search(%q, %+v): %v", q, f, err)
	}
	return res
}

func TestSearchRanking(t *testing.T) {
	ix := buildIndex(t, testDocs(), testCards())
	tests := []struct {
		name, q   string
		wantFirst string
	}{
		// goat-03's title says it; domain-deck-master only mentions it in the body.
		{"title beats body", "field spell", "/rules/goat-03"},
		// the edison section's heading says it, its page's body only says "Damage Step".
		{"heading beats body", "field spells in the damage step", "/rules/edison-damage-step#field-spell-in-damage-step"},
		{"exact title first", "Damage Step timings", "/rules/edison-damage-step"},
		{"exact title, any case and punctuation", "the damage-step has SIX timings", "/rules/goat-07"},
		{"stemming", "replays", "/rules/general-battle"},
		{"prefix of the last word", "simultan", "/rules/hat-05"},
		{"diacritics removed", "cafe", "/rules/domain-deck-master"},
		{"dotted abbreviation typed without dots", "dd warrior", "/rules/goat-07#example-2"},
		{"dotted abbreviation typed with dots", "D.D. Warrior", "/rules/goat-07#example-2"},
		{"format name in meta", "edison seven", "/rules/edison-damage-step"},
		{"rule number in meta", "hat rule 5", "/rules/hat-05"},
		{"topic in meta", "segoc", "/rules/hat-05"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := search(t, ix, tt.q, Filter{})
			if len(res.Hits) == 0 {
				t.Fatalf("Search(%q): no hits (notice %q)", tt.q, res.Notice)
			}
			if got := res.Hits[0].URL; got != tt.wantFirst {
				t.Errorf("Search(%q) first hit = %s, want %s; all: %v", tt.q, got, tt.wantFirst, urls(res.Hits))
			}
		})
	}
}

func TestSearchExactTitleFirst(t *testing.T) {
	long := strings.Repeat("Players argue about many things at the table, and most of them are settled by reading the card. ", 20)
	docs := []Doc{
		{PageID: "hat-02", Format: "hat", Title: "Priority", Text: long + "Priority works as described above."},
		{PageID: "goat-04", Format: "goat", Title: "Ignition effects", Anchor: "priority-fast-effects",
			Heading: "Priority for fast effects", Text: "Priority, priority, priority: the turn player keeps priority."},
	}
	ix := buildIndex(t, docs, nil)
	res := search(t, ix, "priority ", Filter{})
	if diff := cmp.Diff([]string{"/rules/hat-02", "/rules/goat-04#priority-fast-effects"}, urls(res.Hits)); diff != "" {
		t.Errorf("Search(priority) (-want +got):\n%s", diff)
	}
	// The test is only worth something if bm25 alone would have put the
	// short, dense section first.
	if len(res.Hits) == 2 && res.Hits[0].Score >= res.Hits[1].Score {
		t.Errorf("exact title scores %v, the section %v: want the section higher by bm25", res.Hits[0].Score, res.Hits[1].Score)
	}
	// An exact heading is promoted the same way.
	res = search(t, ix, "Priority for fast effects", Filter{})
	if len(res.Hits) == 0 || res.Hits[0].URL != "/rules/goat-04#priority-fast-effects" {
		t.Errorf("Search(exact heading) = %v, want the section first", urls(res.Hits))
	}
}

func TestSearchCardNameFindsExamples(t *testing.T) {
	ix := buildIndex(t, testDocs(), testCards())
	res := search(t, ix, "Sangan", Filter{})
	want := []string{
		"/rules/domain-deck-master",
		"/rules/goat-07#example-1",
		"/rules/goat-07#example-2",
		"/rules/hat-05#example-1",
	}
	got := urls(res.Hits)
	slices.Sort(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Search(Sangan) hits (-want +got):\n%s", diff)
	}
	if res.Total != len(want) {
		t.Errorf("Total = %d, want %d", res.Total, len(want))
	}
	// The example that names Sangan three times ranks above those that
	// name it once.
	if res.Hits[0].URL != "/rules/goat-07#example-2" {
		t.Errorf("first hit = %s, want /rules/goat-07#example-2", res.Hits[0].URL)
	}
	for _, h := range res.Hits {
		if !strings.Contains(h.Snippet, "<mark>Sangan</mark>") {
			t.Errorf("%s: snippet %q does not mark Sangan", h.URL, h.Snippet)
		}
		if h.Score <= 0 {
			t.Errorf("%s: score %v, want > 0", h.URL, h.Score)
		}
	}
	for i := 1; i < len(res.Hits); i++ {
		if res.Hits[i].Score > res.Hits[i-1].Score {
			t.Errorf("hits not ordered by score: %v after %v", res.Hits[i].Score, res.Hits[i-1].Score)
		}
	}
}

func TestSearchReturnsDocFields(t *testing.T) {
	ix := buildIndex(t, testDocs(), nil)
	res := search(t, ix, "banish", Filter{})
	if len(res.Hits) != 1 {
		t.Fatalf("Search(banish) = %v, want one hit", urls(res.Hits))
	}
	want := testDocs()[4]
	want.URL = "/rules/goat-07#example-2" // Build fills an empty URL
	want.Text = ""                        // hits carry the snippet, not the whole text
	if diff := cmp.Diff(want, res.Hits[0].Doc); diff != "" {
		t.Errorf("hit doc (-want +got):\n%s", diff)
	}
}

// TestHitJSON checks that a hit's JSON (as /api/search sends it) leaves
// out the doc's whole text: the snippet is enough, and the text was most
// of the response.
func TestHitJSON(t *testing.T) {
	ix := buildIndex(t, testDocs(), nil)
	res := search(t, ix, "banish", Filter{})
	if len(res.Hits) != 1 {
		t.Fatalf("Search(banish) = %v, want one hit", urls(res.Hits))
	}
	h := res.Hits[0]
	h.Text = "this must not be sent"
	b, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if _, ok := got["Text"]; ok {
		t.Errorf("hit JSON has Text: %s", b)
	}
	for _, k := range []string{"Snippet", "URL", "Title", "Topics"} {
		if _, ok := got[k]; !ok {
			t.Errorf("hit JSON lacks %s: %s", k, b)
		}
	}
}

func TestSearchFilters(t *testing.T) {
	ix := buildIndex(t, testDocs(), nil)
	tests := []struct {
		name string
		q    string
		f    Filter
		want []string
	}{
		{"no filter", "damage step", Filter{}, []string{
			"/rules/edison-damage-step", "/rules/edison-damage-step#field-spell-in-damage-step",
			"/rules/general-battle", "/rules/goat-07", "/rules/goat-07#example-1",
			"/rules/goat-07#example-2"}}, // "step" from its topic damage-step
		{"format", "damage step", Filter{Format: "edison"}, []string{
			"/rules/edison-damage-step", "/rules/edison-damage-step#field-spell-in-damage-step"}},
		{"format in capitals", "damage step", Filter{Format: " GOAT "}, []string{
			"/rules/goat-07", "/rules/goat-07#example-1", "/rules/goat-07#example-2"}},
		{"topic", "damage step", Filter{Topic: "battle-phase"}, []string{
			"/rules/general-battle", "/rules/goat-07"}},
		{"format and topic", "field spell", Filter{Format: "edison", Topic: "field-spell"}, []string{
			"/rules/edison-damage-step#field-spell-in-damage-step"}},
		{"unknown format", "damage step", Filter{Format: "modern"}, nil},
		{"unknown topic", "damage step", Filter{Topic: "nope"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := search(t, ix, tt.q, tt.f)
			got := urls(res.Hits)
			slices.Sort(got)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Search(%q, %+v) (-want +got):\n%s", tt.q, tt.f, diff)
			}
			if res.Total != len(tt.want) {
				t.Errorf("Total = %d, want %d", res.Total, len(tt.want))
			}
			for _, h := range res.Hits {
				if tt.f.Format != "" && h.Format != strings.ToLower(strings.TrimSpace(tt.f.Format)) {
					t.Errorf("%s has format %q", h.URL, h.Format)
				}
				if tt.f.Topic != "" && !slices.Contains(h.Topics, tt.f.Topic) {
					t.Errorf("%s has topics %v", h.URL, h.Topics)
				}
			}
		})
	}
}

func TestSearchPagination(t *testing.T) {
	ix := buildIndex(t, genCorpus(10, 8, 1), testCards())
	all := search(t, ix, "damage", Filter{Limit: 100})
	if all.Total < 10 {
		t.Fatalf("Total = %d, want a corpus with at least 10 hits", all.Total)
	}
	var paged []string
	for off := 0; off < all.Total; off += 7 {
		res := search(t, ix, "damage", Filter{Limit: 7, Offset: off})
		if res.Total != all.Total {
			t.Errorf("offset %d: Total = %d, want %d", off, res.Total, all.Total)
		}
		paged = append(paged, urls(res.Hits)...)
	}
	if diff := cmp.Diff(urls(all.Hits)[:min(100, all.Total)], paged[:min(100, len(paged))]); diff != "" {
		t.Errorf("pages of 7 differ from one page (-want +got):\n%s", diff)
	}
	if res := search(t, ix, "damage", Filter{Offset: all.Total + 5}); len(res.Hits) != 0 || res.Total != all.Total {
		t.Errorf("past the end: %d hits, Total %d; want 0 hits, Total %d", len(res.Hits), res.Total, all.Total)
	}
	if res := search(t, ix, "damage", Filter{Limit: 1000}); len(res.Hits) != min(all.Total, maxLimit) {
		t.Errorf("Limit 1000 gave %d hits, want %d", len(res.Hits), min(all.Total, maxLimit))
	}
	if res := search(t, ix, "damage", Filter{}); len(res.Hits) != min(all.Total, defaultLimit) {
		t.Errorf("Limit 0 gave %d hits, want %d", len(res.Hits), min(all.Total, defaultLimit))
	}
}

func TestSearchAnyWordFallback(t *testing.T) {
	ix := buildIndex(t, testDocs(), nil)
	res := search(t, ix, "sangan xylophone", Filter{})
	if len(res.Hits) == 0 {
		t.Fatal("no hits: want the docs that name Sangan")
	}
	if res.Notice != noticeAnyWord {
		t.Errorf("Notice = %q, want %q", res.Notice, noticeAnyWord)
	}
	res = search(t, ix, "xylophone", Filter{})
	if len(res.Hits) != 0 || res.Notice != noticeNoHits {
		t.Errorf("Search(xylophone) = %d hits, notice %q; want none and %q", len(res.Hits), res.Notice, noticeNoHits)
	}
	res = search(t, ix, "sangan battle", Filter{})
	if res.Notice != "" {
		t.Errorf("Search(sangan battle) notice = %q, want none (a doc has both words)", res.Notice)
	}
}

func TestSnippetEscaping(t *testing.T) {
	ix := buildIndex(t, testDocs(), nil)
	res := search(t, ix, "quotes ", Filter{})
	if len(res.Hits) != 1 {
		t.Fatalf("Search(quotes) = %v, want one hit", urls(res.Hits))
	}
	want := `Some &lt;b&gt;bold&lt;/b&gt; text with &#34;<mark>quotes</mark>&#34; &amp; an &lt;script&gt;alert(1)&lt;/script&gt; tag, written by a careless editor.`
	if diff := cmp.Diff(want, res.Hits[0].Snippet); diff != "" {
		t.Errorf("snippet (-want +got):\n%s", diff)
	}
	// Searching for the markup itself matches its words, still escaped.
	res = search(t, ix, "<script>", Filter{})
	if len(res.Hits) != 1 {
		t.Fatalf("Search(<script>) = %v, want one hit", urls(res.Hits))
	}
	if got := res.Hits[0].Snippet; !strings.Contains(got, "&lt;<mark>script</mark>&gt;") || strings.Contains(got, "<script") {
		t.Errorf("snippet %q: want &lt;<mark>script</mark>&gt; and no raw <script", got)
	}
}

// hostileInputs are queries that break naive FTS5 code or naive servers.
func hostileInputs() map[string]string {
	return map[string]string{
		"empty":            "",
		"spaces":           "   \t\n ",
		"open quote":       `"x`,
		"lone quote":       `"`,
		"quotes":           `""""`,
		"dangling AND":     "king AND",
		"AND alone":        "AND",
		"OR NOT":           "OR NOT sangan",
		"NEAR open":        "NEAR(",
		"NEAR full":        "NEAR(sangan jinzo, 2)",
		"hyphen":           "foo-bar",
		"leading minus":    "-sangan",
		"star":             "*",
		"star suffix":      "dam*",
		"c++":              "c++",
		"caret":            "^",
		"caret word":       "^sangan",
		"colon":            ":",
		"column filter":    "title:sangan",
		"column set":       "{title heading}: sangan",
		"parentheses":      "(sangan OR",
		"plus":             "+",
		"emoji":            "😀🃏",
		"emoji and word":   "sangan 🃏",
		"nul bytes":        "san\x00gan\x00",
		"only nul":         "\x00\x00",
		"invalid utf8":     "\xff\xfe sangan \xc3",
		"only invalid":     "\xff\xfe\xfd",
		"control chars":    "\x01sangan\x02",
		"junk 2KB":         strings.Repeat(`a"(*:^- `, 256),
		"long word":        strings.Repeat("x", 2048),
		"many words":       strings.Repeat("damage ", 300),
		"sql":              "'; DROP TABLE docs; --",
		"percent":          "100% _x_",
		"backslash":        `\" \\`,
		"right-to-left":    "\u202esangan",
		"combining marks":  "\u0301\u0301",
		"private use":      "\ue000",
		"unassigned":       "\U000E0080 \U0010FFFF",
		"zero width space": "san\u200bgan",
		"html":             "<script>alert(1)</script>",
	}
}

func TestSearchHostileInputs(t *testing.T) {
	ix := buildIndex(t, genCorpus(5, 4, 2), testCards())
	for name, q := range hostileInputs() {
		t.Run(name, func(t *testing.T) {
			res, err := ix.Search(context.Background(), q, Filter{})
			if err != nil {
				t.Fatalf("Search(%q): %v", q, err)
			}
			checkResults(t, q, res)
			if strings.TrimSpace(q) == "" && (len(res.Hits) != 0 || res.Notice != noticeEmpty) {
				t.Errorf("Search(%q) = %d hits, notice %q; want none and %q", q, len(res.Hits), res.Notice, noticeEmpty)
			}
			if MatchQuery(q) == "" && (len(res.Hits) != 0 || res.Notice == "") {
				t.Errorf("Search(%q): nothing to match, but %d hits, notice %q", q, len(res.Hits), res.Notice)
			}
			if _, err := ix.Cards(context.Background(), q, 5); err != nil {
				t.Errorf("Cards(%q): %v", q, err)
			}
		})
	}
}

// checkResults checks what must hold for any query's results.
func checkResults(t testing.TB, q string, res Results) {
	t.Helper()
	if !utf8.ValidString(res.Query) || strings.ContainsRune(res.Query, 0) {
		t.Errorf("Search(%q).Query = %q: invalid UTF-8 or NUL", q, res.Query)
	}
	if utf8.RuneCountInString(res.Query) > maxQueryRunes {
		t.Errorf("Search(%q).Query has %d runes, more than %d", q, utf8.RuneCountInString(res.Query), maxQueryRunes)
	}
	if len(res.Hits) > defaultLimit || len(res.Hits) > res.Total {
		t.Errorf("Search(%q): %d hits, Total %d", q, len(res.Hits), res.Total)
	}
	if len(res.Hits) == 0 && res.Notice == "" {
		t.Errorf("Search(%q): no hits and no notice", q)
	}
	for _, h := range res.Hits {
		rest := strings.NewReplacer("<mark>", "", "</mark>", "").Replace(h.Snippet)
		if strings.ContainsAny(rest, "<>\"\x01\x02") {
			t.Errorf("Search(%q): snippet %q has unescaped markup or markers", q, h.Snippet)
		}
		if strings.Count(h.Snippet, "<mark>") != strings.Count(h.Snippet, "</mark>") {
			t.Errorf("Search(%q): snippet %q has unbalanced marks", q, h.Snippet)
		}
	}
}

func TestSearchCancelled(t *testing.T) {
	ix := buildIndex(t, testDocs(), nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ix.Search(ctx, "sangan", Filter{}); err == nil {
		t.Error("Search with a cancelled context: want an error")
	}
	if _, err := Build(ctx, "", testDocs(), nil); err == nil {
		t.Error("Build with a cancelled context: want an error")
	}
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name  string
		docs  []Doc
		cards []Card
		want  string
	}{
		{"doc without page id", []Doc{{Title: "x"}}, nil, "empty PageID"},
		{"doc twice", []Doc{{PageID: "a", Anchor: "b"}, {PageID: "a", Anchor: "b"}}, nil, "a#b appears twice"},
		{"card without name", nil, []Card{{Name: " ", Slug: "x"}}, "empty name"},
		{"card twice", nil, []Card{{Name: "Jinzo", Slug: "jinzo"}, {Name: "Jinzo", Slug: "jinzo-2"}}, `card "Jinzo"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ix, err := Build(context.Background(), "", tt.docs, tt.cards)
			if err == nil {
				ix.Close()
				t.Fatalf("Build: no error, want one containing %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Build error %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestBuildFileThenOpen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "substep.db")
	ctx := context.Background()

	// A first build, replaced by a second: the rename must win over the old file.
	old, err := Build(ctx, path, testDocs()[:2], nil)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	old.Close()
	built, err := Build(ctx, path, testDocs(), testCards())
	if err != nil {
		t.Fatalf("Build over an existing file: %v", err)
	}
	defer built.Close()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if diff := cmp.Diff([]string{"substep.db"}, names); diff != "" {
		t.Errorf("files left in the directory (-want +got):\n%s", diff)
	}

	ix, err := Open(path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer ix.Close()
	mem := buildIndex(t, testDocs(), testCards())

	// Several readers at once, each getting what the in-memory index gets.
	var wg sync.WaitGroup
	for _, q := range []string{"sangan", "damage step", "field spell", "segoc", "dd warrior"} {
		want := search(t, mem, q, Filter{})
		wantCards, err := mem.Cards(ctx, q, 5)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			wg.Go(func() {
				got, err := ix.Search(ctx, q, Filter{})
				if err != nil {
					t.Errorf("file Search(%q): %v", q, err)
					return
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("file Search(%q) differs from memory (-mem +file):\n%s", q, diff)
				}
				gotCards, err := ix.Cards(ctx, q, 5)
				if err != nil {
					t.Errorf("file Cards(%q): %v", q, err)
					return
				}
				if diff := cmp.Diff(wantCards, gotCards); diff != "" {
					t.Errorf("file Cards(%q) differs from memory (-mem +file):\n%s", q, diff)
				}
			})
		}
	}
	wg.Wait()

	// Read-only: a write through the index's connection fails.
	if _, err := ix.db.Exec(`DELETE FROM docs`); err == nil {
		t.Error("DELETE on an opened index succeeded; want read-only")
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "missing.db")); err == nil {
		t.Error("Open(missing file): want an error")
	}
	junk := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(junk, []byte("not a database, just text that is long enough to look like a header"), 0o644); err != nil {
		t.Fatal(err)
	}
	if ix, err := Open(junk); err == nil {
		ix.Close()
		t.Error("Open(text file): want an error")
	}
	// A database of another schema version is refused.
	old := filepath.Join(dir, "old.db")
	built, err := Build(context.Background(), old, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	built.Close()
	w, err := sql.Open("sqlite3", old)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Exec(`PRAGMA user_version = 0`); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if ix, err := Open(old); err == nil {
		ix.Close()
		t.Error("Open(user_version 0): want an error")
	} else if !strings.Contains(err.Error(), "rebuild") {
		t.Errorf("Open(user_version 0) = %v, want an error saying to rebuild", err)
	}
}

func FuzzSearch(f *testing.F) {
	for _, q := range hostileInputs() {
		f.Add(q, "")
	}
	f.Add("sangan", "goat")
	f.Add("damage step", "hat")
	f.Add("dam", "")
	ix := buildIndex(f, genCorpus(6, 4, 3), testCards())
	f.Fuzz(func(t *testing.T, q, format string) {
		res, err := ix.Search(context.Background(), q, Filter{Format: format})
		if err != nil {
			t.Fatalf("Search(%q, format %q): %v", q, format, err)
		}
		checkResults(t, q, res)
		if _, err := ix.Cards(context.Background(), q, 5); err != nil {
			t.Fatalf("Cards(%q): %v", q, err)
		}
	})
}

func TestSearchCommonWordStillRanked(t *testing.T) {
	// "chain" is in every doc, so plain FTS5 bm25 would give it idf ≈ 0 and
	// every doc the same score; the padding rows keep the ranking.
	var docs []Doc
	for i := range 6 {
		docs = append(docs, Doc{PageID: fmt.Sprintf("goat-%02d", i), Format: "goat",
			Title: fmt.Sprintf("Rule %d", i), Text: "A rule about the chain and what players do with cards in hand."})
	}
	docs = append(docs, Doc{PageID: "goat-09", Format: "goat", Title: "Rule 9", Anchor: "chains", Heading: "Building a chain",
		Text: "Players add links one at a chain, each answering the last."})
	ix := buildIndex(t, docs, nil)
	res := search(t, ix, "chain ", Filter{})
	if res.Total != len(docs) {
		t.Fatalf("Total = %d, want %d", res.Total, len(docs))
	}
	if got := res.Hits[0].URL; got != "/rules/goat-09#chains" {
		t.Errorf("first hit = %s, want the section whose heading says chain; all %v", got, urls(res.Hits))
	}
	if s := res.Hits[len(res.Hits)-1].Score; s < 0.01 {
		t.Errorf("last hit scores %v: want a real score, not bm25's clamped idf", s)
	}
	if res.Hits[0].Score <= res.Hits[1].Score {
		t.Errorf("heading hit scores %v, body hit %v: want the heading higher", res.Hits[0].Score, res.Hits[1].Score)
	}
}

// TestPreparedOnce: statements are prepared once per SQL text, and the
// texts do not grow with the input (limits, offsets, queries and filter
// values go in as arguments), so the set stays small however it is used.
func TestPreparedOnce(t *testing.T) {
	ix := buildIndex(t, genCorpus(6, 4, 1), testCards())
	ctx := context.Background()
	for i := range 40 {
		q := []string{"damage", "damage step", "sangan", "xylophone", "turn player chain", "dam"}[i%6]
		f := Filter{Limit: 1 + i%7, Offset: i % 5}
		if i%3 == 1 {
			f.Format = "goat"
		}
		if i%4 == 1 {
			f.Topic = "damage-step"
		}
		if _, err := ix.Search(ctx, q, f); err != nil {
			t.Fatalf("Search(%q, %+v): %v", q, f, err)
		}
		if _, err := ix.Cards(ctx, q, 1+i%5); err != nil {
			t.Fatalf("Cards(%q): %v", q, err)
		}
	}
	ix.mu.Lock()
	n := len(ix.stmts)
	ix.mu.Unlock()
	// count ×4 filter variants (one without the join), exact ×2 + ×4,
	// rows ×5, cards ×3.
	if n == 0 || n > 20 {
		t.Errorf("%d prepared statements after 40 varied searches, want 1 to 20", n)
	}
	if err := ix.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := ix.Search(ctx, "damage", Filter{}); err == nil {
		t.Error("Search after Close: want an error")
	}
}

// TestMemoryIndexes: in-memory indexes are separate databases, and one
// answers many goroutines at once (over several connections).
func TestMemoryIndexes(t *testing.T) {
	a := buildIndex(t, []Doc{{PageID: "a", Format: "goat", Title: "Alpha", Text: "Sangan resolves."}}, nil)
	b := buildIndex(t, []Doc{{PageID: "b", Format: "hat", Title: "Beta", Text: "Jinzo resolves."}}, nil)
	for _, tt := range []struct {
		ix   *Index
		q    string
		want []string
	}{
		{a, "sangan", []string{"/rules/a"}},
		{a, "jinzo", nil},
		{b, "jinzo", []string{"/rules/b"}},
		{b, "sangan", nil},
	} {
		if diff := cmp.Diff(tt.want, urls(search(t, tt.ix, tt.q, Filter{}).Hits), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Search(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, 16)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				res, err := a.Search(context.Background(), "resolves", Filter{})
				if err == nil && len(res.Hits) != 1 {
					err = fmt.Errorf("%d hits, want 1", len(res.Hits))
				}
				if err != nil {
					errs[i] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}
