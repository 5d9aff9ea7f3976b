package rulings

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"
)

// Card is one real card: its printed facts and, for cards the engine can
// replay, its effects in the engine's vocabulary (see Effect).
//
// Cards live in cards/*.yaml (one file per area, any number of files). Every sentence of Text is our own summary, not
// the printed text; names it refers to are written in double quotes.
type Card struct {
	Name      string   `yaml:"name" json:"name"`
	Aliases   []string `yaml:"aliases,omitempty" json:"aliases,omitempty"`
	Passcode  int      `yaml:"passcode" json:"passcode"`
	Kind      CardKind `yaml:"kind" json:"kind"`                               // one of cardKinds (cardwords.go)
	Subtypes  []string `yaml:"subtypes,omitempty" json:"subtypes,omitempty"`   // each one of subtypes (cardwords.go), for its kind
	Attribute string   `yaml:"attribute,omitempty" json:"attribute,omitempty"` // DARK LIGHT EARTH WATER FIRE WIND DIVINE
	Type      string   `yaml:"type,omitempty" json:"type,omitempty"`           // Dragon, Spellcaster, Fiend, ...
	Level     int      `yaml:"level,omitempty" json:"level,omitempty"`         // not for Xyz or Link Monsters
	// Rank is an Xyz Monster's Rank (it has no Level).
	Rank int `yaml:"rank,omitempty" json:"rank,omitempty"`
	// LinkRating and LinkArrows are a Link Monster's (it has no Level and
	// no DEF); the arrows are among top-left, top, top-right, left, right,
	// bottom-left, bottom, bottom-right, one per point of the rating.
	LinkRating int      `yaml:"link,omitempty" json:"link,omitempty"`
	LinkArrows []string `yaml:"arrows,omitempty" json:"arrows,omitempty"`
	// Scale is a Pendulum Monster's Pendulum Scale (the same on both
	// sides); nil for every other card.
	Scale *int `yaml:"scale,omitempty" json:"scale,omitempty"`
	// Materials is what an Xyz Monster's Xyz Summon needs (xyz.go), or,
	// on a Synchro Monster, the filter its non-Tuner materials must match
	// (synchromats.go).
	Materials  *Materials `yaml:"materials,omitempty" json:"materials,omitempty"`
	ATK        int        `yaml:"atk,omitempty" json:"atk"` // -2 means "?"
	DEF        int        `yaml:"def,omitempty" json:"def"` // -2 means "?"
	Archetypes []string   `yaml:"archetypes,omitempty" json:"archetypes,omitempty"`
	Text       string     `yaml:"text,omitempty" json:"text,omitempty"`
	// Effects are the card's effects in the engine's vocabulary; a card
	// without them can sit in a scenario's Deck or hand but not be used.
	Effects []Effect `yaml:"effects,omitempty" json:"effects,omitempty"`

	file string
	line int
	slug string // Slugify(Name), set when the card joins a catalogue
}

// Slug is the card's stable URL segment: "Breaker the Magical Warrior" →
// "breaker-the-magical-warrior".
func (c *Card) Slug() string {
	if c.slug != "" {
		return c.slug
	}
	return Slugify(c.Name)
}

// PendulumScale is the card's Pendulum Scale, 0 when it has none.
func (c *Card) PendulumScale() int {
	if c.Scale == nil {
		return 0
	}
	return *c.Scale
}

// IsMonster reports whether the card is a monster card.
func (c *Card) IsMonster() bool { return c.Kind == CardMonster }

// Has reports whether the card has the given subtype (e.g. "union", "field").
func (c *Card) Has(subtype Subtype) bool { return slices.Contains(c.Subtypes, string(subtype)) }

// ExtraDeck reports whether the card is an Extra Deck monster (Fusion,
// Synchro, Xyz or Link), which goes back to the Extra Deck, not the hand
// or the Deck.
func (c *Card) ExtraDeck() bool {
	return c.IsMonster() && slices.ContainsFunc(extraDeckSubtypes, c.Has)
}

// Slugify lower-cases s and joins its letters and digits with single dashes.
func Slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '\'' || r == '’' || r == '.':
			// "Harpie's" → "harpies", "D.D." → "dd"
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	return b.String()
}

// nameKey folds a card name for lookups: case, punctuation and spacing do
// not matter ("d.d. warrior lady" finds "D.D. Warrior Lady").
func nameKey(s string) string { return strings.ReplaceAll(Slugify(s), "-", "") }

//go:embed cards/*.yaml
var cardFiles embed.FS

