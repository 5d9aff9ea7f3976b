package rulings

// Dice: a script states each result (`A rolls a 2`), so a replay never
// depends on chance. The roll is kept until an effect that rolls a die
// resolves and uses it; an effect that must roll with no result stated
// stops the replay with an error asking for one. "Dangerous Machine
// Type-6" rolls in its controller's Standby Phase; which opponent its
// results 2 and 4 reach is decided as it resolves, so it targets no
// opponent (domain-targeting-opponents#example-3): the engine takes the
// opponent the roll line names (`A rolls a 2, choosing C`), else the next
// in turn order.

import (
	"fmt"
	"strconv"
	"strings"
)

// roll plays "A rolls a 2": the next die result for A's effect.
func (d *duel) roll(a *Action) {
	d.dice = append(d.dice, dieRoll{p: a.Player, n: a.N, who: a.TargetPlayer})
	d.emit("rule", a.Player, "", fmt.Sprintf("%s's die shows %d", d.pn(a.Player), a.N), ruleRef{})
}

// dieRoll is a stated die result and the opponent (plus 1) the line names.
type dieRoll struct{ p, n, who int }

// takeRoll uses the first stated result of player p's roll, or fails the line.
func (d *duel) takeRoll(p int, src *inst) (dieRoll, bool) {
	for i, r := range d.dice {
		if r.p == p {
			d.dice = append(d.dice[:i:i], d.dice[i+1:]...)
			return r, true
		}
	}
	d.fail("%s rolls a die: say what it shows before it resolves (\"%s rolls a 4\")", src.name(), d.pn(p))
	return dieRoll{}, false
}

// opDangerousMachine rolls a die and applies the result: 1 its controller discards 1 card, 2 an opponent discards 1, 3 its controller draws 1, 4 an opponent draws 1, 5 destroy 1 monster an opponent controls, 6 destroy itself.
func opDangerousMachine(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	r, ok := d.takeRoll(p, src)
	if !ok {
		return
	}
	q := d.opp(p)
	if r.who > 0 && r.who-1 != p && d.inGame(r.who-1) {
		q = r.who - 1
	}
	how := ""
	if len(d.opponents(p)) > 1 {
		how = "; the opponent is chosen as it resolves, so it targets nobody"
	}
	rr := ruleRef{}
	if len(d.pl) > 2 {
		rr = plain("domain-targeting-opponents#example-3")
	}
	d.emit("resolve", p, src.name(), fmt.Sprintf("%s: the die shows %d%s", src.name(), r.n, how), rr)
	switch r.n {
	case 1:
		if h := d.pl[p].hand; len(h) > 0 {
			d.discard(h[0], "discarded by "+src.name())
		}
	case 2:
		if h := d.pl[q].hand; len(h) > 0 {
			d.discard(h[0], "discarded by "+src.name())
		}
	case 3:
		d.draw(p, 1, "by "+src.name())
	case 4:
		d.draw(q, 1, "by "+src.name())
	case 5:
		if m := d.pl[q].mz; len(m) > 0 {
			d.destroy(m[0], src.name(), false)
		}
	case 6:
		if src.onField() {
			d.destroy(src, src.name(), false)
		}
	}
}

// opDestroyUnlessRoll rolls a die and destroys the effect's target unless
// the result is one of `what` (comma-separated: "1,6", "Snipe Hunter").
func opDestroyUnlessRoll(d *duel, l *link, o Op) {
	p, src := l.ctrl, l.src
	r, ok := d.takeRoll(p, src)
	if !ok {
		return
	}
	for _, f := range strings.Split(string(o.What), ",") {
		if strings.TrimSpace(f) == strconv.Itoa(r.n) {
			d.emit("resolve", p, src.name(), fmt.Sprintf("%s: the die shows %d, so nothing is destroyed", src.name(), r.n), ruleRef{})
			return
		}
	}
	d.emit("resolve", p, src.name(), fmt.Sprintf("%s: the die shows %d", src.name(), r.n), ruleRef{})
	for _, t := range d.validTargets(l) {
		d.destroy(t, src.name(), false)
	}
}
