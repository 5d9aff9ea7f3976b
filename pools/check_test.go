package pools

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"substep/internal/cardsdb"
	"substep/rulings"
	"substep/rulings/domain"
)

var update = flag.Bool("update", false, "rewrite the golden reports in testdata")

// checker is the checker the site runs: the pools, and the catalogue's card
// data for Domain decks and Main/Extra placement.
func checker(t testing.TB) *Checker {
	t.Helper()
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	cards, err := cardsdb.FromCatalogue(cat)
	if err != nil {
		t.Fatal(err)
	}
	return &Checker{Set: mustDefault(t), Cards: cards}
}

func rules(r Result) []string {
	var out []string
	for _, p := range r.Problems {
		out = append(out, p.Rule+": "+p.Card)
	}
	return out
}

func ydk(main ...uint32) string {
	return string(domain.EncodeYDK(domain.Decklist{Main: main}))
}

// filler is n cards, 3 copies each of cards Unlimited in every pool.
func filler(t testing.TB, s *Set, n int) []uint32 {
	t.Helper()
	var out []uint32
	for _, c := range s.Cards() {
		unlimited := true
		for _, f := range s.Formats() {
			unlimited = unlimited && f.Status(c) == Unlimited
		}
		for i := 0; unlimited && i < 3 && len(out) < n; i++ {
			out = append(out, c.Official())
		}
		if len(out) == n {
			return out
		}
	}
	t.Fatalf("filler: only %d cards", len(out))
	return nil
}

func TestCheckRules(t *testing.T) {
	ch := checker(t)
	s := ch.Set
	f37 := filler(t, s, 37)
	f38 := filler(t, s, 38)
	f39 := filler(t, s, 39)
	tests := []struct {
		name, format, deck string
		want               []string
	}{
		{"goat CED official passcode", "goat", ydk(append([]uint32{82301904}, f39...)...), []string{"forbidden: Chaos Emperor Dragon - Envoy of the End"}},
		{"goat CED variant passcode", "goat", ydk(append([]uint32{511000819}, f39...)...), []string{"forbidden: Chaos Emperor Dragon - Envoy of the End"}},
		{"goat 4 Sangan across passcodes", "goat", ydk(append([]uint32{26202165, 26202165, 504700178, 504700178}, f37...)...), []string{"copies: Sangan"}},
		{"goat 1 Sangan official", "goat", ydk(append([]uint32{26202165}, f39...)...), nil},
		{"edison Dewloren x3", "edison", ydk(append([]uint32{70583986, 70583986, 70583986}, f37...)...), []string{"copies: Dewloren, Tiger King of the Ice Barrier"}},
		{"edison Dewloren x2", "edison", ydk(append([]uint32{70583986, 70583986}, f38...)...), nil},
		{"hat 39 cards", "hat", ydk(f39...), []string{"main-count: "}},
		{"goat 39 cards", "goat", ydk(f39...), []string{"main-count: "}},
		{"goat 61 cards is fine", "goat", ydk(append([]uint32{55144522}, filler(t, s, 60)...)...), nil},
		{"edison 61 cards", "edison", ydk(append([]uint32{55144522}, filler(t, s, 60)...)...), []string{"forbidden: Pot of Greed", "main-count: "}},
		{"goat a card released after April 2005", "goat", ydk(append([]uint32{65192027}, f39...)...), []string{"not-in-pool: Dark Armed Dragon"}},
		{"text with abbreviations", "goat", "3 CED\n1 MST\n" + strings.Repeat("3 Mystic Tomato\n", 13) + "Sangn\n2 Pot of Greedd\n", []string{"unknown-card: Sangn", "unknown-card: Pot of Greedd", "forbidden: Chaos Emperor Dragon - Envoy of the End", "copies: Mystic Tomato"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ch.Check(tt.format, "", []byte(tt.deck), "")
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, rules(r)); d != "" {
				t.Errorf("problems (-want +got):\n%s\n%v", d, r.Problems)
			}
			if r.Legal != (len(tt.want) == 0) {
				t.Errorf("legal = %v", r.Legal)
			}
		})
	}
}

