package domain

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Passcodes of the few real cards the parser tests name.
const (
	pcSangan      = 26202165
	pcMirrorForce = 44095762
	pcDMG         = 38033121
	pcTER         = 63519819
	pcMalicious   = 9411399
	pc7           = 67048711 // the card named "7"
	pc7Fish       = 23771716 // "7 Colored Fish"
)

// parserCards is a hand-made card source for the parser tests.
func parserCards() *Index {
	return NewIndex([]*Card{
		{Passcode: pcSangan, Name: "Sangan", Type: TypeMonster | TypeEffect, Attribute: AttrDark, Race: RaceFiend},
		{Passcode: pcMirrorForce, Name: "Mirror Force", Type: TypeTrap},
		{Passcode: pcDMG, Name: "Dark Magician Girl", Type: TypeMonster | TypeEffect, Attribute: AttrDark, Race: RaceSpellcaster},
		{Passcode: pcTER, Name: "Thousand-Eyes Restrict", Type: TypeMonster | TypeFusion | TypeEffect, Attribute: AttrDark, Race: RaceSpellcaster},
		{Passcode: pcMalicious, Name: "Destiny HERO - Malicious", Type: TypeMonster | TypeEffect, Attribute: AttrDark, Race: RaceWarrior},
		{Passcode: pc7, Name: "7", Type: TypeSpell | TypeContinuous},
		{Passcode: pc7Fish, Name: "7 Colored Fish", Type: TypeMonster | TypeNormal, Attribute: AttrWater, Race: RaceFish},
	}, nil)
}

func TestParseText(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Decklist
	}{
		{
			name: "counts in every spelling",
			in:   "1 Sangan\n2x Mirror Force\n3 x Sangan\nx2 Mirror Force\nSangan x2\nMirror Force (x1)\nSangan\n",
			want: Decklist{Main: []uint32{
				pcSangan, pcMirrorForce, pcMirrorForce, pcSangan, pcSangan, pcSangan,
				pcMirrorForce, pcMirrorForce, pcSangan, pcSangan, pcMirrorForce, pcSangan,
			}},
		},
		{
			name: "sections with counts and colons",
			in:   "Main Deck (2)\n1 Sangan\nTraps: 1\nMirror Force\nExtra Deck:\n1 Thousand-Eyes Restrict\nSide\n1 Sangan\n",
			want: Decklist{Main: []uint32{pcSangan, pcMirrorForce}, Extra: []uint32{pcTER}, Side: []uint32{pcSangan}},
		},
		{
			name: "deck master line",
			in:   "Deck Master: Dark Magician Girl\nSangan\n",
			want: Decklist{Master: pcDMG, Main: []uint32{pcSangan}},
		},
		{
			name: "deck master with a count and a dash",
			in:   "deck master - 1x Dark Magician Girl\n",
			want: Decklist{Master: pcDMG},
		},
		{
			name: "deck master section",
			in:   "Deck Master\n1 Dark Magician Girl\nMain\nSangan\n",
			want: Decklist{Master: pcDMG, Main: []uint32{pcSangan}},
		},
		{
			name: "star marker before or after",
			in:   "* Dark Magician Girl\nSangan\n",
			want: Decklist{Master: pcDMG, Main: []uint32{pcSangan}},
		},
		{
			name: "star marker after a counted name",
			in:   "Sangan\n1 Dark Magician Girl *\n",
			want: Decklist{Master: pcDMG, Main: []uint32{pcSangan}},
		},
		{
			name: "names are matched loosely",
			in:   "  sangan  \nDESTINY HERO MALICIOUS\nmirror-force\n",
			want: Decklist{Main: []uint32{pcSangan, pcMalicious, pcMirrorForce}},
		},
		{
			name: "names that start with a number",
			in:   "7 Colored Fish\n2 7\n1 7 Colored Fish\n",
			want: Decklist{Main: []uint32{pc7Fish, pc7, pc7, pc7Fish}},
		},
		{
			name: "comments and ydk headers",
			in:   "# my deck\n// notes\n#main\nSangan\n#extra\nThousand-Eyes Restrict\n!side\nMirror Force\n",
			want: Decklist{Main: []uint32{pcSangan}, Extra: []uint32{pcTER}, Side: []uint32{pcMirrorForce}},
		},
		{
			name: "a passcode for a name",
			in:   "2 26202165\n",
			want: Decklist{Main: []uint32{pcSangan, pcSangan}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseText(strings.NewReader(tt.in), parserCards())
			if err != nil {
				t.Fatalf("ParseText: %v", err)
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ParseText (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseTextErrors(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		wantLine int
		wantMsg  string
	}{
		{"unknown name", "Sangan\n\n3 Sangun\n", 3, `no card named "Sangun"`},
		{"zero copies", "0 Sangan\n", 1, "a count must be between 1 and 99"},
		{"too many copies", "150 Sangan\n", 1, "a count must be between 1 and 99"},
		{"two deck masters", "Deck Master: Dark Magician Girl\n* Sangan\n", 2, "a second Deck Master (Sangan)"},
		{"counted deck master", "2 Dark Magician Girl *\n", 1, "2 copies of the Deck Master"},
		{"deck master section not closed", "Deck Master\nDark Magician Girl\nSangan\n", 3, "Deck Master section holds more than one card"},
		{"unknown passcode", "12345678\n", 1, "no card with passcode 12345678"},
		{"a lone star", "*\n", 1, "no card name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseText(strings.NewReader(tt.in), parserCards())
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseText error = %v, want a *ParseError", err)
			}
			if pe.Line != tt.wantLine || !strings.Contains(pe.Msg, tt.wantMsg) {
				t.Errorf("ParseText error = line %d %q, want line %d containing %q", pe.Line, pe.Msg, tt.wantLine, tt.wantMsg)
			}
		})
	}
}

func TestDetectFormat(t *testing.T) {
	tests := []struct {
		name, file, data, want string
	}{
		{"ydke link", "", "  ydke://AAAA!!!", FormatYDKE},
		{"ydk by extension", "deck.YDK", "Sangan", FormatYDK},
		{"ydk by section", "paste", "#created by x\n#main\n1\n", FormatYDK},
		{"bare passcodes", "", "26202165\n\n44095762\n", FormatYDK},
		{"text", "deck.txt", "1 Sangan\n", FormatText},
		{"text with a number line", "", "Main: 2\n26202165\nSangan\n", FormatText},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DetectFormat(tt.file, []byte(tt.data)); got != tt.want {
				t.Errorf("DetectFormat(%q, %q) = %q, want %q", tt.file, tt.data, got, tt.want)
			}
		})
	}
}
