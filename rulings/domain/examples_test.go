package domain_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"gopkg.in/yaml.v3"

	"substep/rulings/domain"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// catalogue reads Substep's card catalogue (rulings/cards/*.yaml) straight
// from the file, so these tests depend on the card data, not on the rules
// engine's code, and converts it as internal/cardsdb does.
func catalogue(t *testing.T) *domain.Index {
	t.Helper()
	var raw []struct {
		Name       string   `yaml:"name"`
		Passcode   int      `yaml:"passcode"`
		Kind       string   `yaml:"kind"`
		Subtypes   []string `yaml:"subtypes"`
		Attribute  string   `yaml:"attribute"`
		Type       string   `yaml:"type"`
		Level      int      `yaml:"level"`
		Rank       int      `yaml:"rank"`
		Link       int      `yaml:"link"`
		Arrows     []string `yaml:"arrows"`
		Scale      int      `yaml:"scale"`
		ATK        int      `yaml:"atk"`
		DEF        int      `yaml:"def"`
		Archetypes []string `yaml:"archetypes"`
		Text       string   `yaml:"text"`
	}
	files, err := filepath.Glob(filepath.Join("..", "cards", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no catalogue files under ../cards: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var part = raw[:0:0]
		if err := yaml.Unmarshal(data, &part); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		raw = append(raw, part...)
	}
	facts := make([]domain.Facts, len(raw))
	for i, c := range raw {
		facts[i] = domain.Facts{Name: c.Name, Passcode: c.Passcode, Kind: c.Kind, Subtypes: c.Subtypes,
			Attribute: c.Attribute, Type: c.Type, Level: c.Level, Rank: c.Rank, Link: c.Link, Arrows: c.Arrows, Scale: c.Scale,
			ATK: c.ATK, DEF: c.DEF,
			Archetypes: c.Archetypes, Text: c.Text}
	}
	cards, _ := domain.FromFacts(facts, nil)
	return domain.NewIndex(cards, nil)
}

func card(t *testing.T, src domain.CardSource, name string) *domain.Card {
	t.Helper()
	c, ok := src.ByName(name)
	if !ok {
		t.Fatalf("the catalogue has no card named %q", name)
	}
	return c
}

func names(entries []domain.DomainEntry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.Name)
	}
	sort.Strings(out)
	return out
}

