package rulings

// Filters: which cards a cost, a target or an op may pick. A filter is
// terms joined by "," (all must hold), alternatives joined by " or "
// (matchesAny), and, for a Fusion Monster's materials, one filter per
// material joined by ";". Each term is a word ("monster") or a key with an
// operator and an argument ("atk<=1500", "type=Machine|Warrior"); its key is
// a FilterTerm with one entry in filterTerms, which the loader checks every
// filter of every card against (filterProblem), so the interpreter never
// meets a term it does not know. Terms are read lower-cased.
//
// To add a term: a FilterTerm constant with its entry (what it means, the
// argument it takes, and its match function) below.

import (
	"fmt"
	"strconv"
	"strings"
)

// FilterTerm is the key of a filter term: the word, or the word and its
// operator ("atk<=", "type=").
type FilterTerm string

// The filter terms.
const (
	FilterAny             FilterTerm = ""                 // an empty term: every card
	FilterMonster         FilterTerm = "monster"          // a monster
	FilterSpell           FilterTerm = "spell"            // a Spell Card
	FilterTrap            FilterTerm = "trap"             // a Trap Card
	FilterSpellTrap       FilterTerm = "spell-trap"       // a Spell or Trap Card
	FilterFaceUp          FilterTerm = "face-up"          // a face-up card
	FilterFaceDown        FilterTerm = "face-down"        // a face-down card
	FilterDefensePosition FilterTerm = "defense-position" // a monster in Defense Position
	FilterSpecialSummoned FilterTerm = "special-summoned" // a monster that was Special Summoned
	FilterAtkMax          FilterTerm = "atk<="            // a monster whose printed ATK is N or less (atk<=self: this card's ATK, srcFilter)
	FilterAtkMin          FilterTerm = "atk>="            // a monster whose current ATK is N or more
	FilterDefMax          FilterTerm = "def<="            // a monster whose printed DEF is N or less
	FilterLevelMax        FilterTerm = "level<="          // a monster with a Level of N or less
	FilterLevelMin        FilterTerm = "level>="          // a monster whose Level is N or more
	FilterType            FilterTerm = "type="            // a monster of one of the Types A|B
	FilterName            FilterTerm = "name="            // a card named one of A|B
	FilterNotName         FilterTerm = "not-name="        // any card not named X
	FilterSubtype         FilterTerm = "subtype="         // a card with the subtype X (normal, tuner, ...)
	FilterNotSubtype      FilterTerm = "not-subtype="     // a card without the subtype X ("non-Synchro")
	FilterArchetype       FilterTerm = "archetype="       // a card of the archetype X
	FilterField           FilterTerm = "field="           // (a condition) a face-up card named X is on the field
	// Attributes
	FilterLight  FilterTerm = "light"
	FilterDark   FilterTerm = "dark"
	FilterEarth  FilterTerm = "earth"
	FilterWater  FilterTerm = "water"
	FilterFire   FilterTerm = "fire"
	FilterWind   FilterTerm = "wind"
	FilterDivine FilterTerm = "divine"
)

// filterArg is what a term takes after its operator.
type filterArg int

const (
	noArg   filterArg = iota // a word alone
	numArg                   // a whole number
	textArg                  // a name, Type, subtype or archetype
	atkArg                   // a whole number, or self (the card's own ATK: srcFilter)
)

// filterTerm is one term's entry: what it takes, and whether c meets it
// with the argument arg.
type filterTerm struct {
	arg   filterArg
	match func(d *duel, c *inst, arg string) bool
}

// filterTerms is the registry of filter terms, filterTermTable's entries.
// It is set by init, not by its declaration: atk>= reads the current ATK
// (atkOf), which reads filters again, and Go refuses that cycle in a
// variable's initialiser.
var filterTerms map[FilterTerm]filterTerm

func init() { filterTerms = filterTermTable }

