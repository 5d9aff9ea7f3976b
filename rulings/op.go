package rulings

import "strings"

// opFunc runs one op of a resolving Chain Link: l is the link (its card,
// controller, targets and choices), o the op as cards/*.yaml writes it.
type opFunc func(d *duel, l *link, o Op)

// effectOps is the vocabulary's effect ops, by the name cards/*.yaml uses in
// `do:`. Each function lives in the ops file of its kind (ops_move.go,
// ops_summon.go, ops_lp.go, ops_stats.go, ops_battle.go, ops_control.go)
// with its doc comment; opSpec (effect.go) lists the fields each op reads.
// Cost ops are paid by payCosts (chain.go); continuous ops are read where
// their rule applies.
var effectOps = map[string]opFunc{
	"destroy":                          opDestroy,
	"banish":                           opBanish,
	"draw":                             opDraw,
	"search":                           opSearch,
	"send-from-deck-to-gy":             opSendFromDeckToGy,
	"send-from-deck-paid-stat":         opSendFromDeckPaidStat,     // lppaid.go
	"tribute-burial":                   opTributeBurial,            // burial.go
	"fusion-from-graveyards":           opFusionFromGraveyards,     // fossil.go
	"rank-up-number":                   opRankUpNumber,             // rankup.go
	"ritual-extra-deck-materials":      opRitualExtraDeckMaterials, // ritual.go
	"xyz-on-self":                      opXyzOnSelf,                // gyleft.go
	"mill":                             opMill,
	"set-face-down":                    opSetFaceDown,
	"discard-random":                   opDiscardRandom,
	"discard-hands-draw":               opDiscardHandsDraw,
	"set-from-hand":                    opSetFromHand,
	"bounce":                           opBounce,
	"flip-own-set-monsters":            opFlipOwnSetMonsters,
	"add-to-hand":                      opAddToHand,
	"return-from-gy-to-hand":           opReturnFromGyToHand,
	"to-deck-top":                      opToDeckTop,
	"return-self-to-deck-top":          opReturnSelfToDeckTop,
	"mind-crush":                       opMindCrush,
	"nobleman-extermination":           opNoblemanExtermination,
	"fake-trap":                        opFakeTrap,
	"banish-until":                     opBanishUntil,
	"major-riot":                       opMajorRiot,
	"draw-per-dragon-discarded":        opDrawPerDragonDiscarded,
	"destroy-highest-atk":              opDestroyHighestAtk,
	"each-discard":                     opEachDiscard,
	"exchange-hand-discard":            opExchangeHandDiscard,
	"banish-from-opponent":             opBanishFromOpponent,
	"eradicate":                        opEradicate,
	"shuffle-into-deck":                opShuffleIntoDeck,
	"special-summon":                   opSpecialSummon,
	"special-summon-from-deck":         opSpecialSummonFromDeck,
	"special-summon-from-gy-each":      opSpecialSummonFromGyEach,
	"banish-self-and-summon-copy":      opBanishSelfAndSummonCopy,
	"summon-tokens":                    opSummonTokens,
	"no-extra-summons":                 opNoExtraSummons,
	"no-summons-this-turn":             opNoSummonsThisTurn,
	"special-summon-from-hand-or-deck": opSpecialSummonFromHandOrDeck,
	"special-summon-from-own-gy":       opSpecialSummonFromOwnGy,
	"special-summon-from-hand-or-gy":   opSpecialSummonFromHandOrGy,
	"fusion-summon":                    opFusionSummon,                // fusion.go
	"special-summon-extra-same-level":  opSpecialSummonExtraSameLevel, // fusion.go
	"ritual-summon":                    opRitualSummon,                // ritual.go
	"place-as-continuous-spell":        opPlaceAsContinuousSpell,      // placed.go
	"relay-soul":                       opRelaySoul,                   // effectloss.go
	"destroy-discarded-kind":           opDestroyDiscardedKind,        // eachplayer.go
	"extra-normal-summon":              opExtraNormalSummon,           // summonalt.go
	"dangerous-machine":                opDangerousMachine,            // dice.go
	"exciton":                          opExciton,                     // eachplayer.go
	"fusion-with-materials":            opFusionWithMaterials,         // fusionmats.go
	"lose-atk-def":                     opLoseAtkDef,                  // noresponse.go
	"lose-atk-def-then-send":           opLoseAtkDefThenSend,          // losethen.go
	"draw-to-gy-instead":               opDrawToGYInstead,             // nullvoid.go
	"add-then-destroy-pair":            opAddThenDestroyPair,          // pairdestroy.go
	"negate-losing-atk-def":            opNegateLosingAtkDef,          // oncechain.go
	"last-will":                        opLastWill,                    // lastwill.go
	"primal-being":                     opPrimalBeing,                 // summoncount.go
	"face-down-all":                    opFaceDownAll,                 // chosenopp.go
	"eclipse-end-phase":                opEclipseEndPhase,             // chosenopp.go
	"kaiju-across":                     opKaijuAcross,                 // chosenopp.go
	"set-negated-card":                 opSetNegatedCard,              // placed.go
	"each-extra-to-gy-if-light":        opEachExtraToGyIfLight,        // eachplayer.go
	"special-summon-self":              opSpecialSummonSelf,
	"summon-self-as-monster":           opSummonSelfAsMonster,
	"allow-tribute":                    opAllowTribute,
	"no-summons-until-your-draw":       opNoSummonsUntilYourDraw,
	"grant-sent-to-gy-trigger":         opGrantSentToGyTrigger,
	"damage":                           opDamage,
	"damage-target-atk":                opDamageTargetAtk,
	"damage-level-x100":                opDamageLevelX100,
	"damage-if-dark":                   opDamageIfDark,
	"damage-attacker-atk":              opDamageAttackerAtk,
	"damage-battle-destroyer":          opDamageBattleDestroyer,
	"damage-per-card":                  opDamagePerCard,
	"opponent-gains-lp":                opOpponentGainsLp,
	"add-counter":                      opAddCounter,
	"mill-gain-atk":                    opMillGainAtk,         // ops_stats.go
	"destroy-unless-roll":              opDestroyUnlessRoll,   // dice.go
	"banish-from-deck-later":           opBanishFromDeckLater, // delayed.go
	"last-turn":                        opLastTurn,            // lastturn.go
	"negate-unless-discard":            opNegateUnlessDiscard, // discardnegate.go
	"reflect-damage":                   opReflectDamage,       // reflect.go
	"excavate-until":                   opExcavateUntil,       // excavate.go
	"cyber-jar":                        opCyberJar,            // excavate.go
	"double-atk":                       opDoubleAtk,
	"gain-atk":                         opGainAtk,
	"gain-battle-opponent-atk":         opGainBattleOpponentAtk,
	"halve-original-atk":               opHalveOriginalAtk,
	"destroy-at-end-phase":             opDestroyAtEndPhase,
	"negate-activation":                opNegateActivation,
	"negate-and-destroy":               opNegateActivation,
	"no-battle-damage":                 opNoBattleDamage,
	"no-battle-destruction":            opNoBattleDestruction,
	"double-battle-damage-if-lower":    opDoubleBattleDamageIfLower,
	"destroy-attacker-after-calc":      opDestroyAttackerAfterCalc,
	"halve-attacker-atk":               opHalveAttackerAtk,
	"negate-attack":                    opNegateAttack,
	"no-battle-phase":                  opNoBattlePhase,
	"equip-target-to-self":             opEquipTargetToSelf,
	"equip":                            opEquip,
	"take-control":                     opTakeControl,
	"union-equip":                      opUnionEquip,
	"union-unequip":                    opUnionUnequip,
	"exchange-monsters":                opExchangeMonsters,
	"attach-target":                    opAttachTarget,
	"return-to-hand":                   opReturnToHand,
	"no-attacks":                       opNoAttacks,                // restrict.go
	"flip-monsters":                    opFlipMonsters,             // restrict.go
	"hand-to-deck":                     opHandToDeck,               // ops_hands.go
	"excavate-add":                     opExcavateAdd,              // ops_hands.go
	"draw-on-opponent-summons":         opDrawOnOpponentSummons,    // summonwatch.go
	"no-special-summons-this-turn":     opNoSpecialSummonsThisTurn, // summonwatch.go
	"destroy-self-after-calc":          opDestroySelfAfterCalc,     // battlefx.go
	"special-summon-battled":           opSpecialSummonBattled,     // battlefx.go
	"banish-gy-gain-atk":               opBanishGyGainAtk,          // battlefx.go
	"gain-atk-battler":                 opGainAtkBattler,           // battlefx.go
	"discard-from-hand":                opDiscardFromHand,          // ops_hands.go
	"discard-from-opponent-hand":       opDiscardFromOpponentHand,  // ops_hands.go
	"banish-from-hand":                 opBanishFromHand,           // ops_hands.go
	"destroy-highest":                  opDestroyHighest,           // ops_sweep.go
	"bounce-all":                       opBounceAll,                // ops_sweep.go
	"return-to-gy":                     opReturnToGy,               // ops_sweep.go
	"draw-per-card":                    opDrawPerCard,              // ops_hands.go
	"lose-lp-per-summoned":             opLoseLpPerSummoned,        // ops_sweep.go
	"negate-summon":                    opNegateSummon,             // summonnegate.go
	"level-up-by-cost":                 opLevelUpByCost,            // levels.go
	"level-of-target":                  opLevelOfTarget,            // levels.go
	"levels-become-target":             opLevelsBecomeTarget,       // levels.go
	"take-control-same-level":          opTakeControlSameLevel,     // levels.go
	"stats-become":                     opStatsBecome,              // ops_stats.go
	"special-summon-tied":              opSpecialSummonTied,        // gemini.go
	"halve-target-atk-def":             opHalveTargetAtkDef,        // ops_stats.go
	"lose-atk-shielded":                opLoseAtkShielded,          // ops_stats.go
	"damage-equal-taken":               opDamageEqualTaken,         // tokens.go
	"special-summon-from-banished":     opSpecialSummonFromBanished,
	"destroy-spell-traps-per-card":     opDestroySpellTrapsPerCard, // ops_sweep.go
	"special-summon-zeroed":            opSpecialSummonZeroed,      // mustfirst.go
	"no-attack-this-turn":              opNoAttackThisTurn,         // mustfirst.go
	"return-self-to-hand":              opReturnSelfToHand,         // selfsummon.go
	"halve-summoned-atk":               opHalveSummonedAtk,         // tokens.go
	"token-to-summoners-opponent":      opTokenToSummonersOpponent, // tokens.go
	"token-with-damage-stats":          opTokenWithDamageStats,     // tokens.go
	"negate-effects":                   opNegateEffects,
	"end-battle-phase":                 opEndBattlePhase,
	"both-lp-zero":                     opBothLPZero,
	"destroy-banish-summoned":          opDestroyBanishSummoned,
	"look-deck-top":                    opLookDeckTop,
	"change-position":                  opChangePosition,
	"negate-traps-this-turn":           opNegateTrapsThisTurn,
	"keep-one-type":                    opKeepOneType,           // rivalry.go
	"lock-opponent-gy":                 opLockOpponentGy,        // xyzfx.go
	"by-position":                      opByPosition,            // xyzfx.go
	"tag-in":                           opTagIn,                 // tagout.go
	"shuffle-target-into-deck":         opShuffleTargetIntoDeck, // tagout.go
	"special-summon-bound":             opSpecialSummonBound,    // tagout.go
	"zero-atk-this-turn":               opZeroAtkThisTurn,       // synchrofx.go
	"gain-lp":                          opGainLp,                // synchrofx.go
	"gain-lp-battled-atk":              opGainLpBattledAtk,      // synchrofx.go
	"drain-atk-per-counter":            opDrainAtkPerCounter,    // feathers.go
	"return-gain-atk":                  opReturnGainAtk,         // bounce.go
	"all-defense-to-attack":            opAllDefenseToAttack,    // battleend.go
	"special-summon-atk-total":         opSpecialSummonAtkTotal, // atktotal.go
}

// exec runs one op of a resolving link, through effectOps.
func (d *duel) exec(l *link, o Op) {
	run, ok := effectOps[o.Op]
	if !ok {
		d.fail("%s: the engine cannot run op %q yet", l.src.name(), o.Op)
		return
	}
	prev := d.execLink
	d.execLink = l
	run(d, l, o)
	d.execLink = prev
}

// validTargets are the link's targets still where it can act on them: on
// the field, or in the Graveyard for an effect that targets there.
func (d *duel) validTargets(l *link) []*inst {
	var out []*inst
	for _, t := range l.targets {
		if t.onField() && d.unaffectedBy(t, l) {
			continue
		}
		// A target chosen face-up that has been turned face-down no longer
		// meets its targeting condition, so the effect does not touch it
		// ("Ring of Destruction" after "Book of Moon").
		if t.onField() && !t.faceUp && l.eff.Target != nil && strings.Contains(l.eff.Target.What, "face-up") {
			continue
		}
		if t.onField() || (l.eff.Target != nil && strings.Contains(l.eff.Target.What, "gy") && t.loc == locGY) || stillBanished(l, t) {
			out = append(out, t)
		}
	}
	return out
}
