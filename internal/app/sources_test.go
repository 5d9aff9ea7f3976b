package app

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"substep/content"
	"substep/rulings"
)

// TestAuditFixes pins each error the rule-page audit found (issue 16) on the
// rendered text of the section concerned: the fixed reading must be there,
// and the old one gone.
func TestAuditFixes(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, page, anchor string // anchor "" means the whole page text
		want, notWant      []string
	}{
		{"Light and Darkness Dragon after three negations", "battle-phase-reference", "damage-step-example-4",
			[]string{"1300 ATK and 900 DEF"}, []string{"800 DEF"}},
		{"Mars changes only its own ATK and DEF", "battle-phase-reference", "substep-2",
			[]string{"changes only its own ATK and DEF", "“Mystic Plasma Zone” would now change the ATK and DEF of a DARK monster"},
			[]string{"“The Agent of Force - Mars” or “Mystic Plasma Zone” would now change"}},
		{"the reference page names no format as its model", "battle-phase-reference", "",
			[]string{"does not say which format or year it describes"}, []string{"the model behind the HAT and Edison Damage Steps"}},
		{"mandatory effects of destroyed monsters still activate", "battle-phase-reference", "substep-5",
			[]string{"mandatory ones included", "unless they need the monster itself as a cost"}, nil},
		{"Null and Void is a Normal Trap, so only the special ruling lets it in", "battle-phase-reference", "activation-example-5",
			[]string{"“Null and Void” may be activated", "is a Normal Trap, not a Counter Trap", "does not extend the ruling"},
			[]string{"a Counter Trap that negates effects may be activated", "only this Counter Trap"}},
		{"timing 7: even if this card is no longer face-up", "edison-battle-phase", "timing-7",
			[]string{"even if this card is no longer face-up on the field, as with “XX-Saber Fulhelmknight” or “Blue Thunder T-45”"},
			[]string{"even if the destroyed monster is no longer face-up"}},
		{"Iron Chain Dragon's mill belongs to timing 5", "edison-battle-phase", "timing-6-example-1",
			[]string{"contradicts the source’s own timing 5", "Chain Link 1 of timing 5’s manual chain"}, nil},
		{"Edison's named examples", "edison-battle-phase", "",
			[]string{"“Turbo Synchron”", "“XX-Saber Fulhelmknight”", "“Giant Kozaky”", "“Blue Thunder T-45”", "“Ancient Forest”", "“Skull Conductor”", "for “Flashbang” and for no other card"}, nil},
		{"Domain is also played by two", "domain-gameplay", "",
			[]string{"two or more players", "a limit of its own and not a Domain rule"}, []string{"three or more"}},
		{"most Monarchs, not only Spells and Traps", "domain-domain", "",
			[]string{"Most *Monarch* monsters", "a few"}, []string{"only the Spells and Traps form the archetype"}},
		{"player removal: both versions of the source", "domain-player-removal", "versions",
			[]string{"quick reference", "rule tab"}, nil},
		{"hat-01 gives no procedure the source lacks", "hat-01", "today",
			[]string{"gives no procedure"}, []string{"must not apply that skip"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, ok := c.Site.Page(tt.page)
			if !ok {
				t.Fatalf("no page %s", tt.page)
			}
			text := p.Text
			if tt.anchor != "" {
				s, ok := p.Section(tt.anchor)
				if !ok {
					t.Fatalf("%s has no section #%s", tt.page, tt.anchor)
				}
				text = s.Text
			}
			text = strings.ReplaceAll(text, "*", "")
			for _, w := range tt.want {
				if !strings.Contains(text, strings.ReplaceAll(w, "*", "")) {
					t.Errorf("%s#%s lacks %q; text:\n%s", tt.page, tt.anchor, w, text)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(text, strings.ReplaceAll(w, "*", "")) {
					t.Errorf("%s#%s still says %q", tt.page, tt.anchor, w)
				}
			}
		})
	}
	named := map[string][]string{
		"domain-summoning":      {"Ghostrick Mummy", "Waking the Dragon"},
		"domain-summon-cost":    {"Masterking Archfiend"},
		"domain-general-errata": {"Ret-time Reviver Emit-ter", "Tribute Burial", "Centur-Ion Primera Primus"},
		"domain-deckbuilding":   {"Sea Stealth II"},
	}
	for id, names := range named {
		p, ok := c.Site.Page(id)
		if !ok {
			t.Fatalf("no page %s", id)
		}
		for _, n := range names {
			if !strings.Contains(p.Text, n) {
				t.Errorf("%s no longer names %q, the source's own example", id, n)
			}
		}
	}
}

