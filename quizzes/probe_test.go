package quizzes

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"
)

// probeFiller are the unrelated cards a candidate pads a probe deck with:
// Spell and Trap Cards, in every Domain, which break no rule alone.
var probeFiller = []string{"Book of Moon", "Scapegoat", "Mind Crush", "Nobleman of Crossout", "Soul Exchange", "Last Will", "Limiter Removal", "Card Destruction"}

var reProbeAsk = regexp.MustCompile(`^(?:allowed|problems) (.+)$`)

// probeDeck is the deck a candidate feeds the public Domain deck checker
// to answer q without its deck: q's Deck Master, the asked card (in the
// section q's list puts it) and six filler cards. ok is false when q asks
// about no card.
func probeDeck(q *Checked) (deck string, ok bool) {
	m := reProbeAsk.FindStringSubmatch(strings.TrimSpace(q.Ask))
	if q.Deck == "" || m == nil {
		return "", false
	}
	card := normalize(m[1])
	var head, main, extra []string
	section := &main
	for _, l := range strings.Split(q.Deck, "\n") {
		t := strings.TrimSpace(l)
		low := strings.ToLower(t)
		switch {
		case strings.HasPrefix(low, "deck master:"):
			head = append(head, t)
		case low == "extra deck" || low == "extra":
			section = &extra
		case low == "main deck" || low == "main":
			section = &main
		case t != "" && normalize(strings.TrimLeft(t, "0123456789x ")) == card:
			*section = append(*section, "1 "+m[1])
		}
	}
	if len(main)+len(extra) == 0 {
		main = append(main, "1 "+m[1])
	}
	n := 0
	for _, f := range probeFiller {
		if n < 6 && normalize(f) != card {
			main = append(main, "1 "+f)
			n++
		}
	}
	out := append(head, "Main Deck")
	out = append(out, main...)
	if len(extra) > 0 {
		out = append(append(out, "Extra Deck"), extra...)
	}
	return strings.Join(out, "\n") + "\n", true
}

// TestDeckProbeAtChance: the public Domain deck checker, fed a probe deck
// (the question's Deck Master, the asked card and six filler cards, see
// probeDeck), does not answer the Domain certification deck questions on
// one card better than chance by more than harvestLimit SDs; nor does the
// candidate who avoids the probe's answer. Issue 13: on 7 December 2026
// the probe answered 32 of 33 "allowed" and 4 of 6 "problems <card>"
// questions exactly.
func TestDeckProbeAtChance(t *testing.T) {
	set := embeddedSet(t)
	b, ok := set.Bank(DeckFormat)
	if !ok {
		t.Fatal("no Domain bank")
	}
	dc := NewEngine(nil).(DeckChecker)
	var n int
	var probe, avoid, chance, variance float64
	for _, q := range b.InPool(PoolCertification).Questions {
		deck, ok := probeDeck(q)
		if !ok {
			continue
		}
		res, err := dc.CheckDeck(deck, q.DeckMaster)
		if err != nil {
			t.Fatalf("%s: probe deck: %v\n%s", q.ID, err, deck)
		}
		ans, err := AskDeck(res, q.Ask)
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		k := float64(len(q.Choices))
		n++
		chance += 1 / k
		variance += 1 / k * (1 - 1/k)
		picked := ""
		for _, c := range q.Choices {
			if c.Value == ans {
				picked = c.ID
			}
		}
		switch {
		case picked == "":
			probe += 1 / k
			avoid += 1 / k
		case picked == q.Correct:
			probe++
			t.Logf("probe answers %s (%s)", q.ID, ans)
		default:
			avoid += 1 / (k - 1)
		}
	}
	sd := math.Sqrt(variance)
	excess := func(got float64) float64 {
		if sd == 0 {
			return 0
		}
		return (got - chance) / sd
	}
	t.Logf("%d Domain certification questions on one card: the probe expects %.1f, avoiding it %.1f; chance %.1f, SD %.1f: %+.1f and %+.1f SD",
		n, probe, avoid, chance, sd, excess(probe), excess(avoid))
	logSweep(t, b, dc)
	if excess(probe) > harvestLimit || excess(avoid) > harvestLimit {
		t.Errorf("the deck checker fed Deck Master + the asked card + filler beats chance (probe %+.1f SD, avoid %+.1f SD, limit %.1f): move the questions it answers to practice", excess(probe), excess(avoid), harvestLimit)
	}
}

// logSweep logs what a candidate who sweeps a whole list card by card
// (one probe deck per card, counting the cards the checker leaves outside)
// scores on the "outside count" questions. It does not fail: the seal
// cannot refuse a one-card probe without refusing ordinary decks, so a
// count over a list is only as private as its cards' verdicts, and the
// number logged is the gap issue 13 still has open.
func logSweep(t *testing.T, b *CheckedBank, dc DeckChecker) {
	var n, right int
	for _, q := range b.InPool(PoolCertification).Questions {
		if q.Deck == "" || strings.TrimSpace(q.Ask) != "outside count" {
			continue
		}
		n++
		outside := 0
		for _, l := range strings.Split(q.Deck, "\n") {
			name := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "0123456789x"))
			if name == "" || !strings.HasPrefix(strings.TrimSpace(l), "1") {
				continue
			}
			one := *q
			one.Question = &Question{Deck: q.Deck, DeckMaster: q.DeckMaster, Ask: "allowed " + name}
			deck, _ := probeDeck(&one)
			res, err := dc.CheckDeck(deck, q.DeckMaster)
			if err != nil {
				t.Fatalf("%s: sweep %s: %v", q.ID, name, err)
			}
			if a, _ := AskDeck(res, "allowed "+name); a == "not allowed" {
				outside++
			}
		}
		if fmt.Sprint(outside) == q.CorrectChoice().Value {
			right++
		}
	}
	t.Logf("a card-by-card sweep answers %d of %d \"outside count\" questions (not held to chance: see logSweep)", right, n)
}
