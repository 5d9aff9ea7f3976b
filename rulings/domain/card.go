package domain

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// Card type bits, as the YGOPro card database stores them in datas.type.
const (
	TypeMonster    uint32 = 0x1
	TypeSpell      uint32 = 0x2
	TypeTrap       uint32 = 0x4
	TypeNormal     uint32 = 0x10
	TypeEffect     uint32 = 0x20
	TypeFusion     uint32 = 0x40
	TypeRitual     uint32 = 0x80
	TypeTrapMon    uint32 = 0x100
	TypeSpirit     uint32 = 0x200
	TypeUnion      uint32 = 0x400
	TypeGemini     uint32 = 0x800
	TypeTuner      uint32 = 0x1000
	TypeSynchro    uint32 = 0x2000
	TypeToken      uint32 = 0x4000
	TypeQuickPlay  uint32 = 0x10000
	TypeContinuous uint32 = 0x20000
	TypeEquip      uint32 = 0x40000
	TypeField      uint32 = 0x80000
	TypeCounter    uint32 = 0x100000
	TypeFlip       uint32 = 0x200000
	TypeToon       uint32 = 0x400000
	TypeXyz        uint32 = 0x800000
	TypePendulum   uint32 = 0x1000000
	TypeSpSummon   uint32 = 0x2000000
	TypeLink       uint32 = 0x4000000

	// TypeExtra marks the monsters that live in the Extra Deck.
	TypeExtra = TypeFusion | TypeSynchro | TypeXyz | TypeLink
)

// Attribute bits (datas.attribute).
const (
	AttrEarth  uint32 = 0x01
	AttrWater  uint32 = 0x02
	AttrFire   uint32 = 0x04
	AttrWind   uint32 = 0x08
	AttrLight  uint32 = 0x10
	AttrDark   uint32 = 0x20
	AttrDivine uint32 = 0x40
)

// Type bits, which YGOPro calls races (datas.race).
const (
	RaceWarrior      uint64 = 0x1
	RaceSpellcaster  uint64 = 0x2
	RaceFairy        uint64 = 0x4
	RaceFiend        uint64 = 0x8
	RaceZombie       uint64 = 0x10
	RaceMachine      uint64 = 0x20
	RaceAqua         uint64 = 0x40
	RacePyro         uint64 = 0x80
	RaceRock         uint64 = 0x100
	RaceWingedBeast  uint64 = 0x200
	RacePlant        uint64 = 0x400
	RaceInsect       uint64 = 0x800
	RaceThunder      uint64 = 0x1000
	RaceDragon       uint64 = 0x2000
	RaceBeast        uint64 = 0x4000
	RaceBeastWarrior uint64 = 0x8000
	RaceDinosaur     uint64 = 0x10000
	RaceFish         uint64 = 0x20000
	RaceSeaSerpent   uint64 = 0x40000
	RaceReptile      uint64 = 0x80000
	RacePsychic      uint64 = 0x100000
	RaceDivineBeast  uint64 = 0x200000
	RaceCreatorGod   uint64 = 0x400000
	RaceWyrm         uint64 = 0x800000
	RaceCyberse      uint64 = 0x1000000
	RaceIllusion     uint64 = 0x2000000
)

var attributeNames = []struct {
	bit  uint32
	name string
}{
	{AttrEarth, "EARTH"}, {AttrWater, "WATER"}, {AttrFire, "FIRE"}, {AttrWind, "WIND"},
	{AttrLight, "LIGHT"}, {AttrDark, "DARK"}, {AttrDivine, "DIVINE"},
}

var raceNames = []struct {
	bit  uint64
	name string
}{
	{RaceWarrior, "Warrior"}, {RaceSpellcaster, "Spellcaster"}, {RaceFairy, "Fairy"},
	{RaceFiend, "Fiend"}, {RaceZombie, "Zombie"}, {RaceMachine, "Machine"}, {RaceAqua, "Aqua"},
	{RacePyro, "Pyro"}, {RaceRock, "Rock"}, {RaceWingedBeast, "Winged Beast"}, {RacePlant, "Plant"},
	{RaceInsect, "Insect"}, {RaceThunder, "Thunder"}, {RaceDragon, "Dragon"}, {RaceBeast, "Beast"},
	{RaceBeastWarrior, "Beast-Warrior"}, {RaceDinosaur, "Dinosaur"}, {RaceFish, "Fish"},
	{RaceSeaSerpent, "Sea Serpent"}, {RaceReptile, "Reptile"}, {RacePsychic, "Psychic"},
	{RaceDivineBeast, "Divine-Beast"}, {RaceCreatorGod, "Creator God"}, {RaceWyrm, "Wyrm"},
	{RaceCyberse, "Cyberse"}, {RaceIllusion, "Illusion"},
}