// TestSourceDomains checks the Domains that the Domain pages spell out.
func TestSourceDomains(t *testing.T) {
	src := catalogue(t)
	type want struct {
		Attributes, Types, Archetypes []string
		Cards                         []string // nil: not checked exactly (see contains)
	}
	tests := []struct {
		master   string
		want     want
		contains []string // named cards that must be in the Domain
	}{
		{
			// A LIGHT Fairy of the "Voiceless Voice" whose text names Warrior and Dragon.
			master: "Lo, the Prayers of the Voiceless Voice",
			want:   want{Attributes: []string{"LIGHT"}, Types: []string{"Dragon", "Fairy", "Warrior"}, Archetypes: []string{"Voiceless Voice"}, Cards: []string{}},
		},
		{
			// A DARK Spellcaster of no archetype (its English name has
			// "Magician", its Japanese one does not) that names two monsters,
			// bringing in their archetypes.
			master: "Chronicle Magician",
			want: want{Attributes: []string{"DARK"}, Types: []string{"Spellcaster"},
				Archetypes: []string{"Blue-Eyes", "Dark Magician"}, Cards: []string{"Blue-Eyes White Dragon", "Dark Magician"}},
		},
		{
			// Two archetypes of its own.
			master:   "Dark Magician Girl",
			want:     want{Attributes: []string{"DARK"}, Types: []string{"Spellcaster"}, Archetypes: []string{"Dark Magician", "Magician Girl"}},
			contains: []string{"Dark Magician"},
		},
		{
			// "Destiny HERO" is taken at its base: all of "HERO".
			master: "Destiny HERO - Malicious",
			want:   want{Attributes: []string{"DARK"}, Types: []string{"Warrior"}, Archetypes: []string{"HERO"}, Cards: []string{}},
		},
		{
			// Its reminder that it is not a "Cyber" card brings nothing in,
			// and "Fusion Monster" is a card type, not a Type.
			master: "Cyber-Stein",
			want:   want{Attributes: []string{"DARK"}, Types: []string{"Machine"}, Archetypes: []string{}, Cards: []string{}},
		},
		{
			// WIND comes from the token it defines.
			master: "Dandylion",
			want:   want{Attributes: []string{"EARTH", "WIND"}, Types: []string{"Plant"}, Archetypes: []string{}, Cards: []string{}},
		},
		{
			// "1500 or less ATK" is a stat, which never counts.
			master: "Sangan",
			want:   want{Attributes: []string{"DARK"}, Types: []string{"Fiend"}, Archetypes: []string{}, Cards: []string{}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.master, func(t *testing.T) {
			sum := domain.NewDomain(card(t, src, tt.master), src).Summary()
			got := want{Attributes: names(sum.Attributes), Types: names(sum.Types), Archetypes: names(sum.Archetypes), Cards: names(sum.Cards)}
			opts := []cmp.Option{cmpopts.EquateEmpty()}
			if tt.want.Cards == nil {
				opts = append(opts, cmpopts.IgnoreFields(want{}, "Cards"))
			}
			if diff := cmp.Diff(tt.want, got, opts...); diff != "" {
				t.Errorf("Domain of %s (-want +got):\n%s", tt.master, diff)
			}
			for _, c := range tt.contains {
				if !slices.Contains(got.Cards, c) {
					t.Errorf("Domain of %s does not name %q; it names %v", tt.master, c, got.Cards)
				}
			}
			if want := []string{"Spell Cards", "Trap Cards", "DIVINE monsters", "Divine-Beast monsters"}; !cmp.Equal(sum.Always, want) {
				t.Errorf("Always = %v, want %v", sum.Always, want)
			}
		})
	}
}

// TestSourceAdmits checks which cards each example Deck Master allows, and
// the reason given.
func TestSourceAdmits(t *testing.T) {
	src := catalogue(t)
	tests := []struct {
		master, card string
		wantOK       bool
		wantBy       string
		wantDetail   string
	}{
		{"Lo, the Prayers of the Voiceless Voice", "Destiny HERO - Malicious", true, domain.ByType, "Warrior"},
		{"Lo, the Prayers of the Voiceless Voice", "Red-Eyes Black Dragon", true, domain.ByType, "Dragon"},
		{"Lo, the Prayers of the Voiceless Voice", "Cyber Dragon", true, domain.ByAttribute, "LIGHT"},
		{"Lo, the Prayers of the Voiceless Voice", "The Winged Dragon of Ra", true, domain.ByDivine, "DIVINE monsters are in every Domain"},
		{"Lo, the Prayers of the Voiceless Voice", "Mirror Force", true, domain.ByTrap, "Trap Cards are in every Domain"},
		{"Lo, the Prayers of the Voiceless Voice", "Umi", true, domain.BySpell, "Spell Cards are in every Domain"},
		{"Lo, the Prayers of the Voiceless Voice", "Sangan", false, "", ""},

		{"Chronicle Magician", "Blue-Eyes White Dragon", true, domain.ByName, "named in the text of Chronicle Magician"},
		{"Chronicle Magician", "Blue-Eyes Ultimate Dragon", true, domain.ByArchetype, "Blue-Eyes"},
		{"Chronicle Magician", "Blue-Eyes Alternative White Dragon", true, domain.ByArchetype, "Blue-Eyes"},
		{"Chronicle Magician", "Dark Magician", true, domain.ByName, "named in the text of Chronicle Magician"},
		{"Chronicle Magician", "Dark Magician Girl", true, domain.ByArchetype, "Dark Magician"},
		{"Chronicle Magician", "Sangan", true, domain.ByAttribute, "DARK"},
		{"Chronicle Magician", "Cyber Dragon", false, "", ""},

		{"Dark Magician Girl", "Dark Magician", true, domain.ByName, "named in the text of Dark Magician Girl"},
		{"Dark Magician Girl", "Chronicle Magician", true, domain.ByAttribute, "DARK"},
		{"Dark Magician Girl", "Magician of Faith", true, domain.ByType, "Spellcaster"},
		{"Dark Magician Girl", "Blue-Eyes White Dragon", false, "", ""},

		{"Destiny HERO - Malicious", "Elemental HERO Voltic", true, domain.ByArchetype, "HERO"},
		{"Destiny HERO - Malicious", "Elemental HERO Stratos", true, domain.ByArchetype, "HERO"},
		{"Destiny HERO - Malicious", "Cyber Dragon", false, "", ""},

		{"Cyber-Stein", "Cyber Dragon", true, domain.ByType, "Machine"},
		{"Cyber-Stein", "Jinzo", true, domain.ByAttribute, "DARK"},
		{"Cyber-Stein", "Cyber Tutu", false, "", ""},
		{"Cyber-Stein", "Blue-Eyes Ultimate Dragon", false, "", ""},

		{"Dandylion", "Harpie Lady", true, domain.ByAttribute, "WIND"},
		{"Dandylion", "Sangan", false, "", ""},

		{"Sangan", "Cyber Tutu", false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.master+"/"+tt.card, func(t *testing.T) {
			d := domain.NewDomain(card(t, src, tt.master), src)
			c := card(t, src, tt.card)
			r, ok := d.Admits(c)
			if ok != tt.wantOK {
				t.Fatalf("Admits(%s) = %v (%v), want %v", tt.card, ok, r, tt.wantOK)
			}
			if !ok {
				return
			}
			want := domain.Reason{Card: c.Name, Passcode: c.Passcode, By: tt.wantBy, Detail: tt.wantDetail}
			if diff := cmp.Diff(want, r); diff != "" {
				t.Errorf("Admits(%s) (-want +got):\n%s", tt.card, diff)
			}
		})
	}
}

func TestReasonString(t *testing.T) {
	src := catalogue(t)
	r, ok := domain.NewDomain(card(t, src, "Cyber-Stein"), src).Admits(card(t, src, "Cyber Dragon"))
	if !ok {
		t.Fatal("Cyber-Stein does not allow Cyber Dragon")
	}
	if got, want := r.String(), "Cyber Dragon: allowed by Type, Machine"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// legalDeck reads testdata/legal-dmg.txt, a 60-card deck led by Dark
// Magician Girl.
func legalDeck(t *testing.T, src domain.CardSource) domain.Decklist {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "legal-dmg.txt"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := domain.ParseText(bytes.NewReader(data), src)
	if err != nil {
		t.Fatalf("testdata/legal-dmg.txt: %v", err)
	}
	return d
}

func pc(t *testing.T, src domain.CardSource, name string) uint32 {
	t.Helper()
	return card(t, src, name).Passcode
}

func rules(res domain.Result) []string {
	var out []string
	for _, p := range res.Problems {
		out = append(out, p.Rule)
	}
	sort.Strings(out)
	return out
}

func TestLegalDeck(t *testing.T) {
	src := catalogue(t)
	deck := legalDeck(t, src)
	res := domain.Check(deck, 0, src)
	if !res.Legal || len(res.Problems) != 0 {
		t.Fatalf("the legal deck is not legal: %+v", res.Problems)
	}
	if res.MainCount != 60 || res.ExtraCount != 2 {
		t.Errorf("counts = %d/%d, want 60/2", res.MainCount, res.ExtraCount)
	}
	if res.DeckMaster == nil || res.DeckMaster.Name != "Dark Magician Girl" {
		t.Errorf("DeckMaster = %+v, want Dark Magician Girl", res.DeckMaster)
	}
	if got, want := len(res.Allowed), 62; got != want {
		t.Errorf("%d reasons, want one for each of the %d cards", got, want)
	}
	by := map[string]int{}
	reasons := map[string]string{}
	for _, r := range res.Allowed {
		by[r.By]++
		reasons[r.Card] = r.By + ": " + r.Detail
	}
	if by[domain.BySpell] != 22 || by[domain.ByTrap] != 18 {
		t.Errorf("%d Spell and %d Trap reasons, want 22 and 18", by[domain.BySpell], by[domain.ByTrap])
	}
	for name, want := range map[string]string{
		"Dark Magician":          "name: named in the text of Dark Magician Girl",
		"Magician of Faith":      "type: Spellcaster",
		"Gemini Elf":             "type: Spellcaster",
		"Sangan":                 "attribute: DARK",
		"Thousand-Eyes Restrict": "attribute: DARK",
	} {
		if got := reasons[name]; got != want {
			t.Errorf("%s allowed by %q, want %q", name, got, want)
		}
	}
}

// TestCountRules breaks each deck-building rule of the legal deck in turn.
func TestCountRules(t *testing.T) {
	src := catalogue(t)
	legal := legalDeck(t, src)
	clone := func() domain.Decklist {
		return domain.Decklist{Master: legal.Master, Main: append([]uint32{}, legal.Main...), Extra: append([]uint32{}, legal.Extra...)}
	}
	tests := []struct {
		name   string
		change func(d *domain.Decklist)
		master uint32
		want   []string
	}{
		{"59 Main Deck cards", func(d *domain.Decklist) { d.Main = d.Main[1:] }, 0, []string{domain.RuleMainCount}},
		{"61 Main Deck cards", func(d *domain.Decklist) { d.Main = append(d.Main, pc(t, src, "Destiny HERO - Malicious")) }, 0, []string{domain.RuleMainCount}},
		{"an empty Main Deck", func(d *domain.Decklist) { d.Main = nil }, 0, []string{domain.RuleMainCount}},
		{"15 Extra Deck cards is the most allowed", func(d *domain.Decklist) {
			d.Extra = nil
			for i := 0; i < 15; i++ {
				d.Extra = append(d.Extra, pc(t, src, "Thousand-Eyes Restrict"))
			}
		}, 0, []string{domain.RuleOneCopy}},
		{"16 Extra Deck cards", func(d *domain.Decklist) {
			d.Extra = nil
			for i := 0; i < 16; i++ {
				d.Extra = append(d.Extra, pc(t, src, "Thousand-Eyes Restrict"))
			}
		}, 0, []string{domain.RuleExtraCount, domain.RuleOneCopy}},
		{"two copies of a card that names itself", func(d *domain.Decklist) {
			d.Main[0] = pc(t, src, "Destiny HERO - Malicious")
			d.Main[1] = pc(t, src, "Destiny HERO - Malicious")
		}, 0, []string{domain.RuleOneCopy}},
		{"the Deck Master also in the Main Deck", func(d *domain.Decklist) { d.Main[0] = pc(t, src, "Dark Magician Girl") }, 0, []string{domain.RuleOneCopy}},
		{"Umi and A Legendary Ocean", func(d *domain.Decklist) {
			d.Main[20] = pc(t, src, "Umi")
			d.Main[21] = pc(t, src, "A Legendary Ocean")
		}, 0, []string{domain.RuleOneCopy}},
		{"Umi and Pacifis, the Phantasm City", func(d *domain.Decklist) {
			d.Main[20] = pc(t, src, "Umi")
			d.Main[21] = pc(t, src, "Pacifis, the Phantasm City")
		}, 0, []string{domain.RuleOneCopy}},
		{"Umi and Sea Stealth II may be played together", func(d *domain.Decklist) {
			d.Main[20] = pc(t, src, "Umi")
			d.Main[21] = pc(t, src, "Sea Stealth II")
		}, 0, nil},
		{"a monster outside the Domain", func(d *domain.Decklist) { d.Main[0] = pc(t, src, "Cyber Tutu") }, 0, []string{domain.RuleDomain}},
		{"a Fusion Monster in the Main Deck", func(d *domain.Decklist) { d.Main[0] = pc(t, src, "Thousand-Eyes Restrict") }, 0, []string{domain.RuleDeckZone, domain.RuleOneCopy}},
		{"a Spell Card in the Extra Deck", func(d *domain.Decklist) { d.Extra = append(d.Extra, pc(t, src, "Pot of Avarice")) }, 0, []string{domain.RuleDeckZone}},
		{"an unknown passcode", func(d *domain.Decklist) { d.Main[0] = 12345678 }, 0, []string{domain.RuleUnknownCard}},
		{"no Deck Master", func(d *domain.Decklist) { d.Master = 0 }, 0, []string{domain.RuleDeckMaster}},
		{"a Spell Card as Deck Master", func(d *domain.Decklist) { d.Master = 0 }, pc(t, src, "Mystical Space Typhoon"), []string{domain.RuleDeckMaster, domain.RuleOneCopy}},
		{"a Trap Card as Deck Master", func(d *domain.Decklist) {}, pc(t, src, "Gozen Match"), []string{domain.RuleDeckMaster}},
		// Sangan (DARK Fiend) in place of Dark Magician Girl: Sangan is then
		// in the deck twice, and the four non-DARK Spellcasters (Injection
		// Fairy Lily, White Magical Hat, Magician of Faith, Gemini Elf) fall out.
		{"the form's Deck Master wins over the list's", func(d *domain.Decklist) {}, pc(t, src, "Sangan"), []string{domain.RuleOneCopy, domain.RuleDomain, domain.RuleDomain, domain.RuleDomain, domain.RuleDomain}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := clone()
			tt.change(&d)
			res := domain.Check(d, tt.master, src)
			want := append([]string{}, tt.want...)
			sort.Strings(want)
			if diff := cmp.Diff(want, rules(res), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("broken rules (-want +got):\n%s\nproblems: %+v", diff, res.Problems)
			}
			if res.Legal != (len(tt.want) == 0) {
				t.Errorf("Legal = %v with problems %v", res.Legal, rules(res))
			}
		})
	}
}

// TestProblemMessages checks that messages name what a player must fix.
func TestProblemMessages(t *testing.T) {
	src := catalogue(t)
	legal := legalDeck(t, src)
	main := append([]uint32{}, legal.Main...)
	main[20] = pc(t, src, "Umi")
	main[21] = pc(t, src, "A Legendary Ocean")
	main[0] = 12345678
	main[1] = pc(t, src, "Cyber Tutu")
	res := domain.Check(domain.Decklist{Main: main[:59], Extra: legal.Extra}, pc(t, src, "Dark Magician Girl"), src)
	want := []domain.Problem{
		{Passcode: 12345678, Rule: domain.RuleUnknownCard, Message: "Passcode 12345678 in the Main Deck is not in the card database."},
		{Rule: domain.RuleMainCount, Message: "The Main Deck has 59 cards; it must have exactly 60 (the Deck Master does not count)."},
		{Card: "Umi", Passcode: 22702055, Rule: domain.RuleOneCopy, Message: `Umi and A Legendary Ocean count as the same card (A Legendary Ocean is always treated as "Umi"), and the deck has 2 of them (2 in the Main Deck): only one copy of each card is allowed across the Deck Master, Main Deck and Extra Deck.`},
		{Card: "Cyber Tutu", Passcode: 49375719, Rule: domain.RuleDomain, Message: `Cyber Tutu (EARTH Warrior) is outside the Domain of Dark Magician Girl: neither its Attribute (EARTH), its Type (Warrior) nor its archetype ("Cyber") is in it, and the Deck Master's text does not name it.`},
	}
	if diff := cmp.Diff(want, res.Problems); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}

	res = domain.Check(domain.Decklist{Main: []uint32{pc(t, src, "Destiny HERO - Malicious"), pc(t, src, "Destiny HERO - Malicious")}}, pc(t, src, "Destiny HERO - Malicious"), src)
	var got []string
	for _, p := range res.Problems {
		if p.Rule == domain.RuleOneCopy || p.Rule == domain.RuleDeckMaster {
			got = append(got, p.Message)
		}
	}
	wantMsgs := []string{"Destiny HERO - Malicious appears 3 times (as the Deck Master and 2 in the Main Deck): only one copy of each card is allowed across the Deck Master, Main Deck and Extra Deck."}
	if diff := cmp.Diff(wantMsgs, got); diff != "" {
		t.Errorf("one-copy message (-want +got):\n%s", diff)
	}

	res = domain.Check(domain.Decklist{}, pc(t, src, "Mystical Space Typhoon"), src)
	if len(res.Problems) == 0 || res.Problems[0].Message != "Mystical Space Typhoon is a Spell Card: the Deck Master must be a monster (from the Main or the Extra Deck), never a Spell or Trap Card." {
		t.Errorf("spell Deck Master problems = %+v", res.Problems)
	}
	if res.Domain != nil {
		t.Errorf("a Spell Card has no Domain, got %+v", res.Domain)
	}
}

