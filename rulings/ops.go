package rulings

import (
	"fmt"
)

// newInst makes a new card for the duel (a Token).
func (d *duel) newInst(c *Card, owner int, loc location) *inst {
	d.nextID++
	x := &inst{id: d.nextID, c: c, owner: owner, ctrl: owner, loc: loc, tributable: -1, summonedBy: -1, ctrlBack: -1}
	x.atkBase, x.defBase = max(c.ATK, 0), max(c.DEF, 0)
	return x
}

// flipUp turns a face-down monster face-up by an effect; its Flip Effect
// triggers.
func (d *duel) flipUp(m *inst, by string) {
	m.faceUp = true
	d.emit("flip", m.ctrl, m.name(), fmt.Sprintf("%s is turned face-up by %s", d.describe(m), by), ruleRef{})
	for i := range m.c.Effects {
		e := &m.c.Effects[i]
		if e.Kind == EffectFlip || (e.Kind == EffectTrigger && e.When == TrigFlip) {
			d.queue(m, e, -1, nil)
		}
	}
	d.faceUpNow(m)
}

// faceUpNow runs what a card turning face-up starts: a Trap negator makes
// Trap Monsters Trap Cards again.
func (d *duel) faceUpNow(c *inst) {
	d.noteSpiritFaceUp(c) // spirit.go
	if c.hasOp(EffectContinuous, "negate-traps") != nil {
		d.trapMonstersNegated()
	}
}

// noSpecialSummons is a face-up card that stops every player from Special
// Summoning ("Archlord Kristya"), or nil.
func (d *duel) noSpecialSummons() *inst {
	for _, f := range d.allField() {
		if d.live(f, "no-special-summons") != nil {
			return f
		}
	}
	return nil
}

// equipMonster resolves "Thousand-Eyes Restrict"/"Relinquished": equip the
// target to the monster, if the monster is still face-up on the field; the
// monster's ATK/DEF become the target's unless keepStats ("Destiny HERO -
// Plasma", which gains from it through `gain-half-equipped-atk`).
func (d *duel) equipMonster(l *link, keepStats bool) {
	src := l.src
	var t *inst
	for _, x := range l.targets {
		if x.loc == locMonster {
			t = x
		}
	}
	if t == nil {
		return
	}
	if src.loc == locMonster && src.faceUp && !src.effNegated {
		if d.freeST(src.ctrl) <= 0 {
			d.emit("rule", src.ctrl, src.name(), fmt.Sprintf("%s has no free Spell & Trap Zone: %s stays where it is", d.pn(src.ctrl), t.name()), ruleRef{})
			return
		}
		wasDown := !t.faceUp
		d.remove(t)
		d.place(t, src.ctrl, locSpell)
		t.moves++
		t.faceUp, t.def, t.equipTo = true, false, src
		if keepStats {
			d.emit("equip", src.ctrl, t.name(), fmt.Sprintf("%s is equipped to %s as an Equip Card", t.name(), d.describe(src)), ruleRef{})
			return
		}
		// A monster taken face-down has no ATK or DEF to copy: it counts as
		// 0/0 (goat-thousand-eyes-face-down-equip).
		src.atkBase, src.defBase = max(t.c.ATK, 0), max(t.c.DEF, 0)
		if wasDown {
			src.atkBase, src.defBase = 0, 0
		}
		d.emit("equip", src.ctrl, t.name(), fmt.Sprintf("%s is equipped to %s as an Equip Card; %s's ATK/DEF become %d/%d", t.name(), d.describe(src), src.name(), src.atkBase, src.defBase), ruleRef{})
		return
	}
	r := ref("Monsters equipping monsters", d.p.EquipFailKeeps)
	if d.p.EquipFailKeeps.Value {
		d.emit("rule", t.ctrl, t.name(), fmt.Sprintf("%s is no longer face-up on the field, so its effect does nothing: %s stays with %s", src.name(), t.name(), d.pn(t.ctrl)), r)
		return
	}
	d.emit("rule", t.ctrl, t.name(), fmt.Sprintf("%s is no longer face-up on the field and cannot be equipped with %s, so %s is sent to the Graveyard", src.name(), t.name(), t.name()), r)
	d.moveTo(t, locGY, "its equip failed")
}

// standbyTriggers queues the effects that trigger in an opponent's
// Standby Phase ("Snatch Steal") or in their controller's own ("Dangerous
// Machine Type-6").
func (d *duel) standbyTriggers() {
	for _, c := range d.allField() {
		if !c.faceUp || c.c == nil {
			continue
		}
		for i := range c.c.Effects {
			e := &c.c.Effects[i]
			if e.Kind != EffectTrigger || e.Unsupported != "" {
				continue
			}
			if e.When == WhenOpponentStandby && c.ctrl != d.tp || e.When == WhenStandby && c.ctrl == d.tp {
				d.queue(c, e, -1, nil)
			}
		}
	}
	d.gyStandbyTriggers() // selfsummon.go
	d.delayedAdds()       // delayed.go
	d.startBuildIfDue()
}

// locker is a face-up card that stops other monsters from attacking or
// changing position ("Thousand-Eyes Restrict"), other than m.
func (d *duel) locker(m *inst) *inst {
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range d.pl[q].mz {
			if c != m && d.live(c, "lock-others") != nil {
				return c
			}
		}
	}
	return nil
}

// synchroSummon plays "A Synchro Summons Trishula, Dragon of the Ice
// Barrier using The White Stone of Legend and Blue-Eyes White Dragon": one
// Tuner and any non-Tuners from the field whose Levels add up to the
// Synchro Monster's.
func (d *duel) synchroSummon(a *Action) {
	p := a.Player
	c := d.extraSummonStart(a, "Synchro Summon", SubSynchro, "a Synchro Monster")
	if c == nil {
		return
	}
	var mats []*inst
	tuners, levels := 0, 0
	for _, r := range a.Tribute {
		m := d.fieldMaterial(r, p, mats)
		if m == nil {
			return
		}
		if why := d.synchroMaterialRefused(m, c); why != "" { // synchromats.go
			d.illegal(why, ruleRef{})
			return
		}
		if m.c.Has(SubTuner) {
			tuners++
		}
		levels += d.level(m)
		mats = append(mats, m)
	}
	if why := d.synchroMaterialsRefused(mats); why != "" { // synchromats.go
		d.illegal(why, ruleRef{})
		return
	}
	if tuners != 1 || len(mats) < 2 || levels != c.c.Level {
		d.illegal(fmt.Sprintf("a Synchro Summon of %s (Level %d) needs 1 Tuner and at least 1 other monster whose Levels add up to %d; these have %d Tuner(s) and Levels %d", c.name(), c.c.Level, c.c.Level, tuners, levels), ruleRef{})
		return
	}
	if !d.sendMaterials(p, c, mats, "Synchro") {
		return
	}
	d.tick()
	from := d.specialPlace(c, p, true, false)
	d.emit("summon", p, c.name(), fmt.Sprintf("%s Synchro Summons %s from %s", d.pn(p), c.name(), from), ruleRef{})
	d.selfTrigger(c, WhenSynchroSummoned, WhenSpecialSummoned, WhenSummoned)
	d.faceUpNow(c)
	d.afterSummon(c)
}
