package render

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// fakeCards is a hand-written CardResolver over a fixed list.
type fakeCards map[string]string // lower-case written name → canonical

func (f fakeCards) Resolve(name string) (string, string, bool) {
	c, ok := f[strings.ToLower(name)]
	if !ok {
		return "", "", false
	}
	return c, strings.ReplaceAll(strings.ToLower(c), " ", "-"), true
}

var testCards = fakeCards{
	"sangan":                      "Sangan",
	"mountain":                    "Mountain",
	"umi":                         "Umi",
	"breaker the magical":         "Breaker the Magical Warrior",
	"breaker the magical warrior": "Breaker the Magical Warrior",
}

const topicsYAML = `
- id: field-spell
  title: Field Spells
  today: Each player has their own Field Zone.
- id: segoc
  title: SEGOC
  today: Any order within a step.
`

func page(front, body string) string { return "---\n" + front + "\n---\n" + body }

// ruling is a one-ruling rulings file; extra replaces the field it names
// (or is added when it names a field the ruling lacks).
func ruling(extra string) string {
	fields := []string{"format: goat", "cards: [Sangan]", "statement: It searches when it goes to the Graveyard.",
		`sources: [{title: Basic Mechanics, url: "https://example.org/goat", retrieved: 2026-11-24, takes: Rule 9}]`}
	if key, _, ok := strings.Cut(extra, ":"); ok {
		replaced := false
		for i, f := range fields {
			if strings.HasPrefix(f, key+":") {
				fields[i], replaced = extra, true
			}
		}
		if !replaced {
			fields = append(fields, extra)
		}
	}
	out := "- id: r1\n"
	for _, f := range fields {
		out += "  " + f + "\n"
	}
	return out
}

const goodFront = `id: goat-03
format: goat
number: 3
title: One Field Spell
summary: Only one Field Spell for both players.
topics: [field-spell]
cards: [Mountain, Umi]
era: Test rules of 2005
sources: [{title: Basic Mechanics, url: "https://example.org/goat", retrieved: 2026-11-24, takes: Rule 3}]`