// TestFormatsAgree checks that the same deck as a .ydk file, a ydke:// link
// and a text list gets the same verdict, legal or not.
func TestFormatsAgree(t *testing.T) {
	src := catalogue(t)
	legal := legalDeck(t, src)
	illegal := domain.Decklist{Master: legal.Master, Main: append(append([]uint32{}, legal.Main[2:]...), pc(t, src, "Cyber Tutu")), Extra: legal.Extra}
	for name, deck := range map[string]domain.Decklist{"legal": legal, "illegal": illegal} {
		t.Run(name, func(t *testing.T) {
			master := card(t, src, "Dark Magician Girl").Name
			fromYDK, err := domain.CheckFile("deck.ydk", domain.EncodeYDK(deck), "", src)
			if err != nil {
				t.Fatalf("ydk: %v", err)
			}
			fromYDKE, err := domain.CheckFile("", []byte(domain.EncodeYDKE(deck)), master, src)
			if err != nil {
				t.Fatalf("ydke: %v", err)
			}
			if fromYDK.Format != domain.FormatYDK || fromYDKE.Format != domain.FormatYDKE {
				t.Errorf("formats = %q, %q", fromYDK.Format, fromYDKE.Format)
			}
			ignore := cmpopts.IgnoreFields(domain.Result{}, "Format")
			if diff := cmp.Diff(fromYDK, fromYDKE, ignore); diff != "" {
				t.Errorf("ydk and ydke verdicts differ (-ydk +ydke):\n%s", diff)
			}
			if fromYDK.Legal != (name == "legal") {
				t.Errorf("Legal = %v for the %s deck", fromYDK.Legal, name)
			}
		})
	}
	// The committed fixtures of the legal deck in all three formats.
	var results []domain.Result
	for _, f := range []string{"legal-dmg.txt", "legal-dmg.ydk", "legal-dmg.ydke"} {
		data, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		res, err := domain.CheckFile(f, data, "Dark Magician Girl", src)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !res.Legal {
			t.Errorf("%s: not legal: %+v", f, res.Problems)
		}
		res.Format = ""
		results = append(results, res)
	}
	for i := 1; i < len(results); i++ {
		if diff := cmp.Diff(results[0], results[i]); diff != "" {
			t.Errorf("verdicts differ between the text list and fixture %d (-text +other):\n%s", i, diff)
		}
	}
}

