package pools

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"substep/rulings"
)

//go:embed data/*.tsv
var dataFS embed.FS

// Card is one card of any pool, with every passcode that stands for it.
type Card struct {
	Name string
	Slug string
	// Passcodes: the official passcode first when it is known, then the
	// others (alternate artworks, simulator variants) in ascending order.
	Passcodes []uint32
	// Variants are the passcodes among Passcodes that are simulator-only
	// versions ("(GOAT)", "(Pre-Errata)"), each mapped to its official one.
	Variants map[uint32]uint32

	key string // Fold(Name), for Suggest
}

// Official is the card's official passcode (its first).
func (c *Card) Official() uint32 { return c.Passcodes[0] }

// Format is one format's card pool.
type Format struct {
	FormatInfo
	Title  string             // the list's own name ("2005.4 GOAT")
	Header []string           // the data file's provenance lines
	status map[*Card]Status   // every card the pool holds
	listed map[*Card][]uint32 // the passcodes the list names for each card
	order  []*Card            // the list's order
	extra  map[uint32]*Card   // cards an organiser's list adds (WithList)
	set    *Set
	custom bool
}

// Status is c's status in f; NotInPool when f does not hold it.
func (f *Format) Status(c *Card) Status {
	if s, ok := f.status[c]; ok {
		return s
	}
	return NotInPool
}

// Listed is the passcodes f's list names for c.
func (f *Format) Listed(c *Card) []uint32 { return f.listed[c] }

// Cards lists the pool's cards in the list's order.
func (f *Format) Cards() []*Card { return f.order }

// Len is the number of cards in the pool.
func (f *Format) Len() int { return len(f.order) }

// Custom reports whether f comes from an organiser's own list.
func (f *Format) Custom() bool { return f.custom }

// Card finds the card a passcode stands for, including cards only an
// organiser's list names.
func (f *Format) Card(pc uint32) (*Card, bool) {
	if c, ok := f.extra[pc]; ok {
		return c, true
	}
	return f.set.ByPasscode(pc)
}

// Counts is how many cards of the pool have each status.
func (f *Format) Counts() map[Status]int {
	n := map[Status]int{}
	for _, s := range f.status {
		n[s]++
	}
	return n
}

// Set is every format's pool and every card in any of them.
type Set struct {
	formats []*Format
	cards   []*Card // by name
	byPC    map[uint32]*Card
	byKey   map[string]*Card // Fold(name); the first card by name when two fold alike
	byExact map[string]*Card // exactKey(name)
	bySlug  map[string]*Card
	aliases []Alias
}

// Default loads the embedded pools.
func Default() (*Set, error) {
	sub, err := fs.Sub(dataFS, "data")
	if err != nil {
		return nil, err
	}
	return Load(sub)
}

type row struct {
	pc, official uint32
	copies       Status
	name         string
	line         int
}

