package rulings

// LV monsters that level up in the End Phase of a turn they destroyed a
// monster by battle: "Mystic Swordsman LV2" as Goat plays it (the GOAT
// variant of ../shared/formats/variants.csv: its level-up waits for the End
// Phase of that same turn, where today's text waits for the next Standby
// Phase). The card writes it as an optional trigger `when:
// end-phase-after-battle-kill` with the cost `send-self` and a Special
// Summon from the hand or Deck. The hook into the shared rooms is
// endPhaseTriggers (levelUpTriggers, equip.go); the kill itself is
// recorded by noteBattleKill (secondattack.go).

// levelUpTriggers queues, as the End Phase begins, the triggers of face-up
// monsters that destroyed an opponent's monster by battle this turn.
func (d *duel) levelUpTriggers() {
	for _, q := range d.turnOrderFrom(d.tp) {
		for _, c := range d.pl[q].mz {
			if c.faceUp && c.killTurn == d.turn && !d.negatedNow(c) {
				d.selfTrigger(c, WhenEndPhaseAfterBattleKill)
			}
		}
	}
}