const goodBody = `Only one face-up Field Spell may exist.

## Example 1 {#example-1}

Player A activates "Mountain" while Player B's "Umi" is active. See [the rule](#example-1).
`

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string // one problem line, exactly
	}{
		{"missing id", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "id: goat-03\n", "", 1), goodBody)}, "goat/a.md:1: missing id"},
		{"duplicate id", map[string]string{"goat/a.md": page(goodFront, goodBody), "goat/b.md": page(goodFront, goodBody)}, `goat/b.md:2: duplicate id "goat-03" (also in goat/a.md)`},
		{"unknown format", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "format: goat", "format: speed", 1), goodBody)}, `goat/a.md:3: unknown format "speed" (want one of goat, hat, edison, domain, general)`},
		{"format folder", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "format: goat", "format: hat", 1), goodBody)}, `goat/a.md:3: format "hat" does not match the folder goat/`},
		{"unknown topic", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "[field-spell]", "[field-spell, spells]", 1), goodBody)}, `goat/a.md:7: unknown topic "spells" (see topics.yaml)`},
		{"broken page link", map[string]string{"goat/a.md": page(goodFront, goodBody+"\nSee [HAT](/rules/hat-02).\n")}, `goat/a.md:18: broken link: no page "hat-02"`},
		{"broken anchor link", map[string]string{"goat/a.md": page(goodFront, goodBody+"\nSee [it](/rules/goat-03#example-9).\n")}, `goat/a.md:18: broken link: page "goat-03" has no anchor "example-9"`},
		{"heading without id", map[string]string{"goat/a.md": page(goodFront, goodBody+"\n## Example 2\n")}, `goat/a.md:18: heading "Example 2" has no {#id}`},
		{"duplicate anchor", map[string]string{"goat/a.md": page(goodFront, goodBody+"\n## Again {#example-1}\n")}, `goat/a.md:18: duplicate anchor "example-1" (first at line 14)`},
		{"unknown card", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "[Mountain, Umi]", "[Mountain, Umi, Jinzo]", 1), goodBody)}, `goat/a.md:8: unknown card "Jinzo" (add it to rulings/cards/*.yaml)`},
		{"quoted card not listed", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "[Mountain, Umi]", "[Mountain]", 1), goodBody)}, `goat/a.md:8: card "Umi" is quoted in the text but not listed in cards`},
		{"missing summary", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "summary: Only one Field Spell for both players.\n", "", 1), goodBody)}, "goat/a.md:1: missing summary (one line, used for link previews)"},
		{"missing sources", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "\nsources: [{title: Basic Mechanics, url: \"https://example.org/goat\", retrieved: 2026-11-24, takes: Rule 3}]", "", 1), goodBody)}, "goat/a.md:1: missing sources (a list of {title, url, retrieved, takes}: where the page's facts come from)"},
		{"source without date", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "retrieved: 2026-11-24", "retrieved: last week", 1), goodBody)}, `goat/a.md:10: source 1: retrieved "last week" must be a date (YYYY-MM-DD)`},
		{"source not a web address", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "https://example.org/goat", "my notes", 1), goodBody)}, `goat/a.md:10: source 1: url "my notes" must be an http(s) address`},
		{"missing era", map[string]string{"goat/a.md": page(strings.Replace(goodFront, "era: Test rules of 2005\n", "", 1), goodBody)}, `goat/a.md:1: missing era (the rule set the format follows, e.g. "TCG 2008 rules (Master Rule 1)")`},
		{"correction without reason", map[string]string{"goat/a.md": page(goodFront+"\ncorrections:\n  - says: 800 DEF\n    reads: 900 DEF", goodBody)}, `goat/a.md:11: correction 1: needs says, reads and because`},
		{"correction to missing anchor", map[string]string{"goat/a.md": page(goodFront+"\ncorrections:\n  - anchor: nowhere\n    says: a\n    reads: b\n    because: c", goodBody)}, `goat/a.md:11: correction 1 names missing anchor "nowhere"`},
		{"ruling with unknown card", map[string]string{"goat/a.md": page(goodFront, goodBody), "rulings/goat.yaml": ruling("cards: [Jinzo]")}, `rulings/goat.yaml:1: ruling r1: unknown card "Jinzo": neither in the catalogue (rulings/cards/*.yaml) nor in the goat card pool`},
		{"ruling without sources", map[string]string{"goat/a.md": page(goodFront, goodBody), "rulings/goat.yaml": "- id: r1\n  format: goat\n  cards: [Sangan]\n  statement: It searches.\n"}, "rulings/goat.yaml:1: ruling r1: missing sources (a list of {title, url, retrieved, takes}: where the page's facts come from)"},
		{"ruling in the wrong file", map[string]string{"goat/a.md": page(goodFront, goodBody), "rulings/goat.yaml": ruling("format: hat")}, `rulings/goat.yaml:1: ruling r1: format "hat" does not match the file goat.yaml`},
		{"ruling with a broken rule link", map[string]string{"goat/a.md": page(goodFront, goodBody), "rulings/goat.yaml": ruling("rule: goat-03#nowhere")}, `rulings/goat.yaml:1: ruling r1: rule "goat-03#nowhere": page "goat-03" has no anchor "nowhere"`},
		{"duplicate ruling id", map[string]string{"goat/a.md": page(goodFront, goodBody), "rulings/goat.yaml": ruling("") + ruling("")}, `rulings/goat.yaml:6: duplicate ruling id "r1" (also in rulings/goat.yaml)`},
		{"compare topic not listed", map[string]string{"goat/a.md": page(goodFront+"\ncompare:\n  - topic: segoc\n    line: x", goodBody)}, `goat/a.md:11: compare line for topic "segoc", which the page does not list in topics`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"topics.yaml": {Data: []byte(topicsYAML)}}
			for name, src := range tt.files {
				fsys[name] = &fstest.MapFile{Data: []byte(src)}
			}
			_, err := Load(fsys, NewMarkdown(testCards))
			if err == nil {
				t.Fatalf("Load succeeded, want problem %q", tt.want)
			}
			ce, ok := err.(*ContentError)
			if !ok {
				t.Fatalf("Load error %T %v, want *ContentError", err, err)
			}
			if !slices.Contains(ce.Problems, tt.want) {
				t.Errorf("problems do not include the expected one (-want +got):\n%s", cmp.Diff([]string{tt.want}, ce.Problems))
			}
		})
	}
}

// poolCards is testCards plus a hand-written pool per format: a fake
// PoolResolver.
type poolCards struct {
	fakeCards
	pools map[string][]string // format → card names its pool holds
}

func (p poolCards) ResolveInPool(format, name string) (string, bool) {
	for _, c := range p.pools[format] {
		if strings.EqualFold(c, name) {
			return c, true
		}
	}
	return "", false
}