// TestCorrectionsAreRecorded: every page that tells the reader it reads its
// source differently records that in its corrections front matter, and
// every recorded correction's section exists (the loader checks anchors).
func TestCorrectionsAreRecorded(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	claims := []string{"contradicts the source", "this page corrects", "corrected from the source", "the source is wrong"}
	for _, p := range c.Site.Pages {
		lower := strings.ToLower(p.Text)
		for _, cl := range claims {
			if strings.Contains(lower, cl) && len(p.Corrections) == 0 {
				t.Errorf("%s says %q but records no correction in its front matter", p.ID, cl)
			}
		}
	}
}

// TestRulePagesShowSources: every rule page, served over HTTP, names its
// rule set and links each of its sources with the date it was read; a page
// with corrections shows each as "The source says ...; this page reads ...".
func TestRulePagesShowSources(t *testing.T) {
	a, _ := startApp(t)
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, pg := range c.Site.Pages {
		_, body := get(t, a.URL()+pg.URL())
		doc := parsePage(t, strings.NewReader(string(body)))
		if got := doc.Text("aside.sources p.era"); !strings.Contains(got, pg.Era) {
			t.Errorf("%s: era shown as %q, want %q", pg.ID, got, pg.Era)
		}
		for _, s := range pg.Sources {
			links := doc.All("aside.sources a[href=" + s.URL + "]")
			if len(links) == 0 {
				t.Errorf("%s: no link to source %s", pg.ID, s.URL)
			}
			if !strings.Contains(doc.Text("aside.sources"), "read "+s.Retrieved) {
				t.Errorf("%s: source %s shown without its date %s", pg.ID, s.URL, s.Retrieved)
			}
		}
		shown := doc.All("aside.corrections li")
		if len(shown) != len(pg.Corrections) {
			t.Errorf("%s: %d corrections shown, want %d", pg.ID, len(shown), len(pg.Corrections))
		}
		for _, n := range shown {
			if txt := textOf(n); !strings.Contains(txt, "The source says") || !strings.Contains(txt, "this page reads") || !strings.Contains(txt, "because") {
				t.Errorf("%s: correction not in the house form: %q", pg.ID, txt)
			}
		}
	}
}

// claimValue reads a topic claim's switch from a profile: a Profile field
// holding a Setting ("HandSizeDiscard"), or "DamageStep.<timing id>.Chains".
func claimValue(p *rulings.Profile, sw string) (string, bool) {
	if id, ok := strings.CutPrefix(sw, "DamageStep."); ok {
		id, field, _ := strings.Cut(id, ".")
		for _, t := range p.DamageStep {
			if t.ID == id && field == "Chains" {
				return fmt.Sprint(t.Chains.Value), true
			}
		}
		return "", false
	}
	f := reflect.ValueOf(*p).FieldByName(sw)
	if !f.IsValid() || f.Kind() != reflect.Struct {
		return "", false
	}
	v := f.FieldByName("Value")
	if !v.IsValid() {
		return "", false
	}
	return fmt.Sprint(v.Interface()), true
}

// TestOneToday keeps today's rules in one place. topics.yaml's today texts
// and the modern profile must agree claim by claim; every switch the modern
// profile has on a topic is claimed there; and no page's "Under today's
// rules" section repeats a reading the topic lists as contradicted.
func TestOneToday(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	modern, _ := rulings.ProfileByID("modern")
	claimed := map[string]bool{}
	for _, tp := range c.Site.Topics {
		for _, cl := range tp.Engine {
			claimed[tp.ID] = true
			got, ok := claimValue(modern, cl.Switch)
			if !ok {
				t.Errorf("topics.yaml %s: claim on %q, which the modern profile does not have", tp.ID, cl.Switch)
				continue
			}
			if got != cl.Value {
				t.Errorf("topics.yaml %s: today's text claims %s = %q, but the modern profile holds %q", tp.ID, cl.Switch, cl.Value, got)
			}
			if !strings.Contains(tp.Today, cl.Says) {
				t.Errorf("topics.yaml %s: the claim on %s says %q, which today's text no longer contains", tp.ID, cl.Switch, cl.Says)
			}
		}
		for _, bad := range tp.NotToday {
			if strings.Contains(strings.ToLower(tp.Today), strings.ToLower(bad)) {
				t.Errorf("topics.yaml %s: today's text contains %q, a reading it lists as contradicted", tp.ID, bad)
			}
		}
	}
	for _, sw := range modern.Switches() {
		if sw.Topic != "" && !claimed[sw.Topic] {
			t.Errorf("the modern profile's switch %q (topic %s) is not claimed by any today text in topics.yaml", sw.Name, sw.Topic)
		}
	}
	for _, p := range c.Site.Pages {
		sec, ok := p.Section("today")
		if !ok {
			continue
		}
		text := strings.ToLower(sec.Text)
		for _, id := range p.Topics {
			tp, _ := c.Site.Topic(id)
			for _, bad := range tp.NotToday {
				if strings.Contains(text, strings.ToLower(bad)) {
					t.Errorf("%s#today says %q, which the modern profile contradicts (topic %s)", p.ID, bad, id)
				}
			}
		}
	}
}

