package rulings

// The target kinds of the vocabulary: an effect's `target: {what: ...}`.
// Each kind has one entry in targetKinds: the cards of one player's side it
// may pick (pool), why a card is not of the kind (check, or nil when its pool
// says all), and what the interpreter asks of it (a kind in a Graveyard, a
// face-up kind, a banished kind, a pair that badPair checks). The
// interpreter compares kinds only with the TargetKind constants or asks the
// entry (TestNoStringTarget), and the loader refuses a kind with no entry.
//
// To add a target kind: a TargetKind constant below with a comment, its
// pool and check functions beside the kinds of its room (this file,
// targets.go, pairtarget.go), and one entry in targetKinds.

import "fmt"

// TargetKind is an effect's `target: what:`: what kind of card it targets.
type TargetKind string

// The target kinds.
const (
	TargetMonster           TargetKind = "monster"              // a monster on the field
	TargetFaceUpMonster     TargetKind = "face-up-monster"      // a face-up monster
	TargetSpellTrap         TargetKind = "spell-trap"           // a Spell or Trap Card on the field (a Trap Monster too)
	TargetCard              TargetKind = "card"                 // any card on the field
	TargetMonsterInYourGY   TargetKind = "monster-in-your-gy"   // a monster in its controller's Graveyard
	TargetMonsterInAnyGY    TargetKind = "monster-in-any-gy"    // a monster in any Graveyard
	TargetSpellInYourGY     TargetKind = "spell-in-your-gy"     // a Spell Card in its controller's Graveyard
	TargetCardInYourGY      TargetKind = "card-in-your-gy"      // a card in its controller's Graveyard
	TargetFaceDownSpellTrap TargetKind = "face-down-spell-trap" // a Set Spell or Trap Card
	// targets.go
	TargetAttacker        TargetKind = "attacker"          // the attacking monster ("Dimensional Prison")
	TargetFaceDownMonster TargetKind = "face-down-monster" // a face-down monster ("Nobleman of Crossout")
	TargetBanishedCard    TargetKind = "banished-card"     // a banished card ("Burial from a Different Dimension")
	TargetOtherCard       TargetKind = "other-card"        // a card on the field other than this one ("Mist Valley Thunder Lord")
	// pairtarget.go
	TargetOwnAndOpponentCard TargetKind = "own-and-opponent-card" // 1 card you control and 1 an opponent controls
	TargetOwnAndOtherCard    TargetKind = "own-and-other-card"    // 1 monster of the filter you control and 1 other card
	TargetMonsterOnEachField TargetKind = "monster-on-each-field" // 1 monster on the field of every player still in the game ("Sol and Luna")
)

// targetKind is one kind's entry.
type targetKind struct {
	// pool is the cards of one player's side (ps) it may pick; mine: that
	// side is the activating player's.
	pool func(d *duel, ps *pstate, mine bool) []*inst
	// check says why c is not a card of the kind for src's effect, or "".
	check func(d *duel, c, src *inst) string
	// pair checks the targets as a whole (pairtarget.go: badPair); a pair
	// kind's filter is left to it. pairRule is the anchor a refused pair
	// cites, if any.
	pair     func(d *duel, t *Target, p int, targets []*inst, src *inst) string
	pairRule string
	// pick chooses the targets when the line names none, instead of the
	// first legal ones in pool order (fillTargets, chain.go).
	pick     func(d *duel, t *Target, p int, src *inst) []*inst
	inGY     bool // its cards are in a Graveyard: chosen after the costs, still valid there
	faceUp   bool // it targets face-up cards: a target turned face-down is no longer valid
	banished bool // its cards are banished: still valid while banished
	file     string
}

