package rulings

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// page is the part of a rule page's front matter the coverage test reads.
type page struct {
	ID     string   `yaml:"id"`
	Format string   `yaml:"format"`
	Topics []string `yaml:"topics"`
}

func loadPages(t *testing.T) []page {
	t.Helper()
	files, _ := filepath.Glob("../content/*/*.md")
	if len(files) == 0 {
		t.Skip("no rule pages in ../content")
	}
	var out []page
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rest, ok := strings.CutPrefix(string(src), "---\n")
		if !ok {
			continue
		}
		fm, _, ok := strings.Cut(rest, "\n---")
		if !ok {
			t.Fatalf("%s: front matter is not closed", f)
		}
		var pg page
		if err := yaml.Unmarshal([]byte(fm), &pg); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, pg)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func loadTopics(t *testing.T) map[string]bool {
	t.Helper()
	src, err := os.ReadFile("../content/topics.yaml")
	if err != nil {
		t.Skip("no ../content/topics.yaml")
	}
	var list []struct {
		ID string `yaml:"id"`
	}
	if err := yaml.Unmarshal(src, &list); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, x := range list {
		out[x.ID] = true
	}
	return out
}

// covers reports whether the profile has a switch or a "not modelled"
// entry for topic that cites page.
func covers(p *Profile, pageID, topic string) bool {
	for _, s := range p.Switches() {
		if s.Topic == topic && rulePage(s.Rule) == pageID {
			return true
		}
	}
	for _, g := range p.NotModelled() {
		if g.Topic == topic && rulePage(g.Page) == pageID {
			return true
		}
	}
	return false
}

func rulePage(ref string) string {
	page, _, _ := strings.Cut(ref, "#")
	return page
}

// TestProfileCoverage: every topic of a format's rule pages is a switch of
// that format's profile citing the page, or an explicit "not modelled"
// entry citing it; general pages must be covered by some profile. Every
// switch and entry uses a topic of the vocabulary and cites a page that
// exists (TestCitations checks the anchors).
func TestProfileCoverage(t *testing.T) {
	pages := loadPages(t)
	topics := loadTopics(t)
	ids := map[string]bool{}
	for _, pg := range pages {
		ids[pg.ID] = true
	}
	for _, pg := range pages {
		for _, topic := range pg.Topics {
			if !topics[topic] {
				t.Errorf("%s: topic %q is not in content/topics.yaml", pg.ID, topic)
			}
			var ok bool
			if p, found := ProfileByID(pg.Format); found && pg.Format != "modern" {
				ok = covers(p, pg.ID, topic)
			} else {
				for _, p := range Profiles() {
					ok = ok || covers(p, pg.ID, topic)
				}
			}
			if !ok {
				t.Errorf("%s: topic %q has no switch citing the page and no \"not modelled\" entry (format %s)", pg.ID, topic, pg.Format)
			}
		}
	}
	for _, p := range Profiles() {
		for _, s := range p.Switches() {
			if !topics[s.Topic] {
				t.Errorf("%s: switch %q has topic %q, not in the vocabulary", p.ID, s.Name, s.Topic)
			}
			if s.Rule != "" && !ids[rulePage(s.Rule)] {
				t.Errorf("%s: switch %q cites %q: no such page", p.ID, s.Name, s.Rule)
			}
			if s.Today == "" {
				t.Errorf("%s: switch %q has no value for today", p.ID, s.Name)
			}
		}
		for _, g := range p.NotModelled() {
			if !topics[g.Topic] {
				t.Errorf("%s: not-modelled topic %q is not in the vocabulary", p.ID, g.Topic)
			}
			if !ids[rulePage(g.Page)] {
				t.Errorf("%s: not-modelled entry cites %q: no such page", p.ID, g.Page)
			}
			if !strings.HasPrefix(g.Reason, "not modelled") || !strings.Contains(g.Reason, "because") {
				t.Errorf("%s: not-modelled entry for %s gives no reason (%q)", p.ID, g.Page, g.Reason)
			}
			for _, s := range p.Switches() {
				if s.Topic == g.Topic && rulePage(s.Rule) == rulePage(g.Page) {
					t.Errorf("%s: %s is both a switch (%q) and not modelled", p.ID, g.Page, s.Name)
				}
			}
		}
	}
}

// TestSwitchesToday: every switch of a format shows today's value from the
// modern profile, and the modern profile has every switch the older
// formats have.
func TestSwitchesToday(t *testing.T) {
	modern, _ := ProfileByID("modern")
	today := map[string]Switch{}
	for _, s := range modern.Switches() {
		today[s.Name] = s
		if s.Today != s.Value || s.TodayRule != s.Rule {
			t.Errorf("modern: switch %q: today %q/%q differs from its value", s.Name, s.Today, s.TodayRule)
		}
	}
	for _, id := range []string{"goat", "hat", "edison"} {
		p, _ := ProfileByID(id)
		for _, s := range p.Switches() {
			m, ok := today[s.Name]
			if !ok && !strings.HasPrefix(s.Name, "Damage Step timing ") {
				t.Errorf("%s: switch %q has no counterpart today", id, s.Name)
				continue
			}
			if ok && (s.Today != m.Value || s.TodayRule != m.Rule) {
				t.Errorf("%s: switch %q: today = %q (%s), want %q (%s)", id, s.Name, s.Today, s.TodayRule, m.Value, m.Rule)
			}
		}
	}
}
