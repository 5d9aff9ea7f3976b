package domain

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// SetNames maps archetype names to YGOPro set codes and back.
//
// A set code is 16 bits: the low 12 bits name a base archetype ("HERO",
// 0x008) and the high 4 bits mark sub-archetypes of it ("Elemental HERO",
// 0x3008; "Destiny HERO", 0xc008). A card belongs to archetype q when one of
// its codes s has the same base and every high bit of q (see Matches).
type SetNames struct {
	byCode map[uint16]string
	byName map[string]uint16
}

// defaultSetNames is a small table covering the archetypes of Substep's own
// catalogue and of the Domain pages' examples. The codes are ProjectIgnis's
// (archetype_setcode_constants.lua, the same as the !setname lines of its
// strings.conf); other simulators agree on the older ones but may number
// recent archetypes differently, so a player using another card database
// can load its strings.conf with ParseSetNames. Base codes that are only a
// name fragment (0xa2, the "Magician" shared by "Dark Magician" and
// "Magician Girl") are left out on purpose: the Domain of "Dark Magician
// Girl" is its two archetypes, not everything sharing the fragment.
var defaultSetNames = []struct {
	code uint16
	name string
}{
	{0x1, "Ally of Justice"},
	{0x1003, "Horus the Black Flame Dragon"},
	{0x4, "Amazoness"},
	{0x6, "Dark World"},
	{0x7, "Ancient Gear"},
	{0x8, "HERO"},
	{0x3008, "Elemental HERO"},
	{0x5008, "Vision HERO"},
	{0x6008, "Evil HERO"},
	{0xa008, "Masked HERO"},
	{0xc008, "Destiny HERO"},
	{0x9, "Neos"},
	{0xa, "lswarm"},
	{0xd, "Saber"},
	{0x100d, "X-Saber"},
	{0xf, "Ojama"},
	{0x12, "Frog"},
	{0x16, "roid"},
	{0x19, "Gladiator"},
	{0x1019, "Gladiator Beast"},
	{0x1a, "Dark Scorpion"},
	{0x1f, "Neo-Spacian"},
	{0x25, "Iron Chain"},
	{0x2e, "Gravekeeper's"},
	{0x2f, "Ice Barrier"},
	{0x33, "Blackwing"},
	{0x34, "Crystal"},
	{0x1034, "Crystal Beast"},
	{0x37, "Mist Valley"},
	{0x38, "Lightsworn"},
	{0x3b, "Red-Eyes"},
	{0x3d, "Six Samurai"},
	{0x40, "Forbidden One"},
	{0x41, "LV"},
	{0x44, "The Agent"},
	{0x45, "Archfiend"},
	{0x1045, "Red Dragon Archfiend"},
	{0x1047, "Gem-Knight"},
	{0x48, "Number"},
	{0x1048, "Number C"}, // the sub-archetype of "Number" that ProjectIgnis/CardScripts official/c33252803.lua (Rank-Up-Magic Quick Chaos) lists
	{0x4c, "Trap Hole"},
	{0x51, "Gadget"},
	{0x53, "Constellar"},
	{0x62, "Toon"},
	{0x64, "Harpie"},
	{0x69, "Hieratic"},
	{0x3066, "Magnet Warrior"},
	{0x8e, "Vampire"},
	{0x93, "Cyber"},
	{0x1093, "Cyber Dragon"},
	{0x2093, "Cyber Angel"},
	{0x4093, "Cyberdark"},
	{0x95, "Rank-Up-Magic"},
	{0x97, "Artifact"},
	{0x98, "Magician"},
	{0x99, "Odd-Eyes"},
	{0x10a2, "Dark Magician"},
	{0x20a2, "Magician Girl"},
	{0x30a2, "Dark Magician Girl"},
	{0x8d, "Ghostrick"}, // SET_GHOSTRICK, archetype_setcode_constants.lua at 01deb78
	{0xa3, "Stardust"},
	{0xa4, "Kuriboh"},
	{0xbc, "Jinzo"},
	{0xbd, "Gaia The Fierce Knight"},
	{0xbe, "Monarch"},
	{0xbf, "Charmer"},
	{0xc9, "Aroma"},
	{0xcc, "Prediction Princess"},
	{0xcf, "Chaos"},
	{0x10cf, "Black Luster Soldier"},
	{0xd3, "Kaiju"},
	{0xd7, "Buster Blader"},
	{0xdd, "Blue-Eyes"},
	{0xde, "Exodia"},
	{0xe1, "Metalfoes"},
	{0xfa, "Phantasm Spiral"},
	{0x10c, "Mekk-Knight"},
	{0x10f, "Borrel"},
	{0x146, "Dogmatika"},
	{0x14c, "Fossil"},
	{0x16d, "Swordsoul"},
	{0x174, "Exosister"},
	{0x17a, "Sea Stealth"},
	{0x189, "Bystial"},
	{0x19b, "Centur-Ion"},
	{0x19e, "Voiceless Voice"},
	{0x1ad, "Emblema"},
	{0x204, "Sinful Spoils"},
	{0x205, "Snake-Eye"},
}

