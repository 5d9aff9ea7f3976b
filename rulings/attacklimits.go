package rulings

// Limits on declaring an attack that come from card effects on the
// attacking monster or the field: a monster that "cannot attack" ("Instant
// Fusion").

import "fmt"

// attackAllowed checks the effects that stop m from attacking target (nil:
// directly) or player def.
func (d *duel) attackAllowed(m, target *inst, def int) bool {
	if m.noAttack {
		d.illegal(fmt.Sprintf("%s cannot attack: the effect that Summoned it says so", m.name()), ruleRef{})
		return false
	}
	return true
}