// TestEdisonSwitchesSourced: every switch of the Edison profile cites one of
// Edison's numbered rules or its Battle Phase page, or is marked assumed and
// cites a fallback section that names the era it falls back to and why.
func TestEdisonSwitchesSourced(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	ed, _ := rulings.ProfileByID("edison")
	for _, sw := range ed.Switches() {
		page, anchor, _ := strings.Cut(sw.Rule, "#")
		p, ok := c.Site.Page(page)
		if !ok || p.Format != "edison" {
			t.Errorf("Edison switch %q cites %q, not an Edison page", sw.Name, sw.Rule)
			continue
		}
		sec, ok := p.Section(anchor)
		if !ok {
			t.Errorf("Edison switch %q cites missing section %q", sw.Name, sw.Rule)
			continue
		}
		if !sw.Assumed {
			if page == "edison-fallbacks" {
				t.Errorf("Edison switch %q is marked sourced but cites a fallback", sw.Name)
			}
			continue
		}
		if page != "edison-fallbacks" || !strings.HasPrefix(sec.Text, "Fallback: ") || !strings.Contains(sec.Text, "because") {
			t.Errorf("Edison switch %q is assumed without a \"Fallback: <era>, because ...\" section (cites %s: %q)", sw.Name, sw.Rule, sec.Text)
		}
	}
}

// TestCompareEdisonVersusHAT: where HAT's 2011 rules (later than Edison's)
// already differ from today, the compare page must not show Edison as
// "Same as today": an Edison page has to state the topic.
func TestCompareEdisonVersusHAT(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]map[string]bool{}
	for _, p := range c.Site.Pages {
		for _, cl := range p.Compare {
			if lines[p.Format] == nil {
				lines[p.Format] = map[string]bool{}
			}
			lines[p.Format][cl.Topic] = true
		}
	}
	for topic := range lines["hat"] {
		if !lines["edison"][topic] {
			t.Errorf("topic %s: HAT differs from today but Edison has no compare line, so the compare page would say \"Same as today\"", topic)
		}
	}
}

