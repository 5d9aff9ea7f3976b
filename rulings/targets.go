package rulings

// Target kinds beyond the basic ones of chain.go, and target filters: an
// effect's `target:` may name the attacking monster ("Dimensional
// Prison"), a face-down monster ("Nobleman of Crossout"), a banished
// card ("Burial from a Different Dimension") or another card on the field
// than the effect's own ("Mist Valley Thunder Lord"); badTarget (chain.go) also
// applies the target's `filter:`.

import (
	"fmt"
	"slices"
)

// morePool adds the cards of one player's zones that a target kind of this
// file may pick.
func (d *duel) morePool(t *Target, ps *pstate) []*inst {
	switch t.What {
	case "attacker":
		if d.atk != nil && slices.Contains(ps.mz, d.atk.attacker) {
			return []*inst{d.atk.attacker}
		}
	case "face-down-monster":
		return ps.mz
	case "banished-card":
		return ps.banished
	case "other-card": // a card on the field other than this one ("Mist Valley Thunder Lord")
		return ps.field()
	}
	if pairTargets[t.What] {
		return pairPool(t, ps) // pairtarget.go
	}
	return nil
}

// badTargetMore says why c cannot be a target of this file's kinds or of
// the target's filter, or "".
func (d *duel) badTargetMore(t *Target, c, src *inst) string {
	switch t.What {
	case "attacker":
		if d.atk == nil || d.atk.attacker != c || c.loc != locMonster {
			return fmt.Sprintf("%s must target the attacking monster", src.name())
		}
	case "face-down-monster":
		if c.faceUp || c.loc != locMonster {
			return fmt.Sprintf("%s must target a face-down monster, and %s is not one", src.name(), d.describe(c))
		}
	case "banished-card":
		if c.loc != locBanished {
			return fmt.Sprintf("%s must target a banished card", src.name())
		}
	case "other-card":
		if c == src || !c.onField() {
			return fmt.Sprintf("%s must target another card on the field", src.name())
		}
	}
	return ""
}

// stillBanished: a banished target of an effect that targets banished
// cards is still where the effect can act on it.
func stillBanished(l *link, t *inst) bool {
	return l.eff.Target != nil && l.eff.Target.What == "banished-card" && t.loc == locBanished
}
