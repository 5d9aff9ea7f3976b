package rulings

// A second attack in a row: a monster whose text lets it attack again right
// after it destroys an opponent's monster by battle ("Black Luster Soldier -
// Envoy of the Beginning"). The hooks into the shared rooms are
// declareAttack (mayAttackAgain, and lastAttackID, the monster that declared
// the latest attack) and the battle's destruction (noteBattleKill).

import "fmt"

// noteBattleKill records that winner destroyed loser, an opponent's
// monster, by battle this turn.
func (d *duel) noteBattleKill(winner, loser *inst) {
	if winner != nil && loser != nil && winner.ctrl != loser.ctrl {
		winner.killTurn = d.turn
	}
}

// mayAttackAgain says whether m, which has attacked once this turn, may
// declare a second attack now: it has `second-attack-after-destroying`, its
// one attack destroyed an opponent's monster by battle, and no other
// monster has attacked since ("in a row").
func (d *duel) mayAttackAgain(m *inst) bool {
	if !m.faceUp || m.effNegated || m.hasOp(EffectContinuous, "second-attack-after-destroying") == nil {
		return false
	}
	if m.attacks != 1 || m.killTurn != d.turn || d.lastAttackID != m.id {
		return false
	}
	d.emit("rule", m.ctrl, m.name(), fmt.Sprintf("%s destroyed a monster by battle with its attack, so it may attack once more in a row", m.name()), ruleRef{})
	return true
}
