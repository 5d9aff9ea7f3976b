package domain

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

type textSection int

const (
	secMain textSection = iota
	secExtra
	secSide
	secMaster
)

var sectionWords = map[string]textSection{
	"main": secMain, "main deck": secMain, "deck": secMain,
	"monster": secMain, "monsters": secMain, "monster cards": secMain,
	"spell": secMain, "spells": secMain, "spell cards": secMain,
	"trap": secMain, "traps": secMain, "trap cards": secMain,
	"extra": secExtra, "extra deck": secExtra, "fusion": secExtra, "fusion deck": secExtra,
	"side": secSide, "side deck": secSide,
	"deck master": secMaster, "deckmaster": secMaster, "master": secMaster, "dm": secMaster,
}

var (
	// "Main Deck", "Monsters: 20", "Extra Deck (15)", "#extra", "!side", "Side -"
	headerRe = regexp.MustCompile(`^[#!]?\s*([A-Za-z][A-Za-z ]*?)\s*(?:[:\-–]?\s*\(?\s*\d{0,3}\s*(?:cards?)?\s*\)?)?\s*:?$`)
	// "Deck Master: Lo, the Prayers of the Voiceless Voice"
	masterRe = regexp.MustCompile(`^(?i)(?:deck\s*master\s*[:=\-–]|master\s*[:=]|dm\s*[:=])\s*(.+)$`)
	// "3 Sangan", "3x Sangan", "3 x Sangan", "x3 Sangan"
	prefixCountRe = regexp.MustCompile(`^(?:(\d{1,4})\s*[xX×]?|[xX×]\s*(\d{1,4}))\s+(.+)$`)
	// "Sangan x3", "Sangan x 3", "Sangan (x3)"
	suffixCountRe = regexp.MustCompile(`^(.+?)\s+\(?[xX×]\s*(\d{1,4})\)?$`)
)

// maxCopies is the largest count one line may give.
const maxCopies = 99

// ParseText reads a plain text deck list, one card per line:
//
//	Deck Master: Lo, the Prayers of the Voiceless Voice
//	Main Deck
//	1 Sangan
//	3x Pot of Greed
//	Mirror Force
//	Extra Deck (1)
//	Dark Paladin
//
// A line is a card name, optionally with a count before it ("3", "3x",
// "3 x", "x3") or after it ("x3"). Section headers (Main, Monsters, Spells,
// Traps, Extra, Side, Deck Master; a count or colon after them is fine)
// switch the list a card goes to. The Deck Master is given by a "Deck
// Master: NAME" line, by the one card under a "Deck Master" header, or by a
// "*" before or after a card's name. Blank lines and lines starting with
// "#" or "//" are skipped. Names are resolved with names; an unknown name is
// a *ParseError with its line.
func ParseText(r io.Reader, names NameResolver) (Decklist, error) {
	d, unknown, err := ParseTextAll(r, names)
	if err != nil {
		return Decklist{}, err
	}
	if len(unknown) > 0 {
		u := unknown[0]
		return Decklist{}, &ParseError{Line: u.Line, Msg: fmt.Sprintf("no card named %q", clip(u.Name))}
	}
	return d, nil
}

// UnknownName is a line of a text list whose card name no card has.
type UnknownName struct {
	Line    int    `json:"line"`
	Name    string `json:"name"`
	Count   int    `json:"count"`
	Section string `json:"section"` // "Main Deck", "Extra Deck", "Side Deck" or "Deck Master"
}

// MaxUnknownNames bounds how many unknown names ParseTextAll collects
// before it stops with an error.
const MaxUnknownNames = 200

