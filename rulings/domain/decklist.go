package domain

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
)

// Decklist is a deck as passcodes, in the order the list gave them.
type Decklist struct {
	// Master is the Deck Master when the list marks one (a "#master" section
	// of a .ydk file, a "Deck Master" line of a text list); 0 otherwise.
	Master uint32   `json:"master,omitempty"`
	Main   []uint32 `json:"main"`
	Extra  []uint32 `json:"extra"`
	Side   []uint32 `json:"side"`
}

// ParseError is a deck list that cannot be read. Line is 1-based; 0 means
// the error is not about one line (a ydke:// URL).
type ParseError struct {
	Line int    `json:"line,omitempty"`
	Msg  string `json:"message"`
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// MaxCards bounds how many cards one list may hold, so that a hostile paste
// cannot make the checker allocate without end. Real decks hold at most 90.
const MaxCards = 1000

// maxLine is the longest line the parsers read.
const maxLine = 64 * 1024

// lines splits r into lines for the parsers, numbering from 1; a line longer
// than maxLine is an error naming its number.
func lines(r io.Reader, each func(n int, line string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if err := each(n, line); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return &ParseError{Line: n + 1, Msg: "the line is too long or cannot be read"}
	}
	return nil
}

// ParseYDK reads a .ydk deck file: passcodes one per line, under the section
// lines "#main", "#extra" and "!side" (passcodes before any section go to the
// Main Deck). Other lines starting with "#" are comments. Substep also reads
// the Deck Master from a comment line "#master PASSCODE": simulators skip it
// like any comment, so such a file stays loadable by them.
func ParseYDK(r io.Reader) (Decklist, error) {
	var d Decklist
	section := &d.Main
	total := 0
	err := lines(r, func(n int, line string) error {
		switch {
		case line == "":
			return nil
		case strings.HasPrefix(line, "#") || strings.HasPrefix(line, "!"):
			lower := strings.ToLower(line)
			switch lower {
			case "#main":
				section = &d.Main
			case "#extra":
				section = &d.Extra
			case "!side":
				section = &d.Side
			default:
				if strings.HasPrefix(line, "!") {
					return &ParseError{Line: n, Msg: fmt.Sprintf("unknown section %q: a .ydk file has #main, #extra and !side", clip(line))}
				}
				if rest, ok := masterComment(lower); ok {
					pc, err := parsePasscode(rest)
					if err != nil {
						return &ParseError{Line: n, Msg: "#master: " + err.Error()}
					}
					if d.Master != 0 && d.Master != pc {
						return &ParseError{Line: n, Msg: "a second #master line; a deck has one Deck Master"}
					}
					d.Master = pc
				}
				// any other "#" line is a comment ("#created by ...")
			}
			return nil
		}
		pc, err := parsePasscode(line)
		if err != nil {
			return &ParseError{Line: n, Msg: err.Error()}
		}
		if total++; total > MaxCards {
			return &ParseError{Line: n, Msg: fmt.Sprintf("more than %d cards", MaxCards)}
		}
		*section = append(*section, pc)
		return nil
	})
	if err != nil {
		return Decklist{}, err
	}
	return d, nil
}

// masterComment recognises "#master 123", "#master: 123", "#deck master 123"
// and "#deckmaster 123" (lower-cased), returning what follows the keyword.
func masterComment(lower string) (string, bool) {
	for _, k := range []string{"#master", "#deckmaster", "#deck master"} {
		if rest, ok := strings.CutPrefix(lower, k); ok && (rest == "" || rest[0] == ' ' || rest[0] == ':' || rest[0] == '\t') {
			return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), ":")), true
		}
	}
	return "", false
}

// parsePasscode reads a passcode, optionally followed by a comment ("#..."
// or "--...") as some tools write.
func parsePasscode(line string) (uint32, error) {
	field := line
	if i := strings.IndexAny(line, " \t"); i >= 0 {
		field = line[:i]
		rest := strings.TrimSpace(line[i:])
		if rest != "" && !strings.HasPrefix(rest, "#") && !strings.HasPrefix(rest, "--") {
			return 0, fmt.Errorf("%q is not a passcode", clip(line))
		}
	}
	if field == "" {
		return 0, fmt.Errorf("no passcode")
	}
	for _, r := range field {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("%q is not a passcode", clip(line))
		}
	}
	v, err := strconv.ParseUint(field, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a passcode (too long)", clip(field))
	}
	if v == 0 {
		return 0, fmt.Errorf("passcode 0 is not a card")
	}
	return uint32(v), nil
}