// TestRulingsNamePoolCards: a ruling may name a card of its format's pool
// that the catalogue lacks, under the pool's spelling; a card of another
// format's pool only is still refused, and pages stay catalogue-only.
func TestRulingsNamePoolCards(t *testing.T) {
	cards := poolCards{testCards, map[string][]string{"goat": {"Thousand-Eyes Restrict"}, "edison": {"Card Trooper"}}}
	load := func(r string) (*Site, error) {
		fsys := fstest.MapFS{"topics.yaml": {Data: []byte(topicsYAML)}, "goat/a.md": {Data: []byte(page(goodFront, goodBody))},
			"rulings/goat.yaml": {Data: []byte(r)}}
		return Load(fsys, NewMarkdown(cards))
	}
	site, err := load(ruling("cards: [thousand-eyes restrict, Sangan]"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := site.Rulings[0].Cards, []string{"Thousand-Eyes Restrict", "Sangan"}; !slices.Equal(got, want) {
		t.Errorf("cards (-want +got):\n%s", cmp.Diff(want, got))
	}
	if got := site.CardRulings("Thousand-Eyes Restrict"); len(got) != 1 {
		t.Errorf("CardRulings(Thousand-Eyes Restrict) = %v, want the ruling", got)
	}
	if site.Rulings[0].Era != "Test rules of 2005" {
		t.Errorf("ruling era = %q, want the era its format's pages give", site.Rulings[0].Era)
	}
	_, err = load(ruling("cards: [Card Trooper]"))
	want := `rulings/goat.yaml:1: ruling r1: unknown card "Card Trooper": neither in the catalogue (rulings/cards/*.yaml) nor in the goat card pool`
	if ce, ok := err.(*ContentError); !ok || !slices.Contains(ce.Problems, want) {
		t.Errorf("a card of another format's pool: got %v, want %q", err, want)
	}
	fsys := fstest.MapFS{"topics.yaml": {Data: []byte(topicsYAML)},
		"goat/a.md": {Data: []byte(page(strings.Replace(goodFront, "[Mountain, Umi]", "[Mountain, Umi, Thousand-Eyes Restrict]", 1), goodBody))}}
	if _, err := Load(fsys, NewMarkdown(cards)); err == nil || !strings.Contains(err.Error(), `unknown card "Thousand-Eyes Restrict"`) {
		t.Errorf("a rule page naming a pool-only card: got %v, want it refused", err)
	}
}

func TestLoadGood(t *testing.T) {
	fsys := fstest.MapFS{
		"topics.yaml": {Data: []byte(topicsYAML)},
		"goat/a.md":   {Data: []byte(page(goodFront, goodBody))},
	}
	site, err := Load(fsys, NewMarkdown(testCards))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := site.Page("goat-03")
	if !ok {
		t.Fatal("goat-03 not loaded")
	}
	want := []Section{{
		Anchor: "example-1", Heading: "Example 1", Level: 2, Example: true, Line: 14,
		Text:  "Player A activates “Mountain” while Player B’s “Umi” is active. See the rule.",
		Cards: []string{"Mountain", "Umi"},
	}}
	if diff := cmp.Diff(want, p.Sections); diff != "" {
		t.Errorf("sections (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff("Only one face-up Field Spell may exist.", p.Intro); diff != "" {
		t.Errorf("intro (-want +got):\n%s", diff)
	}
}

// TestRenderGolden renders each testdata/*.md and compares the HTML with
// testdata/*.html. Run with -update to rewrite the golden files.
func TestRenderGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.md")
	if len(files) == 0 {
		t.Fatal("no golden inputs")
	}
	md := NewMarkdown(testCards)
	for _, in := range files {
		t.Run(filepath.Base(in), func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := md.Render(src)
			if err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(in, ".md") + ".html"
			if *update {
				if err := os.WriteFile(golden, []byte(doc.HTML), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), doc.HTML); diff != "" {
				t.Errorf("%s (-want +got):\n%s", golden, diff)
			}
		})
	}
}

func TestLinkReplays(t *testing.T) {
	fsys := fstest.MapFS{
		"topics.yaml": {Data: []byte(topicsYAML)},
		"goat/a.md":   {Data: []byte(page(goodFront, goodBody))},
	}
	site, err := Load(fsys, NewMarkdown(testCards))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := site.Page("goat-03")
	missing := p.LinkReplays(map[string]string{"example-1": "/replay/goat-03-example-1", "example-9": "/replay/x"})
	if diff := cmp.Diff([]string{"example-9"}, missing); diff != "" {
		t.Errorf("missing (-want +got):\n%s", diff)
	}
	if s, _ := p.Section("example-1"); s.Replay != "/replay/goat-03-example-1" {
		t.Errorf("section replay = %q", s.Replay)
	}
	want := `</h2>` + "\n" + `<p class="replay-link"><a href="/replay/goat-03-example-1">Replay this example in the rules engine</a></p>`
	if !strings.Contains(p.HTML, want) {
		t.Errorf("HTML lacks the replay link:\n%s", p.HTML)
	}
}

func TestFrontMatterErrorLines(t *testing.T) {
	fsys := fstest.MapFS{
		"topics.yaml": {Data: []byte(topicsYAML)},
		"goat/a.md":   {Data: []byte(page(strings.Replace(goodFront, "number: 3", "number: three", 1), goodBody))},
	}
	_, err := Load(fsys, NewMarkdown(testCards))
	ce, ok := err.(*ContentError)
	if !ok {
		t.Fatalf("err = %v", err)
	}
	want := []string{"goat/a.md:4: front matter: cannot unmarshal !!str `three` into int"}
	if diff := cmp.Diff(want, ce.Problems); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