// withoutSetCode are names players call archetypes that the card databases
// give no set code (no card text refers to them as a group), so a card
// listed under them gets none.
var withoutSetCode = map[string]bool{
	foldName("ABC"): true, foldName("Goyo"): true, foldName("Herald"): true, foldName("Jester"): true,
}

// HasNoSetCode reports whether name is a known archetype name that has no
// set code in the card databases.
func HasNoSetCode(name string) bool { return withoutSetCode[foldName(name)] }

// DefaultSetNames is Substep's own small archetype table.
func DefaultSetNames() *SetNames {
	s := newSetNames()
	for _, e := range defaultSetNames {
		s.add(e.code, e.name)
	}
	return s
}

func newSetNames() *SetNames {
	return &SetNames{byCode: map[uint16]string{}, byName: map[string]uint16{}}
}

func (s *SetNames) add(code uint16, name string) {
	if _, ok := s.byCode[code]; !ok {
		s.byCode[code] = name
	}
	if k := foldName(name); k != "" {
		if _, ok := s.byName[k]; !ok {
			s.byName[k] = code
		}
	}
}

// ParseSetNames reads the "!setname 0xCODE Name" lines of a strings.conf
// (other lines are skipped). A name with alternatives ("Polymerization|Fusion")
// registers each of them; text after a tab is a comment. Entries of base
// codes marked as fragments are kept: the caller decides what to load.
func ParseSetNames(r io.Reader) (*SetNames, error) {
	s := newSetNames()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(text, "!setname ") {
			continue
		}
		rest := strings.TrimSpace(strings.TrimPrefix(text, "!setname "))
		codeText, name, _ := strings.Cut(rest, " ")
		code, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(codeText), "0x"), 16, 16)
		if err != nil || code == 0 {
			return nil, &ParseError{Line: line, Msg: fmt.Sprintf("%q is not a set code", codeText)}
		}
		name, _, _ = strings.Cut(name, "\t")
		for _, n := range strings.Split(name, "|") {
			if n = strings.TrimSpace(n); n != "" {
				s.add(uint16(code), n)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{Line: line + 1, Msg: err.Error()}
	}
	return s, nil
}

// Code finds an archetype's set code by name, ignoring case and punctuation.
func (s *SetNames) Code(name string) (uint16, bool) {
	c, ok := s.byName[foldName(name)]
	return c, ok
}

// Name is the archetype name of code, if the table knows it.
func (s *SetNames) Name(code uint16) (string, bool) {
	n, ok := s.byCode[code]
	return n, ok
}

// Label names code for people: its archetype name, or "set code 0x1a2b".
func (s *SetNames) Label(code uint16) string {
	if n, ok := s.byCode[code]; ok {
		return n
	}
	return fmt.Sprintf("set code %#x", code)
}

// Codes lists every code in the table, ascending.
func (s *SetNames) Codes() []uint16 {
	out := make([]uint16, 0, len(s.byCode))
	for c := range s.byCode {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Matches reports whether a card with set code card belongs to archetype q,
// as YGOPro's IsSetCard decides it: same base, and card has every
// sub-archetype bit of q. "Elemental HERO" (0x3008) belongs to "HERO"
// (0x8) but not to "Destiny HERO" (0xc008); "Dark Magician Girl" (0x30a2)
// belongs to both "Dark Magician" (0x10a2) and "Magician Girl" (0x20a2).
func Matches(card, q uint16) bool {
	if card == 0 || q == 0 {
		return false
	}
	return card&0xfff == q&0xfff && card&q&0xf000 == q&0xf000
}

// domainArchetypes are the archetypes a card with set code code brings into
// a Domain. The base archetype is always used ("Destiny HERO" brings all of
// "HERO") when the table names it, or when the table names nothing of this
// family; otherwise each named single sub-archetype the code belongs to
// ("Dark Magician Girl" brings "Dark Magician" and "Magician Girl").
func (s *SetNames) domainArchetypes(code uint16) []uint16 {
	base := code & 0xfff
	if base == 0 {
		return nil
	}
	if _, ok := s.byCode[base]; ok {
		return []uint16{base}
	}
	var subs []uint16
	for bit := uint16(0x1000); bit != 0; bit <<= 1 {
		if code&bit == 0 {
			continue
		}
		if _, ok := s.byCode[base|bit]; ok {
			subs = append(subs, base|bit)
		}
	}
	if len(subs) == 0 {
		if _, ok := s.byCode[code]; ok {
			return []uint16{code}
		}
		return []uint16{base}
	}
	return subs
}
