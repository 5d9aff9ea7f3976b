package rulings

// Summon procedures: a monster that Special Summons itself by its own rule,
// without activating anything ("Cyber Dragon", "Black Luster Soldier -
// Envoy of the Beginning", the Gladiator Beasts' Contact Fusions). The
// Summon starts no chain, so nothing can respond to the procedure itself,
// only to the Summon once it has happened; its conditions are checked and
// its costs paid as part of the action. The procedure is data on the card
// (Card.Procedure); a "nomi" card (`only: true`) cannot be Normal Summoned
// or Set and must first be Special Summoned by its procedure before another
// effect may Special Summon it. The hooks into the shared rooms are: the
// action table (`Special Summons X by banishing Y`), summon and set
// (refuseNomi), summonTo (improperSummon), move (a card that goes back to
// the hand, Deck or Extra Deck loses its proper Summon) and declareAttack
// (the "cannot attack this turn" mark, noAttackTurn).

import (
	"fmt"
	"slices"
	"strings"
)

// Procedure is a monster's own Special Summon procedure.
//
//	procedure:
//	  from: hand                 # hand (default), extra, graveyard
//	  only: true                 # "cannot be Normal Summoned/Set; must first be Special Summoned this way"
//	  if:
//	    - {op: gy-count, filter: dark, n: 3}
//	  cost:
//	    - {op: banish, what: graveyard, filter: light, n: 1}
//	  no-attack: true            # cannot attack the turn it is Summoned this way
type Procedure struct {
	From     string `yaml:"from,omitempty" json:"from,omitempty"`
	Only     bool   `yaml:"only,omitempty" json:"only,omitempty"`
	If       []Op   `yaml:"if,omitempty" json:"if,omitempty"`
	Cost     []Op   `yaml:"cost,omitempty" json:"cost,omitempty"`
	NoAttack bool   `yaml:"no-attack,omitempty" json:"no_attack,omitempty"`
}

// procFrom is where the procedure Summons from: hand, extra or graveyard.
func (pr *Procedure) procFrom() string {
	switch pr.From {
	case "extra":
		return locExtra
	case "graveyard":
		return locGY
	}
	return locHand
}

// procCond is one condition of a procedure: it says why the procedure
// cannot be used now, or "".
type procCond func(d *duel, p int, c *inst, o Op) string

// procConds are the conditions a procedure's `if:` may name.
var procConds = map[string]procCond{
	// only-opponent-monsters: the opponent controls a monster and p controls none ("Cyber Dragon").
	"only-opponent-monsters": func(d *duel, p int, c *inst, o Op) string {
		if len(d.pl[p].mz) > 0 {
			return fmt.Sprintf("%s controls a monster", d.pn(p))
		}
		for _, q := range d.opponents(p) {
			if len(d.pl[q].mz) > 0 {
				return ""
			}
		}
		return "no opponent controls a monster"
	},
	// gy-count: exactly `n` monsters matching `filter` in p's Graveyard ("Dark Armed Dragon").
	"gy-count": func(d *duel, p int, c *inst, o Op) string {
		if k := len(d.gyMatching(p, o.Filter)); k != o.N {
			return fmt.Sprintf("%s has %d %s monsters in the Graveyard, not exactly %d", d.pn(p), k, o.Filter, o.N)
		}
		return ""
	},
	// gy-names: at least `n` monsters with different names matching `filter` in p's Graveyard ("Judgment Dragon").
	"gy-names": func(d *duel, p int, c *inst, o Op) string {
		seen := map[*Card]bool{}
		for _, x := range d.gyMatching(p, o.Filter) {
			seen[x.c] = true
		}
		if len(seen) < o.N {
			return fmt.Sprintf("%s has %d different %s monsters in the Graveyard, fewer than %d", d.pn(p), len(seen), o.Filter, o.N)
		}
		return ""
	},
	// control: p controls a face-up monster other than this card matching `filter` ("Blackwing - Bora the Spear").
	"control": func(d *duel, p int, c *inst, o Op) string {
		for _, m := range d.pl[p].mz {
			if m != c && m.faceUp && d.matches(m, o.Filter) {
				return ""
			}
		}
		return fmt.Sprintf("%s controls no face-up %s monster", d.pn(p), o.Filter)
	},
}