func TestCheckFileErrors(t *testing.T) {
	src := catalogue(t)
	tests := []struct {
		name, file, data, master string
		wantLine                 int
		wantMsg                  string
	}{
		{"malformed ydk", "deck.ydk", "#main\n26202165\nabc\n", "", 3, `"abc" is not a passcode`},
		{"unknown name in a text list", "deck.txt", "Deck Master: Sangan\n1 Pot of Greedd\n", "", 2, `no card named "Pot of Greedd"`},
		{"broken ydke", "", "ydke://abc", "", 0, "three parts"},
		{"empty", "deck.txt", "\n# nothing\n", "", 0, "holds no cards"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := domain.CheckFile(tt.file, []byte(tt.data), tt.master, src)
			pe, ok := err.(*domain.ParseError)
			if !ok {
				t.Fatalf("error = %v, want a *ParseError", err)
			}
			if pe.Line != tt.wantLine || !strings.Contains(pe.Msg, tt.wantMsg) {
				t.Errorf("error = line %d %q, want line %d containing %q", pe.Line, pe.Msg, tt.wantLine, tt.wantMsg)
			}
		})
	}

	_, err := domain.CheckFile("deck.txt", []byte("Sangan\n"), "Sangann", src)
	if me, ok := err.(*domain.MasterError); !ok || me.Input != "Sangann" {
		t.Errorf("unknown Deck Master: error = %v, want a *MasterError", err)
	}
	for _, m := range []string{"Sangan", "26202165", " sangan "} {
		res, err := domain.CheckFile("deck.txt", []byte("Sangan\n"), m, src)
		if err != nil || res.DeckMaster == nil || res.DeckMaster.Name != "Sangan" {
			t.Errorf("Deck Master %q: %+v, %v", m, res.DeckMaster, err)
		}
	}
}

