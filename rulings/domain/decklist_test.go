package domain

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParseYDK(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Decklist
	}{
		{
			name: "three sections",
			in:   "#created by someone\n#main\n26202165\n46986414\n#extra\n63519819\n!side\n44095762\n",
			want: Decklist{Main: []uint32{26202165, 46986414}, Extra: []uint32{63519819}, Side: []uint32{44095762}},
		},
		{
			name: "windows line ends, blank lines, spaces and a byte order mark",
			in:   "\ufeff#main\r\n 26202165 \r\n\r\n#extra\r\n!side\r\n",
			want: Decklist{Main: []uint32{26202165}},
		},
		{
			name: "passcodes before any section are Main Deck",
			in:   "26202165\n9411399\n",
			want: Decklist{Main: []uint32{26202165, 9411399}},
		},
		{
			name: "leading zeros and a trailing comment",
			in:   "#main\n09411399 --Destiny HERO - Malicious\n26202165 # Sangan\n",
			want: Decklist{Main: []uint32{9411399, 26202165}},
		},
		{
			name: "master comment line",
			in:   "#created by Substep\n#master 38033121\n#main\n26202165\n",
			want: Decklist{Master: 38033121, Main: []uint32{26202165}},
		},
		{
			name: "master comment with a colon, upper case sections",
			in:   "#Deck Master: 38033121\n#MAIN\n26202165\n#EXTRA\n!SIDE\n",
			want: Decklist{Master: 38033121, Main: []uint32{26202165}},
		},
		{
			name: "repeated copies kept in order",
			in:   "#main\n1\n2\n1\n",
			want: Decklist{Main: []uint32{1, 2, 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseYDK(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("ParseYDK: %v", err)
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ParseYDK (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseYDKErrors(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		wantLine int
		wantMsg  string
	}{
		{"a word", "#main\n26202165\nSangan\n", 3, `"Sangan" is not a passcode`},
		{"passcode zero", "#main\n0\n", 2, "passcode 0 is not a card"},
		{"too large for 32 bits", "#main\n99999999999\n", 2, "too long"},
		{"unknown bang section", "#main\n!maybe\n", 2, `unknown section "!maybe"`},
		{"text after a passcode", "#main\n26202165 Sangan\n", 2, "is not a passcode"},
		{"master without a passcode", "#master\n", 1, "#master: no passcode"},
		{"two different masters", "#master 1\n#master 2\n", 2, "second #master"},
		{"line too long", "#main\n" + strings.Repeat("1", maxLine+10) + "\n", 2, "too long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseYDK(strings.NewReader(tt.in))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseYDK error = %v, want a *ParseError", err)
			}
			if pe.Line != tt.wantLine || !strings.Contains(pe.Msg, tt.wantMsg) {
				t.Errorf("ParseYDK error = line %d %q, want line %d containing %q", pe.Line, pe.Msg, tt.wantLine, tt.wantMsg)
			}
		})
	}
}

func TestParseYDKTooManyCards(t *testing.T) {
	in := "#main\n" + strings.Repeat("26202165\n", MaxCards+1)
	_, err := ParseYDK(strings.NewReader(in))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != MaxCards+2 {
		t.Fatalf("ParseYDK error = %v, want a *ParseError at line %d", err, MaxCards+2)
	}
}

func TestYDKE(t *testing.T) {
	deck := Decklist{
		Main:  []uint32{26202165, 9411399, 46986414, 26202165},
		Extra: []uint32{63519819},
		Side:  nil,
	}
	url := EncodeYDKE(deck)
	// 26202165 = 0x018FD035, little-endian 35 D0 8F 01; standard base64 with padding.
	if !strings.HasPrefix(url, "ydke://NdCPA") || !strings.HasSuffix(url, "!!") {
		t.Errorf("EncodeYDKE = %q, want ydke://NdCPA... ending in an empty Side part", url)
	}
	got, err := ParseYDKE(url)
	if err != nil {
		t.Fatalf("ParseYDKE(%q): %v", url, err)
	}
	if diff := cmp.Diff(deck, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}

	variants := map[string]string{
		"no trailing bang":    strings.TrimSuffix(url, "!"),
		"upper-case scheme":   "YDKE://" + strings.TrimPrefix(url, "ydke://"),
		"without padding":     strings.ReplaceAll(url, "=", ""),
		"percent-encoded":     strings.ReplaceAll(strings.ReplaceAll(url, "=", "%3D"), "+", "%2B"),
		"surrounded by space": "  " + url + "\n",
	}
	for name, v := range variants {
		t.Run(name, func(t *testing.T) {
			got, err := ParseYDKE(v)
			if err != nil {
				t.Fatalf("ParseYDKE(%q): %v", v, err)
			}
			if diff := cmp.Diff(deck, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ParseYDKE (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseYDKEErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"not a ydke link", "https://example.com", "starts with ydke://"},
		{"two parts", "ydke://AAAA!", "has 2"},
		{"five parts", "ydke://!!!!x", "has 5"},
		{"bad base64", "ydke://@@@@!!!", "Main Deck part of the ydke link is not valid base64"},
		{"half a passcode", "ydke://!AAA!!", "Extra Deck part of the ydke link is 2 bytes"},
		{"passcode zero", "ydke://!!AAAAAA==!", "Side Deck part of the ydke link holds passcode 0"},
		{"broken escape", "ydke://%zz!!!", "%-escape"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseYDKE(tt.in)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseYDKE(%q) error = %v, want a *ParseError", tt.in, err)
			}
			if !strings.Contains(pe.Msg, tt.want) {
				t.Errorf("ParseYDKE(%q) error = %q, want it to contain %q", tt.in, pe.Msg, tt.want)
			}
		})
	}
}

func TestEncodeYDKRoundTrip(t *testing.T) {
	deck := Decklist{Master: 38033121, Main: []uint32{26202165, 9411399}, Extra: []uint32{63519819}, Side: []uint32{44095762}}
	got, err := ParseYDK(strings.NewReader(string(EncodeYDK(deck))))
	if err != nil {
		t.Fatalf("ParseYDK(EncodeYDK): %v", err)
	}
	if diff := cmp.Diff(deck, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestParseErrorString(t *testing.T) {
	if got, want := (&ParseError{Line: 3, Msg: "bad"}).Error(), "line 3: bad"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got, want := (&ParseError{Msg: "bad"}).Error(), "bad"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
