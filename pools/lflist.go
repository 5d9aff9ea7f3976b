package pools

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Copies allowed, as EDOPro's lists write them; a card's Status in a format.
type Status int8

// The statuses. NotInPool is a card a whitelist does not name.
const (
	NotInPool   Status = -1
	Forbidden   Status = 0
	Limited     Status = 1
	SemiLimited Status = 2
	Unlimited   Status = 3
)

// String names the status as players do.
func (s Status) String() string {
	switch s {
	case Forbidden:
		return "Forbidden"
	case Limited:
		return "Limited"
	case SemiLimited:
		return "Semi-Limited"
	case Unlimited:
		return "Unlimited"
	}
	return "Not in the pool"
}

// Slug is the status as a CSS class or URL word.
func (s Status) Slug() string {
	switch s {
	case Forbidden:
		return "forbidden"
	case Limited:
		return "limited"
	case SemiLimited:
		return "semi-limited"
	case Unlimited:
		return "unlimited"
	}
	return "not-in-pool"
}

// Copies is how many copies of a card the status allows in a deck (Main,
// Extra and Side Deck together).
func (s Status) Copies() int { return max(int(s), 0) }

// ListEntry is one card line of a .lflist.conf: "PASSCODE COUNT --Name".
type ListEntry struct {
	Passcode uint32
	Copies   Status
	Name     string // without EDOPro's sorting notes; "" when the line has none
	Line     int
}

// List is one list of a .lflist.conf file.
type List struct {
	Title     string // the "!" line: "2005.4 GOAT"
	Whitelist bool   // "$whitelist": cards the list does not name are not legal
	Entries   []ListEntry
	// Repeats are passcodes listed more than once with the same count
	// (kept once); a repeat with another count is an error.
	Repeats []ListEntry
}

// ListError is a .lflist.conf line that cannot be read.
type ListError struct {
	Line int
	Msg  string
}

func (e *ListError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// MaxListEntries bounds what ParseLFList reads; the largest real list (HAT)
// has 6,177 entries.
const MaxListEntries = 50000

// sortingNotes are the words some Goat lines carry after the name.
var sortingNotes = []string{"MAIN DECK MONSTERS", "SPELLS CARDS", "TRAPS CARDS", "EXTRA DECK MONSTERS", "FUSION DECK MONSTERS"}

// cleanListName cuts EDOPro's sorting notes (after a tab, or spaced out)
// from the name part of a list line.
func cleanListName(s string) string {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	for _, n := range sortingNotes {
		if t, ok := strings.CutSuffix(s, n); ok && strings.HasSuffix(t, "  ") {
			s = strings.TrimSpace(t)
		}
	}
	return s
}

// ParseLFList reads the first list of an EDOPro .lflist.conf:
//
//	#[2005.4 GOAT]        a comment (any line starting with '#')
//	!2005.4 GOAT          the list's name; a second '!' line ends the first list
//	$whitelist            only the passcodes listed are legal
//	55144522 1 --Pot of Greed
//
// A count is 0 (Forbidden) to 3 (Unlimited); EDOPro's -1 ("not legal") is
// read as NotInPool. Errors name the line.
func ParseLFList(r io.Reader) (*List, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 64*1024)
	l := &List{}
	seen := map[uint32]int{}
	n, lists := 0, 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(strings.TrimPrefix(sc.Text(), "\ufeff"), "\r")
		t := strings.TrimSpace(line)
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
			continue
		case strings.HasPrefix(t, "!"):
			if lists++; lists > 1 {
				return l, nil
			}
			l.Title = strings.TrimSpace(t[1:])
			continue
		case strings.HasPrefix(t, "$"):
			if strings.EqualFold(t, "$whitelist") {
				l.Whitelist = true
				continue
			}
			return nil, &ListError{n, fmt.Sprintf("unknown directive %q (EDOPro lists know $whitelist)", clip(t))}
		}
		codePart, name, _ := strings.Cut(line, "--")
		f := strings.Fields(codePart)
		if len(f) != 2 {
			return nil, &ListError{n, fmt.Sprintf("%q: want \"PASSCODE COUNT --Name\"", clip(t))}
		}
		pc, err := strconv.ParseUint(f[0], 10, 32)
		if err != nil || pc == 0 {
			return nil, &ListError{n, fmt.Sprintf("%q is not a passcode", clip(f[0]))}
		}
		cnt, err := strconv.Atoi(f[1])
		if err != nil || cnt < -1 || cnt > 3 {
			return nil, &ListError{n, fmt.Sprintf("%q is not a count (0 Forbidden, 1 Limited, 2 Semi-Limited, 3 Unlimited, -1 not legal)", clip(f[1]))}
		}
		e := ListEntry{Passcode: uint32(pc), Copies: Status(cnt), Name: cleanListName(name), Line: n}
		if cnt == -1 {
			e.Copies = NotInPool
		}
		if i, dup := seen[e.Passcode]; dup {
			if l.Entries[i].Copies != e.Copies {
				return nil, &ListError{n, fmt.Sprintf("passcode %d is listed again with another count (line %d says %d)", pc, l.Entries[i].Line, l.Entries[i].Copies)}
			}
			l.Repeats = append(l.Repeats, e)
			continue
		}
		if len(l.Entries) >= MaxListEntries {
			return nil, &ListError{n, fmt.Sprintf("more than %d entries", MaxListEntries)}
		}
		seen[e.Passcode] = len(l.Entries)
		l.Entries = append(l.Entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, &ListError{n + 1, "the line is too long or cannot be read"}
	}
	if lists == 0 && len(l.Entries) == 0 {
		return nil, &ListError{max(n, 1), "no list: an EDOPro list starts with a \"!Name\" line"}
	}
	return l, nil
}

// WriteLFList writes l as an EDOPro .lflist.conf, Forbidden cards first,
// then Limited, Semi-Limited and Unlimited, each section in the list's
// order, with the comment lines first.
func WriteLFList(w io.Writer, l *List, comments []string) error {
	var b bytes.Buffer
	for _, c := range comments {
		b.WriteString("# " + strings.ReplaceAll(c, "\n", " ") + "\n")
	}
	fmt.Fprintf(&b, "#[%s]\n!%s\n", l.Title, l.Title)
	if l.Whitelist {
		b.WriteString("$whitelist\n")
	}
	for _, st := range []Status{Forbidden, Limited, SemiLimited, Unlimited, NotInPool} {
		head := false
		for _, e := range l.Entries {
			if e.Copies != st {
				continue
			}
			if !head {
				fmt.Fprintf(&b, "#%s\n", strings.ToLower(st.String()))
				head = true
			}
			cnt := int(st)
			fmt.Fprintf(&b, "%d %d --%s\n", e.Passcode, cnt, e.Name)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// clip shortens s for an error message.
func clip(s string) string {
	r := []rune(s)
	if len(r) <= 60 {
		return s
	}
	return string(r[:60]) + "…"
}

// ExportComments are the comment lines an exported list starts with: its
// provenance, without the data file's own notes.
func ExportComments(f *Format) []string {
	out := []string{"Exported by Substep from its card pool data."}
	for _, h := range f.Header {
		if !strings.HasPrefix(h, "columns:") && !strings.HasPrefix(h, "Substep card pool") {
			out = append(out, h)
		}
	}
	return out
}