// AttributeNames names every Attribute bit set in bits ("DARK", "LIGHT").
func AttributeNames(bits uint32) []string {
	var out []string
	for _, a := range attributeNames {
		if bits&a.bit != 0 {
			out = append(out, a.name)
		}
	}
	return out
}

// RaceNames names every Type bit set in bits ("Spellcaster", "Winged Beast").
func RaceNames(bits uint64) []string {
	var out []string
	for _, r := range raceNames {
		if bits&r.bit != 0 {
			out = append(out, r.name)
		}
	}
	return out
}

// AttributeByName finds an Attribute bit by name, ignoring case.
func AttributeByName(name string) (uint32, bool) {
	for _, a := range attributeNames {
		if strings.EqualFold(a.name, strings.TrimSpace(name)) {
			return a.bit, true
		}
	}
	return 0, false
}

// RaceByName finds a Type bit by name, ignoring case, spaces versus dashes
// and a trailing "-Type" ("Beast Warrior", "winged beast", "Fiend-Type").
func RaceByName(name string) (uint64, bool) {
	k := foldName(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(name), "-Type"), " Type"))
	for _, r := range raceNames {
		if foldName(r.name) == k {
			return r.bit, true
		}
	}
	return 0, false
}

// Card is one card in the encodings of the YGOPro card database.
type Card struct {
	Passcode uint32 `json:"passcode"`
	// Alias is the passcode of the card this one is always treated as
	// (A Legendary Ocean → Umi), or of the original printing for an
	// alternate artwork; 0 when the card stands for itself.
	Alias     uint32   `json:"alias,omitempty"`
	Setcodes  []uint16 `json:"setcodes,omitempty"` // archetype set codes, at most four
	Type      uint32   `json:"type"`               // Type* bits
	Attribute uint32   `json:"attribute,omitempty"`
	Race      uint64   `json:"race,omitempty"`
	Level     int      `json:"level,omitempty"` // Level, Rank or Link Rating
	LScale    int      `json:"lscale,omitempty"`
	RScale    int      `json:"rscale,omitempty"`
	ATK       int      `json:"atk"` // -2 is "?"
	DEF       int      `json:"def"` // -2 is "?"; Link Arrows for Link Monsters
	Name      string   `json:"name"`
	Text      string   `json:"text,omitempty"`
}

// IsMonster reports whether c is a monster card.
func (c *Card) IsMonster() bool { return c.Type&TypeMonster != 0 }

// IsSpell reports whether c is a Spell card.
func (c *Card) IsSpell() bool { return c.Type&TypeSpell != 0 }

// IsTrap reports whether c is a Trap card (Trap Monsters included).
func (c *Card) IsTrap() bool { return c.Type&TypeTrap != 0 }

// IsExtraDeck reports whether c is a Fusion, Synchro, Xyz or Link Monster.
func (c *Card) IsExtraDeck() bool { return c.IsMonster() && c.Type&TypeExtra != 0 }

// Canonical is the passcode that identifies the card for the one-copy rule:
// its Alias when it has one, else its own passcode.
func (c *Card) Canonical() uint32 {
	if c.Alias != 0 {
		return c.Alias
	}
	return c.Passcode
}

// Kind says what sort of card c is, in words ("Spell Card", "Fusion Monster").
func (c *Card) Kind() string {
	switch {
	case c.Type&TypeToken != 0:
		return "Token"
	case c.IsMonster():
		for _, k := range []struct {
			bit  uint32
			name string
		}{{TypeFusion, "Fusion"}, {TypeSynchro, "Synchro"}, {TypeXyz, "Xyz"}, {TypeLink, "Link"}, {TypeRitual, "Ritual"}} {
			if c.Type&k.bit != 0 {
				return k.name + " Monster"
			}
		}
		return "monster"
	case c.IsSpell():
		return "Spell Card"
	case c.IsTrap():
		return "Trap Card"
	}
	return "card"
}

