package rulings

import (
	"fmt"
	"strconv"
	"strings"
)

// Cards that answer a Summon and act on the Summoned monsters ("Bottomless
// Trap Hole": when the opponent Summons a monster with 1500 or more ATK,
// destroy and banish it). The window a Summon opens records which monsters
// were Summoned (summonedEvent in winEvents); each link keeps those of the
// window it was activated in (link.summoned), so the op acts on them even
// after other cards moved.

// summonedEvent is the window event naming one Summoned monster.
func summonedEvent(c *inst) string { return fmt.Sprintf("summoned:%d", c.id) }

// summonedNow lists the monsters whose Summon the open window answers.
func (d *duel) summonedNow() []*inst {
	var out []*inst
	for _, ev := range d.winEvents {
		id, ok := strings.CutPrefix(ev, "summoned:")
		if !ok {
			continue
		}
		n, _ := strconv.Atoi(id)
		for _, m := range d.allField() {
			if m.id == n && m.loc == locMonster {
				out = append(out, m)
			}
		}
	}
	return out
}

// summonedMatching keeps the monsters of list that p's opponents control,
// face-up, and that match filter.
func (d *duel) summonedMatching(p int, filter string, list []*inst) []*inst {
	var out []*inst
	for _, m := range list {
		if m.ctrl != p && m.loc == locMonster && m.faceUp && (filter == "" || d.matchesAny(m, filter)) {
			out = append(out, m)
		}
	}
	return out
}

// opDestroyBanishSummoned destroys and banishes the opponent's monsters
// whose Summon the link answers and that match `filter` ("Bottomless Trap
// Hole": atk>=1500).
func opDestroyBanishSummoned(d *duel, l *link, o Op) {
	for _, m := range d.summonedMatching(l.ctrl, o.Filter, l.summoned) {
		d.destroyTo(m, l.src.name(), false, locBanished)
	}
}
