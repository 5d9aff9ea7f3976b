package rulings

// Target kinds beyond the basic ones of chain.go, and target filters: an
// effect's `target:` may name the attacking monster ("Dimensional
// Prison"), a face-down monster ("Nobleman of Crossout"), a banished
// card ("Burial from a Different Dimension") or another card on the field
// than the effect's own ("Mist Valley Thunder Lord"); badTarget (chain.go) also
// applies the target's `filter:`. Each kind is an entry of targetKinds
// (targetkinds.go).

import (
	"fmt"
	"slices"
)

// poolAttacker: the attacking monster, on this side.
func poolAttacker(d *duel, ps *pstate, _ bool) []*inst {
	if d.atk != nil && slices.Contains(ps.mz, d.atk.attacker) {
		return []*inst{d.atk.attacker}
	}
	return nil
}

func poolBanished(_ *duel, ps *pstate, _ bool) []*inst { return ps.banished }

// poolField: every card on this side of the field ("other-card").
func poolField(_ *duel, ps *pstate, _ bool) []*inst { return ps.field() }

func checkAttacker(d *duel, c, src *inst) string {
	if d.atk == nil || d.atk.attacker != c || c.loc != locMonster {
		return fmt.Sprintf("%s must target the attacking monster", src.name())
	}
	return ""
}

func checkFaceDownMonster(d *duel, c, src *inst) string {
	if c.faceUp || c.loc != locMonster {
		return fmt.Sprintf("%s must target a face-down monster, and %s is not one", src.name(), d.describe(c))
	}
	return ""
}

func checkBanishedCard(_ *duel, c, src *inst) string {
	if c.loc != locBanished {
		return fmt.Sprintf("%s must target a banished card", src.name())
	}
	return ""
}

func checkOtherCard(_ *duel, c, src *inst) string {
	if c == src || !c.onField() {
		return fmt.Sprintf("%s must target another card on the field", src.name())
	}
	return ""
}

// stillBanished: a banished target of an effect that targets banished
// cards is still where the effect can act on it.
func stillBanished(l *link, t *inst) bool {
	return l.eff.Target != nil && l.eff.Target.What.kind().banished && t.loc == locBanished
}
