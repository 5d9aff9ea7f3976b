package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// testCards is a slice of real cards, enough for the typo table to have
// near neighbours (Sangan and Sakuretsu Armor, two D.D. cards, ...).
func testCards() []Card {
	mk := func(name, kind string, aliases ...string) Card {
		return Card{Name: name, Slug: slug(name), Kind: kind, Aliases: aliases, Text: "About " + name + "."}
	}
	return []Card{
		mk("Sangan", "monster"),
		mk("Sakuretsu Armor", "trap"),
		mk("Embodiment of Apophis", "trap"),
		mk("D.D. Warrior Lady", "monster"),
		mk("D.D. Assailant", "monster"),
		mk("Mystical Space Typhoon", "spell", "MST"),
		mk("Black Luster Soldier - Envoy of the Beginning", "monster", "BLS"),
		mk("Chaos Emperor Dragon - Envoy of the End", "monster", "CED"),
		mk("Breaker the Magical Warrior", "monster"),
		mk("Magician of Faith", "monster"),
		mk("Thousand-Eyes Restrict", "monster"),
		mk("Blue-Eyes White Dragon", "monster"),
		mk("Jinzo", "monster"),
		mk("Tsukuyomi", "monster"),
		mk("Heavy Storm", "spell"),
		mk("Scapegoat", "spell"),
		mk("Call of the Haunted", "trap"),
		mk("Sinister Serpent", "monster"),
		mk("Tribe-Infecting Virus", "monster"),
		mk("Metamorphosis", "spell"),
		mk("Cyber Dragon", "monster"),
		mk("Airknight Parshath", "monster"),
		mk("Spirit Reaper", "monster"),
		mk("Mirror Force", "trap"),
		mk("Torrential Tribute", "trap"),
		mk("Book of Moon", "spell"),
		mk("Pot of Greed", "spell"),
		mk("Graceful Charity", "spell"),
		mk("Witch of the Black Forest", "monster"),
		mk("Morphing Jar", "monster"),
		mk("Night Assailant", "monster"),
		mk("Dekoichi the Battlechanted Locomotive", "monster"),
		mk("Gearfried the Iron Knight", "monster"),
		mk("Exiled Force", "monster"),
	}
}

// slug is a small stand-in for rulings.Slugify, good enough for test data.
func slug(name string) string { return strings.ReplaceAll(fold(name), " ", "-") }

// testDocs is a small hand-written site: pages and sections whose ranking
// the tests can reason about.
func testDocs() []Doc {
	return []Doc{
		{PageID: "goat-03", Format: "goat", Number: "3", Title: "One Field Spell for both players",
			Topics: []string{"field-spell"},
			Text:   "Only one face-up Field Spell can be active on the whole field. A new one replaces the old one."},
		{PageID: "goat-03", Format: "goat", Number: "3", Title: "One Field Spell for both players",
			Anchor: "example-1", Heading: "Example 1", Example: true, Topics: []string{"field-spell"},
			Text: "You control a face-up Field Spell and your opponent activates another. When theirs resolves, yours is destroyed."},
		{PageID: "goat-07", Format: "goat", Number: "7", Title: "The Damage Step has six timings",
			Topics: []string{"damage-step", "battle-phase"},
			Text:   "Goat rules split the Damage Step into six timings. Flip effects wait until the end of the Damage Step."},
		{PageID: "goat-07", Format: "goat", Number: "7", Title: "The Damage Step has six timings",
			Anchor: "example-1", Heading: "Example 1", Example: true, Topics: []string{"damage-step"},
			Text: "Sangan is attacked while face-down and is destroyed by battle. Its effect triggers at the end of the Damage Step, and the player adds a monster with 1500 or less ATK to the hand."},
		{PageID: "goat-07", Format: "goat", Number: "7", Title: "The Damage Step has six timings",
			Anchor: "example-2", Heading: "Example 2", Example: true, Topics: []string{"damage-step"},
			Text: "D.D. Warrior Lady battles Sangan. After damage calculation the Lady may banish Sangan, so Sangan never reaches the Graveyard."},
		{PageID: "hat-05", Format: "hat", Number: "5", Title: "Simultaneous effects",
			Topics: []string{"segoc"},
			Text:   "When several effects trigger together, the turn player's go on the chain first. Mandatory ones come before optional ones."},
		{PageID: "hat-05", Format: "hat", Number: "5", Title: "Simultaneous effects",
			Anchor: "example-1", Heading: "Example 1", Example: true, Topics: []string{"segoc"},
			Text: "Sangan and Sinister Serpent both go to the Graveyard at once. Both owners build one chain in the usual order."},
		{PageID: "edison-damage-step", Format: "edison", Title: "Damage Step timings",
			Topics: []string{"damage-step"},
			Text:   "Edison counts seven timings in the Damage Step, as HAT does. A damage step is short but busy."},
		{PageID: "edison-damage-step", Format: "edison", Title: "Damage Step timings",
			Anchor: "field-spell-in-damage-step", Heading: "Field Spells in the Damage Step", Topics: []string{"damage-step", "field-spell"},
			Text: "Only cards that change ATK or DEF may be activated here; most Field Spells cannot."},
		{PageID: "general-battle", Format: "general", Title: "The seven substeps of battle",
			Topics: []string{"battle-phase"},
			Text:   "An attack passes through the start step, the battle step, the damage step and the end step. A replay can happen when monsters change."},
		{PageID: "domain-deck-master", Format: "domain", Title: "The Deck Master",
			Topics: []string{"deck-master"},
			Text:   "Each player picks a Deck Master. Sangan can be one, which is a field spell of a kind. Café rules apply at the table."},
		{PageID: "hat-escape", Format: "hat", Title: "Escaping <script> & \"quotes\"",
			Topics: []string{"markup"},
			Text:   `Some <b>bold</b> text with "quotes" & an <script>alert(1)</script> tag, written by a careless editor.`},
	}
}

