package rulings

// Filter terms beyond the basic ones of `matches` (zones.go); `matchesAny`
// (zones.go) reads alternatives joined by " or ".
//
//	face-down        a face-down card
//	def<=N           a monster whose printed DEF is N or less
//	level>=N         a monster whose Level is N or more
//	not-name=X       any card not named X
//	spell-trap       a Spell or Trap Card
//	field=X          (a condition) a face-up card named X is on the field
//	defense-position a monster in Defense Position
//	not-subtype=X    a card without the subtype X ("non-Synchro")

import (
	"strconv"
	"strings"
)

// morePrefixes are the terms matchesMore reads.
var morePrefixes = []string{"face-down", "def<=", "level>=", "not-name=", "spell-trap", "field=", "defense-position", "not-subtype="}

// moreTerm says whether matchesMore reads the term.
func moreTerm(term string) bool {
	for _, p := range morePrefixes {
		if strings.HasPrefix(term, p) {
			return true
		}
	}
	return false
}

// matchesMore checks one term of morePrefixes.
func (d *duel) matchesMore(c *inst, term string) bool {
	num := func(prefix string) int {
		n, _ := strconv.Atoi(term[len(prefix):])
		return n
	}
	switch {
	case term == "face-down":
		return !c.faceUp
	case strings.HasPrefix(term, "not-subtype="):
		return !c.c.Has(term[len("not-subtype="):])
	case term == "defense-position":
		return c.loc == locMonster && c.def
	case strings.HasPrefix(term, "def<="):
		return c.isMonster() && c.c.DEF <= num("def<=")
	case strings.HasPrefix(term, "level>="):
		return c.isMonster() && c.c.Level >= num("level>=")
	case strings.HasPrefix(term, "not-name="):
		return nameKey(c.c.Name) != nameKey(term[len("not-name="):])
	case term == "spell-trap":
		return c.c.Kind == "spell" || c.c.Kind == "trap"
	case strings.HasPrefix(term, "field="):
		return d.faceUpNamed(term[len("field="):]) != nil
	}
	return false
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
