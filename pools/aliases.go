package pools

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// Alias is a community abbreviation of a card's name ("CED"), valid in
// some formats or in any (Formats nil).
type Alias struct {
	Abbrev  string
	Formats []string
	Card    *Card
}

// In reports whether a applies in format ("" is no format context: only
// aliases for any format apply).
func (a Alias) In(format string) bool {
	if len(a.Formats) == 0 {
		return true
	}
	return format != "" && slices.Contains(a.Formats, format)
}

func parseAliases(data []byte, s *Set) ([]Alias, error) {
	var out []Alias
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("aliases.tsv:%d: want 3 tab-separated fields", n)
		}
		c, ok := s.ByName(f[2])
		if !ok {
			return nil, fmt.Errorf("aliases.tsv:%d: no card %q in any pool", n, f[2])
		}
		a := Alias{Abbrev: f[0], Card: c}
		if f[1] != "*" {
			for _, id := range strings.Split(f[1], ",") {
				if _, ok := s.Format(id); !ok {
					return nil, fmt.Errorf("aliases.tsv:%d: no format %q", n, id)
				}
				a.Formats = append(a.Formats, id)
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// Aliases lists every abbreviation, in priority order.
func (s *Set) Aliases() []Alias { return s.aliases }

// Resolve finds what name means in format ("" for no context): a card's
// name first, then an abbreviation, preferring a card the format's pool
// holds. ok is false when nothing matches.
func (s *Set) Resolve(name, format string) (*Card, bool) {
	if c, ok := s.ByName(name); ok {
		return c, true
	}
	cands := s.AliasCards(name, format)
	if len(cands) == 0 {
		return nil, false
	}
	return cands[0], true
}

// AliasCards lists the cards an abbreviation may mean in format, best
// first: those valid in the format and held by its pool, then the others.
func (s *Set) AliasCards(abbrev, format string) []*Card {
	k := Fold(abbrev)
	if k == "" {
		return nil
	}
	f, _ := s.Format(format)
	var first, rest []*Card
	for _, a := range s.aliases {
		if Fold(a.Abbrev) != k || !a.In(format) && len(a.Formats) > 0 && format != "" {
			continue
		}
		if slices.Contains(first, a.Card) || slices.Contains(rest, a.Card) {
			continue
		}
		if f == nil || f.Status(a.Card) != NotInPool {
			first = append(first, a.Card)
		} else {
			rest = append(rest, a.Card)
		}
	}
	return append(first, rest...)
}