// Catalogue is the set of cards Substep knows, by canonical name and alias.
type Catalogue struct {
	cards  []*Card
	byKey  map[string]*Card
	byName map[string]*Card // exact names and aliases: Lookup's fast path
	byPC   map[int]*Card
}

// DefaultCatalogue loads the catalogue embedded in the binary.
func DefaultCatalogue() (*Catalogue, error) { return LoadCatalogue(cardFiles, "cards") }

// LoadCatalogue reads every *.yaml file in dir of fsys. A card name or alias
// that collides with another card's, a missing name or kind, or a duplicate
// passcode is an error naming the file and line.
func LoadCatalogue(fsys fs.FS, dir string) (*Catalogue, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	cat := &Catalogue{byKey: map[string]*Card{}, byName: map[string]*Card{}, byPC: map[int]*Card{}}
	var errs []string
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if len(doc.Content) == 0 {
			continue
		}
		list := doc.Content[0]
		if list.Kind != yaml.SequenceNode {
			return nil, fmt.Errorf("%s:%d: want a list of cards", name, list.Line)
		}
		for _, n := range list.Content {
			c := new(Card)
			if err := n.Decode(c); err != nil {
				errs = append(errs, fmt.Sprintf("%s:%d: %v", name, n.Line, err))
				continue
			}
			c.file, c.line = name, n.Line
			if msg := cat.add(c); msg != "" {
				errs = append(errs, fmt.Sprintf("%s:%d: %s", name, n.Line, msg))
			}
		}
	}
	for _, c := range cat.cards {
		if msg := cat.checkOpCards(c); msg != "" {
			errs = append(errs, fmt.Sprintf("%s:%d: %s", c.file, c.line, msg))
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("card catalogue:\n%s", strings.Join(errs, "\n"))
	}
	sort.Slice(cat.cards, func(i, j int) bool { return cat.cards[i].Name < cat.cards[j].Name })
	return cat, nil
}

func (cat *Catalogue) add(c *Card) string {
	if c.Name == "" {
		return "card without a name"
	}
	if _, ok := cardKinds[c.Kind]; !ok {
		return fmt.Sprintf("%s: kind %q is not monster, spell or trap", c.Name, c.Kind)
	}
	if msg := c.subtypeProblem(); msg != "" {
		return msg
	}
	for i := range c.Effects {
		if msg := c.Effects[i].validate(); msg != "" {
			return fmt.Sprintf("%s: effect %d: %s", c.Name, i+1, msg)
		}
	}
	if c.Materials != nil {
		if why := filterProblem(c.Materials.Filter); why != "" {
			return fmt.Sprintf("%s: materials: %s", c.Name, why)
		}
	}
	if msg := groupChoices(c); msg != "" {
		return msg
	}
	for _, n := range append([]string{c.Name}, c.Aliases...) {
		k := nameKey(n)
		if prev, ok := cat.byKey[k]; ok {
			return fmt.Sprintf("%s: name %q is already used by %s (%s:%d)", c.Name, n, prev.Name, prev.file, prev.line)
		}
		cat.byKey[k] = c
	}
	if c.Passcode != 0 {
		if prev, ok := cat.byPC[c.Passcode]; ok {
			return fmt.Sprintf("%s: passcode %d is already used by %s", c.Name, c.Passcode, prev.Name)
		}
		cat.byPC[c.Passcode] = c
	}
	c.slug = Slugify(c.Name)
	cat.byName[c.Name] = c
	for _, a := range c.Aliases {
		cat.byName[a] = c
	}
	cat.cards = append(cat.cards, c)
	return ""
}

// Lookup finds a card by name or alias, ignoring case and punctuation.
func (cat *Catalogue) Lookup(name string) (*Card, bool) {
	if c, ok := cat.byName[name]; ok {
		return c, true
	}
	c, ok := cat.byKey[nameKey(name)]
	return c, ok
}

// BySlug finds a card by its URL slug.
func (cat *Catalogue) BySlug(slug string) (*Card, bool) {
	c, ok := cat.byKey[strings.ReplaceAll(slug, "-", "")]
	if ok && c.Slug() != slug {
		return nil, false
	}
	return c, ok
}

// ByPasscode finds a card by its passcode.
func (cat *Catalogue) ByPasscode(pc int) (*Card, bool) {
	c, ok := cat.byPC[pc]
	return c, ok
}

// Cards lists every card, sorted by name.
func (cat *Catalogue) Cards() []*Card { return cat.cards }