// TestGoldenResult keeps one full verdict as JSON, as the API returns it.
func TestGoldenResult(t *testing.T) {
	src := catalogue(t)
	in := "Deck Master: Chronicle Magician\n1 Blue-Eyes White Dragon\n1 Dark Magician Girl\n1 Sangan\n2 Mirror Force\n1 Cyber Dragon\nExtra\n1 Blue-Eyes Ultimate Dragon\n"
	res, err := domain.CheckFile("paste", []byte(in), "", src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden(t, "chronicle-check.golden.json", got)
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", name, diff)
	}
}

// TestFixtures rewrites the .ydk and ydke:// fixtures from the text list
// with -update, and otherwise checks that they still hold the same deck.
func TestFixtures(t *testing.T) {
	src := catalogue(t)
	deck := legalDeck(t, src)
	golden(t, "legal-dmg.ydk", domain.EncodeYDK(deck))
	golden(t, "legal-dmg.ydke", []byte(domain.EncodeYDKE(deck)+"\n"))
}

// TestShareQuery checks that a shared link reads back to the same verdict.
func TestShareQuery(t *testing.T) {
	src := catalogue(t)
	res := domain.Check(legalDeck(t, src), 0, src)
	q, err := url.ParseQuery(res.ShareQuery())
	if err != nil {
		t.Fatal(err)
	}
	again, err := domain.CheckFile("", []byte(q.Get("ydke")), q.Get("master"), src)
	if err != nil {
		t.Fatalf("CheckFile(shared link): %v", err)
	}
	again.Format = ""
	if diff := cmp.Diff(res, again); diff != "" {
		t.Errorf("shared link verdict (-original +shared):\n%s", diff)
	}
	if got := (domain.Result{YDKE: "ydke://!!!"}).ShareQuery(); got != "ydke=ydke%3A%2F%2F%21%21%21" {
		t.Errorf("ShareQuery without a Deck Master = %q", got)
	}
}

// TestReport keeps the terminal report of one check as a golden file.
func TestReport(t *testing.T) {
	src := catalogue(t)
	in := "Deck Master: Cyber-Stein\n1 Cyber Dragon\n1 Cyber Tutu\n1 Jinzo\n1 Pot of Avarice\n"
	res, err := domain.CheckFile("paste", []byte(in), "", src)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := domain.WriteReport(&b, res, true); err != nil {
		t.Fatal(err)
	}
	golden(t, "cyber-stein-report.golden.txt", b.Bytes())
}