// filterTermTable is the registry's entries.
var filterTermTable = map[FilterTerm]filterTerm{
	FilterAny:             {match: func(*duel, *inst, string) bool { return true }},
	FilterMonster:         {match: func(_ *duel, c *inst, _ string) bool { return c.isMonster() }},
	FilterSpell:           {match: func(_ *duel, c *inst, _ string) bool { return c.c.Kind == CardSpell }},
	FilterTrap:            {match: func(_ *duel, c *inst, _ string) bool { return c.c.Kind == CardTrap }},
	FilterSpellTrap:       {match: func(_ *duel, c *inst, _ string) bool { return c.c.Kind == CardSpell || c.c.Kind == CardTrap }},
	FilterFaceUp:          {match: func(_ *duel, c *inst, _ string) bool { return c.faceUp }},
	FilterFaceDown:        {match: func(_ *duel, c *inst, _ string) bool { return !c.faceUp }},
	FilterDefensePosition: {match: func(_ *duel, c *inst, _ string) bool { return c.loc == locMonster && c.def }},
	FilterSpecialSummoned: {match: func(_ *duel, c *inst, _ string) bool { return c.special }},
	FilterAtkMax:          {arg: atkArg, match: func(_ *duel, c *inst, a string) bool { return c.isMonster() && c.c.ATK <= atoi(a) }},
	FilterAtkMin:          {arg: numArg, match: func(d *duel, c *inst, a string) bool { return c.isMonster() && d.atkOf(c) >= atoi(a) }},
	FilterDefMax:          {arg: numArg, match: func(_ *duel, c *inst, a string) bool { return c.isMonster() && c.c.DEF <= atoi(a) }},
	FilterLevelMax: {arg: numArg, match: func(_ *duel, c *inst, a string) bool {
		return c.isMonster() && hasLevel(c.c) && c.c.Level <= atoi(a)
	}},
	FilterLevelMin:   {arg: numArg, match: func(_ *duel, c *inst, a string) bool { return c.isMonster() && c.c.Level >= atoi(a) }},
	FilterType:       {arg: textArg, match: matchType},
	FilterName:       {arg: textArg, match: matchName},
	FilterNotName:    {arg: textArg, match: func(_ *duel, c *inst, a string) bool { return nameKey(c.c.Name) != nameKey(a) }},
	FilterSubtype:    {arg: textArg, match: func(_ *duel, c *inst, a string) bool { return c.c.Has(Subtype(a)) }},
	FilterNotSubtype: {arg: textArg, match: func(_ *duel, c *inst, a string) bool { return !c.c.Has(Subtype(a)) }},
	FilterArchetype:  {arg: textArg, match: matchArchetype},
	FilterField:      {arg: textArg, match: func(d *duel, _ *inst, a string) bool { return d.faceUpNamed(a) != nil }},
	FilterLight:      {match: matchAttribute},
	FilterDark:       {match: matchAttribute},
	FilterEarth:      {match: matchAttribute},
	FilterWater:      {match: matchAttribute},
	FilterFire:       {match: matchAttribute},
	FilterWind:       {match: matchAttribute},
	FilterDivine:     {match: matchAttribute},
}

// matchesTerm: does c meet one term of a filter (lower-cased, trimmed)?
// A term with no entry matches nothing (the loader refuses such a filter).
func (d *duel) matchesTerm(c *inst, term string) bool {
	key, arg := splitTerm(term)
	if key.isAttribute() {
		return strings.EqualFold(c.c.Attribute, term)
	}
	if t, ok := filterTerms[key]; ok {
		return t.match(d, c, arg)
	}
	return false
}

// splitTerm splits a term into its key (up to and including its first
// operator: =, <= or >=) and its argument.
func splitTerm(term string) (FilterTerm, string) {
	i := strings.IndexAny(term, "<>=")
	if i < 0 {
		return FilterTerm(term), ""
	}
	j := i + 1
	if term[i] != '=' && j < len(term) && term[j] == '=' {
		j++
	}
	return FilterTerm(term[:j]), term[j:]
}

// isAttribute: is the key an Attribute's term?
func (k FilterTerm) isAttribute() bool {
	switch k {
	case FilterLight, FilterDark, FilterEarth, FilterWater, FilterFire, FilterWind, FilterDivine:
		return true
	}
	return false
}

func matchAttribute(*duel, *inst, string) bool { return false } // matchesTerm compares the Attribute itself

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// matchType: a monster of one of the Types A|B.
func matchType(_ *duel, c *inst, a string) bool {
	for _, t := range strings.Split(a, "|") {
		if strings.EqualFold(c.c.Type, strings.TrimSpace(t)) {
			return true
		}
	}
	return false
}

// matchName: a card named one of A|B.
func matchName(_ *duel, c *inst, a string) bool {
	for _, n := range strings.Split(a, "|") {
		if nameKey(c.c.Name) == nameKey(n) {
			return true
		}
	}
	return false
}

func matchArchetype(_ *duel, c *inst, a string) bool {
	for _, x := range c.c.Archetypes {
		if nameKey(x) == nameKey(a) {
			return true
		}
	}
	return false
}

// filterProblem says why a filter of a card is not made of known terms, or
// "": each alternative (" or ", and ";" between Fusion Materials), each
// term, and the argument its entry takes.
func filterProblem(filter string) string {
	for _, alt := range strings.FieldsFunc(filter, func(r rune) bool { return r == ';' }) {
		for _, f := range strings.Split(alt, " or ") {
			for _, term := range strings.Split(f, ",") {
				if why := termProblem(strings.TrimSpace(strings.ToLower(term))); why != "" {
					return fmt.Sprintf("filter %q: %s", filter, why)
				}
			}
		}
	}
	return ""
}

// termProblem says why one term is not known, or "".
func termProblem(term string) string {
	key, arg := splitTerm(term)
	t, ok := filterTerms[key]
	switch {
	case !ok:
		return fmt.Sprintf("term %q is not a filter term; declare it in filterTerms (rulings/filters.go)", term)
	case t.arg == noArg && arg != "":
		return fmt.Sprintf("term %q takes no argument", term)
	case t.arg == textArg && arg == "":
		return fmt.Sprintf("term %q needs a name after %s", term, key)
	case t.arg == numArg && !isWhole(arg), t.arg == atkArg && arg != "self" && !isWhole(arg):
		return fmt.Sprintf("term %q needs a whole number after %s", term, key)
	}
	return ""
}

func isWhole(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// faceUpNamed is a face-up card named name on the field, or nil.
func (d *duel) faceUpNamed(name string) *inst {
	for _, f := range d.allField() {
		if f.faceUp && f.c != nil && nameKey(f.c.Name) == nameKey(name) {
			return f
		}
	}
	return nil
}