// clip shortens s for an error message.
func clip(s string) string {
	const max = 60
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8Start(b byte) bool { return b&0xc0 != 0x80 }

// EncodeYDK writes d as a .ydk file; a Deck Master goes in a "#master"
// comment line, which simulators skip.
func EncodeYDK(d Decklist) []byte {
	var b bytes.Buffer
	b.WriteString("#created by Substep\n")
	if d.Master != 0 {
		fmt.Fprintf(&b, "#master %d\n", d.Master)
	}
	b.WriteString("#main\n")
	for _, pc := range d.Main {
		fmt.Fprintf(&b, "%d\n", pc)
	}
	b.WriteString("#extra\n")
	for _, pc := range d.Extra {
		fmt.Fprintf(&b, "%d\n", pc)
	}
	b.WriteString("!side\n")
	for _, pc := range d.Side {
		fmt.Fprintf(&b, "%d\n", pc)
	}
	return b.Bytes()
}

// YDKEPrefix starts every ydke:// deck URL.
const YDKEPrefix = "ydke://"

// ParseYDKE reads a ydke:// URL: three base64 parts separated by "!" (Main,
// Extra and Side Deck), each a run of little-endian 32-bit passcodes. A
// trailing "!" is allowed, as is percent-encoding from a pasted link.
func ParseYDKE(u string) (Decklist, error) {
	s := strings.TrimSpace(u)
	if len(s) < len(YDKEPrefix) || !strings.EqualFold(s[:len(YDKEPrefix)], YDKEPrefix) {
		return Decklist{}, &ParseError{Msg: "a ydke link starts with ydke://"}
	}
	s = s[len(YDKEPrefix):]
	if strings.Contains(s, "%") {
		un, err := url.PathUnescape(s)
		if err != nil {
			return Decklist{}, &ParseError{Msg: "the ydke link has a broken %-escape"}
		}
		s = un
	}
	parts := strings.Split(s, "!")
	if len(parts) == 4 && parts[3] == "" {
		parts = parts[:3]
	}
	if len(parts) != 3 {
		return Decklist{}, &ParseError{Msg: fmt.Sprintf("a ydke link has three parts (Main, Extra, Side Deck) separated by \"!\"; this one has %d", len(parts))}
	}
	var d Decklist
	names := []string{"Main Deck", "Extra Deck", "Side Deck"}
	dst := []*[]uint32{&d.Main, &d.Extra, &d.Side}
	total := 0
	for i, p := range parts {
		raw, err := decodeBase64(p)
		if err != nil {
			return Decklist{}, &ParseError{Msg: fmt.Sprintf("the %s part of the ydke link is not valid base64", names[i])}
		}
		if len(raw)%4 != 0 {
			return Decklist{}, &ParseError{Msg: fmt.Sprintf("the %s part of the ydke link is %d bytes, not a whole number of 4-byte passcodes", names[i], len(raw))}
		}
		if total += len(raw) / 4; total > MaxCards {
			return Decklist{}, &ParseError{Msg: fmt.Sprintf("more than %d cards", MaxCards)}
		}
		list := make([]uint32, 0, len(raw)/4)
		for j := 0; j < len(raw); j += 4 {
			pc := binary.LittleEndian.Uint32(raw[j:])
			if pc == 0 {
				return Decklist{}, &ParseError{Msg: fmt.Sprintf("the %s part of the ydke link holds passcode 0 (card %d)", names[i], j/4+1)}
			}
			list = append(list, pc)
		}
		*dst[i] = list
	}
	return d, nil
}

// decodeBase64 accepts standard base64 with or without padding, and the
// URL-safe alphabet.
func decodeBase64(p string) ([]byte, error) {
	if strings.ContainsAny(p, "-_") {
		p = strings.NewReplacer("-", "+", "_", "/").Replace(p)
	}
	p = strings.TrimRight(p, "=")
	return base64.RawStdEncoding.DecodeString(p)
}

// EncodeYDKE writes d as a ydke:// URL (the format has no place for the Deck
// Master: pass it beside the link).
func EncodeYDKE(d Decklist) string {
	enc := func(list []uint32) string {
		raw := make([]byte, 4*len(list))
		for i, pc := range list {
			binary.LittleEndian.PutUint32(raw[4*i:], pc)
		}
		return base64.StdEncoding.EncodeToString(raw)
	}
	return YDKEPrefix + enc(d.Main) + "!" + enc(d.Extra) + "!" + enc(d.Side) + "!"
}
