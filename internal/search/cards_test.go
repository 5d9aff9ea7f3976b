package search

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestCardsTypos(t *testing.T) {
	ix := buildIndex(t, nil, testCards())
	tests := []struct {
		q         string
		wantFirst string
	}{
		{"sangna", "Sangan"},
		{"Sangan", "Sangan"},
		{"SANGAN!", "Sangan"},
		{"apophis", "Embodiment of Apophis"},
		{"embodyment of apopis", "Embodiment of Apophis"},
		{"dd warrior", "D.D. Warrior Lady"},
		{"D.D. Warrior Lady", "D.D. Warrior Lady"},
		{"dd asailant", "D.D. Assailant"},
		{"mst", "Mystical Space Typhoon"},
		{"mystical typhon", "Mystical Space Typhoon"},
		{"BLS", "Black Luster Soldier - Envoy of the Beginning"},
		{"black luster", "Black Luster Soldier - Envoy of the Beginning"},
		{"envoy of the end", "Chaos Emperor Dragon - Envoy of the End"},
		{"jnzo", "Jinzo"},
		{"tsukiyomi", "Tsukuyomi"},
		{"magican of faith", "Magician of Faith"},
		{"thousand eyes", "Thousand-Eyes Restrict"},
		{"blueeyes", "Blue-Eyes White Dragon"},
		{"heavy strom", "Heavy Storm"},
		{"breaker the", "Breaker the Magical Warrior"},
		{"tribe infecting", "Tribe-Infecting Virus"},
		{"gearfreid", "Gearfried the Iron Knight"},
		{"dekoichi", "Dekoichi the Battlechanted Locomotive"},
		{"sa", "Sangan"},                                  // shorter than a trigram: word prefixes
		{"ce", "Chaos Emperor Dragon - Envoy of the End"}, // ... of a name or an alias
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			hits, err := ix.Cards(context.Background(), tt.q, 5)
			if err != nil {
				t.Fatalf("Cards(%q): %v", tt.q, err)
			}
			if len(hits) == 0 {
				t.Fatalf("Cards(%q): no hits, want %s first", tt.q, tt.wantFirst)
			}
			if hits[0].Name != tt.wantFirst {
				t.Errorf("Cards(%q) first = %s, want %s; all: %v", tt.q, hits[0].Name, tt.wantFirst, cardNames(hits))
			}
			for i := 1; i < len(hits); i++ {
				if hits[i].Score > hits[i-1].Score {
					t.Errorf("Cards(%q) not ordered by score: %v", tt.q, hits)
				}
			}
		})
	}
}

func cardNames(hits []CardHit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Name
	}
	return out
}

func TestCardsExactFirst(t *testing.T) {
	ix := buildIndex(t, nil, testCards())
	for _, c := range testCards() {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			hits, err := ix.Cards(context.Background(), n, 3)
			if err != nil {
				t.Fatalf("Cards(%q): %v", n, err)
			}
			if len(hits) == 0 || hits[0].Name != c.Name || hits[0].Score != 1 {
				t.Errorf("Cards(%q) = %v, want %s first with score 1", n, hits, c.Name)
				continue
			}
			if len(hits) > 1 && hits[1].Score >= 1 {
				t.Errorf("Cards(%q): second hit %s also scores %v", n, hits[1].Name, hits[1].Score)
			}
			if diff := cmp.Diff(c, hits[0].Card); diff != "" {
				t.Errorf("Cards(%q) card (-want +got):\n%s", n, diff)
			}
		}
	}
}

func TestCardsShortQuery(t *testing.T) {
	ix := buildIndex(t, nil, testCards())
	hits, err := ix.Cards(context.Background(), "sa", 50)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Sangan", "Sakuretsu Armor"}
	if diff := cmp.Diff(want, cardNames(hits)); diff != "" {
		t.Errorf(`Cards("sa") (-want +got):\n%s`, diff)
	}

	// One letter finds exactly the cards with a name or alias word starting with it.
	hits, err = ix.Cards(context.Background(), "D", 50)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, h := range hits {
		got[h.Name] = true
	}
	if diff := cmp.Diff(cardsWithWordPrefix("d"), got); diff != "" {
		t.Errorf(`Cards("D") (-want +got):\n%s`, diff)
	}
}