// Describe names c with its Attribute and Type: "Cyber Tutu (EARTH Warrior)".
func (c *Card) Describe() string {
	if !c.IsMonster() {
		return fmt.Sprintf("%s (%s)", c.Name, c.Kind())
	}
	parts := append(AttributeNames(c.Attribute), RaceNames(c.Race)...)
	if len(parts) == 0 {
		return c.Name
	}
	return fmt.Sprintf("%s (%s)", c.Name, strings.Join(parts, " "))
}

// SetcodesFromInt unpacks the four 16-bit set codes stored in datas.setcode.
func SetcodesFromInt(v int64) []uint16 {
	var out []uint16
	for i := 0; i < 4; i++ {
		if s := uint16(uint64(v) >> (16 * i)); s != 0 {
			out = append(out, s)
		}
	}
	return out
}

// SetcodesToInt packs up to four set codes into datas.setcode.
func SetcodesToInt(codes []uint16) int64 {
	var v uint64
	for i, s := range codes {
		if i == 4 {
			break
		}
		v |= uint64(s) << (16 * i)
	}
	return int64(v)
}

// LevelFromInt unpacks datas.level: the Level (or Rank, or Link Rating) in
// the low byte, the left Pendulum Scale in bits 24-31 and the right one in
// bits 16-23.
func LevelFromInt(v int64) (level, lscale, rscale int) {
	u := uint64(v)
	return int(u & 0xff), int((u >> 24) & 0xff), int((u >> 16) & 0xff)
}

// LevelToInt packs a Level and Pendulum Scales into datas.level.
func LevelToInt(level, lscale, rscale int) int64 {
	return int64(uint64(level&0xff) | uint64(rscale&0xff)<<16 | uint64(lscale&0xff)<<24)
}

// NameResolver finds a card by its name.
type NameResolver interface {
	// ByName finds a card by name, ignoring case, punctuation and spacing.
	ByName(name string) (*Card, bool)
}

// CardSource is where the checker gets its card data.
type CardSource interface {
	NameResolver
	ByPasscode(passcode uint32) (*Card, bool)
}

// SetNamer is implemented by card sources that carry their own archetype
// names (a strings.conf); Check falls back on DefaultSetNames otherwise.
type SetNamer interface {
	SetNames() *SetNames
}

// foldName is the lookup key of a card name: lower case, letters and digits
// only, so "d.d. warrior lady" finds "D.D. Warrior Lady".
func foldName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Index is a CardSource over a list of cards held in memory.
type Index struct {
	cards  []*Card
	byPC   map[uint32]*Card
	byName map[string]*Card
	sets   *SetNames
}

// NewIndex indexes cards by passcode and by name. When several cards share a
// name (alternate artworks, reprints under another passcode), ByName prefers
// the one without an Alias, then the lowest passcode. A nil sets means
// DefaultSetNames.
func NewIndex(cards []*Card, sets *SetNames) *Index {
	if sets == nil {
		sets = DefaultSetNames()
	}
	x := &Index{byPC: make(map[uint32]*Card, len(cards)), byName: make(map[string]*Card, len(cards)), sets: sets}
	for _, c := range cards {
		if c == nil || c.Passcode == 0 {
			continue
		}
		if _, dup := x.byPC[c.Passcode]; dup {
			continue
		}
		x.byPC[c.Passcode] = c
		x.cards = append(x.cards, c)
		k := foldName(c.Name)
		if k == "" {
			continue
		}
		if prev, ok := x.byName[k]; !ok || better(c, prev) {
			x.byName[k] = c
		}
	}
	sort.Slice(x.cards, func(i, j int) bool { return x.cards[i].Passcode < x.cards[j].Passcode })
	return x
}

// better reports whether a should answer a name lookup rather than b.
func better(a, b *Card) bool {
	if (a.Alias == 0) != (b.Alias == 0) {
		return a.Alias == 0
	}
	return a.Passcode < b.Passcode
}

// ByPasscode finds a card by passcode.
func (x *Index) ByPasscode(pc uint32) (*Card, bool) {
	c, ok := x.byPC[pc]
	return c, ok
}

// ByName finds a card by name, ignoring case, punctuation and spacing.
func (x *Index) ByName(name string) (*Card, bool) {
	c, ok := x.byName[foldName(name)]
	return c, ok
}

// SetNames is the archetype table that goes with these cards.
func (x *Index) SetNames() *SetNames { return x.sets }

// Cards lists every card, by passcode.
func (x *Index) Cards() []*Card { return x.cards }

// Len is the number of cards.
func (x *Index) Len() int { return len(x.cards) }
