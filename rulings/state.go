package rulings

// The duel's state as the timeline shows it: State for each step and the final position.

import (
	"fmt"
)

func (d *duel) state() State {
	st := State{Turn: d.turn, TurnPlayer: d.pn(d.tp), Phase: phaseTitle[d.phase]}
	if d.phase == phaseBattle {
		st.Step = stepTitle[d.bstep]
	}
	if d.ds >= 0 && d.ds < len(d.p.DamageStep) {
		st.Timing = d.p.DamageStep[d.ds].Name
	}
	for _, l := range d.chain {
		st.Pending = append(st.Pending, fmt.Sprintf("CL%d %s", l.rec.N, l.rec.Effect))
	}
	for pi := range d.pl {
		ps := d.pl[pi]
		if ps == nil {
			continue
		}
		out := PlayerState{Player: d.pn(pi), LP: ps.lp, DeckSize: len(ps.deck), Lost: ps.lost,
			Hand: d.zoneNames(pi, zcHand, ps.hand), Graveyard: d.zoneNames(pi, zcGY, ps.gy),
			Banished: d.zoneNames(pi, zcBanished, ps.banished), deck: d.zoneNames(pi, zcDeck, ps.deck), extra: d.zoneNames(pi, zcExtra, ps.extra),
			FreeMonsterZones: d.freeMZ(pi), FreeSpellTrapZones: d.freeST(pi)}
		d.statePlayer(pi, &out)
		for _, c := range ps.mz {
			out.Monsters = append(out.Monsters, d.fieldCard(c))
		}
		for _, c := range ps.st {
			out.SpellTraps = append(out.SpellTraps, d.fieldCard(c))
		}
		if ps.fz != nil {
			fc := d.fieldCard(ps.fz)
			out.FieldZone = &fc
		}
		if out.Hand == nil {
			out.Hand = []string{}
		}
		if out.Graveyard == nil {
			out.Graveyard = []string{}
		}
		if out.Banished == nil {
			out.Banished = []string{}
		}
		if out.Monsters == nil {
			out.Monsters = []FieldCard{}
		}
		if out.SpellTraps == nil {
			out.SpellTraps = []FieldCard{}
		}
		st.Players = append(st.Players, out)
	}
	st.Winner = d.winner()
	st.Order, st.Next = d.rotationNames(), ""
	if len(st.Order) > 1 {
		st.Next = st.Order[1]
	}
	if len(d.pl) == 2 && len(d.s.Teams) == 0 {
		st.Order = nil
	}
	return st
}

// winner names who won: a player, a team ("team A"), "draw", or "" while
// the game goes on.
func (d *duel) winner() string {
	if len(d.pl) == 2 && len(d.s.Teams) == 0 {
		switch {
		case d.pl[0] == nil || d.pl[1] == nil:
		case d.pl[0].lost && d.pl[1].lost:
			return "draw"
		case d.pl[0].lost:
			return d.pn(1)
		case d.pl[1].lost:
			return d.pn(0)
		}
		return ""
	}
	var left []int
	for q := range d.pl {
		if d.inGame(q) {
			left = append(left, q)
		}
	}
	switch {
	case len(left) == 0:
		return "draw"
	case len(d.s.Teams) > 0:
		t := d.teamOf(left[0])
		for _, q := range left {
			if d.teamOf(q) != t {
				return ""
			}
		}
		return "team " + string(rune('A'+t))
	case len(left) == 1:
		return d.pn(left[0])
	}
	return ""
}

func (d *duel) fieldCard(c *inst) FieldCard {
	fc := FieldCard{Card: c.name(), Position: d.positionText(c), Counters: c.counters}
	if c.isMonster() {
		fc.ATK, fc.DEF = d.atkOf(c), d.def(c)
	}
	if c.owner != c.ctrl {
		fc.Owner = d.pn(c.owner)
	}
	fc.TrapMonster, fc.HoldsSpellTrapZone = c.trapMon, c.holdsST
	if c.equipTo != nil {
		fc.EquippedTo = d.describe(c.equipTo)
	}
	fc.Materials = materialNames(c)
	if d.zonesShown {
		fc.Zone = zoneText(c.zone, c.loc)
	}
	return fc
}

func names(list []*inst) []string {
	if len(list) == 0 {
		return nil
	}
	out := make([]string, 0, len(list))
	for _, c := range list {
		out = append(out, c.name())
	}
	return out
}
