package search

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestMatchQuery(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"   \t\n", ""},
		{"*", ""},
		{"^ : + 😀", ""},
		{"\x00", ""},
		{"dam", `"dam"*`},
		{"damage ", `"damage"`},
		{"d", `"d"`}, // one letter is too short to be a prefix
		{"damage step", `("damage" "step"*) OR "damage step"*`},
		{"damage  step ", `("damage" "step") OR "damage step"`},
		{`"x`, `"""x"`}, // one letter: no prefix
		{`"xy`, `"""xy"*`},
		{`say "hi"`, `("say" """hi""") OR "say ""hi"""`}, // ends in a symbol: no prefix
		{`say "hi`, `("say" """hi"*) OR "say ""hi"*`},
		{"king AND", `("king" "AND"*) OR "king AND"*`},
		{"NEAR(", `"NEAR("`},
		{"foo-bar", `"foo-bar"*`},
		{"c++", `"c++"`},
		{"sangan *", `"sangan"`}, // the symbol is dropped; the input did not end in a word
		{"san\x00gan", `("san" "gan"*) OR "san gan"*`},
		{"\xffsangan\xfe", `"sangan"`}, // invalid bytes are spaces: the input ends in one
		{"Café", `"Café"*`},
	}
	for _, tt := range tests {
		if got := MatchQuery(tt.in); got != tt.want {
			t.Errorf("MatchQuery(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestParseQueryLimits(t *testing.T) {
	long := parseQuery(strings.Repeat("é", 1000))
	if n := utf8.RuneCountInString(long.clean); n != maxQueryRunes || !long.truncated {
		t.Errorf("1000 runes: kept %d (truncated %v), want %d and truncated", n, long.truncated, maxQueryRunes)
	}
	many := parseQuery(strings.Repeat("ab ", 100))
	if len(many.words) != maxQueryWords || !many.truncated || many.prefix {
		t.Errorf("100 words: kept %d (truncated %v, prefix %v), want %d, truncated, no prefix", len(many.words), many.truncated, many.prefix, maxQueryWords)
	}
	short := parseQuery("damage step")
	if diff := cmp.Diff(query{clean: "damage step", words: []string{"damage", "step"}, prefix: true}, short, cmp.AllowUnexported(query{})); diff != "" {
		t.Errorf("parseQuery (-want +got):\n%s", diff)
	}
}

func TestSearchNotices(t *testing.T) {
	ix := buildIndex(t, testDocs(), nil)
	tests := []struct{ q, want string }{
		{"", noticeEmpty},
		{"  ", noticeEmpty},
		{"* ^ :", noticeNoWords},
		{"sangan", ""},
		{"xylophone", noticeNoHits},
		{strings.Repeat("sangan ", 40), noticeTruncated},
		{strings.Repeat("x", 300) + " sangan", noticeTruncated + " " + noticeNoHits},
	}
	for _, tt := range tests {
		res := search(t, ix, tt.q, Filter{})
		if res.Notice != tt.want {
			t.Errorf("Search(%.20q).Notice = %q, want %q", tt.q, res.Notice, tt.want)
		}
	}
}

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"Sangan", "sangan"},
		{"D.D. Warrior Lady", "dd warrior lady"},
		{"Black Luster Soldier - Envoy of the Beginning", "black luster soldier envoy of the beginning"},
		{"Harpie's Feather Duster", "harpies feather duster"},
		{"Harpie’s", "harpies"},
		{"  Blue-Eyes   White  ", "blue eyes white"},
		{"Café Ñandú Øre", "cafe nandu ore"},
		{"Rule #3: field", "rule 3 field"},
		{"漢字 カード", "漢字 カード"},
		{"!!!", ""},
	}
	for _, tt := range tests {
		if got := fold(tt.in); got != tt.want {
			t.Errorf("fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestAccentGroups(t *testing.T) {
	for _, g := range accentGroups {
		base, _ := utf8.DecodeRuneInString(g)
		if base > 'z' || base < 'a' {
			t.Errorf("group %q: base %q is not a plain letter", g, base)
		}
		for _, r := range g[utf8.RuneLen(base):] {
			if r < 0xC0 || r > 0x17F {
				t.Errorf("group %q: %q is outside the range plainLetter checks", g, r)
			}
			if got := plainLetter(r); got != base {
				t.Errorf("plainLetter(%q) = %q, want %q", r, got, base)
			}
		}
	}
}

// FuzzMatchQuery checks that SQLite accepts every expression MatchQuery
// makes, and that the expression is empty exactly when there is nothing to
// search for.
func FuzzMatchQuery(f *testing.F) {
	for _, q := range hostileInputs() {
		f.Add(q)
	}
	ix := buildIndex(f, testDocs(), nil)
	f.Fuzz(func(t *testing.T, in string) {
		m := MatchQuery(in)
		if !utf8.ValidString(m) {
			t.Fatalf("MatchQuery(%q) = %q: invalid UTF-8", in, m)
		}
		if strings.Count(m, `"`)%2 != 0 {
			t.Fatalf("MatchQuery(%q) = %s: unbalanced quotes", in, m)
		}
		if (m == "") != (len(parseQuery(in).words) == 0) {
			t.Fatalf("MatchQuery(%q) = %q, but parseQuery found words %q", in, m, parseQuery(in).words)
		}
		if m == "" {
			return
		}
		for _, expr := range []string{m, parseQuery(in).matchAny()} {
			var n int
			err := ix.db.QueryRowContext(context.Background(),
				`SELECT count(*) FROM docs_fts WHERE docs_fts MATCH ?`, expr).Scan(&n)
			if err != nil {
				t.Fatalf("MATCH %s (from %q): %v", expr, in, err)
			}
		}
	})
}

func ExampleMatchQuery() {
	fmt.Println(MatchQuery("sangan"))       // still typing: a prefix
	fmt.Println(MatchQuery("damage step ")) // done typing; the phrase lifts exact wording
	fmt.Println(MatchQuery("king AND"))     // operators are plain words
	fmt.Println(MatchQuery(`NEAR( "x`))
	fmt.Printf("%q\n", MatchQuery("* ^ :"))
	// Output:
	// "sangan"*
	// ("damage" "step") OR "damage step"
	// ("king" "AND"*) OR "king AND"*
	// ("NEAR(" """x") OR "NEAR( ""x"
	// ""
}
