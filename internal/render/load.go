package render

import (
	"errors"
	"fmt"
	"html"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Formats are the values a page's format may take, in display order.
var Formats = []string{"goat", "hat", "edison", "domain", "general"}

// Page is one rendered rule page.
type Page struct {
	ID      string        `json:"id" yaml:"id"`
	Format  string        `json:"format" yaml:"format"`
	Number  int           `json:"number,omitempty" yaml:"number"`
	Title   string        `json:"title" yaml:"title"`
	Summary string        `json:"summary" yaml:"summary"`
	Topics  []string      `json:"topics" yaml:"topics"`
	Cards   []string      `json:"cards" yaml:"cards"`
	Compare []CompareLine `json:"compare,omitempty" yaml:"compare"`
	// Era is the rule set the page's format follows ("TCG 2008 rules
	// (Master Rule 1)"); Sources are the public pages it is written from;
	// Corrections are the places where it deliberately reads its source
	// differently, each with the reason.
	Era         string       `json:"era" yaml:"era"`
	Sources     []Source     `json:"sources" yaml:"sources"`
	Corrections []Correction `json:"corrections,omitempty" yaml:"corrections"`

	File     string    `json:"-" yaml:"-"`
	HTML     string    `json:"html" yaml:"-"`
	Intro    string    `json:"intro" yaml:"-"`
	Text     string    `json:"-" yaml:"-"`
	Sections []Section `json:"sections" yaml:"-"`
}

// CompareLine is a page's one-line statement of how its format handles a
// topic, shown in the compare matrix.
type CompareLine struct {
	Topic  string `json:"topic" yaml:"topic"`
	Line   string `json:"line" yaml:"line"`
	Anchor string `json:"anchor,omitempty" yaml:"anchor"`
}

// Source is one public page a rule page (or a card ruling) is written
// from: its title, address, the date it was read, and what is taken from it.
type Source struct {
	Title     string `json:"title" yaml:"title"`
	URL       string `json:"url" yaml:"url"`
	Retrieved string `json:"retrieved" yaml:"retrieved"` // YYYY-MM-DD
	Takes     string `json:"takes" yaml:"takes"`
}

// Correction records where a page reads its source differently: the source
// says Says; the page reads Reads because Because. Anchor, when set, names
// the section concerned.
type Correction struct {
	Anchor  string `json:"anchor,omitempty" yaml:"anchor"`
	Says    string `json:"says" yaml:"says"`
	Reads   string `json:"reads" yaml:"reads"`
	Because string `json:"because" yaml:"because"`
}

var dateRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// SourceProblems lists what is wrong with a list of sources, one message
// each; an empty list is itself a problem.
func SourceProblems(sources []Source) []string {
	if len(sources) == 0 {
		return []string{"missing sources (a list of {title, url, retrieved, takes}: where the page's facts come from)"}
	}
	var out []string
	for i, s := range sources {
		n := i + 1
		if strings.TrimSpace(s.Title) == "" {
			out = append(out, fmt.Sprintf("source %d: missing title", n))
		}
		if !strings.HasPrefix(s.URL, "https://") && !strings.HasPrefix(s.URL, "http://") {
			out = append(out, fmt.Sprintf("source %d: url %q must be an http(s) address", n, s.URL))
		}
		if !dateRE.MatchString(s.Retrieved) {
			out = append(out, fmt.Sprintf("source %d: retrieved %q must be a date (YYYY-MM-DD)", n, s.Retrieved))
		}
		if strings.TrimSpace(s.Takes) == "" {
			out = append(out, fmt.Sprintf("source %d: missing takes (what is taken from it)", n))
		}
	}
	return out
}

// Section returns the page's section with the given anchor.
func (p *Page) Section(anchor string) (*Section, bool) {
	for i := range p.Sections {
		if p.Sections[i].Anchor == anchor {
			return &p.Sections[i], true
		}
	}
	return nil, false
}

// URL is the page's canonical path.
func (p *Page) URL() string { return "/rules/" + p.ID }

// Topic is one entry of the shared topic vocabulary (content/topics.yaml).
type Topic struct {
	ID    string `json:"id" yaml:"id"`
	Title string `json:"title" yaml:"title"`
	Today string `json:"today" yaml:"today"`
	// Engine ties Today to the modern profile: each claim names a rule
	// switch (a rulings.Profile field), the value today's profile must
	// hold, and a phrase of Today that states it. NotToday lists readings
	// the modern profile contradicts; no page's "Under today's rules"
	// section may contain one. Both are checked by internal/app tests.
	Engine   []TopicClaim `json:"-" yaml:"engine"`
	NotToday []string     `json:"-" yaml:"not_today"`
}

// TopicClaim is one machine-checkable statement of a topic's today text.
type TopicClaim struct {
	Switch string `yaml:"switch"` // Profile field, e.g. HandSizeDiscard, or DamageStep.<timing id>.Chains
	Value  string `yaml:"value"`  // fmt.Sprint of the field's Value
	Says   string `yaml:"says"`   // a phrase of Today that states it
}

// Site is the whole validated content tree.
type Site struct {
	Pages  []*Page // sorted by format order, then number, then id
	Topics []Topic
	// Rulings are the card rulings of content/rulings/*.yaml, in format
	// order, then file order.
	Rulings []*Ruling
	byID    map[string]*Page
}

// Page returns the page with the given id.
func (s *Site) Page(id string) (*Page, bool) {
	p, ok := s.byID[id]
	return p, ok
}

// Topic returns the topic with the given id.
func (s *Site) Topic(id string) (Topic, bool) {
	for _, t := range s.Topics {
		if t.ID == id {
			return t, true
		}
	}
	return Topic{}, false
}

// FormatPages lists one format's pages in order.
func (s *Site) FormatPages(format string) []*Page {
	var out []*Page
	for _, p := range s.Pages {
		if p.Format == format {
			out = append(out, p)
		}
	}
	return out
}

// ContentError lists every problem found in the content tree, one per line
// as "file:line: what is wrong".
type ContentError struct {
	Problems []string
}

func (e *ContentError) Error() string {
	return fmt.Sprintf("%d content problem(s):\n%s", len(e.Problems), strings.Join(e.Problems, "\n"))
}

var idRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Load reads content/<format>/*.md and topics.yaml from fsys, renders every
// page and validates the whole tree: required fields, unique ids, known
// formats and topics, known cards, and internal links that resolve to an
// existing page and anchor. All problems are reported at once.
func Load(fsys fs.FS, md *Markdown) (*Site, error) {
	var problems []string
	add := func(file string, line int, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s:%d: %s", file, line, fmt.Sprintf(format, args...)))
	}

	site := &Site{byID: map[string]*Page{}}
	topicsSrc, err := fs.ReadFile(fsys, "topics.yaml")
	if err != nil {
		return nil, fmt.Errorf("topics.yaml: %w", err)
	}
	if err := yaml.Unmarshal(topicsSrc, &site.Topics); err != nil {
		return nil, fmt.Errorf("topics.yaml: %w", err)
	}
	topics := map[string]bool{}
	for i, t := range site.Topics {
		if !idRE.MatchString(t.ID) || t.Title == "" {
			add("topics.yaml", 0, "topic %d: needs an id of lower-case words and a title", i+1)
		}
		if topics[t.ID] {
			add("topics.yaml", 0, "topic %q listed twice", t.ID)
		}
		topics[t.ID] = true
	}

	type loaded struct {
		page *Page
		doc  *Doc
		line map[string]int // front matter key → file line
	}
	var all []loaded
	idFile := map[string]string{}
	for _, format := range Formats {
		files, _ := fs.Glob(fsys, format+"/*.md")
		for _, file := range files {
			src, err := fs.ReadFile(fsys, file)
			if err != nil {
				return nil, err
			}
			doc, err := md.Render(src)
			if err != nil {
				for _, pr := range frontMatterProblems(err) {
					add(file, clampLine(pr.Line, src), "%s", pr.Msg)
				}
				continue
			}
			p := &Page{File: file, HTML: doc.HTML, Intro: doc.Intro, Text: doc.Text, Sections: doc.Sections}
			lines := map[string]int{}
			if doc.Front.Kind == 0 {
				add(file, 1, "no front matter (a --- block with id, format, title, summary, topics)")
				continue
			}
			if err := doc.Front.Decode(p); err != nil {
				for _, pr := range frontMatterProblems(err) {
					add(file, clampLine(pr.Line, src), "%s", pr.Msg)
				}
				continue
			}
			if m := doc.Front.Content; len(m) > 0 && m[0].Kind == yaml.MappingNode {
				for i := 0; i+1 < len(m[0].Content); i += 2 {
					lines[m[0].Content[i].Value] = m[0].Content[i].Line + 1
				}
			}
			at := func(key string) int {
				if l, ok := lines[key]; ok {
					return l
				}
				return 1
			}
			switch {
			case p.ID == "":
				add(file, 1, "missing id")
			case !idRE.MatchString(p.ID):
				add(file, at("id"), "id %q must be lower-case words joined by dashes", p.ID)
			case idFile[p.ID] != "":
				add(file, at("id"), "duplicate id %q (also in %s)", p.ID, idFile[p.ID])
			default:
				idFile[p.ID] = file
			}
			if p.Format != path.Dir(file) {
				if slices.Contains(Formats, p.Format) {
					add(file, at("format"), "format %q does not match the folder %s/", p.Format, path.Dir(file))
				} else {
					add(file, at("format"), "unknown format %q (want one of %s)", p.Format, strings.Join(Formats, ", "))
				}
			}
			if p.Title == "" {
				add(file, 1, "missing title")
			}
			if p.Summary == "" {
				add(file, 1, "missing summary (one line, used for link previews)")
			}
			if len(p.Topics) == 0 {
				add(file, 1, "missing topics")
			}
			if strings.TrimSpace(p.Era) == "" {
				add(file, 1, "missing era (the rule set the format follows, e.g. \"TCG 2008 rules (Master Rule 1)\")")
			}
			srcLine := 1
			if l, ok := lines["sources"]; ok {
				srcLine = l
			}
			for _, msg := range SourceProblems(p.Sources) {
				add(file, srcLine, "%s", msg)
			}
			for i, c := range p.Corrections {
				if strings.TrimSpace(c.Says) == "" || strings.TrimSpace(c.Reads) == "" || strings.TrimSpace(c.Because) == "" {
					add(file, at("corrections"), "correction %d: needs says, reads and because", i+1)
				}
			}
			for _, t := range p.Topics {
				if !topics[t] {
					add(file, at("topics"), "unknown topic %q (see topics.yaml)", t)
				}
			}
			anchors := map[string]int{}
			for _, s := range doc.Sections {
				if s.Anchor == "" {
					continue
				}
				if prev, ok := anchors[s.Anchor]; ok {
					add(file, s.Line, "duplicate anchor %q (first at line %d)", s.Anchor, prev)
				}
				anchors[s.Anchor] = s.Line
			}
			for _, pr := range doc.Problems {
				add(file, pr.Line, "%s", pr.Msg)
			}
			for i, c := range p.Cards {
				canonical, _, ok := md.resolve(c)
				if !ok {
					add(file, at("cards"), "unknown card %q (add it to rulings/cards/*.yaml)", c)
					continue
				}
				p.Cards[i] = canonical
			}
			for _, c := range doc.Cards {
				if !slices.Contains(p.Cards, c) {
					add(file, at("cards"), "card %q is quoted in the text but not listed in cards", c)
				}
			}
			all = append(all, loaded{page: p, doc: doc, line: lines})
		}
	}
	for _, l := range all {
		if l.page.ID != "" && idFile[l.page.ID] == l.page.File {
			site.byID[l.page.ID] = l.page
		}
	}
	// Links and compare lines need every page loaded first.
	for _, l := range all {
		p := l.page
		for _, lk := range l.doc.Links {
			target := p
			if lk.Page != "" {
				t, ok := site.byID[lk.Page]
				if !ok {
					add(p.File, lk.Line, "broken link: no page %q", lk.Page)
					continue
				}
				target = t
			}
			if lk.Anchor != "" {
				if _, ok := target.Section(lk.Anchor); !ok {
					add(p.File, lk.Line, "broken link: page %q has no anchor %q", target.ID, lk.Anchor)
				}
			}
		}
		for i, c := range p.Corrections {
			if c.Anchor != "" {
				if _, ok := p.Section(c.Anchor); !ok {
					add(p.File, l.line["corrections"], "correction %d names missing anchor %q", i+1, c.Anchor)
				}
			}
		}
		for _, c := range p.Compare {
			line := l.line["compare"]
			if !slices.Contains(p.Topics, c.Topic) {
				add(p.File, line, "compare line for topic %q, which the page does not list in topics", c.Topic)
			}
			if c.Line == "" {
				add(p.File, line, "compare line for topic %q is empty", c.Topic)
			}
			if c.Anchor != "" {
				if _, ok := p.Section(c.Anchor); !ok {
					add(p.File, line, "compare line for topic %q links to missing anchor %q", c.Topic, c.Anchor)
				}
			}
		}
		site.Pages = append(site.Pages, p)
	}
	rulings := loadRulings(fsys, md, add)
	for _, r := range rulings {
		if r.Rule == "" {
			continue
		}
		id, anchor, _ := strings.Cut(r.Rule, "#")
		p, ok := site.byID[id]
		if !ok {
			add(r.File, r.Line, "ruling %s: rule %q: no page %q", r.ID, r.Rule, id)
			continue
		}
		if _, ok := p.Section(anchor); anchor != "" && !ok {
			add(r.File, r.Line, "ruling %s: rule %q: page %q has no anchor %q", r.ID, r.Rule, id, anchor)
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, &ContentError{Problems: problems}
	}
	order := map[string]int{}
	for i, f := range Formats {
		order[f] = i
	}
	sort.SliceStable(site.Pages, func(i, j int) bool {
		a, b := site.Pages[i], site.Pages[j]
		if a.Format != b.Format {
			return order[a.Format] < order[b.Format]
		}
		if a.Number != b.Number {
			return a.Number < b.Number
		}
		return a.ID < b.ID
	})
	sort.SliceStable(rulings, func(i, j int) bool { return order[rulings[i].Format] < order[rulings[j].Format] })
	for _, r := range rulings {
		r.Era = formatEra(site.Pages, r.Format)
	}
	site.Rulings = rulings
	return site, nil
}

// formatEra is the rule set a format follows, as its rule pages state it:
// the era most of them give (they normally all give the same).
func formatEra(pages []*Page, format string) string {
	n := map[string]int{}
	best := ""
	for _, p := range pages {
		if p.Format != format {
			continue
		}
		n[p.Era]++
		if n[p.Era] > n[best] {
			best = p.Era
		}
	}
	return best
}

// LinkReplays adds a "Replay this example" link under each section that has
// a scenario (anchor → replay URL), and records it on the section. Anchors
// that do not exist on the page are returned, so the caller can report them.
func (p *Page) LinkReplays(urls map[string]string) (missing []string) {
	anchors := make([]string, 0, len(urls))
	for a := range urls {
		anchors = append(anchors, a)
	}
	sort.Strings(anchors)
	for _, a := range anchors {
		sec, ok := p.Section(a)
		if !ok {
			missing = append(missing, a)
			continue
		}
		sec.Replay = urls[a]
		i := strings.Index(p.HTML, ` id="`+a+`"`)
		if i < 0 {
			missing = append(missing, a)
			continue
		}
		end := strings.Index(p.HTML[i:], "</h")
		if end < 0 {
			continue
		}
		end += i
		close := strings.IndexByte(p.HTML[end:], '>')
		if close < 0 {
			continue
		}
		at := end + close + 1
		link := "\n" + `<p class="replay-link"><a href="` + html.EscapeString(urls[a]) + `">Replay this example in the rules engine</a></p>`
		p.HTML = p.HTML[:at] + link + p.HTML[at:]
	}
	return missing
}

var yamlLineRE = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// frontMatterProblems turns a YAML error from the front matter into one
// problem per message, each at its line in the file (the front matter
// starts on line 2, after the opening ---).
func frontMatterProblems(err error) []Problem {
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{strings.TrimPrefix(strings.TrimPrefix(err.Error(), "front matter: "), "yaml: ")}
	}
	var out []Problem
	for _, m := range msgs {
		m = strings.TrimPrefix(m, "yaml: ")
		pr := Problem{Line: 1, Msg: "front matter: " + m}
		if sub := yamlLineRE.FindStringSubmatch(m); sub != nil {
			n, _ := strconv.Atoi(sub[1])
			pr = Problem{Line: n + 1, Msg: "front matter: " + sub[2]}
		}
		pr.Msg = strings.ReplaceAll(pr.Msg, "\n", " ")
		out = append(out, pr)
	}
	return out
}

// clampLine keeps a YAML error's line inside the file: YAML also counts a
// lone carriage return as a line break, which the file's lines do not.
func clampLine(line int, src []byte) int {
	if n := strings.Count(string(src), "\n") + 1; line > n {
		return n
	}
	return line
}