// buildIndex builds an in-memory index and closes it when the test ends.
func buildIndex(tb testing.TB, docs []Doc, cards []Card) *Index {
	tb.Helper()
	ix, err := Build(context.Background(), "", docs, cards)
	if err != nil {
		tb.Fatalf("Build: %v", err)
	}
	tb.Cleanup(func() { ix.Close() })
	return ix
}

// Vocabulary for the generated corpus: rules-like sentences about real cards.
var (
	genFormats = []string{"goat", "hat", "edison", "domain", "general"}
	genTopics  = []string{"first-turn-draw", "field-spell", "priority", "replay", "segoc",
		"damage-step", "lp-cost", "union", "trap-monster", "end-of-turn-discard", "infinite-loop"}
	genSubjects = []string{"the turn player", "the opponent", "a face-down monster", "the attacking monster",
		"a Continuous Trap", "the Field Spell", "a Quick-Play Spell", "the chain", "a Union monster",
		"the Trap Monster", "the Deck Master", "each player"}
	genVerbs = []string{"may activate", "cannot respond to", "must discard", "resolves", "is destroyed by",
		"pays Life Points for", "adds to the hand", "banishes", "negates", "flips", "attacks", "summons"}
	genObjects = []string{"an Ignition Effect", "a Trigger Effect", "the Damage Step", "the End Phase",
		"damage calculation", "a replay", "the first draw", "a cost", "the Graveyard", "the Main Phase",
		"an infinite loop", "simultaneous effects", "a battle position change"}
	genTails = []string{"before priority passes", "during the Battle Phase", "at the end of the Damage Step",
		"unless the rules say otherwise", "as it did in 2005", "under today's rules", "in that format",
		"when the chain resolves", "after damage calculation", "while it is face-up"}
)

func genSentence(r *rand.Rand, cards []Card) string {
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	subj := pick(genSubjects)
	if r.IntN(3) == 0 {
		subj = cards[r.IntN(len(cards))].Name
	}
	obj := pick(genObjects)
	if r.IntN(4) == 0 {
		obj = cards[r.IntN(len(cards))].Name
	}
	s := subj + " " + pick(genVerbs) + " " + obj + " " + pick(genTails) + "."
	return strings.ToUpper(s[:1]) + s[1:]
}

// genCorpus makes pages×(1+sections) docs of rules-like text, the same for
// the same seed.
func genCorpus(pages, sections int, seed uint64) []Doc {
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	cards := testCards()
	para := func(n int) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(genSentence(r, cards))
		}
		return b.String()
	}
	var docs []Doc
	for p := range pages {
		format := genFormats[p%len(genFormats)]
		id := fmt.Sprintf("%s-%02d", format, p)
		title := genObjects[r.IntN(len(genObjects))]
		title = strings.ToUpper(title[:1]) + title[1:] + " in " + format
		topics := []string{genTopics[r.IntN(len(genTopics))], genTopics[r.IntN(len(genTopics))]}
		if topics[0] == topics[1] {
			topics = topics[:1]
		}
		var secs []Doc
		for s := range sections {
			example := s%2 == 1
			heading := fmt.Sprintf("Example %d", s/2+1)
			anchor := fmt.Sprintf("example-%d", s/2+1)
			if !example {
				heading = genSubjects[r.IntN(len(genSubjects))] + " and " + genObjects[r.IntN(len(genObjects))]
				anchor = fmt.Sprintf("rule-%d", s/2+1)
			}
			text := para(4 + r.IntN(5))
			secs = append(secs, Doc{PageID: id, Format: format, Number: fmt.Sprint(p), Title: title,
				Anchor: anchor, Heading: heading, Example: example, Topics: topics, Text: text})
		}
		// Like the site's pages: the page's own doc holds its summary and
		// introduction; the sections hold the rest.
		docs = append(docs, Doc{PageID: id, Format: format, Number: fmt.Sprint(p), Title: title,
			Topics: topics, Text: para(3)})
		docs = append(docs, secs...)
	}
	return docs
}
