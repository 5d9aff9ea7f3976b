package rulings

// Direct attacks barred by the attacker's own state: an Xyz Monster that
// cannot attack directly while it holds no Xyz Material ("Number 17:
// Leviathan Dragon", the continuous `no-direct-attack-without-material`),
// asked by attackAllowed (attacklimits.go) for an attack with no target.

import "fmt"

// directAttackBarred says why m may not attack directly now, or "".
func (d *duel) directAttackBarred(m *inst) string {
	if d.live(m, "no-direct-attack-without-material") != nil && len(m.mats) == 0 {
		return fmt.Sprintf("%s has no Xyz Material, so it cannot attack directly (its own effect)", d.describe(m))
	}
	return ""
}
