package rulings

// Xyz Summons: the Summon from the Extra Deck with materials of the Xyz
// Monster's Rank, the materials kept under it (not on the field: they are
// no cards in a zone, have no Level, ATK or effects there), detaching them
// as a cost, and sending them to the Graveyard when the Xyz Monster leaves
// the field. The hooks into the shared rooms are: Card.Materials (what an
// Xyz Monster needs), inst.mats/inst.under (what is attached to what),
// remove/locName for the material "location", left (materials follow their
// monster off the field), payCosts (the `detach` cost), fieldCard (State
// lists the materials) and the action table (`Xyz Summons`).

import (
	"fmt"
	"slices"
	"strings"
)

// locMaterial is the "location" of a card attached to an Xyz Monster as
// material; inst.under is that monster.
const locMaterial location = "xyz-material"

// Materials is what an Xyz Monster's Xyz Summon needs besides the Rank:
// Count monsters (default 2) whose Level is the Rank, each matching Filter
// (the syntax of a cost filter: `attribute=water`, `type=Aqua`).
type Materials struct {
	Count  int    `yaml:"count,omitempty" json:"count,omitempty"`
	Filter string `yaml:"filter,omitempty" json:"filter,omitempty"`
}

// xyzNeeds is the number of materials c's Xyz Summon takes and their filter.
func xyzNeeds(c *Card) (int, string) {
	if c.Materials == nil {
		return 2, ""
	}
	return max(c.Materials.Count, 1), c.Materials.Filter
}

// xyzSummon plays "A Xyz Summons Gem-Knight Pearl using Battle Ox
// and Gemini Elf": face-up monsters the player controls,
// each with a Level equal to the Xyz Monster's Rank, as many as its
// Materials ask (more are not allowed), stacked under it.
func (d *duel) xyzSummon(a *Action) {
	p := a.Player
	c := d.extraSummonStart(a, "Xyz Summon", SubXyz, "an Xyz Monster")
	if c == nil {
		return
	}
	n, filter := xyzNeeds(c.c)
	var mats []*inst
	for _, r := range a.Tribute {
		m := d.fieldMaterial(r, p, mats)
		if m == nil {
			return
		}
		if m.c.Has(SubXyz) || m.c.Has(SubLink) || d.level(m) != c.c.Rank {
			d.illegal(fmt.Sprintf("%s needs monsters whose Level is %d (its Rank); %s has %s", c.name(), c.c.Rank, m.name(), levelText(d, m)), ruleRef{})
			return
		}
		if filter != "" && !d.matches(m, filter) {
			d.illegal(fmt.Sprintf("%s cannot be Xyz Material for %s (it needs %s)", m.name(), c.name(), filter), ruleRef{})
			return
		}
		mats = append(mats, m)
	}
	if len(mats) != n {
		d.illegal(fmt.Sprintf("an Xyz Summon of %s needs %d Level %d monsters as material; %d were named", c.name(), n, c.c.Rank, len(mats)), ruleRef{})
		return
	}
	if !d.extraSummonPay(p, c) {
		return
	}
	d.slowAction()
	d.tick()
	from := d.specialPlace(c, p, true, false)
	for _, m := range mats {
		d.attach(c, m)
	}
	d.tick()
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Xyz Summons %s from %s using %s", d.pn(p), c.name(), from, d.describeAll(mats)), ruleRef{})
	d.selfTrigger(c, WhenXyzSummoned, WhenSpecialSummoned, WhenSummoned)
	d.faceUpNow(c)
	d.afterSummon(c)
}

// levelText is "Level 4", or "no Level" for an Xyz or Link Monster.
func levelText(d *duel, m *inst) string {
	if m.c.Has(SubXyz) || m.c.Has(SubLink) {
		return "no Level"
	}
	return fmt.Sprintf("Level %d", d.level(m))
}

// attach puts m under the Xyz Monster x as material: it leaves wherever
// it is (the field, a hand, a Graveyard) without being sent anywhere, so
// nothing that looks for "sent to the Graveyard" or "destroyed" sees it.
func (d *duel) attach(x, m *inst) {
	from := d.locName(m)
	d.move(m, locMaterial, m.owner)
	m.under, m.faceUp = x, true
	x.mats = append(x.mats, m)
	d.emit("move", m.owner, m.name(), fmt.Sprintf("%s: %s → attached to %s as Xyz Material", m.name(), from, x.name()), ruleRef{})
}

// unattach takes m off the Xyz Monster it is attached to (remove calls it).
func (d *duel) unattach(m *inst) {
	if x := m.under; x != nil {
		x.mats = slices.DeleteFunc(x.mats, func(y *inst) bool { return y == m })
	}
	m.under = nil
}

// materialsLeave sends the materials of an Xyz Monster that has left the
// field to their owners' Graveyards (they are not destroyed and no cost).
func (d *duel) materialsLeave(x *inst) {
	for len(x.mats) > 0 {
		d.moveTo(x.mats[0], locGY, "Xyz Material of "+x.name()+", which left the field")
	}
}

// checkDetachCost: `detach` needs the card to have at least `n` (default
// 1) materials.
func checkDetachCost(cc costCall) bool {
	if n := max(cc.o.N, 1); len(cc.c.mats) < n {
		return cc.illegal("%s must detach %d Xyz Material and has %d", cc.c.name(), n, len(cc.c.mats))
	}
	return true
}

// payDetachCost pays `detach`: the materials attached first go to the
// Graveyard.
func payDetachCost(cc costCall) ([]string, bool) {
	var out []string
	for i := 0; i < max(cc.o.N, 1) && len(cc.c.mats) > 0; i++ {
		m := cc.c.mats[0]
		cc.d.moveTo(m, locGY, "detached from "+cc.c.name()+" as a cost")
		out = append(out, m.name())
	}
	return []string{"detach " + strings.Join(out, ", ")}, true
}

// materialNames is what State shows under an Xyz Monster.
func materialNames(c *inst) string { return strings.Join(names(c.mats), ", ") }

// opAttachTarget attaches the link's targets still on the field to its
// card, when that card is an Xyz Monster on the field ("Number 101: Silent
// Honor ARK").
func opAttachTarget(d *duel, l *link, o Op) {
	if l.src.loc != locMonster || !l.src.faceUp || !l.src.c.Has(SubXyz) {
		d.emit("resolve", l.ctrl, l.src.name(), fmt.Sprintf("%s is no longer a face-up Xyz Monster on the field: nothing is attached", l.src.name()), ruleRef{})
		return
	}
	for _, t := range d.validTargets(l) {
		if t.loc == locMonster {
			mats := append([]*inst{}, t.mats...)
			d.attach(l.src, t)
			for _, m := range mats { // a material's own materials go to the Graveyard
				d.moveTo(m, locGY, "Xyz Material of "+t.name()+", which became material itself")
			}
		}
	}
}

// opReturnToHand returns the link's targets still on the field, of any
// kind, to their owners' hands; an Extra Deck monster goes back to the
// Extra Deck ("Constellar Pleiades").
func opReturnToHand(d *duel, l *link, o Op) {
	for _, t := range d.validTargets(l) {
		if t.onField() {
			d.moveTo(t, locHand, "returned to the hand by "+l.src.name())
		}
	}
}

// extraDeckBound is where a card going to the hand or Deck really goes: a
// Fusion, Synchro, Xyz or Link Monster returns to its owner's Extra Deck.
func extraDeckBound(c *inst, to location) location {
	if (to == locHand || to == locDeck) && c.c != nil && c.c.ExtraDeck() {
		return locExtra
	}
	return to
}
