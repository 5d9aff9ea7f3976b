package rulings

// Excavating: cards of a Deck revealed from the top and dealt with at once,
// without being drawn. `excavate-until` reveals its controller's Deck card
// by card until one matches its filter, adds that one to the hand and sends
// the others to the Graveyard ("Magical Merchant"). `cyber-jar` makes each
// player, turn player first, reveal the top 5 cards of their Deck: the
// Level 4 or lower monsters among them are Special Summoned (in face-up
// Attack Position, or face-down Defense Position for those the line that
// activates it names face-down: `A activates Cyber Jar, Special Summoning
// face-down Sangan and B's face-down Gemini Elf`, as the text lets each
// player choose, ProjectIgnis/CardScripts official/c34124316.lua; those a
// full field leaves out go to the Graveyard) and
// the other cards go to the hand ("Cyber Jar" as Goat plays it, the GOAT
// variant of ../shared/formats/variants.csv: both players reveal before
// either Summons, and cards added to the hand count for the hand size only
// at the End Phase). "Pot of Duality" (excavate-add) is in ops_hands.go.

import (
	"fmt"
	"slices"
	"strings"
)

// faceDownChoices are the cards a line chooses face-down ("Special
// Summoning face-down Sangan"), for effects that let the player choose the
// position.
func (d *duel) faceDownChoices(a *Action, p int) []*inst {
	var out []*inst
	for _, r := range a.Choose {
		if !strings.Contains(" "+r.Quals+" ", " face-down ") && !strings.Contains(" "+r.Quals+" ", " set ") {
			continue
		}
		if t := d.find(r, p, locDeck, locHand, locGY, locBanished); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// opExcavateUntil reveals cards from the top of its controller's Deck until
// one matches `filter`: that card is added to the hand, the rest go to the
// Graveyard. With no match, every revealed card goes to the Graveyard.
func opExcavateUntil(d *duel, l *link, o Op) {
	p := l.ctrl
	var shown []*inst
	var hit *inst
	for _, c := range d.pl[p].deck {
		shown = append(shown, c)
		if d.matchesAny(c, o.Filter) {
			hit = c
			break
		}
	}
	if len(shown) == 0 {
		d.emit("reveal", p, l.src.name(), fmt.Sprintf("%s has no card in the Deck to reveal", d.pn(p)), ruleRef{})
		return
	}
	d.emit("reveal", p, l.src.name(), fmt.Sprintf("%s excavates %s", d.pn(p), strings.Join(names(shown), ", ")), ruleRef{})
	for _, c := range shown {
		if c == hit {
			d.moveTo(c, locHand, "added from the excavated cards by "+l.src.name())
		} else {
			d.moveTo(c, locGY, "excavated by "+l.src.name())
		}
	}
}

// opCyberJar: each player reveals the top 5 cards of their Deck; then each
// Special Summons the Level 4 or lower monsters among them, and adds the
// rest to the hand.
func opCyberJar(d *duel, l *link, o Op) {
	n := max(o.N, 5)
	top := map[int][]*inst{}
	order := d.turnOrderFrom(d.tp)
	for _, q := range order {
		deck := d.pl[q].deck
		top[q] = append([]*inst{}, deck[:min(n, len(deck))]...)
		d.emit("reveal", q, l.src.name(), fmt.Sprintf("%s reveals %s", d.pn(q), strings.Join(names(top[q]), ", ")), ruleRef{})
	}
	for _, q := range order {
		for _, c := range top[q] {
			switch {
			case c.isMonster() && hasLevel(c.c) && c.c.Level <= 4 && d.freeMZ(q) > 0:
				set := slices.Contains(l.faceDown, c)
				d.summonTo(c, q, l.src.name(), !set, set)
				if c.loc == locDeck {
					d.moveTo(c, locHand, "revealed by "+l.src.name()+" and not Special Summoned")
				}
			case c.isMonster() && hasLevel(c.c) && c.c.Level <= 4:
				d.moveTo(c, locGY, "revealed by "+l.src.name()+"; no free Monster Zone")
			default:
				d.moveTo(c, locHand, "revealed by "+l.src.name())
			}
		}
	}
}
