package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"substep/content"
	"substep/rulings"
	"substep/web"
)

// TestAPISourcesAndEra: every rule page's and every ruling's JSON carries
// the era and the dated sources the page or ruling shows (issue 16).
func TestAPISourcesAndEra(t *testing.T) {
	a := runApp(t, Config{RateLimit: web.RateLimit{Off: true}})
	c := a.Content()
	type source struct{ Title, URL, Retrieved, Takes string }
	type answer struct {
		ID      string
		Era     string
		Sources []source
	}
	check := func(path, era string, n int) {
		t.Helper()
		resp, body := get(t, a.URL()+path)
		if resp.StatusCode != 200 {
			t.Errorf("GET %s: %d", path, resp.StatusCode)
			return
		}
		var got answer
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		if got.Era == "" || got.Era != era {
			t.Errorf("GET %s: era %q, want %q", path, got.Era, era)
		}
		if len(got.Sources) != n || n == 0 {
			t.Errorf("GET %s: %d sources, want %d (and at least one)", path, len(got.Sources), n)
		}
		for i, s := range got.Sources {
			if s.Title == "" || !strings.HasPrefix(s.URL, "http") || len(s.Retrieved) != len("2006-01-02") || s.Takes == "" {
				t.Errorf("GET %s: source %d incomplete: %+v", path, i+1, s)
			}
		}
	}
	for _, p := range c.Site.Pages {
		check("/api/rules/"+p.ID, p.Era, len(p.Sources))
	}
	for _, r := range c.Site.Rulings {
		check("/api/rulings/"+r.ID, r.Era, len(r.Sources))
	}
	if resp, body := get(t, a.URL()+"/api/rulings/no-such-ruling"); resp.StatusCode != 404 || !strings.Contains(string(body), `"error"`) {
		t.Errorf("unknown ruling: %d %s", resp.StatusCode, body)
	}
}

// TestCardPagesEngineAndPoolRulings: a pool card the catalogue lacks lists
// the rulings that name it; every card page says whether the engine can
// replay the card, and links the bundled scenarios that put it in play.
func TestCardPagesEngineAndPoolRulings(t *testing.T) {
	a := runApp(t, Config{RateLimit: web.RateLimit{Off: true}, ContentDir: withPoolOnlyRuling(t)})
	c := a.Content()

	// A ruling naming a card only the pools know.
	var poolOnly, rulingURL string
	for _, r := range c.Site.Rulings {
		for _, name := range r.Cards {
			if _, inCat := c.Cards.Lookup(name); !inCat {
				poolOnly, rulingURL = name, r.URL()
				break
			}
		}
		if poolOnly != "" {
			break
		}
	}
	if poolOnly == "" {
		t.Fatal("no ruling names a card outside the catalogue")
	}
	pc, ok := c.Pools.ByName(poolOnly)
	if !ok {
		t.Fatalf("%s is in no pool", poolOnly)
	}
	_, body := get(t, a.URL()+"/cards/"+pc.Slug)
	doc := parsePage(t, strings.NewReader(string(body)))
	if len(doc.All("section.card-rulings a[href="+rulingURL+"]")) == 0 {
		t.Errorf("the page of %s does not list %s", poolOnly, rulingURL)
	}
	if !strings.Contains(doc.Text("section.engine-status p.engine-no"), "not in the engine's card catalogue") {
		t.Errorf("the page of %s does not say the engine cannot replay it: %q", poolOnly, doc.Text("section.engine-status"))
	}

	// A catalogue card the engine plays and a scenario uses, and one it
	// cannot play.
	uses := map[string][]string{}
	for _, sc := range c.Scenarios {
		for _, card := range sc.Cards() {
			uses[card.Name] = append(uses[card.Name], sc.Name)
		}
	}
	var playedSeen, unplayableSeen bool
	for _, card := range c.Cards.Cards() {
		why := card.Unplayable()
		switch {
		case !playedSeen && why == "" && len(uses[card.Name]) > 0:
			playedSeen = true
			_, body := get(t, a.URL()+"/cards/"+card.Slug())
			doc := parsePage(t, strings.NewReader(string(body)))
			if doc.Text("section.engine-status p.engine-yes") == "" {
				t.Errorf("%s: the page does not say the engine can replay it", card.Name)
			}
			for _, sc := range uses[card.Name] {
				if len(doc.All("section.engine-status a[href=/replay/"+sc+"]")) == 0 {
					t.Errorf("%s: the page does not link scenario %s", card.Name, sc)
				}
			}
		case !unplayableSeen && why != "":
			unplayableSeen = true
			_, body := get(t, a.URL()+"/cards/"+card.Slug())
			doc := parsePage(t, strings.NewReader(string(body)))
			if !strings.Contains(doc.Text("section.engine-status p.engine-no"), "can't replay this card yet") {
				t.Errorf("%s (%s): the page does not say the engine cannot replay it: %q", card.Name, why, doc.Text("section.engine-status"))
			}
		}
	}
	if !playedSeen || !unplayableSeen {
		t.Errorf("catalogue lacks a played card (%v) or an unplayable one (%v)", playedSeen, unplayableSeen)
	}
}

// TestDomainSeatingIsAReading: no source gives Domain a largest table, so
// the engine's limit of six players is marked as assumed, and the rule
// section it cites says it is Substep's reading and why.
func TestDomainSeatingIsAReading(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := rulings.ProfileByID("domain")
	if !p.Seating.Assumed {
		t.Errorf("Domain's Seating (%d players) is marked sourced (%s), but no source sets a limit", p.Seating.Value, p.Seating.Rule)
	}
	page, anchor, _ := strings.Cut(p.Seating.Rule, "#")
	pg, ok := c.Site.Page(page)
	if !ok {
		t.Fatalf("Seating cites %q: no such page", p.Seating.Rule)
	}
	sec, ok := pg.Section(anchor)
	if !ok {
		t.Fatalf("Seating cites %q: no such section", p.Seating.Rule)
	}
	for _, want := range []string{"no upper limit", "at most 6 players", "a limit of its own and not a Domain rule", "Substep’s reading"} {
		if !strings.Contains(sec.Text, want) {
			t.Errorf("%s does not say %q: %q", p.Seating.Rule, want, sec.Text)
		}
	}
}

// withPoolOnlyRuling copies the bundled content to a temporary folder and
// adds one ruling naming "Ancient Gear Golem", a card of the Edison pool the
// engine's catalogue lacks, so the card page's pool-only branch is tested
// whether or not a bundled ruling happens to name such a card.
func withPoolOnlyRuling(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "content")
	if err := os.CopyFS(dir, ContentFS("")); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, "rulings", "edison.yaml"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const ruling = `- id: edison-test-pool-only
  format: edison
  cards: [Ancient Gear Golem]
  statement: 'A test ruling: Ancient Gear Golem cannot be Special Summoned.'
  sources:
    - title: 'ProjectIgnis CardScripts: Ancient Gear Golem'
      url: https://github.com/ProjectIgnis/CardScripts/blob/master/official/c83104731.lua
      retrieved: 2026-11-24
      takes: 'EFFECT_SPSUMMON_CONDITION'
`
	if _, err := f.WriteString(ruling); err != nil {
		t.Fatal(err)
	}
	return dir
}