// cardsWithWordPrefix lists the test cards with a name or alias word
// starting with p.
func cardsWithWordPrefix(p string) map[string]bool {
	out := map[string]bool{}
	for _, c := range testCards() {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			for _, w := range strings.Fields(fold(n)) {
				if strings.HasPrefix(w, p) {
					out[c.Name] = true
				}
			}
		}
	}
	return out
}

func TestCardsNothing(t *testing.T) {
	ix := buildIndex(t, nil, testCards())
	for _, q := range []string{"", "   ", "!!!", "zzqqxx", "ü", strings.Repeat("q", 500), "\xff\x00"} {
		hits, err := ix.Cards(context.Background(), q, 5)
		if err != nil {
			t.Errorf("Cards(%q): %v", q, err)
		}
		if len(hits) != 0 {
			t.Errorf("Cards(%q) = %v, want none", q, cardNames(hits))
		}
	}
}

func TestCardsLimit(t *testing.T) {
	ix := buildIndex(t, nil, testCards())
	n := len(cardsWithWordPrefix("d"))
	if n < 3 {
		t.Fatalf("only %d test cards with a word starting with d; the test needs 3", n)
	}
	for _, tt := range []struct{ limit, want int }{{1, 1}, {2, 2}, {0, min(n, defaultCardLimit)}, {-3, min(n, defaultCardLimit)}, {100, n}} {
		hits, err := ix.Cards(context.Background(), "d", tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != tt.want {
			t.Errorf("Cards(d, %d) gave %d hits, want %d", tt.limit, len(hits), tt.want)
		}
	}
}

func TestNameSimilarity(t *testing.T) {
	// Each query must resemble the first name more than the second.
	tests := []struct{ q, better, worse string }{
		{"sangna", "sangan", "sakuretsu armor"},
		{"dd warrior", "dd warrior lady", "dd assailant"},
		{"apophis", "embodiment of apophis", "metamorphosis"},
		{"night assailant", "night assailant", "dd assailant"},
		{"pot of greed", "pot of greed", "book of moon"},
		{"cyber", "cyber dragon", "blue eyes white dragon"},
	}
	for _, tt := range tests {
		b, w := nameSimilarity(tt.q, tt.better), nameSimilarity(tt.q, tt.worse)
		if b <= w {
			t.Errorf("nameSimilarity(%q): %q scores %v, %q scores %v; want the first higher", tt.q, tt.better, b, tt.worse, w)
		}
		if b > 1 || w < 0 {
			t.Errorf("nameSimilarity(%q) out of [0,1]: %v %v", tt.q, b, w)
		}
	}
	if s := nameSimilarity("jinzo", "jinzo"); s != 1 {
		t.Errorf("equal names score %v, want 1", s)
	}
	if s := nameSimilarity("jinz", "jinzo"); s >= 1 {
		t.Errorf("different names score %v, want below 1", s)
	}
}

func TestTrigrams(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"ab", nil},
		{"abc", []string{"abc"}},
		{"dd lady", []string{"dd ", "d l", " la", "lad", "ady"}},
		{"aaaa", []string{"aaa"}},
		{"café", []string{"caf", "afé"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, trigrams(tt.in)); diff != "" {
			t.Errorf("trigrams(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestCardsUnrelatedWords: rule words that only loosely resemble a card
// name (each scored 0.5 to 0.67 against these cards) offer no card, while
// typos of the same cards still find them.
func TestCardsUnrelatedWords(t *testing.T) {
	cards := append(testCards(),
		Card{Name: "Ojama Green", Slug: "ojama-green", Kind: "monster"},
		Card{Name: "Reflect Bounder", Slug: "reflect-bounder", Kind: "monster"},
		Card{Name: "Light and Darkness Dragon", Slug: "light-and-darkness-dragon", Kind: "monster"},
		Card{Name: "Destiny Hero - Malicious", Slug: "destiny-hero-malicious", Kind: "monster"},
	)
	ix := buildIndex(t, nil, cards)
	for _, q := range []string{"damage", "effect", "hand", "destroy", "field", "battle phase"} {
		hits, err := ix.Cards(context.Background(), q, 5)
		if err != nil {
			t.Fatalf("Cards(%q): %v", q, err)
		}
		if len(hits) != 0 {
			t.Errorf("Cards(%q) = %v, want none", q, cardNames(hits))
		}
	}
	for q, want := range map[string]string{"ojama gren": "Ojama Green", "reflect bonder": "Reflect Bounder", "destiny malicous": "Destiny Hero - Malicious"} {
		hits, err := ix.Cards(context.Background(), q, 5)
		if err != nil {
			t.Fatalf("Cards(%q): %v", q, err)
		}
		if len(hits) == 0 || hits[0].Name != want {
			t.Errorf("Cards(%q) = %v, want %s first", q, cardNames(hits), want)
		}
	}
}

// TestCardsLongQuery: input much longer than the longest card name is not
// matched against names at all, even when it repeats one.
func TestCardsLongQuery(t *testing.T) {
	ix := buildIndex(t, nil, testCards())
	longest := 0
	for _, c := range testCards() {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			longest = max(longest, len([]rune(fold(n))))
		}
	}
	for _, tt := range []struct {
		q    string
		want []string
	}{
		{"sangan sangan", []string{"Sangan"}},
		{strings.TrimSpace(strings.Repeat("sangan ", longest/7+1)), []string{"Sangan"}}, // about the longest name
		{strings.TrimSpace(strings.Repeat("sangan ", 2*longest/7)), nil},                // twice as long
		{"black luster soldier envoy of the beginnig", []string{"Black Luster Soldier - Envoy of the Beginning"}},
	} {
		hits, err := ix.Cards(context.Background(), tt.q, 1)
		if err != nil {
			t.Fatalf("Cards(%q): %v", tt.q, err)
		}
		if diff := cmp.Diff(tt.want, cardNames(hits), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Cards(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

// TestCardsInFormat checks the format context: an abbreviation scoped to
// some formats applies only there, its rank orders the cards it may mean,
// and cards outside the format's pool rank after its own.
func TestCardsInFormat(t *testing.T) {
	cards := []Card{
		{Name: "Chaos Emperor Dragon - Envoy of the End", Slug: "ced", Kind: "monster", Formats: []string{"goat", "edison"},
			ContextAliases: []ContextAlias{{Alias: "CED", Rank: 0}}},
		{Name: "Compulsory Evacuation Device", Slug: "compulsory", Kind: "trap", Formats: []string{"goat", "edison"},
			ContextAliases: []ContextAlias{{Alias: "CED", Rank: 1}}},
		{Name: "Dark Armed Dragon", Slug: "dad", Kind: "monster", Formats: []string{"edison"},
			ContextAliases: []ContextAlias{{Alias: "DAD", Formats: []string{"edison"}}}},
		{Name: "Dark Armed Dragoon", Slug: "dragoon", Kind: "monster", Formats: []string{"goat"}},
	}
	ix := buildIndex(t, nil, cards)
	for _, tt := range []struct {
		q, format string
		want      []string
	}{
		{"CED", "goat", []string{"Chaos Emperor Dragon - Envoy of the End", "Compulsory Evacuation Device"}},
		{"CED", "", []string{"Chaos Emperor Dragon - Envoy of the End", "Compulsory Evacuation Device"}},
		{"DAD", "edison", []string{"Dark Armed Dragon"}},
		{"DAD", "goat", nil}, // the abbreviation is Edison's
		{"dark armed dragon", "goat", []string{"Dark Armed Dragon", "Dark Armed Dragoon"}}, // named in full
		{"dark armed drag", "goat", []string{"Dark Armed Dragoon", "Dark Armed Dragon"}},   // Goat's own first
		{"dark armed drag", "edison", []string{"Dark Armed Dragon", "Dark Armed Dragoon"}},
	} {
		hits, err := ix.CardsIn(context.Background(), tt.q, tt.format, 5)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(tt.want, cardNames(hits), cmpopts.EquateEmpty()); d != "" {
			t.Errorf("CardsIn(%q, %q) (-want +got):\n%s", tt.q, tt.format, d)
		}
	}
}