// Load reads the data files (FORMAT.tsv for each of Formats, and
// aliases.tsv when present) from dir.
func Load(dir fs.FS) (*Set, error) {
	s := &Set{byPC: map[uint32]*Card{}, byKey: map[string]*Card{}, byExact: map[string]*Card{}, bySlug: map[string]*Card{}}
	rows := map[string][]row{}
	headers := map[string][]string{}
	titles := map[string]string{}
	for _, fi := range Formats() {
		name := fi.ID + ".tsv"
		data, err := fs.ReadFile(dir, name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		n := 0
		for sc.Scan() {
			n++
			line := sc.Text()
			if strings.HasPrefix(line, "#") {
				headers[fi.ID] = append(headers[fi.ID], strings.TrimPrefix(line, "# "))
				if rest, ok := strings.CutPrefix(line, "# source: "); ok {
					if i := strings.Index(rest, "list \""); i >= 0 {
						titles[fi.ID] = strings.TrimSuffix(rest[i+len("list \""):], "\"")
					}
				}
				continue
			}
			f := strings.Split(line, "\t")
			if len(f) != 4 {
				return nil, fmt.Errorf("%s:%d: want 4 tab-separated fields", name, n)
			}
			pc, err1 := strconv.ParseUint(f[0], 10, 32)
			cp, err2 := strconv.Atoi(f[1])
			var off uint64
			var err3 error
			if f[2] != "" {
				off, err3 = strconv.ParseUint(f[2], 10, 32)
			}
			if err1 != nil || err2 != nil || err3 != nil || cp < -1 || cp > 3 || f[3] == "" {
				return nil, fmt.Errorf("%s:%d: bad row", name, n)
			}
			rows[fi.ID] = append(rows[fi.ID], row{uint32(pc), uint32(off), Status(cp), f[3], n})
		}
	}

	// Group passcodes into cards: a variant joins its official passcode,
	// and passcodes listed under the same name are one card.
	uf := map[uint32]uint32{}
	var find func(uint32) uint32
	find = func(x uint32) uint32 {
		p, ok := uf[x]
		if !ok {
			uf[x] = x
			return x
		}
		if p == x {
			return x
		}
		r := find(p)
		uf[x] = r
		return r
	}
	union := func(a, b uint32) {
		ra, rb := find(a), find(b)
		if ra != rb {
			uf[max(ra, rb)] = min(ra, rb)
		}
	}
	nameRoot := map[string]uint32{}
	variants := map[uint32]uint32{}
	names := map[uint32]string{} // passcode → name, latest format wins
	for _, fi := range Formats() {
		for _, r := range rows[fi.ID] {
			find(r.pc)
			if r.official != 0 {
				union(r.pc, r.official)
				variants[r.pc] = r.official
			}
			k := exactKey(r.name) // not Fold: "Rai-Mei" and "Raimei" are two cards
			if p, ok := nameRoot[k]; ok {
				union(p, r.pc)
			} else {
				nameRoot[k] = r.pc
			}
			names[r.pc] = r.name
		}
	}
	groups := map[uint32][]uint32{}
	for pc := range uf {
		root := find(pc)
		groups[root] = append(groups[root], pc)
	}
	for _, pcs := range groups {
		slices.Sort(pcs)
		c := &Card{}
		// The official passcode: one a variant points to, else the lowest
		// passcode that is not a variant.
		official := uint32(0)
		for _, pc := range pcs {
			if o, ok := variants[pc]; ok && official == 0 {
				official = o
			}
		}
		if official == 0 {
			for _, pc := range pcs {
				if _, v := variants[pc]; !v {
					official = pc
					break
				}
			}
		}
		if official == 0 {
			official = pcs[0]
		}
		c.Passcodes = append([]uint32{official}, slices.DeleteFunc(slices.Clone(pcs), func(x uint32) bool { return x == official })...)
		for _, pc := range pcs {
			if o, ok := variants[pc]; ok {
				if c.Variants == nil {
					c.Variants = map[uint32]uint32{}
				}
				c.Variants[pc] = o
			}
		}
		c.Name = names[official]
		if c.Name == "" {
			c.Name = names[pcs[0]]
		}
		for _, pc := range c.Passcodes {
			if _, listed := names[pc]; listed && c.Name == "" {
				c.Name = names[pc]
			}
			s.byPC[pc] = c
		}
		c.Slug, c.key = rulings.Slugify(c.Name), Fold(c.Name)
		s.cards = append(s.cards, c)
	}
	sort.Slice(s.cards, func(i, j int) bool { return s.cards[i].Name < s.cards[j].Name })
	for _, c := range s.cards {
		if prev, dup := s.bySlug[c.Slug]; dup {
			return nil, fmt.Errorf("pools: %s and %s share the slug %q", prev.Name, c.Name, c.Slug)
		}
		s.bySlug[c.Slug] = c
		s.byExact[exactKey(c.Name)] = c
		if _, taken := s.byKey[Fold(c.Name)]; !taken {
			s.byKey[Fold(c.Name)] = c
		}
	}
	for k, root := range nameRoot {
		if _, ok := s.byExact[k]; !ok {
			s.byExact[k] = s.byPC[root] // another spelling a list uses
		}
	}

	for _, fi := range Formats() {
		f := &Format{FormatInfo: fi, Title: titles[fi.ID], Header: headers[fi.ID], status: map[*Card]Status{}, listed: map[*Card][]uint32{}, set: s}
		for _, r := range rows[fi.ID] {
			c := s.byPC[r.pc]
			if prev, ok := f.status[c]; ok {
				if prev != r.copies {
					return nil, fmt.Errorf("%s.tsv:%d: %s has two statuses (%s and %s)", fi.ID, r.line, c.Name, prev, r.copies)
				}
			} else {
				f.order = append(f.order, c)
			}
			f.status[c] = r.copies
			f.listed[c] = append(f.listed[c], r.pc)
		}
		s.formats = append(s.formats, f)
	}
	if data, err := fs.ReadFile(dir, "aliases.tsv"); err == nil {
		if s.aliases, err = parseAliases(data, s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Formats lists the pools, oldest first.
func (s *Set) Formats() []*Format { return s.formats }

// Format finds a pool by id ("goat").
func (s *Set) Format(id string) (*Format, bool) {
	for _, f := range s.formats {
		if f.ID == strings.ToLower(id) {
			return f, true
		}
	}
	return nil, false
}

// Cards lists every card of any pool, by name.
func (s *Set) Cards() []*Card { return s.cards }

// ByPasscode finds the card any of its passcodes stands for.
func (s *Set) ByPasscode(pc uint32) (*Card, bool) {
	c, ok := s.byPC[pc]
	return c, ok
}

// BySlug finds a card by its URL slug.
func (s *Set) BySlug(slug string) (*Card, bool) {
	c, ok := s.bySlug[slug]
	return c, ok
}

// ByName finds a card by its name, ignoring case, punctuation and spacing.
// A name spelled exactly (but for case and spacing) wins over one that
// only folds alike ("Raimei" is not "Rai-Mei").
func (s *Set) ByName(name string) (*Card, bool) {
	if c, ok := s.byExact[exactKey(name)]; ok {
		return c, true
	}
	c, ok := s.byKey[Fold(name)]
	return c, ok
}

// exactKey is a name in lower case with its spaces collapsed.
func exactKey(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// Fold is the lookup key of a card name: lower case, letters and digits
// only, accents kept ("Ü" stays a letter).
func Fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Initial is the initial a card name is listed under: its first letter
// a-z once folded, else "0" (names that start with a digit or a sign).
func Initial(name string) string {
	k := Fold(name)
	if k != "" && k[0] >= 'a' && k[0] <= 'z' {
		return k[:1]
	}
	return "0"
}

// WithList is a Format read from an organiser's own .lflist.conf: cards
// the pools know keep their identity (so every passcode of a card counts
// together); passcodes they do not know become cards of their own, named
// as the list names them.
func (s *Set) WithList(l *List) *Format {
	f := &Format{FormatInfo: FormatInfo{ID: "custom", Name: l.Title, Note: "an organiser's own list"}, Title: l.Title,
		status: map[*Card]Status{}, listed: map[*Card][]uint32{}, extra: map[uint32]*Card{}, set: s, custom: true}
	if f.Name == "" {
		f.Name = "custom list"
	}
	// EDOPro's own default for deck sizes.
	f.MainMin, f.MainMax, f.ExtraMax, f.SideMax, f.SizeRule = 40, 60, 15, 15, "goat-02#today"
	for _, e := range l.Entries {
		c, ok := s.byPC[e.Passcode]
		if !ok {
			name := e.Name
			if name == "" {
				name = fmt.Sprintf("passcode %d", e.Passcode)
			}
			c = &Card{Name: name, Passcodes: []uint32{e.Passcode}, key: Fold(name)}
			f.extra[e.Passcode] = c
		}
		if _, seen := f.status[c]; !seen {
			f.order = append(f.order, c)
		}
		f.status[c] = e.Copies
		f.listed[c] = append(f.listed[c], e.Passcode)
	}
	if !l.Whitelist {
		f.Note = "an organiser's own list (not a whitelist: cards it does not name are Unlimited)"
		for _, c := range s.cards {
			if _, ok := f.status[c]; !ok {
				f.status[c] = Unlimited
				f.order = append(f.order, c)
			}
		}
	}
	return f
}

// List is f as an EDOPro list, every passcode its source listed.
func (f *Format) List() *List {
	l := &List{Title: f.Title, Whitelist: true}
	for _, c := range f.order {
		for _, pc := range f.listed[c] {
			l.Entries = append(l.Entries, ListEntry{Passcode: pc, Copies: f.status[c], Name: c.Name})
		}
	}
	return l
}
