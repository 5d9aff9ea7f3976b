package domain

import (
	"fmt"
	"regexp"
)

// Facts are a card's printed facts in words, as Substep's card catalogue
// (rulings/cards/*.yaml) keeps them.
type Facts struct {
	Name       string
	Passcode   int
	Kind       string   // monster, spell, trap
	Subtypes   []string // normal effect fusion ritual ...; quick-play continuous equip field counter
	Attribute  string   // DARK, LIGHT, ...
	Type       string   // Dragon, Spellcaster, ...
	Level      int      // monsters other than Xyz and Link
	Rank       int      // Xyz Monsters
	Link       int      // Link Monsters' Link Rating
	Arrows     []string // Link Arrows: top-left, top, top-right, left, right, bottom-left, bottom, bottom-right
	Scale      int      // Pendulum Monsters' Pendulum Scale
	ATK, DEF   int
	Archetypes []string
	Text       string
}

var (
	factSubtypes = map[string]uint32{
		"normal": TypeNormal, "effect": TypeEffect, "fusion": TypeFusion, "ritual": TypeRitual,
		"spirit": TypeSpirit, "union": TypeUnion, "gemini": TypeGemini, "tuner": TypeTuner,
		"synchro": TypeSynchro, "token": TypeToken, "flip": TypeFlip, "toon": TypeToon,
		"xyz": TypeXyz, "pendulum": TypePendulum, "link": TypeLink,
		"quick-play": TypeQuickPlay, "continuous": TypeContinuous, "equip": TypeEquip,
		"field": TypeField, "counter": TypeCounter,
	}
	factKinds = map[string]uint32{"monster": TypeMonster, "spell": TypeSpell, "trap": TypeTrap}
	// factArrows are YGOPro's Link Arrow bits, kept in a Link Monster's DEF.
	factArrows = map[string]int{
		"bottom-left": 0x1, "bottom": 0x2, "bottom-right": 0x4, "left": 0x8,
		"right": 0x20, "top-left": 0x40, "top": 0x80, "top-right": 0x100,
	}
	// "Its name is always treated as "Umi"." (not "treated as a "Harpie
	// Lady" card", which is about archetypes).
	treatedAsRe = regexp.MustCompile(`(?i)always treated as "([^"]+)"`)
)

// FromFacts converts cards described in words into the YGOPro encodings,
// with set codes from sets (nil: DefaultSetNames). A card whose text says
// its name is always treated as "X" gets X's passcode as its Alias when X is
// among facts. The issues name what could not be encoded (an unknown
// archetype, Type or subtype; an Alias whose card is missing); such a card
// is kept without it.
func FromFacts(facts []Facts, sets *SetNames) (cards []*Card, issues []string) {
	if sets == nil {
		sets = DefaultSetNames()
	}
	byName := map[string]*Card{}
	for _, f := range facts {
		c := &Card{
			Passcode: uint32(f.Passcode),
			Type:     factKinds[f.Kind],
			Level:    f.Level + f.Rank + f.Link, // one number in YGOPro's encoding
			Name:     f.Name,
			Text:     f.Text,
		}
		if c.Type == 0 {
			issues = append(issues, fmt.Sprintf("%s: kind %q is not monster, spell or trap", f.Name, f.Kind))
		}
		if c.IsMonster() {
			c.ATK, c.DEF = f.ATK, f.DEF
			c.LScale, c.RScale = f.Scale, f.Scale
		}
		if len(f.Arrows) > 0 {
			c.DEF = 0
			for _, a := range f.Arrows {
				bit, ok := factArrows[a]
				if !ok {
					issues = append(issues, fmt.Sprintf("%s: unknown Link Arrow %q", f.Name, a))
				}
				c.DEF |= bit
			}
		}
		for _, st := range f.Subtypes {
			bit, ok := factSubtypes[st]
			if !ok {
				issues = append(issues, fmt.Sprintf("%s: subtype %q has no YGOPro type bit", f.Name, st))
				continue
			}
			c.Type |= bit
		}
		if f.Attribute != "" {
			if a, ok := AttributeByName(f.Attribute); ok {
				c.Attribute = a
			} else {
				issues = append(issues, fmt.Sprintf("%s: unknown Attribute %q", f.Name, f.Attribute))
			}
		}
		if f.Type != "" {
			if r, ok := RaceByName(f.Type); ok {
				c.Race = r
			} else {
				issues = append(issues, fmt.Sprintf("%s: unknown Type %q", f.Name, f.Type))
			}
		}
		for _, a := range f.Archetypes {
			if HasNoSetCode(a) {
				continue
			}
			code, ok := sets.Code(a)
			if !ok {
				issues = append(issues, fmt.Sprintf("%s: archetype %q is not in the set code table (rulings/domain/setnames.go)", f.Name, a))
				continue
			}
			if len(c.Setcodes) == 4 {
				issues = append(issues, fmt.Sprintf("%s: more than four archetypes", f.Name))
				break
			}
			c.Setcodes = append(c.Setcodes, code)
		}
		cards = append(cards, c)
		byName[foldName(c.Name)] = c
	}
	for _, c := range cards {
		m := treatedAsRe.FindStringSubmatch(c.Text)
		if m == nil || foldName(m[1]) == foldName(c.Name) {
			continue
		}
		if orig, ok := byName[foldName(m[1])]; ok && orig.Passcode != 0 {
			c.Alias = orig.Passcode
		} else {
			issues = append(issues, fmt.Sprintf("%s: always treated as %q, which is not among the cards", c.Name, m[1]))
		}
	}
	return cards, issues
}