// procCostTo is where each procedure cost op sends the cards it takes.
var procCostTo = map[string]string{"banish": locBanished, "to-deck": locDeck, "tribute": locGY, "send": locGY}

// gyMatching lists the monsters of p's Graveyard that match filter.
func (d *duel) gyMatching(p int, filter string) []*inst {
	var out []*inst
	for _, x := range d.pl[p].gy {
		if x.isMonster() && d.matches(x, filter) {
			out = append(out, x)
		}
	}
	return out
}

// procedureSummon plays "A Special Summons Cyber Dragon" and "A Special
// Summons Chaos Sorcerer by banishing Sangan and Shining Angel": a
// Main Phase action with an open game state that starts no chain.
func (d *duel) procedureSummon(a *Action) {
	p := a.Player
	if !d.mainPhaseAction(p, "Special Summon a monster by its own procedure") {
		return
	}
	c := d.procedureCard(a, p)
	if c == nil {
		return
	}
	pr := c.c.Procedure
	if !d.procedureAllowed(p, c, pr) {
		return
	}
	paid, ok := d.pickProcedureCosts(p, c, pr, a)
	if !ok {
		return
	}
	d.slowAction()
	d.tick()
	d.payProcedure(c, paid)
	c.proper = true
	if !d.summonTo(c, p, "by its own procedure, which starts no chain", true, false) {
		return
	}
	if pr.NoAttack {
		c.noAttackTurn = d.turn
	}
	d.afterSummon(c)
}

// procedureCard finds the card the line names where its procedure
// Summons it from, or fails the line.
func (d *duel) procedureCard(a *Action, p int) *inst {
	pr := a.Card.Card.Procedure
	if pr == nil {
		d.fail("%s has no Summon procedure of its own (activate its effect, or name the card that Summons it)", a.Card.Card.Name)
		return nil
	}
	for _, x := range *d.cardList(p, pr.procFrom()) {
		if x.c == a.Card.Card {
			return x
		}
	}
	d.fail("%s", d.whereText(a.Card, p, locTitle(pr.procFrom())))
	return nil
}

// locTitle names a location for messages.
func locTitle(loc string) string {
	switch loc {
	case locExtra:
		return "Extra Deck"
	case locGY:
		return "Graveyard"
	}
	return loc
}

// procedureAllowed checks the procedure's conditions and what stops any
// Special Summon.
func (d *duel) procedureAllowed(p int, c *inst, pr *Procedure) bool {
	if pr.From == "extra" && !d.extraSummonAllowed(p, c) {
		return false
	}
	if d.pl[p].noSummon {
		d.illegal(fmt.Sprintf("%s cannot Summon monsters for the rest of this turn", d.pn(p)), ruleRef{})
		return false
	}
	if k := d.noSpecialSummons(); k != nil {
		d.illegal(fmt.Sprintf("%s is face-up: no player can Special Summon", d.describe(k)), ruleRef{})
		return false
	}
	if why := d.summonBanned(c); why != "" {
		d.illegal(why, d.summonBanRef())
		return false
	}
	for _, o := range pr.If {
		if why := procConds[o.Op](d, p, c, o); why != "" {
			d.illegal(fmt.Sprintf("%s cannot be Special Summoned by its procedure: %s", c.name(), why), ruleRef{})
			return false
		}
	}
	if d.freeMZ(p) <= 0 && !slices.ContainsFunc(pr.Cost, func(o Op) bool { return o.What == "monster" }) {
		d.illegal(fmt.Sprintf("%s has no free Monster Zone", d.pn(p)), ruleRef{})
		return false
	}
	return true
}

// procPick is one card a procedure's cost takes, and where it goes.
type procPick struct {
	x  *inst
	to string
}

// pickProcedureCosts chooses the cards every cost op takes, distinct
// cards for each: those the line names first ("by banishing X and Y"),
// then the first matching cards of the places the op names. Every named
// card must be used. Nothing is paid yet.
func (d *duel) pickProcedureCosts(p int, c *inst, pr *Procedure, a *Action) ([]procPick, bool) {
	var out []procPick
	used := map[*inst]bool{c: true}
	named := d.namedCostCards(p, a)
	if named == nil {
		return nil, false
	}
	for _, o := range pr.Cost {
		places := strings.Split(or(o.What, locGY), "|")
		for i := 0; i < max(o.N, 1); i++ {
			x := d.procCostCard(p, o, places, named, used)
			if x == nil {
				d.illegal(fmt.Sprintf("%s's procedure needs %d more monster(s) matching %q in %s's %s for its cost", c.name(), max(o.N, 1)-i, or(o.Filter, "any"), d.pn(p), placeNames(places)), ruleRef{})
				return nil, false
			}
			used[x] = true
			out = append(out, procPick{x, procCostTo[o.Op]})
		}
	}
	for _, x := range named {
		if !used[x] {
			d.illegal(fmt.Sprintf("%s's procedure does not take %s", c.name(), d.describe(x)), ruleRef{})
			return nil, false
		}
	}
	return out, true
}

