package rulings

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A card's text: is the project's own one-line summary, never the printed
// text (card.go). These are the marks of a summary that copies the shape of
// Problem-Solving Card Text instead of describing the card: the card's
// "this card" (a summary says "it"), a player addressed as "you", a
// condition or a cost closed by a colon or a semicolon, and an imperative
// at the start of the summary, of a sentence or of a clause, where a
// summary would say "Destroys ..." or "its controller may ...", and the
// printed "All ... monsters gain" of a Field Spell.
var (
	// cardTextVerbs are the imperatives card text opens an instruction
	// with; a summary uses the third person ("Destroys", "Adds").
	cardTextVerbs = `destroy|target|special summon|add|pay|discard|banish|tribute|send|return|draw|declare|` +
		`take|change|shuffle|look|roll|choose|pick|negate|inflict|equip|move|place|activate|excavate|detach|remove|reveal`
	// cardTextOpening is an imperative at the start of the text or of a
	// sentence, or after a semicolon or a colon ("...; destroy it").
	// "Tribute Summon..." and "Draw Phase" are nouns, not imperatives.
	cardTextOpening = regexp.MustCompile(`(?i)(?:^|[.;:]\s+)((?:` + cardTextVerbs + `)\b)(?:\s+(summon|phase|\w+))?`)
	// cardTextCondition is an imperative right after an opening condition
	// ("When it is Summoned, add 1 ..."), the card's own sentence shape.
	cardTextCondition = regexp.MustCompile(`(?i)(?:^|[.;:]\s+)(?:when|if|during|while|once (?:per|a) turn|at the (?:start|end) of)\b[^;.:]*,\s+((?:` + cardTextVerbs + `)\b)(?:\s+(summon|phase|\w+))?`)
	cardTextMarks     = []struct {
		re   *regexp.Regexp
		what string
	}{
		{regexp.MustCompile(`(?i)\bthis card\b`), `"this card" (a summary says "it")`},
		{regexp.MustCompile(`(?i)\byou can\b`), `"you can" (a summary says who may, in the third person)`},
		{youWord, `the second person (a summary speaks of "its controller", "the opponent")`},
		{regexp.MustCompile(`(?i)\b(?:FLIP|Quick Effect|once per turn)\s*:`), `a card-text marker closed by a colon`},
		{regexp.MustCompile(`(?:^|[.;]\s+)[^.;:]*:\s`), `a condition or a cost closed by a colon`},
		{regexp.MustCompile(`(?:^|\.\s+)All\b[^.;]*\b(?:gain|lose)\b`), `"All ... monsters gain" (the printed idiom of a Field Spell)`},
		{regexp.MustCompile(`(?i)\btarget (?:up to )?\d+\b[^.;]*;`), `"Target 1 ...;" (a target closed by a semicolon)`},
		{regexp.MustCompile(`(?i)\byour (?:Deck|Graveyard) to your hand\b`), `"your Deck to your hand"`},
	}
	quotedName = regexp.MustCompile(`"[^"]*"`)
	youWord    = regexp.MustCompile(`(?i)\byou(?:rs?)?\b`)
)

// cardTextStyle lists the card-text marks in a summary, each with the
// phrase that shows it. names are the catalogue's card names, taken out
// first so that a name such as "Number 17: Leviathan Dragon" is no colon
// (and a name with "you" in it no second person).
func cardTextStyle(text string, names []string) []string {
	plain := quotedName.ReplaceAllString(text, `"…"`)
	for _, n := range names {
		if strings.ContainsAny(n, ":;") || youWord.MatchString(n) {
			plain = strings.ReplaceAll(plain, n, "…")
		}
	}
	var out []string
	for _, m := range cardTextMarks {
		if loc := m.re.FindStringIndex(plain); loc != nil {
			out = append(out, m.what+": "+strings.TrimLeft(plain[loc[0]:loc[1]], ".;: "))
		}
	}
	for _, re := range []*regexp.Regexp{cardTextOpening, cardTextCondition} {
		for _, sm := range re.FindAllStringSubmatchIndex(plain, -1) {
			verb, next := strings.ToLower(plain[sm[2]:sm[3]]), ""
			if sm[4] >= 0 {
				next = strings.ToLower(plain[sm[4]:sm[5]])
			}
			if (verb == "tribute" && next == "summon") || (verb == "draw" && next == "phase") || (verb == "return" && next == "of") {
				continue
			}
			out = append(out, "an imperative as card text gives it (a summary describes: \"Destroys ...\"): "+
				strings.TrimLeft(plain[sm[0]:sm[3]], ".;: "))
			break
		}
	}
	return out
}

