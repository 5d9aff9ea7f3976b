package rulings

import "testing"

// TestForkSharesNothing: a trial run on a fork (the infinite-loop check)
// must not write into the original duel's cards: an Xyz Material of the
// copy is a copy, and a once-per-turn effect used on the copy is still
// unused on the original.
func TestForkSharesNothing(t *testing.T) {
	e := &Effect{OncePerTurn: true}
	mat := &inst{c: &Card{Name: "Sangan"}, loc: locMaterial}
	xyz := &inst{c: &Card{Name: "Abyss Dweller"}, loc: locMonster, mats: []*inst{mat}}
	mat.under = xyz
	d := &duel{turn: 3, pl: []*pstate{{mz: []*inst{xyz}}, {}}, t: &Timeline{}, chainRec: -1}

	f := d.fork()
	fx := f.pl[0].mz[0]
	if fx == xyz || len(fx.mats) != 1 || fx.mats[0] == mat || fx.mats[0].under != fx {
		t.Fatalf("the fork's Xyz Monster and its material are not copies pointing at each other: %p %v (original %p %v)", fx, fx.mats, xyz, xyz.mats)
	}
	f.markOnce(fx, e)
	if _, used := xyz.onceTurn[e]; used {
		t.Error("an effect used once on the fork counts as used on the original")
	}
	if turn, used := fx.onceTurn[e]; !used || turn != 3 {
		t.Errorf("the fork's card does not remember the effect it used: %v", fx.onceTurn)
	}
}