// ParseTextAll is ParseText that goes on past names no card has: it
// returns the deck of the names it knows and every unknown name with its
// line, so that all of them can be reported at once. Other mistakes (a
// bad count, two Deck Masters) are still a *ParseError.
func ParseTextAll(r io.Reader, names NameResolver) (Decklist, []UnknownName, error) {
	var d Decklist
	var unknown []UnknownName
	sectionName := map[textSection]string{secMain: "Main Deck", secExtra: "Extra Deck", secSide: "Side Deck", secMaster: "Deck Master"}
	noteUnknown := func(n int, err error, section textSection) error {
		var ue *unknownNameError
		if !errors.As(err, &ue) {
			return &ParseError{Line: n, Msg: err.Error()}
		}
		if len(unknown) >= MaxUnknownNames {
			return &ParseError{Line: n, Msg: fmt.Sprintf("more than %d card names that no card has", MaxUnknownNames)}
		}
		unknown = append(unknown, UnknownName{Line: n, Name: ue.name, Count: ue.count, Section: sectionName[section]})
		return nil
	}
	section := secMain
	total := 0
	setMaster := func(n int, c *Card) error {
		if d.Master != 0 && d.Master != c.Passcode {
			return &ParseError{Line: n, Msg: fmt.Sprintf("a second Deck Master (%s); a deck has one", c.Name)}
		}
		d.Master = c.Passcode
		return nil
	}
	err := lines(r, func(n int, line string) error {
		if line == "" || strings.HasPrefix(line, "//") {
			return nil
		}
		if m := headerRe.FindStringSubmatch(line); m != nil {
			if sec, ok := sectionWords[strings.Join(strings.Fields(strings.ToLower(m[1])), " ")]; ok {
				section = sec
				return nil
			}
		}
		if strings.HasPrefix(line, "#") {
			return nil
		}
		if m := masterRe.FindStringSubmatch(line); m != nil {
			count, c, err := countAndCard(strings.TrimSpace(m[1]), names)
			if err != nil {
				return noteUnknown(n, err, secMaster)
			}
			if count != 1 {
				return &ParseError{Line: n, Msg: fmt.Sprintf("%d copies of the Deck Master; a deck has one", count)}
			}
			return setMaster(n, c)
		}
		marked := false
		if rest, ok := strings.CutPrefix(line, "*"); ok {
			marked, line = true, strings.TrimSpace(rest)
		} else if rest, ok := strings.CutSuffix(line, "*"); ok {
			marked, line = true, strings.TrimSpace(rest)
		}
		count, c, err := countAndCard(line, names)
		if err != nil {
			sec := section
			if marked {
				sec = secMaster
			}
			return noteUnknown(n, err, sec)
		}
		if marked || section == secMaster {
			if count != 1 {
				return &ParseError{Line: n, Msg: fmt.Sprintf("%d copies of the Deck Master; a deck has one", count)}
			}
			if section == secMaster && !marked && d.Master != 0 {
				return &ParseError{Line: n, Msg: "the Deck Master section holds more than one card (start the Main Deck with a \"Main\" line)"}
			}
			return setMaster(n, c)
		}
		if total += count; total > MaxCards {
			return &ParseError{Line: n, Msg: fmt.Sprintf("more than %d cards", MaxCards)}
		}
		dst := &d.Main
		switch section {
		case secExtra:
			dst = &d.Extra
		case secSide:
			dst = &d.Side
		}
		for i := 0; i < count; i++ {
			*dst = append(*dst, c.Passcode)
		}
		return nil
	})
	if err != nil {
		return Decklist{}, nil, err
	}
	return d, unknown, nil
}

// unknownNameError is a card line whose name (after its count) no card has.
type unknownNameError struct {
	name  string
	count int
}

func (e *unknownNameError) Error() string { return fmt.Sprintf("no card named %q", clip(e.name)) }

// countAndCard splits a card line into a count and a card. The whole line is
// tried as a name first, so names that start with a number ("7 Colored
// Fish") are not read as counts.
func countAndCard(line string, names NameResolver) (int, *Card, error) {
	if line == "" {
		return 0, nil, fmt.Errorf("no card name")
	}
	if c, ok := names.ByName(line); ok {
		return 1, c, nil
	}
	count, name := 1, line
	if m := prefixCountRe.FindStringSubmatch(line); m != nil {
		num := m[1]
		if num == "" {
			num = m[2]
		}
		count, _ = strconv.Atoi(num)
		name = m[3]
	} else if m := suffixCountRe.FindStringSubmatch(line); m != nil {
		count, _ = strconv.Atoi(m[2])
		name = m[1]
	}
	if count < 1 || count > maxCopies {
		return 0, nil, fmt.Errorf("%q: a count must be between 1 and %d", clip(line), maxCopies)
	}
	name = strings.TrimSpace(name)
	if c, ok := names.ByName(name); ok {
		return count, c, nil
	}
	if isDigits(name) {
		if src, ok := names.(interface {
			ByPasscode(uint32) (*Card, bool)
		}); ok {
			if v, err := strconv.ParseUint(name, 10, 32); err == nil {
				if c, ok := src.ByPasscode(uint32(v)); ok {
					return count, c, nil
				}
			}
			return 0, nil, fmt.Errorf("no card with passcode %s", clip(name))
		}
	}
	return 0, nil, &unknownNameError{name: name, count: count}
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