// namedCostCards finds the cards the line names for the cost, in the
// player's hand, field or Graveyard (nil, after failing the line, when
// one is not there).
func (d *duel) namedCostCards(p int, a *Action) []*inst {
	out := []*inst{}
	for _, r := range a.Tribute {
		x := d.find(r, p, locHand, locMonster, locGY)
		if slices.Contains(out, x) { // "Bestiari and Bestiari": another copy
			x = d.anotherCopy(x, out)
		}
		if x == nil {
			d.fail("%s", d.whereText(r, p, "hand, field or Graveyard"))
			return nil
		}
		out = append(out, x)
	}
	return out
}

// anotherCopy finds a copy of x's card in the same place as x that is not
// among taken, or nil.
func (d *duel) anotherCopy(x *inst, taken []*inst) *inst {
	for _, y := range *d.cardList(x.ctrl, x.loc) {
		if y.c == x.c && !slices.Contains(taken, y) {
			return y
		}
	}
	return nil
}

// placeNames reads "hand|monster|graveyard" as "hand, Monster Zone or
// Graveyard".
func placeNames(places []string) string {
	var out []string
	for _, pl := range places {
		out = append(out, map[string]string{locHand: "hand", locMonster: "Monster Zone", locGY: "Graveyard"}[pl])
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}

// procCostCard is the next card a cost op takes: a named card that fits,
// else (only when the line names none) the first that fits.
func (d *duel) procCostCard(p int, o Op, places []string, named []*inst, used map[*inst]bool) *inst {
	fits := func(x *inst) bool {
		return !used[x] && x.isMonster() && slices.Contains(places, x.loc) && x.ctrl == p && d.matches(x, o.Filter) &&
			(x.loc != locMonster || x.faceUp || o.Op == "tribute")
	}
	for _, x := range named {
		if fits(x) {
			return x
		}
	}
	if len(named) > 0 {
		return nil
	}
	for _, pl := range places {
		for _, x := range *d.cardList(p, pl) {
			if fits(x) {
				return x
			}
		}
	}
	return nil
}

// payProcedure moves the cost's cards, as a cost.
func (d *duel) payProcedure(c *inst, paid []procPick) {
	for _, pk := range paid {
		why := "as the cost of " + c.name() + "'s Summon"
		switch pk.to {
		case locBanished:
			d.moveTo(pk.x, locBanished, "banished "+why)
		case locDeck:
			d.moveTo(pk.x, locDeck, "returned to the Deck "+why)
		default:
			d.tribute(pk.x, "sent to the Graveyard "+why)
		}
	}
}

// refuseNomi stops a Normal Summon or Set of a card that must be Special
// Summoned by its procedure.
func (d *duel) refuseNomi(c *inst) bool {
	if pr := c.c.Procedure; pr != nil && pr.Only && c.isMonster() {
		d.illegal(fmt.Sprintf("%s cannot be Normal Summoned or Set: it must be Special Summoned by its own procedure", c.name()), ruleRef{})
		return true
	}
	return false
}

// improperSummon says why an effect cannot Special Summon c: a card that
// must first be Special Summoned by its procedure and has not been.
func improperSummon(c *inst) string {
	if c.c == nil || c.c.Procedure == nil || !c.c.Procedure.Only || c.proper {
		return ""
	}
	return fmt.Sprintf("%s was not first Special Summoned by its own procedure, so no effect can Special Summon it", c.name())
}

// revives says whether src's effects Special Summon their target from the
// Graveyard ("Call of the Haunted"), so a monster that cannot be Special
// Summoned is no legal target.
func revives(src *inst) bool {
	for _, e := range src.c.Effects {
		if slices.ContainsFunc(e.Do, func(o Op) bool { return o.Op == "special-summon" }) {
			return true
		}
	}
	return false
}

// cannotAttackNow says why m cannot declare an attack this turn by its
// own text ("this card cannot attack the turn ..."), or "".
func (d *duel) cannotAttackNow(m *inst) string {
	if m.noAttackTurn != 0 && m.noAttackTurn == d.turn {
		return fmt.Sprintf("%s cannot attack this turn", m.name())
	}
	return ""
}

// payNoAttackCost pays `no-attack-this-turn`: from its activation on,
// this card cannot attack this turn ("Chaos Sorcerer"), even if the
// effect is then negated.
func payNoAttackCost(cc costCall) ([]string, bool) {
	cc.c.noAttackTurn = cc.d.turn
	return []string{cc.c.name() + " cannot attack this turn"}, true
}

// checkBanishFromGyCost: `banish-from-gy` needs `n` (default 1) monsters
// matching `filter` in the player's Graveyard, and no Graveyard lock
// ("Necrovalley") on the field.
func checkBanishFromGyCost(cc costCall) bool {
	for _, f := range cc.d.allField() {
		if f.faceUp && f.hasOp("continuous", "graveyard-lock") != nil {
			return cc.illegal("%s cannot banish from the Graveyard for %s while %s is face-up", cc.d.pn(cc.p), cc.c.name(), cc.d.describe(f))
		}
	}
	if k := len(cc.d.gyCostCards(cc)); k < max(cc.o.N, 1) {
		return cc.illegal("%s needs %d %s monster(s) in the Graveyard to banish, and has %d", cc.c.name(), max(cc.o.N, 1), cc.o.Filter, k)
	}
	return true
}

// payBanishFromGyCost banishes the Graveyard monsters the line names
// ("banishing X"), else the first that match.
func payBanishFromGyCost(cc costCall) ([]string, bool) {
	xs := cc.d.gyCostCards(cc)[:max(cc.o.N, 1)]
	for _, x := range xs {
		cc.d.moveTo(x, locBanished, "banished as the cost of "+cc.c.name())
	}
	return []string{"banish " + strings.Join(names(xs), ", ")}, true
}

// gyCostCards lists the Graveyard monsters a `banish-from-gy` cost may
// take, those the line names first.
func (d *duel) gyCostCards(cc costCall) []*inst {
	all := d.gyMatching(cc.p, cc.o.Filter)
	var out []*inst
	for _, r := range cc.a.Tribute {
		if x := d.find(r, cc.p, locGY); x != nil && slices.Contains(all, x) && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	if len(cc.a.Tribute) > 0 {
		return out
	}
	return all
}

// opSpecialSummonZeroed Special Summons the first monster matching
// `filter` from its controller's hand, then Deck, then Graveyard, with its
// ATK and DEF made 0 ("Hieratic Dragon of Tefnuit").
func opSpecialSummonZeroed(d *duel, l *link, o Op) {
	p := l.ctrl
	for _, loc := range []string{locHand, locDeck, locGY} {
		for _, c := range *d.cardList(p, loc) {
			if c != l.src && c.isMonster() && d.matches(c, o.Filter) {
				if loc == locGY && d.gyLocked(l.src) {
					return
				}
				if d.summonTo(c, p, l.src.name(), true, false) {
					c.atkBase, c.defBase = 0, 0
					d.emit("rule", p, c.name(), fmt.Sprintf("%s's ATK and DEF become 0", c.name()), ruleRef{})
				}
				return
			}
		}
	}
	d.emit("move", p, l.src.name(), fmt.Sprintf("%s has no monster for %s to Special Summon", d.pn(p), l.src.name()), ruleRef{})
}

// or is s, or def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// validateProcedure checks a card's procedure against the vocabulary.
func (pr *Procedure) validate() string {
	switch pr.From {
	case "", "hand", "extra", "graveyard":
	default:
		return fmt.Sprintf("procedure from %q is not hand, extra or graveyard", pr.From)
	}
	for _, o := range pr.If {
		if procConds[o.Op] == nil {
			return fmt.Sprintf("unknown procedure condition %q", o.Op)
		}
	}
	for _, o := range pr.Cost {
		if procCostTo[o.Op] == "" {
			return fmt.Sprintf("unknown procedure cost %q", o.Op)
		}
	}
	return ""
}
