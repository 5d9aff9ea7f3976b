package rulings

// Tokens whose stats come from the text, and Tokens given to another
// player: "Gorz the Emissary of Darkness" (a Token whose ATK and DEF equal
// the battle damage taken) and "Black Garden" (each other Summon gives the
// Summoning player's opponent a "Rose Token" and halves the Summoned
// monster's ATK). Black Garden's trigger remembers the monster it answers
// in the trigger's `battled` slot. The hooks into the shared rooms are:
// summonTo and summon (summonTriggerWatchers), the battle's damage
// (damageTakenTriggers) and opSummonTokens' zone check.

import "fmt"

// summonTriggerWatchers queues the triggers of face-up cards that answer another
// monster's Summon ("Black Garden", `when: other-monster-summoned`), unless
// the Summon was made by that card itself.
func (d *duel) summonTriggerWatchers(c *inst, by string) {
	for _, w := range d.allField() {
		if !w.faceUp || w == c || w.c == nil || by == w.name() || d.negatedNow(w) {
			continue
		}
		for e := range w.triggersOn(WhenOtherMonsterSummoned) {
			d.queue(w, e, -1, c)
		}
	}
}

// opHalveSummonedAtk halves the ATK of the monster whose Summon the
// trigger answers, if it is still face-up on the field.
func opHalveSummonedAtk(d *duel, l *link, o Op) {
	m := l.battled
	if m == nil || !m.onField() || !m.faceUp {
		return
	}
	cut := d.atkOf(m) / 2
	m.atkAdd -= cut
	d.emit("stats", m.ctrl, m.name(), fmt.Sprintf("%s's ATK is halved by %s: %d", m.name(), l.src.name(), d.atkOf(m)), ruleRef{})
}

// opTokenToSummonersOpponent Special Summons a Token named `what` in Attack
// Position to the field of the opponent of the player who Summoned the
// monster the trigger answers ("Black Garden").
func opTokenToSummonersOpponent(d *duel, l *link, o Op) {
	m := l.battled
	tok, ok := d.s.cat.Lookup(string(o.What))
	if m == nil || !ok {
		d.fail("%s: no Token %q or no Summoned monster", l.src.name(), o.What)
		return
	}
	to := d.opp(m.summonedBy)
	if m.summonedBy < 0 {
		to = d.opp(m.ctrl)
	}
	c := d.newInst(tok, to, locGone)
	d.summonTo(c, to, l.src.name(), true, false)
}

// damageTakenTriggers queues, after p takes n battle damage, the triggers
// of cards in p's hand that answer battle damage taken while p controls no
// cards ("Gorz the Emissary of Darkness", `when: battle-damage-taken-no-cards`),
// at the format's timing for battle-damage triggers. The amount is kept on
// the card for its Token.
//
// Cards in the hand that answer any battle damage taken
// (`battle-damage-taken`, "Tragoedia") wait at the same timing.
func (d *duel) damageTakenTriggers(p, n int) {
	none := len(d.fieldOf(p)) == 0
	for _, c := range d.pl[p].hand {
		if c.c == nil { // an unnamed card
			continue
		}
		for i := range c.c.Effects {
			if e := &c.c.Effects[i]; e.Kind == EffectTrigger && (e.When == WhenBattleDamageTakenNoCards && none || e.When == WhenBattleDamageTaken) {
				c.dmgTaken = n
				d.queueBattle(c, e, TrigBattleDamage, nil)
			}
		}
	}
}

// effectDamage inflicts n effect damage to p from the link's card (the one
// way effect ops inflict damage), then queues the triggers of cards in p's
// hand that answer effect damage from an opponent's card while p controls
// no cards ("Gorz the Emissary of Darkness", `when:
// effect-damage-taken-no-cards`). The damage taken is kept on the card.
func (d *duel) effectDamage(l *link, p, n int, why string, r ruleRef) {
	before := d.pl[p].lp
	d.damage(p, n, why, r)
	taken := before - d.pl[p].lp
	if taken <= 0 || l.ctrl == p || len(d.fieldOf(p)) > 0 || d.over {
		return
	}
	for _, c := range d.pl[p].hand {
		for e := range c.triggersOn(WhenEffectDamageTakenNoCards) {
			c.dmgTaken = taken
			d.queue(c, e, -1, nil)
		}
	}
}

// opDamageEqualTaken inflicts to the opponent damage equal to the damage
// its card's controller took ("Gorz the Emissary of Darkness").
func opDamageEqualTaken(d *duel, l *link, o Op) {
	if n := l.src.dmgTaken; n > 0 {
		d.effectDamage(l, l.oppTarget(d, l.ctrl), n, "damage from "+l.src.name()+", equal to the damage "+d.pn(l.ctrl)+" took", ruleRef{})
	}
}

// opTokenWithDamageStats Special Summons a Token named `what` whose ATK
// and DEF equal the battle damage its card's controller took ("Gorz the
// Emissary of Darkness").
func opTokenWithDamageStats(d *duel, l *link, o Op) {
	tok, ok := d.s.cat.Lookup(string(o.What))
	if !ok {
		d.fail("%s: no Token %q", l.src.name(), o.What)
		return
	}
	c := d.newInst(tok, l.ctrl, locGone)
	c.atkBase, c.defBase = l.src.dmgTaken, l.src.dmgTaken
	if d.summonTo(c, l.ctrl, l.src.name(), true, false) {
		d.emit("stats", l.ctrl, c.name(), fmt.Sprintf("%s has %d ATK and DEF, the battle damage %s took", c.name(), l.src.dmgTaken, d.pn(l.ctrl)), ruleRef{})
	}
}