// targetKinds is the registry of target kinds. No function of an entry may
// reach badTarget, which reads the registry (Go would refuse the cycle in
// this initialiser): a kind that checks each target asks untargetable
// (chain.go) instead (badEachField, pairtarget.go).
var targetKinds = map[TargetKind]targetKind{
	TargetMonster:           {pool: poolMonsters, file: "targetkinds.go"},
	TargetFaceUpMonster:     {pool: poolMonsters, check: checkFaceUpMonster, faceUp: true, file: "targetkinds.go"},
	TargetSpellTrap:         {pool: poolSpellTraps, file: "targetkinds.go"},
	TargetCard:              {pool: poolCards, file: "targetkinds.go"},
	TargetMonsterInYourGY:   {pool: poolOwnGY, check: checkMonsterInGY, inGY: true, file: "targetkinds.go"},
	TargetMonsterInAnyGY:    {pool: poolAnyGY, check: checkMonsterInGY, inGY: true, file: "targetkinds.go"},
	TargetSpellInYourGY:     {pool: poolOwnGY, check: checkSpellInGY, inGY: true, file: "targetkinds.go"},
	TargetCardInYourGY:      {pool: poolOwnGY, check: checkCardInGY, inGY: true, file: "targetkinds.go"},
	TargetFaceDownSpellTrap: {pool: poolSetSpellTraps, check: checkSetSpellTrap, file: "targetkinds.go"},
	// targets.go
	TargetAttacker:        {pool: poolAttacker, check: checkAttacker, file: "targets.go"},
	TargetFaceDownMonster: {pool: poolMonsters, check: checkFaceDownMonster, file: "targets.go"},
	TargetBanishedCard:    {pool: poolBanished, check: checkBanishedCard, banished: true, file: "targets.go"},
	TargetOtherCard:       {pool: poolField, check: checkOtherCard, file: "targets.go"},
	// pairtarget.go
	TargetOwnAndOpponentCard: {pool: pairPool, pair: pairOwnAndOpponent, file: "pairtarget.go"},
	TargetOwnAndOtherCard:    {pool: pairPool, pair: pairOwnAndOther, file: "pairtarget.go"},
	TargetMonsterOnEachField: {pool: poolMonsters, pair: badEachField, pick: eachFieldPick,
		pairRule: "domain-general-errata#example-6", file: "pairtarget.go"},
}

// kind is the entry of k (the zero entry for a kind the loader refused).
func (k TargetKind) kind() targetKind { return targetKinds[k] }

// inGY: does the effect target cards in a Graveyard?
func (t *Target) inGY() bool { return t != nil && t.What.kind().inGY }

func poolMonsters(_ *duel, ps *pstate, _ bool) []*inst { return ps.mz }

// poolSpellTraps: the Spell & Trap Zone, the Field Zone and Trap Monsters.
func poolSpellTraps(_ *duel, ps *pstate, _ bool) []*inst {
	pool := poolSetSpellTraps(nil, ps, false)
	for _, m := range ps.mz {
		if m.trapMon {
			pool = append(pool, m)
		}
	}
	return pool
}

// poolSetSpellTraps: the Spell & Trap Zone and the Field Zone.
func poolSetSpellTraps(_ *duel, ps *pstate, _ bool) []*inst {
	pool := append([]*inst{}, ps.st...)
	if ps.fz != nil {
		pool = append(pool, ps.fz)
	}
	return pool
}

// poolCards: the Monster Zones, the Spell & Trap Zone and the Field Zone.
func poolCards(_ *duel, ps *pstate, _ bool) []*inst {
	pool := append([]*inst{}, ps.mz...)
	pool = append(pool, ps.st...)
	if ps.fz != nil {
		pool = append(pool, ps.fz)
	}
	return pool
}

func poolOwnGY(_ *duel, ps *pstate, mine bool) []*inst {
	if mine {
		return ps.gy
	}
	return nil
}

func poolAnyGY(_ *duel, ps *pstate, _ bool) []*inst { return ps.gy }

func checkFaceUpMonster(d *duel, c, src *inst) string {
	if !c.faceUp || c.loc != locMonster {
		return fmt.Sprintf("%s must target a face-up monster, and %s is not one", src.name(), d.describe(c))
	}
	return ""
}

// checkMonsterInGY: a monster in a Graveyard, one that can be Special
// Summoned when the effect revives it.
func checkMonsterInGY(_ *duel, c, src *inst) string {
	if !c.isMonster() || c.loc != locGY {
		return fmt.Sprintf("%s must target a monster in a Graveyard", src.name())
	}
	if why := improperSummon(c); why != "" && revives(src) {
		return why
	}
	return ""
}

func checkSpellInGY(_ *duel, c, src *inst) string {
	if c.c.Kind != CardSpell || c.loc != locGY {
		return fmt.Sprintf("%s must target a Spell Card in a Graveyard", src.name())
	}
	return ""
}

func checkCardInGY(_ *duel, c, src *inst) string {
	if c.loc != locGY {
		return fmt.Sprintf("%s must target a card in a Graveyard", src.name())
	}
	return ""
}

func checkSetSpellTrap(d *duel, c, src *inst) string {
	if c.faceUp || c.loc == locMonster {
		return fmt.Sprintf("%s must target a Set Spell or Trap Card, and %s is not one", src.name(), d.describe(c))
	}
	return ""
}
