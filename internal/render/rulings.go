package render

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Ruling is one card ruling: a short statement, in Substep's own words,
// about one card or an interaction of cards in one format, with the public
// page it comes from and the date that page was read. Rulings live in
// content/rulings/<format>.yaml.
type Ruling struct {
	ID        string   `json:"id" yaml:"id"`
	Format    string   `json:"format" yaml:"format"`
	Cards     []string `json:"cards" yaml:"cards"`
	Statement string   `json:"statement" yaml:"statement"`
	// Rule is the rule page section the ruling follows from, if any
	// ("goat-07#example-1"); Scenarios names the bundled scenarios that
	// replay it, if the engine can express it: one, or several when the
	// ruling's halves need separate duels (one of them stops at an illegal
	// action). In YAML `scenario:` takes a name or a list of names.
	Rule      string        `json:"rule,omitempty" yaml:"rule"`
	Scenarios ScenarioNames `json:"scenarios,omitempty" yaml:"scenario"`
	Sources   []Source      `json:"sources" yaml:"sources"`
	// Era is the rule set of the ruling's format, as that format's rule
	// pages state it (set by Load).
	Era string `json:"era" yaml:"-"`

	File string `json:"-" yaml:"-"`
	Line int    `json:"-" yaml:"-"`
}

// ScenarioNames is a ruling's `scenario:`: one name or a list of names.
type ScenarioNames []string

// UnmarshalYAML reads a single name or a list of names.
func (n *ScenarioNames) UnmarshalYAML(node *yaml.Node) error {
	if node.Kind == yaml.ScalarNode {
		*n = ScenarioNames{node.Value}
		return nil
	}
	var list []string
	if err := node.Decode(&list); err != nil {
		return err
	}
	*n = list
	return nil
}

// URL is the ruling's permalink.
func (r *Ruling) URL() string { return "/rulings/" + r.ID }

// maxStatement bounds a ruling's statement: a ruling is short.
const maxStatement = 600

// loadRulings reads rulings/*.yaml and validates each ruling: a unique id,
// the file's format, known cards (catalogue cards, or cards of the format's
// pool when the resolver is a PoolResolver), a short statement and dated sources.
// Rule links are checked by the caller once pages are loaded.
func loadRulings(fsys fs.FS, md *Markdown, add func(file string, line int, format string, args ...any)) []*Ruling {
	files, _ := fs.Glob(fsys, "rulings/*.yaml")
	var out []*Ruling
	seen := map[string]string{}
	for _, file := range files {
		src, err := fs.ReadFile(fsys, file)
		if err != nil {
			add(file, 1, "%v", err)
			continue
		}
		format := strings.TrimSuffix(path.Base(file), ".yaml")
		if !slices.Contains(Formats, format) || format == "general" {
			add(file, 1, "rulings file for unknown format %q (want one of goat, hat, edison, domain)", format)
			continue
		}
		var root yaml.Node
		if err := yaml.Unmarshal(src, &root); err != nil {
			for _, pr := range frontMatterProblems(err) {
				add(file, clampLine(pr.Line-1, src), "%s", strings.TrimPrefix(pr.Msg, "front matter: "))
			}
			continue
		}
		if len(root.Content) == 0 {
			continue
		}
		list := root.Content[0]
		if list.Kind != yaml.SequenceNode {
			add(file, list.Line, "want a list of rulings")
			continue
		}
		for _, item := range list.Content {
			r := &Ruling{File: file, Line: item.Line}
			if err := item.Decode(r); err != nil {
				add(file, item.Line, "%s", strings.ReplaceAll(err.Error(), "\n", " "))
				continue
			}
			switch {
			case !idRE.MatchString(r.ID):
				add(file, item.Line, "ruling id %q must be lower-case words joined by dashes", r.ID)
			case seen[r.ID] != "":
				add(file, item.Line, "duplicate ruling id %q (also in %s)", r.ID, seen[r.ID])
			default:
				seen[r.ID] = file
			}
			if r.Format != format {
				add(file, item.Line, "ruling %s: format %q does not match the file %s", r.ID, r.Format, path.Base(file))
			}
			if len(r.Cards) == 0 {
				add(file, item.Line, "ruling %s: needs the cards it is about", r.ID)
			}
			for i, c := range r.Cards {
				canonical, ok := md.resolveRulingCard(format, c)
				if !ok {
					add(file, item.Line, "ruling %s: unknown card %q: neither in the catalogue (rulings/cards/*.yaml) nor in the %s card pool", r.ID, c, format)
					continue
				}
				r.Cards[i] = canonical
			}
			switch n := len([]rune(r.Statement)); {
			case strings.TrimSpace(r.Statement) == "":
				add(file, item.Line, "ruling %s: missing statement", r.ID)
			case n > maxStatement:
				add(file, item.Line, "ruling %s: statement is %d characters; a ruling is at most %d", r.ID, n, maxStatement)
			}
			for _, name := range r.Scenarios {
				if !idRE.MatchString(name) {
					add(file, item.Line, "ruling %s: scenario %q must be a bundled scenario's file name without .scn", r.ID, name)
				}
			}
			for _, msg := range SourceProblems(r.Sources) {
				add(file, item.Line, "ruling %s: %s", r.ID, msg)
			}
			out = append(out, r)
		}
	}
	return out
}

// resolveRulingCard finds the card a ruling names: a catalogue card (any
// alias), else a card of the format's pool when the resolver knows pools.
func (m *Markdown) resolveRulingCard(format, name string) (string, bool) {
	if canonical, _, ok := m.resolve(name); ok {
		return canonical, true
	}
	if pr, ok := m.cards.(PoolResolver); ok {
		return pr.ResolveInPool(format, name)
	}
	return "", false
}

// Ruling returns the card ruling with the given id.
func (s *Site) Ruling(id string) (*Ruling, bool) {
	for _, r := range s.Rulings {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}

// CardRulings lists the rulings about a card (canonical name), in format
// order then file order.
func (s *Site) CardRulings(card string) []*Ruling {
	var out []*Ruling
	for _, r := range s.Rulings {
		if slices.Contains(r.Cards, card) {
			out = append(out, r)
		}
	}
	return out
}

// FormatRulings lists one format's rulings in file order.
func (s *Site) FormatRulings(format string) []*Ruling {
	var out []*Ruling
	for _, r := range s.Rulings {
		if r.Format == format {
			out = append(out, r)
		}
	}
	return out
}

func (r *Ruling) String() string { return fmt.Sprintf("%s (%s)", r.ID, r.Format) }

// Title names a ruling in lists and search results by its cards.
func (r *Ruling) Title() string { return "Ruling: " + strings.Join(r.Cards, " and ") }
