package domain

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Run longer with: go test ./rulings/domain -run '^$' -fuzz FuzzParseYDK -fuzztime 30s

// FuzzParseYDK checks that any input either fails with a *ParseError on a
// line that exists, or gives a deck that survives writing and reading back.
func FuzzParseYDK(f *testing.F) {
	f.Add("#main\n26202165\n#extra\n63519819\n!side\n44095762\n")
	f.Add("#master 38033121\n#main\n09411399 --x\n")
	f.Add("!nope\n")
	f.Add("#main\n0\n")
	f.Add("\ufeff#main\r\n1\r\n")
	f.Fuzz(func(t *testing.T, in string) {
		d, err := ParseYDK(strings.NewReader(in))
		if err != nil {
			checkParseError(t, err, in)
			return
		}
		for _, list := range [][]uint32{d.Main, d.Extra, d.Side} {
			for _, pc := range list {
				if pc == 0 {
					t.Fatalf("ParseYDK(%q) gave passcode 0", in)
				}
			}
		}
		again, err := ParseYDK(bytes.NewReader(EncodeYDK(d)))
		if err != nil {
			t.Fatalf("ParseYDK(EncodeYDK(%v)): %v", d, err)
		}
		if diff := cmp.Diff(d, again, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("ydk round trip (-first +again):\n%s", diff)
		}
	})
}

// FuzzParseYDKE checks that any string either fails with a *ParseError or
// gives a deck that EncodeYDKE writes back to an equal deck.
func FuzzParseYDKE(f *testing.F) {
	f.Add(EncodeYDKE(Decklist{Main: []uint32{26202165, 9411399}, Extra: []uint32{63519819}}))
	f.Add("ydke://!!!")
	f.Add("ydke://AAAA!")
	f.Add("ydke://%zz!!!")
	f.Add("ydke://NdCPAQ!!!")
	f.Fuzz(func(t *testing.T, in string) {
		d, err := ParseYDKE(in)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseYDKE(%q) error %v is not a *ParseError", in, err)
			}
			return
		}
		again, err := ParseYDKE(EncodeYDKE(d))
		if err != nil {
			t.Fatalf("ParseYDKE(EncodeYDKE(%v)): %v", d, err)
		}
		if diff := cmp.Diff(d, again, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("ydke round trip (-first +again):\n%s", diff)
		}
	})
}

// FuzzParseText checks that any input either fails with a *ParseError on a
// line that exists, or gives a deck of known cards within the size limit.
func FuzzParseText(f *testing.F) {
	f.Add("Deck Master: Dark Magician Girl\nMain Deck\n3x Sangan\nMirror Force x2\nExtra: 1\nThousand-Eyes Restrict\n")
	f.Add("* 7\n2 7 Colored Fish\n")
	f.Add("Deck Master\nSangan\nSangan\n")
	f.Add("0 Sangan\n")
	f.Add("x99 26202165\n")
	src := parserCards()
	f.Fuzz(func(t *testing.T, in string) {
		d, err := ParseText(strings.NewReader(in), src)
		if err != nil {
			checkParseError(t, err, in)
			return
		}
		if n := len(d.Main) + len(d.Extra) + len(d.Side); n > MaxCards {
			t.Fatalf("ParseText(%q) gave %d cards, more than %d", in, n, MaxCards)
		}
		for _, list := range [][]uint32{d.Main, d.Extra, d.Side} {
			for _, pc := range list {
				if _, ok := src.ByPasscode(pc); !ok {
					t.Fatalf("ParseText(%q) gave passcode %d, not a known card", in, pc)
				}
			}
		}
		if _, ok := src.ByPasscode(d.Master); d.Master != 0 && !ok {
			t.Fatalf("ParseText(%q) gave Deck Master %d, not a known card", in, d.Master)
		}
	})
}

// checkParseError fails t unless err is a *ParseError pointing at a line of
// in (or one past the last, for a read error at the end).
func checkParseError(t *testing.T, err error, in string) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is not a *ParseError", err)
	}
	lines := strings.Count(in, "\n") + 1
	if pe.Line < 1 || pe.Line > lines+1 {
		t.Fatalf("error on line %d, but the input has %d lines: %v", pe.Line, lines, err)
	}
	if pe.Msg == "" {
		t.Fatal("error without a message")
	}
}