// TestCardRulings: every ruling has a dated source and a permalink that
// shows it; card pages list their rulings per format; search finds them.
func TestCardRulings(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	perFormat := map[string]int{}
	for _, r := range c.Site.Rulings {
		perFormat[r.Format]++
		if len(r.Sources) == 0 || r.Sources[0].Retrieved == "" || r.Sources[0].URL == "" {
			t.Errorf("ruling %s has no dated source", r.ID)
		}
	}
	for _, f := range []string{"goat", "hat", "edison", "domain"} {
		if perFormat[f] == 0 {
			t.Errorf("no card rulings for %s", f)
		}
	}
	t.Logf("card rulings per format: %v", perFormat)

	a, _ := startApp(t)
	r, ok := c.Site.Ruling("goat-mind-crush-verification")
	if !ok {
		t.Fatal("no ruling goat-mind-crush-verification")
	}
	resp, body := get(t, a.URL()+r.URL())
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d", r.URL(), resp.StatusCode)
	}
	doc := parsePage(t, strings.NewReader(string(body)))
	if got := doc.Text("h1"); got != "Ruling: Mind Crush" {
		t.Errorf("h1 = %q", got)
	}
	if got := doc.Text("p.statement"); got != r.Statement {
		t.Errorf("statement shown as %q, want %q", got, r.Statement)
	}
	if len(doc.All("aside.sources a[href="+r.Sources[0].URL+"]")) == 0 || !strings.Contains(doc.Text("aside.sources"), "read "+r.Sources[0].Retrieved) {
		t.Errorf("ruling page does not show its source with its date")
	}
	if len(doc.All("a[href=/cards/mind-crush]")) == 0 {
		t.Errorf("ruling page does not link its card")
	}

	_, body = get(t, a.URL()+"/cards/mind-crush")
	card := parsePage(t, strings.NewReader(string(body)))
	if len(card.All("section.card-rulings a[href="+r.URL()+"]")) == 0 {
		t.Errorf("card page of Mind Crush does not list %s", r.URL())
	}
	if !strings.Contains(card.Text("section.card-rulings h3"), "Goat") {
		t.Errorf("card page rulings are not grouped under the format: %q", card.Text("section.card-rulings"))
	}

	// Every ruling's permalink links each scenario that replays it.
	for _, r := range c.Site.Rulings {
		if len(r.Scenarios) == 0 {
			continue
		}
		_, body := get(t, a.URL()+r.URL())
		doc := parsePage(t, strings.NewReader(string(body)))
		for _, name := range r.Scenarios {
			if len(doc.All(".replay-link a[href=/replay/"+name+"]")) == 0 {
				t.Errorf("%s does not link its scenario /replay/%s", r.URL(), name)
			}
		}
	}

	if resp, _ := get(t, a.URL()+"/rulings/no-such-ruling"); resp.StatusCode != 404 {
		t.Errorf("unknown ruling: status %d, want 404", resp.StatusCode)
	}
	_, body = get(t, a.URL()+"/rulings")
	index := parsePage(t, strings.NewReader(string(body)))
	if n := len(index.All("li a")); n < len(c.Site.Rulings) {
		t.Errorf("/rulings lists %d links, want at least %d", n, len(c.Site.Rulings))
	}

	_, body = get(t, a.URL()+"/api/search?q=Gearfried+Continuous+Effect")
	if !strings.Contains(string(body), `"/rulings/goat-gearfried-blast-with-chain"`) {
		t.Errorf("search does not find the Gearfried ruling: %s", body)
	}
}

// TestRulingScenariosReplayTheRuling: a ruling's `scenario:` must be a
// replay of that ruling, not any bundled file: the scenario is meant for the
// ruling's format, puts every card the ruling names (that the engine's
// catalogue holds) in play or in its script, and checks at least one
// expectation under the ruling's format. A ruling with several scenarios
// (one per part) needs each card in one of them. A failure names the
// ruling's file:line.
func TestRulingScenariosReplayTheRuling(t *testing.T) {
	c, err := LoadContent(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*rulings.Scenario{}
	for _, sc := range c.Scenarios {
		byName[sc.Name] = sc
	}
	with := map[string]int{}
	for _, r := range c.Site.Rulings {
		if len(r.Scenarios) == 0 {
			continue
		}
		with[r.Format]++
		t.Run(r.ID, func(t *testing.T) {
			// Each card must be in one of the ruling's scenarios; each
			// scenario must be for the format and check something there.
			played := map[string]bool{}
			for _, name := range r.Scenarios {
				at := fmt.Sprintf("content/%s:%d: ruling %s: scenario %s", r.File, r.Line, r.ID, name)
				sc, ok := byName[name]
				if !ok {
					t.Errorf("%s: no such bundled scenario", at)
					continue
				}
				if !slices.Contains(sc.Formats, r.Format) {
					t.Errorf("%s: formats %v do not include the ruling's format %s", at, sc.Formats, r.Format)
				}
				for _, card := range sc.Cards() {
					played[card.Name] = true
				}
				checks := 0
				for _, e := range sc.Expects {
					if len(e.Formats) == 0 || slices.Contains(e.Formats, r.Format) {
						checks++
					}
				}
				if checks == 0 {
					t.Errorf("%s: no expect line checks it under %s", at, r.Format)
				}
			}
			for _, card := range r.Cards {
				if !played[card] {
					t.Errorf("content/%s:%d: ruling %s: no scenario of %v puts %s (a card of the ruling) in play or in its script", r.File, r.Line, r.ID, r.Scenarios, card)
				}
			}
		})
	}
	t.Logf("rulings with a scenario per format: %v of %d", with, len(c.Site.Rulings))
}
