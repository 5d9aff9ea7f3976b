package domain

import (
	"regexp"
	"sort"
	"strings"
)

// Mentions is what a card's text names that can matter for a Domain: the
// quoted names (cards or archetypes, resolved later against a card source)
// and the Attributes and Types it names, apart from those named in token
// definitions.
type Mentions struct {
	Quoted          []string // in order of first appearance, without duplicates
	Attributes      uint32
	Races           uint64
	TokenAttributes uint32 // named inside a token definition "(Plant/WIND/Level 1/...)"
	TokenRaces      uint64
}

var (
	// Reminder text that says the card is NOT part of an archetype; it names
	// the archetype only to exclude it, so it brings nothing into a Domain.
	notTreatedRe = regexp.MustCompile(`(?i)\(?\s*(?:this card is\s+)?(?:also\s+)?not treated as an? "[^"]*" card\.?\s*\)?`)
	quotedRe     = regexp.MustCompile(`"([^"\n]{1,100})"`)
	// A parenthesised group with slashes: a token definition such as
	// "(Fiend-Type/DARK/Level 1/ATK 0/DEF 0)".
	tokenDefRe = regexp.MustCompile(`\(([^()]*/[^()]*)\)`)
	attrRe     = regexp.MustCompile(`\b(EARTH|WATER|FIRE|WIND|LIGHT|DARK|DIVINE)\b`)
	raceRe     = regexp.MustCompile(`\b(Beast-Warrior|Beast Warrior|Winged Beast|Sea Serpent|Divine-Beast|Creator God|` +
		`Warrior|Spellcaster|Fairy|Fiend|Zombie|Machine|Aqua|Pyro|Rock|Plant|Insect|Thunder|Dragon|Beast|` +
		`Dinosaur|Fish|Reptile|Psychic|Wyrm|Cyberse|Illusion)\b`)
	quoteFix = strings.NewReplacer("“", `"`, "”", `"`, "＂", `"`)
)

// ParseMentions reads a card text for what it names. Quoted names are set
// aside first (a quoted "Blue-Eyes White Dragon" names a card, not the
// Dragon Type); a quoted Attribute or Type ("DARK", "Spellcaster") counts as
// naming that Attribute or Type. Unquoted Attributes must be written in
// capitals, as card texts do. The reminder "This card is not treated as a
// "X" card" is dropped before anything else. Abilities (Spirit, Gemini,
// Flip), card types (Ritual, Fusion), Levels and ATK/DEF are never read.
func ParseMentions(text string) Mentions {
	var m Mentions
	text = quoteFix.Replace(text)
	text = notTreatedRe.ReplaceAllString(text, " ")
	seen := map[string]bool{}
	text = quotedRe.ReplaceAllStringFunc(text, func(q string) string {
		name := strings.TrimSpace(q[1 : len(q)-1])
		if a, ok := AttributeByName(name); ok {
			m.Attributes |= a
		} else if r, ok := RaceByName(name); ok {
			m.Races |= r
		} else if k := foldName(name); k != "" && !seen[k] {
			seen[k] = true
			m.Quoted = append(m.Quoted, name)
		}
		return " "
	})
	text = tokenDefRe.ReplaceAllStringFunc(text, func(g string) string {
		if !strings.Contains(g, "ATK") && !strings.Contains(g, "Level") {
			return g // not a token's stats: an ordinary aside
		}
		a, r := scanWords(g)
		m.TokenAttributes |= a
		m.TokenRaces |= r
		return " "
	})
	a, r := scanWords(text)
	m.Attributes |= a
	m.Races |= r
	return m
}

func scanWords(s string) (uint32, uint64) {
	var attrs uint32
	var races uint64
	for _, w := range attrRe.FindAllString(s, -1) {
		a, _ := AttributeByName(w)
		attrs |= a
	}
	for _, w := range raceRe.FindAllString(s, -1) {
		r, _ := RaceByName(w)
		races |= r
	}
	return attrs, races
}

// isTokenName reports whether a quoted name is a token's ("Fluff Token").
func isTokenName(name string) bool {
	l := strings.ToLower(strings.TrimSpace(name))
	return strings.HasSuffix(l, " token") || strings.HasSuffix(l, " tokens")
}

func sortedUnique(xs []string) []string {
	sort.Strings(xs)
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