// TestSummariesOwnWords holds every catalogue card's text: to a
// description in the project's own words: no summary reads in the shape of
// the printed card text.
func TestSummariesOwnWords(t *testing.T) {
	cards := testCatalogue(t).Cards()
	var names []string
	for _, c := range cards {
		names = append(names, c.Name)
	}
	n := 0
	for _, c := range cards {
		for _, p := range cardTextStyle(c.Text, names) {
			t.Errorf("%s (%s:%d): %s", c.Name, c.file, c.line, p)
			n++
		}
	}
	if n > 0 {
		t.Logf("%d card-text marks; rewrite each summary as a description in our own words", n)
	}
}

// TestCardTextStyle shows the check catches each card-text mark and lets
// a description pass.
func TestCardTextStyle(t *testing.T) {
	names := []string{"Number 17: Leviathan Dragon"}
	tests := []struct {
		text string
		want string // a word of the first problem; "" for none
	}{
		{`When this card is sent from the field to the Graveyard, add 1 monster with 1500 or less ATK from your Deck to your hand.`, "this card"},
		{`Target 1 Spell or Trap Card on the field and destroy it.`, "imperative"},
		{`Destroy as many monsters on the field as possible.`, "imperative"},
		{`If only your opponent controls a monster, you can Special Summon it from your hand.`, "you can"},
		{`FLIP: destroy every Special Summoned monster on the field.`, "marker"},
		{`Once per turn: it gains 500 ATK.`, "marker"},
		{`When a monster is Summoned: it destroys every monster.`, "closed by a colon"},
		{`Can be activated when a monster is Summoned: every monster is destroyed.`, "closed by a colon"},
		{`Your opponent cannot declare an attack this turn.`, "second person"},
		{`Destroys 1 monster you control.`, "second person"},
		{`All "LIGHT" monsters gain 500 ATK and lose 400 DEF.`, "All ..."},
		{`Once a turn, discard a monster card to draw 1 card.`, "imperative"},
		{`It lets its controller target 1 monster; it is destroyed.`, "Target 1"},
		{`When it is Summoned, add 1 "Red Gadget" to the hand.`, "imperative"},
		{`Its controller adds 1 "Red Gadget" from the Deck to the hand.`, ""},
		{`Destroys 1 Spell or Trap Card on the field.`, ""},
		{`Tribute Summoned, it lets its controller draw 1 card.`, ""},
		{`If Number 17: Leviathan Dragon is face-up: it gains 500 ATK.`, "closed by a colon"},
		{`Works with "Number 17: Leviathan Dragon".`, ""},
		{`Works with Number 17: Leviathan Dragon.`, ""},
	}
	for _, tt := range tests {
		got := cardTextStyle(tt.text, names)
		if tt.want == "" {
			if len(got) > 0 {
				t.Errorf("%q: problems %q, want none", tt.text, got)
			}
			continue
		}
		if len(got) == 0 || !slices.ContainsFunc(got, func(p string) bool { return strings.Contains(p, tt.want) }) {
			t.Errorf("%q: problems %q, want one mentioning %q", tt.text, got, tt.want)
		}
	}
}