func TestCheckMessages(t *testing.T) {
	ch := checker(t)
	r, err := ch.Check("goat", "", []byte("Sangn\n40 Mystic Tomato\n1 Dark Armed Dragon\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range r.Problems {
		got[p.Rule] = p.Message
	}
	for rule, want := range map[string]string{
		RuleUnknownCard: `Line 1: no card is named "Sangn" in the Main Deck. Did you mean "Sangan"`,
		RuleNotInPool:   "Dark Armed Dragon (1 copy) is not in this format's pool",
		RuleCopies:      "Mystic Tomato is Unlimited in Goat (3): at most 3 copies across the Main, Extra and Side Deck, and the deck has 40",
	} {
		if !strings.HasPrefix(got[rule], want) {
			t.Errorf("%s: %q, want it to start %q", rule, got[rule], want)
		}
	}
}

func TestCheckErrors(t *testing.T) {
	ch := checker(t)
	if _, err := ch.Check("tcg", "", []byte("1 Sangan"), ""); err == nil || !strings.Contains(err.Error(), `no format "tcg"`) {
		t.Errorf("unknown format: %v", err)
	}
	if _, err := ch.Check("goat", "x.ydk", []byte("#main\n123abc\n"), ""); err == nil || !strings.HasPrefix(err.Error(), "line 2:") {
		t.Errorf("bad ydk: %v", err)
	}
}

// TestRealisticLists checks a real-world list of each format and keeps
// the report as a golden file (go test ./pools -run Realistic -update).
// The Goat, Edison and HAT lists are checked with the pools alone, so their
// reports do not move when the catalogue gains cards (their placement note
// then names every card). The Domain list needs card data and is checked
// with the catalogue's, which other work keeps growing, so its report is
// rewritten by -update as the record of what it says, and the test pins
// what must hold whatever the catalogue knows: every card of the list is
// accounted for at once, as a card or as an unknown name.
func TestRealisticLists(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txt")
	if len(files) == 0 {
		t.Fatal("no lists in testdata")
	}
	for _, file := range files {
		format, _, _ := strings.Cut(filepath.Base(file), "-")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		ch := &Checker{Set: mustDefault(t)}
		if format == DomainID {
			ch = checker(t)
		}
		r, err := ch.Check(format, file, data, "")
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var b strings.Builder
		if err := WriteReport(&b, r, false); err != nil {
			t.Fatal(err)
		}
		golden := strings.TrimSuffix(file, ".txt") + ".report"
		if *update {
			os.WriteFile(golden, []byte(b.String()), 0o644)
		}
		if format == DomainID {
			checkDomainList(t, file, data, r)
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update)", err)
		}
		if d := cmp.Diff(string(want), b.String()); d != "" {
			t.Errorf("%s (-want +got):\n%s", file, d)
		}
	}
}

// checkDomainList: the Domain list has 60 Main and 5 Extra cards as
// written; each one is either read (counted in its deck) or reported as an
// unknown card, all in one check.
func checkDomainList(t *testing.T, file string, data []byte, r Result) {
	t.Helper()
	main, extra, section := 0, 0, "main"
	for _, line := range strings.Split(string(data), "\n") {
		switch line = strings.TrimSpace(line); {
		case line == "Extra":
			section = "extra"
		case strings.HasPrefix(line, "1 ") && section == "extra":
			extra++
		case strings.HasPrefix(line, "1 "):
			main++
		}
	}
	if main != 60 || extra != 5 {
		t.Fatalf("%s: %d Main and %d Extra cards written, want 60 and 5", file, main, extra)
	}
	unknown := 0
	for _, p := range r.Problems {
		if p.Rule == RuleUnknownCard {
			unknown++
		}
	}
	read := r.MainCount + r.ExtraCount
	if r.Legal || r.Domain == nil || r.Domain.DeckMaster == nil || r.Domain.DeckMaster.Name != "Dark Magician Girl" {
		t.Errorf("%s: legal=%v, Deck Master %v; want a Domain verdict on Dark Magician Girl", file, r.Legal, r.Domain)
	}
	if read+unknownNames(r) != main+extra {
		t.Errorf("%s: %d cards read and %d names unknown, want the %d written accounted for (%d unknown-card problems)", file, read, unknownNames(r), main+extra, unknown)
	}
}

// unknownNames counts the names of a text list that matched no card.
func unknownNames(r Result) int {
	n := 0
	for _, p := range r.Problems {
		if p.Rule == RuleUnknownCard && p.Line > 0 {
			n++
		}
	}
	return n
}

// TestPlacement: a Fusion Monster in the Main Deck and a Spell in the
// Extra Deck are each a problem, judged from the card data's types; a card
// the card data has no type for gets no verdict, and a note names it.
func TestPlacement(t *testing.T) {
	ch := checker(t)
	list := "Main\n1 Thousand-Eyes Restrict\n1 Sangan\n1 Petit Moth\nExtra\n1 Pot of Greed\n1 Relinquished\n"
	r, err := ch.Check("goat", "deck.txt", []byte(list), "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range r.Problems {
		if p.Rule == RuleDeckZone {
			got = append(got, p.Card)
		}
	}
	want := []string{"Thousand-Eyes Restrict", "Pot of Greed", "Relinquished"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("deck-zone problems (-want +got):\n%s", d)
	}
	note := strings.Join(r.Notes, "\n")
	if !strings.Contains(note, "1 of the 5 cards were not checked") || !strings.Contains(note, "Petit Moth") {
		t.Errorf("no placement note for the untyped card: %q", note)
	}
	for _, p := range r.Problems {
		if p.Card == "Sangan" || p.Card == "Petit Moth" {
			t.Errorf("unexpected problem %s: %s", p.Rule, p.Message)
		}
	}
}
