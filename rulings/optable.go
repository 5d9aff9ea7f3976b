package rulings

// The op registry: one entry per op of the vocabulary, by the name
// cards/*.yaml writes in `cost:` and `do:`. An entry says how the op acts
// (run, or check and pay, or readBy), which arguments it reads and the
// values it accepts in `what:` (opargs.go), and the file where its function
// and doc comment live. The loader checks every op of every card against
// its entry (checkOpArgs), so the interpreter never meets an op, a field or
// a `what:` word it does not know.
//
// To add an op: write its function in the file of its kind with a doc
// comment, and add one entry here under that file's heading. TestOpTable
// checks that every entry's functions live in its file, that every op a
// card uses is here and acts where the card uses it (a cost, a resolving
// effect, a continuous effect), and that every op here is used by a card
// or named in rulings/*.md.

// OpName is an op's name as cards/*.yaml writes it in `cost:` and `do:`, a
// key of opTable. The interpreter may name an op by a string literal (a
// continuous op it reads: c.hasOp(EffectContinuous, "piercing")), but only one
// the table registers (TestOpNamesRegistered).
type OpName string

// opFunc runs one op of a resolving Chain Link: l is the link (its card,
// controller, targets and choices), o the op as cards/*.yaml writes it.
type opFunc func(d *duel, l *link, o Op)

// opEntry is one op of the vocabulary. An op acts in one or more of three
// ways: run (an effect op, run by exec as its link resolves), check and pay
// (a cost op, checked before any cost is paid, then paid by payCosts), or
// readBy (a continuous op: the function that applies its rule while its card
// is face-up, found with hasOp, live or opN).
type opEntry struct {
	run    opFunc
	check  func(cc costCall) bool
	pay    func(cc costCall) ([]string, bool)
	readBy string
	// gap says why a continuous op no function reads yet applies nothing
	// (the card's effect is known to be missing, not silently approximated).
	gap    string
	traits opTrait // what rules elsewhere ask of it
	reads  argSet  // the fields besides `what:` it reads
	what   whatArg // the values it accepts in `what:`, if it reads it
	file   string  // the file of its function (run, else pay, else readBy)
}

// opTrait is a fact about an op that a rule of another room asks.
type opTrait uint8

const (
	traitDamage          opTrait = 1 << iota // inflicts effect damage (inflictsDamageTo, reflect.go)
	traitFromDeck                            // takes a card from the Deck, so it needs one to find (findCheck, rules.go)
	traitFromDeckOrHand                      // takes a card from the hand or the Deck (findCheck)
	traitDeckToHand                          // adds a card from the Deck to the hand (searchAllowed, summonnegate.go)
	traitProperSummon                        // a proper Summon of its kind, which may take a Deck Master from its zone (dmChoiceAllowed, deckmaster.go)
	traitChoosesOpponent                     // chooses an opponent as it applies (choiceFits, chosenopp.go)
)

// is: does the op have the trait?
func (n OpName) is(t opTrait) bool { return opTable[n].traits&t != 0 }

// argSet is the fields of an Op, besides `what:`, that an op reads.
type argSet uint8

const (
	argN        argSet = 1 << iota // `n:`, a number
	argTo                          // `to:`, a To word (opargs.go)
	argFilter                      // `filter:`, a filter of matches (filters.go)
	argToFilter                    // `to:` as a second filter (ritual-summon: the Tributes)
)

// readsWhat: does the op read `what:`? Exactly when it declares values.
func (e opEntry) readsWhat() bool {
	return e.what.one != nil || e.what.flags != nil || e.what.free != nil || e.what.card
}

// opTable is the registry, grouped by the file of each op's function.
var opTable = map[OpName]opEntry{
	// atktotal.go
	"special-summon-atk-total": {run: opSpecialSummonAtkTotal, reads: argN | argFilter, file: "atktotal.go"},
	// attacklimits.go
	"attack-all-monsters":   {readBy: "attackAgain", file: "attacklimits.go"},
	"mystic-mine":           {readBy: "mineLock", file: "attacklimits.go"},
	"piercing":              {readBy: "pierces", file: "attacklimits.go"},
	"piercing-if-lp-higher": {readBy: "pierces", reads: argFilter, file: "attacklimits.go"},
	// banishinstead.go
	"monsters-banished-instead-of-gy": {readBy: "gyBanisher", file: "banishinstead.go"},
	// battle.go
	"attack-cost-lp":         {readBy: "payAttackCost", reads: argN, file: "battle.go"},
	"field-hero-boost":       {readBy: "fieldBoost", reads: argN, file: "battle.go"},
	"negate-battled-effects": {readBy: "markBattleDestroyed", file: "battle.go"},
	"share-battle-damage":    {readBy: "applyBattleDamage", file: "battle.go"},
	// battlecut.go
	"end-battle-phase": {run: opEndBattlePhase, file: "battlecut.go"},
	// battleend.go
	"all-defense-to-attack": {run: opAllDefenseToAttack, file: "battleend.go"},
	// battlefx.go
	"atk-per-gy":              {readBy: "gyBoost", reads: argN | argFilter, file: "battlefx.go"},
	"banish-battle-destroyed": {readBy: "battleDestination", file: "battlefx.go"},
	"banish-gy-gain-atk":      {run: opBanishGyGainAtk, reads: argN | argFilter, file: "battlefx.go"},
	"destroy-self-after-calc": {run: opDestroySelfAfterCalc, file: "battlefx.go"},
	"gain-atk-battler":        {run: opGainAtkBattler, reads: argN, file: "battlefx.go"},
	"special-summon-battled":  {run: opSpecialSummonBattled, what: oneOf(WhatDefense), file: "battlefx.go"},
	// bounce.go
	"discard-per-target": {check: checkDiscardPerTarget, pay: payDiscardPerTarget, file: "bounce.go"},
	"return-gain-atk":    {run: opReturnGainAtk, reads: argN, file: "bounce.go"},
	// burial.go
	"tribute-burial": {run: opTributeBurial, file: "burial.go"},
	// chosenopp.go
	"eclipse-end-phase": {run: opEclipseEndPhase, traits: traitChoosesOpponent, file: "chosenopp.go"},
	"face-down-all":     {run: opFaceDownAll, file: "chosenopp.go"},
	"kaiju-across":      {run: opKaijuAcross, reads: argFilter, traits: traitChoosesOpponent, file: "chosenopp.go"},
	// costs.go
	"banish-from-gy-level": {check: checkBanishLevelCost, pay: payBanishLevelCost, file: "costs.go"},
	"banish-self":          {check: checkBanishSelf, pay: payBanishSelf, file: "costs.go"},
	"discard":              {check: checkDiscardCost, pay: payDiscardCost, reads: argN | argFilter, file: "costs.go"},
	"discard-self":         {pay: payDiscardSelf, file: "costs.go"},
	"pay-half-lp":          {check: checkPayHalfLP, pay: payHalfLP, file: "costs.go"},
	"pay-lp":               {check: checkPayLP, pay: payLP, reads: argN, file: "costs.go"},
	"remove-counter":       {check: checkCounterCost, pay: payCounterCost, reads: argN, file: "costs.go"},
	"send-from-hand":       {check: checkDiscardCost, pay: payDiscardCost, reads: argN | argFilter, file: "costs.go"},
	"send-monster":         {check: checkSendMonster, pay: paySendMonster, reads: argFilter, file: "costs.go"},
	"send-self":            {pay: paySendSelf, file: "costs.go"},
	"tribute":              {check: checkTributeCost, pay: payTributeCost, reads: argN | argFilter, file: "costs.go"},
	"tribute-self":         {check: checkTributeSelf, pay: payTributeSelf, file: "costs.go"},
	// delayed.go
	"banish-from-deck-later": {run: opBanishFromDeckLater, file: "delayed.go"},
	// detach.go
	"detach-instead": {readBy: "detachInsteadN", reads: argN, file: "detach.go"},
	// dice.go
	"dangerous-machine":   {run: opDangerousMachine, file: "dice.go"},
	"destroy-unless-roll": {run: opDestroyUnlessRoll, what: dieFaces, file: "dice.go"},
	// directlimit.go
	"no-direct-attack-without-material": {readBy: "directAttackBarred", file: "directlimit.go"},
	// discardnegate.go
	"negate-unless-discard": {run: opNegateUnlessDiscard, reads: argFilter, file: "discardnegate.go"},
	// duel.go
	"atk-boost":              {readBy: "boost", reads: argN | argFilter, file: "duel.go"},
	"atk-if-hand-1-or-fewer": {readBy: "fewCardsBoostOnly", reads: argN, file: "duel.go"},
	"atk-per-counter":        {readBy: "atkOf", reads: argN, file: "duel.go"},
	"atk-per-hand-card":      {readBy: "handBoost", reads: argN, what: oneOf(WhatAll), file: "duel.go"},
	"boost":                  {readBy: "boost", reads: argN | argFilter, file: "duel.go"},
	"def-boost":              {readBy: "boost", reads: argN | argFilter, file: "duel.go"},
	"level-down":             {readBy: "level", reads: argN | argFilter, file: "duel.go"},
	// eachplayer.go
	"destroy-discarded-kind":    {run: opDestroyDiscardedKind, file: "eachplayer.go"},
	"each-extra-to-gy-if-light": {run: opEachExtraToGyIfLight, file: "eachplayer.go"},
	"exciton":                   {run: opExciton, file: "eachplayer.go"},
	// effectloss.go
	"relay-soul": {run: opRelaySoul, file: "effectloss.go"},
	// equip.go
	"equip-atk":              {readBy: "equipBoost", reads: argN, file: "equip.go"},
	"equip-def":              {readBy: "equipBoost", reads: argN, file: "equip.go"},
	"equipped-shields":       {readBy: "unionShield", file: "equip.go"},
	"gain-half-equipped-atk": {readBy: "equipBoost", file: "equip.go"},
	"union-protect":          {readBy: "unionShield", what: oneOf(WhatAny, WhatBattle), file: "equip.go"},
	// equiprules.go
	"destroy-equips": {readBy: "equipWatch", file: "equiprules.go"},
	// excavate.go
	"cyber-jar":      {run: opCyberJar, reads: argN, file: "excavate.go"},
	"excavate-until": {run: opExcavateUntil, reads: argFilter, file: "excavate.go"},
	// feathers.go
	"counter-instead-of-damage": {readBy: "featherInstead", file: "feathers.go"},
	"drain-atk-per-counter":     {run: opDrainAtkPerCounter, reads: argN, file: "feathers.go"},
	"remove-all-counters":       {check: checkRemoveAllCounters, pay: payRemoveAllCounters, file: "feathers.go"},
	// fossil.go
	"fusion-from-graveyards": {run: opFusionFromGraveyards, reads: argFilter, traits: traitProperSummon, file: "fossil.go"},
	// fusion.go
	"fusion-summon":                   {run: opFusionSummon, reads: argFilter, what: oneOf(WhatInstant), traits: traitProperSummon, file: "fusion.go"},
	"special-summon-extra-same-level": {run: opSpecialSummonExtraSameLevel, file: "fusion.go"},
	// fusionmats.go
	"fusion-with-materials":           {run: opFusionWithMaterials, file: "fusionmats.go"},
	"unaffected-if-pendulum-material": {readBy: "opFusionWithMaterials", file: "fusionmats.go"},
	// geartown.go
	"fewer-tributes": {readBy: "fewerTributes", reads: argN | argFilter, file: "geartown.go"},
	// gemini.go
	"special-summon-tied": {run: opSpecialSummonTied, reads: argFilter, file: "gemini.go"},
	// gyleft.go
	"xyz-on-self": {run: opXyzOnSelf, reads: argFilter, file: "gyleft.go"},
	// lastturn.go
	"last-turn": {run: opLastTurn, file: "lastturn.go"},
	// lastwill.go
	"last-will": {run: opLastWill, file: "lastwill.go"},
	// levels.go
	"level-of-target":         {run: opLevelOfTarget, file: "levels.go"},
	"level-up-by-cost":        {run: opLevelUpByCost, file: "levels.go"},
	"levels-become-target":    {run: opLevelsBecomeTarget, reads: argFilter, file: "levels.go"},
	"take-control-same-level": {run: opTakeControlSameLevel, file: "levels.go"},
	// loop.go
	"highest-atk-immune-to-spells": {readBy: "immunitySource", file: "loop.go"},
	// losethen.go
	"lose-atk-def-then-send": {run: opLoseAtkDefThenSend, reads: argN, file: "losethen.go"},
	// lppaid.go
	"send-from-deck-paid-stat": {run: opSendFromDeckPaidStat, reads: argFilter, file: "lppaid.go"},
	// mustfirst.go
	"banish-from-gy":        {check: checkBanishFromGyCost, pay: payBanishFromGyCost, reads: argN | argFilter, file: "mustfirst.go"},
	"no-attack-this-turn":   {run: opNoAttackThisTurn, pay: payNoAttackCost, file: "mustfirst.go"},
	"return-own-to-deck":    {check: checkReturnOwnCost, pay: payReturnOwnCost, reads: argN | argFilter, what: oneOf(WhatField), file: "mustfirst.go"},
	"special-summon-zeroed": {run: opSpecialSummonZeroed, reads: argFilter, what: oneOf(WhatDeck), file: "mustfirst.go"},
	// negation.go
	"bound-cannot-attack":             {readBy: "boundCannotAttack", file: "negation.go"},
	"destroyed-with-bound":            {readBy: "boundDestroyed", file: "negation.go"},
	"negate-effects":                  {run: opNegateEffects, what: oneOf(WhatTurn, WhatWhileSource), file: "negation.go"},
	"negate-flips-it-destroys":        {readBy: "flipNegator", file: "negation.go"},
	"negate-monster-effects":          {readBy: "monsterNegator", file: "negation.go"},
	"negate-opponent-monster-effects": {readBy: "monsterNegator", file: "negation.go"},
	"negate-other-traps":              {readBy: "trapNegatedBySpellTrap", file: "negation.go"},
	"negate-traps-this-turn":          {run: opNegateTrapsThisTurn, file: "negation.go"},
	// noresponse.go
	"lose-atk-def":                    {run: opLoseAtkDef, reads: argN, what: oneOf(WhatTarget, WhatSelf), file: "noresponse.go"},
	"untargetable-by-monster-effects": {readBy: "untargetableBy", file: "noresponse.go"},
	// nullvoid.go
	"draw-to-gy-instead": {run: opDrawToGYInstead, file: "nullvoid.go"},
	// oncechain.go
	"negate-losing-atk-def": {run: opNegateLosingAtkDef, reads: argN, file: "oncechain.go"},
	// opponents.go
	"unaffected-by-higher-lp-opponents": {readBy: "unaffectedBy", file: "opponents.go"},
	// ops.go
	"lock-others":        {readBy: "locker", file: "ops.go"},
	"no-special-summons": {readBy: "noSpecialSummons", file: "ops.go"},
	// ops_battle.go
	"destroy-attacker-after-calc":   {run: opDestroyAttackerAfterCalc, file: "ops_battle.go"},
	"double-battle-damage-if-lower": {run: opDoubleBattleDamageIfLower, file: "ops_battle.go"},
	"halve-attacker-atk":            {run: opHalveAttackerAtk, file: "ops_battle.go"},
	"negate-activation":             {run: opNegateActivation, file: "ops_battle.go"},
	"negate-and-destroy":            {run: opNegateActivation, file: "ops_battle.go"},
	"negate-attack":                 {run: opNegateAttack, file: "ops_battle.go"},
	"no-battle-damage":              {run: opNoBattleDamage, file: "ops_battle.go"},
	"no-battle-destruction":         {run: opNoBattleDestruction, file: "ops_battle.go"},
	"no-battle-phase":               {run: opNoBattlePhase, file: "ops_battle.go"},
	// ops_control.go
	"change-position":      {run: opChangePosition, file: "ops_control.go"},
	"equip":                {run: opEquip, file: "ops_control.go"},
	"equip-target-to-self": {run: opEquipTargetToSelf, what: oneOf(WhatKeepStats), file: "ops_control.go"},
	"exchange-monsters":    {run: opExchangeMonsters, file: "ops_control.go"},
	"take-control":         {run: opTakeControl, what: oneOf(WhatTarget, WhatEquipped, WhatUntilEnd, WhatUntilEndFree), file: "ops_control.go"},
	"union-equip":          {run: opUnionEquip, reads: argFilter, file: "ops_control.go"},
	"union-unequip":        {run: opUnionUnequip, file: "ops_control.go"},
	// ops_hands.go
	"banish-from-hand":           {run: opBanishFromHand, reads: argFilter, what: oneOf(WhatElseDiscard), file: "ops_hands.go"},
	"discard-from-hand":          {run: opDiscardFromHand, reads: argN | argFilter, file: "ops_hands.go"},
	"discard-from-opponent-hand": {run: opDiscardFromOpponentHand, reads: argN | argFilter, what: oneOf(WhatYours, WhatTheirs), file: "ops_hands.go"},
	"draw-per-card":              {run: opDrawPerCard, reads: argN | argFilter, file: "ops_hands.go"},
	"excavate-add":               {run: opExcavateAdd, reads: argN, traits: traitDeckToHand, file: "ops_hands.go"},
	"hand-to-deck":               {run: opHandToDeck, reads: argFilter, file: "ops_hands.go"},
	// ops_lp.go
	"both-lp-zero":            {run: opBothLPZero, file: "ops_lp.go"},
	"damage":                  {run: opDamage, reads: argN | argTo, what: oneOf(WhatIfDestroyed), traits: traitDamage, file: "ops_lp.go"},
	"damage-attacker-atk":     {run: opDamageAttackerAtk, traits: traitDamage, file: "ops_lp.go"},
	"damage-battle-destroyer": {run: opDamageBattleDestroyer, traits: traitDamage, file: "ops_lp.go"},
	"damage-if-dark":          {run: opDamageIfDark, reads: argN, traits: traitDamage, file: "ops_lp.go"},
	"damage-level-x100":       {run: opDamageLevelX100, reads: argTo, traits: traitDamage, file: "ops_lp.go"},
	"damage-per-card":         {run: opDamagePerCard, reads: argN, what: oneOf(WhatHand), traits: traitDamage, file: "ops_lp.go"},
	"damage-target-atk":       {run: opDamageTargetAtk, reads: argTo, traits: traitDamage, file: "ops_lp.go"},
	"opponent-gains-lp":       {run: opOpponentGainsLp, reads: argN, file: "ops_lp.go"},
	// ops_move.go
	"add-to-hand":               {run: opAddToHand, what: oneOf(WhatTarget), file: "ops_move.go"},
	"banish":                    {run: opBanish, what: oneOf(WhatTarget, WhatSelf, WhatBattled), file: "ops_move.go"},
	"banish-from-opponent":      {run: opBanishFromOpponent, file: "ops_move.go"},
	"banish-until":              {run: opBanishUntil, what: oneOf(WhatNextStandby, WhatEndPhase), file: "ops_move.go"},
	"bounce":                    {run: opBounce, what: oneOf(WhatTarget, WhatSelf), file: "ops_move.go"},
	"destroy":                   {run: opDestroy, what: oneOf(WhatTarget, WhatSelf, WhatBattled, WhatAllMonsters, WhatAttacker, WhatDeclaredType, WhatOpponentAttackPos, WhatOpponentMonsters, WhatOpponentFaceUpMonster, WhatAllCards, WhatAllOtherCards, WhatOwnCards, WhatFieldSpells, WhatAllSpellTraps, WhatAttackedThisTurn), file: "ops_move.go"},
	"destroy-highest-atk":       {run: opDestroyHighestAtk, file: "ops_move.go"},
	"discard-hands-draw":        {run: opDiscardHandsDraw, reads: argN, file: "ops_move.go"},
	"discard-random":            {run: opDiscardRandom, reads: argTo, file: "ops_move.go"},
	"draw":                      {run: opDraw, reads: argN | argTo, file: "ops_move.go"},
	"draw-per-dragon-discarded": {run: opDrawPerDragonDiscarded, file: "ops_move.go"},
	"each-discard":              {run: opEachDiscard, reads: argN, file: "ops_move.go"},
	"eradicate":                 {run: opEradicate, file: "ops_move.go"},
	"exchange-hand-discard":     {run: opExchangeHandDiscard, file: "ops_move.go"},
	"fake-trap":                 {run: opFakeTrap, file: "ops_move.go"},
	"flip-own-set-monsters":     {run: opFlipOwnSetMonsters, file: "ops_move.go"},
	"look-deck-top":             {run: opLookDeckTop, reads: argTo, what: oneOf(WhatBottom), file: "ops_move.go"},
	"major-riot":                {run: opMajorRiot, file: "ops_move.go"},
	"mill":                      {run: opMill, check: checkMillCost, pay: payMillCost, reads: argN | argTo, file: "ops_move.go"},
	"mind-crush":                {run: opMindCrush, file: "ops_move.go"},
	"nobleman-extermination":    {run: opNoblemanExtermination, reads: argFilter, file: "ops_move.go"},
	"return-from-gy-to-hand":    {run: opReturnFromGyToHand, reads: argFilter, file: "ops_move.go"},
	"return-self-to-deck-top":   {run: opReturnSelfToDeckTop, file: "ops_move.go"},
	"search":                    {run: opSearch, reads: argN | argFilter, traits: traitFromDeck | traitDeckToHand, file: "ops_move.go"},
	"send-from-deck-to-gy":      {run: opSendFromDeckToGy, reads: argFilter, traits: traitFromDeck, file: "ops_move.go"},
	"set-face-down":             {run: opSetFaceDown, what: oneOf(WhatTarget, WhatFlipFlop), file: "ops_move.go"},
	"set-from-hand":             {run: opSetFromHand, file: "ops_move.go"},
	"shuffle-into-deck":         {run: opShuffleIntoDeck, what: oneOf(WhatTarget), file: "ops_move.go"},
	"to-deck-top":               {run: opToDeckTop, what: oneOf(WhatTarget), file: "ops_move.go"},
	// ops_stats.go
	"add-counter":              {run: opAddCounter, reads: argN, file: "ops_stats.go"},
	"destroy-at-end-phase":     {run: opDestroyAtEndPhase, reads: argFilter, file: "ops_stats.go"},
	"double-atk":               {run: opDoubleAtk, reads: argFilter, file: "ops_stats.go"},
	"gain-atk":                 {run: opGainAtk, reads: argN, what: oneOf(WhatTarget, WhatSelf), file: "ops_stats.go"},
	"gain-battle-opponent-atk": {run: opGainBattleOpponentAtk, file: "ops_stats.go"},
	"halve-original-atk":       {run: opHalveOriginalAtk, what: oneOf(WhatTarget), file: "ops_stats.go"},
	"halve-target-atk-def":     {run: opHalveTargetAtkDef, file: "ops_stats.go"},
	"lose-atk-shielded":        {run: opLoseAtkShielded, reads: argN, file: "ops_stats.go"},
	"mill-gain-atk":            {run: opMillGainAtk, reads: argN, what: numberArg, file: "ops_stats.go"},
	"stats-become":             {run: opStatsBecome, reads: argN, file: "ops_stats.go"},
	// ops_summon.go
	"allow-tribute":                    {run: opAllowTribute, file: "ops_summon.go"},
	"banish-self-and-summon-copy":      {run: opBanishSelfAndSummonCopy, file: "ops_summon.go"},
	"grant-sent-to-gy-trigger":         {run: opGrantSentToGyTrigger, file: "ops_summon.go"},
	"no-extra-summons":                 {run: opNoExtraSummons, file: "ops_summon.go"},
	"no-summons-this-turn":             {run: opNoSummonsThisTurn, file: "ops_summon.go"},
	"no-summons-until-your-draw":       {run: opNoSummonsUntilYourDraw, file: "ops_summon.go"},
	"special-summon":                   {run: opSpecialSummon, what: flagsOf(WhatTarget, WhatNegated, WhatNoSynchro), file: "ops_summon.go"},
	"special-summon-from-banished":     {run: opSpecialSummonFromBanished, reads: argFilter, file: "ops_summon.go"},
	"special-summon-from-deck":         {run: opSpecialSummonFromDeck, reads: argFilter, what: flagsOf(WhatNegated, WhatNoSynchro, WhatOptional, WhatIfDestroyed), traits: traitFromDeck, file: "ops_summon.go"},
	"special-summon-from-gy-each":      {run: opSpecialSummonFromGyEach, what: oneOf(WhatSet), file: "ops_summon.go"},
	"special-summon-from-hand-or-deck": {run: opSpecialSummonFromHandOrDeck, reads: argFilter, what: flagsOf(WhatHand, WhatOrGY, WhatNegated, WhatNoSynchro), traits: traitFromDeckOrHand, file: "ops_summon.go"},
	"special-summon-from-hand-or-gy":   {run: opSpecialSummonFromHandOrGy, reads: argFilter, file: "ops_summon.go"},
	"special-summon-from-own-gy":       {run: opSpecialSummonFromOwnGy, reads: argFilter, file: "ops_summon.go"},
	"special-summon-self":              {run: opSpecialSummonSelf, what: flagsOf(WhatDefense, WhatBanishOnLeave), file: "ops_summon.go"},
	"summon-self-as-monster":           {run: opSummonSelfAsMonster, what: oneOf(WhatDefense), file: "ops_summon.go"},
	"summon-tokens":                    {run: opSummonTokens, reads: argN | argTo, what: tokenArg, file: "ops_summon.go"},
	// ops_sweep.go
	"bounce-all":                   {run: opBounceAll, what: oneOf(WhatSpellTraps), file: "ops_sweep.go"},
	"destroy-highest":              {run: opDestroyHighest, reads: argTo, what: oneOf(WhatDEF), file: "ops_sweep.go"},
	"destroy-spell-traps-per-card": {run: opDestroySpellTrapsPerCard, reads: argFilter, file: "ops_sweep.go"},
	"lose-lp-per-summoned":         {run: opLoseLpPerSummoned, reads: argN, file: "ops_sweep.go"},
	"return-to-gy":                 {run: opReturnToGy, file: "ops_sweep.go"},
	// pairdestroy.go
	"add-then-destroy-pair": {run: opAddThenDestroyPair, reads: argFilter, what: flagsOf(WhatOptional), traits: traitChoosesOpponent, file: "pairdestroy.go"},
	// pendulum.go
	"cannot-special-summon": {readBy: "pendulumSummonable", file: "pendulum.go"},
	"no-lp-for-spells":      {readBy: "payDMCostForSpell", file: "pendulum.go"},
	// placed.go
	"place-as-continuous-spell": {run: opPlaceAsContinuousSpell, file: "placed.go"},
	"set-as-spell":              {readBy: "setAsSpell", file: "placed.go"},
	"set-negated-card":          {run: opSetNegatedCard, file: "placed.go"},
	// procedure.go
	"banish-own":              {check: checkBanishOwnCost, pay: payBanishOwnCost, reads: argN | argFilter, what: oneOf(WhatField, WhatGY, WhatFieldOrGY, WhatHandFieldOrGY), file: "procedure.go"},
	"normal-summon-condition": {readBy: "normalSummonAllowed", reads: argFilter, file: "procedure.go"},
	"reveal":                  {check: checkRevealCost, pay: payRevealCost, reads: argFilter, file: "procedure.go"},
	// rankup.go
	"rank-up-number": {run: opRankUpNumber, reads: argFilter, traits: traitProperSummon, file: "rankup.go"},
	// reflect.go
	"reflect-damage": {run: opReflectDamage, file: "reflect.go"},
	// replace.go
	"destroy-other-instead": {readBy: "cannotReplace", reads: argFilter, file: "replace.go"},
	// restrict.go
	"battle-indestructible":      {readBy: "battleProof", what: flagsOf(WhatNotFromExtra), file: "restrict.go"},
	"cannot-attack":              {readBy: "attackBanned", reads: argFilter, what: oneOf(WhatSelf, WhatOpponent, WhatAll), file: "restrict.go"},
	"destroyed-in-defense":       {readBy: "destroyIfDefense", file: "restrict.go"},
	"flip-monsters":              {run: opFlipMonsters, reads: argTo, file: "restrict.go"},
	"must-attack":                {readBy: "mustAttack", file: "restrict.go"},
	"no-attacks":                 {run: opNoAttacks, file: "restrict.go"},
	"no-battle-damage-involving": {readBy: "fieldDamageShield", reads: argFilter, file: "restrict.go"},
	"stays-for":                  {readBy: "staysFor", reads: argN, file: "restrict.go"},
	// ritual.go
	"ritual-extra-deck-materials": {run: opRitualExtraDeckMaterials, reads: argFilter, file: "ritual.go"},
	"ritual-summon":               {run: opRitualSummon, reads: argToFilter | argFilter, what: oneOf(WhatHandOrGY), traits: traitProperSummon, file: "ritual.go"},
	// rivalry.go
	"keep-one-type": {run: opKeepOneType, file: "rivalry.go"},
	"one-type-each": {readBy: "typeLock", file: "rivalry.go"},
	// rules.go
	"discard-mirror": {readBy: "mirrorDiscard", file: "rules.go"},
	// secondattack.go
	"second-attack-after-destroying": {readBy: "mayAttackAgain", file: "secondattack.go"},
	// selfsummon.go
	"banished-when-leaves": {readBy: "leaveRedirect", file: "selfsummon.go"},
	"hand-to-deck-top":     {check: checkHandToDeckTopCost, pay: payHandToDeckTopCost, file: "selfsummon.go"},
	"no-tribute-summon":    {readBy: "tributeRefused", what: oneOf(WhatSummonTurn), file: "selfsummon.go"},
	"return-self-to-hand":  {run: opReturnSelfToHand, file: "selfsummon.go"},
	// specialnegate.go
	"unique-face-up": {readBy: "uniqueBarred", file: "specialnegate.go"},
	// spellcounter.go
	"spell-counter-on-spells": {readBy: "spellWatchers", reads: argN, file: "spellcounter.go"},
	// summon.go
	"pay-to-place": {readBy: "payToPlace", reads: argN, file: "summon.go"},
	// summonalt.go
	"block-zones":             {readBy: "blockedMZ", reads: argN, file: "summonalt.go"},
	"extra-normal-summon":     {run: opExtraNormalSummon, file: "summonalt.go"},
	"summon-without-tributes": {readBy: "summonsWithoutTributes", reads: argN, file: "summonalt.go"},
	"tributes-as-lp":          {readBy: "tributesPaidInLP", reads: argN, file: "summonalt.go"},
	// summoncount.go
	"primal-being": {run: opPrimalBeing, what: tokenArg, file: "summoncount.go"},
	// summonnegate.go
	"negate-summon":   {run: opNegateSummon, what: oneOf(WhatSpecial, WhatAnySpecial), file: "summonnegate.go"},
	"no-deck-to-hand": {readBy: "searchBlocker", file: "summonnegate.go"},
	// summonreact.go
	"destroy-banish-summoned": {run: opDestroyBanishSummoned, reads: argFilter, file: "summonreact.go"},
	// summonwatch.go
	"draw-on-opponent-summons":     {run: opDrawOnOpponentSummons, file: "summonwatch.go"},
	"no-special-summons-this-turn": {run: opNoSpecialSummonsThisTurn, file: "summonwatch.go"},
	// synchrofx.go
	"gain-lp":             {run: opGainLp, reads: argN, what: oneOf(WhatIfDestroyed), file: "synchrofx.go"},
	"gain-lp-battled-atk": {run: opGainLpBattledAtk, file: "synchrofx.go"},
	"zero-atk-this-turn":  {run: opZeroAtkThisTurn, file: "synchrofx.go"},
	// synchromats.go
	"synchro-material-only":    {readBy: "synchroMaterialRefused", reads: argFilter, file: "synchromats.go"},
	"synchro-others-not-level": {readBy: "synchroMaterialsRefused", reads: argN, file: "synchromats.go"},
	// tagout.go
	"atk-when-tagged-in":       {readBy: "tagBoost", reads: argN, file: "tagout.go"},
	"shuffle-self-into-deck":   {pay: payShuffleSelf, file: "tagout.go"},
	"shuffle-target-into-deck": {run: opShuffleTargetIntoDeck, file: "tagout.go"},
	"special-summon-bound":     {run: opSpecialSummonBound, file: "tagout.go"},
	"tag-in":                   {run: opTagIn, reads: argN | argFilter, file: "tagout.go"},
	// targeted.go
	"destroyed-when-targeted": {readBy: "reaps", file: "targeted.go"},
	// tokens.go
	"damage-equal-taken":          {run: opDamageEqualTaken, file: "tokens.go"},
	"halve-summoned-atk":          {run: opHalveSummonedAtk, file: "tokens.go"},
	"token-to-summoners-opponent": {run: opTokenToSummonersOpponent, what: tokenArg, file: "tokens.go"},
	"token-with-damage-stats":     {run: opTokenWithDamageStats, what: tokenArg, file: "tokens.go"},
	// trapmon.go
	"negate-traps": {readBy: "trapNegator", file: "trapmon.go"},
	// xyz.go
	"attach-target":  {run: opAttachTarget, file: "xyz.go"},
	"detach":         {check: checkDetachCost, pay: payDetachCost, reads: argN, file: "xyz.go"},
	"return-to-hand": {run: opReturnToHand, what: oneOf(WhatTarget), file: "xyz.go"},
	// xyzfx.go
	"atk-boost-with-material": {readBy: "xyzBoost", reads: argN | argFilter, what: attrArg, file: "xyzfx.go"},
	"by-position":             {run: opByPosition, reads: argN, what: numberArg, file: "xyzfx.go"},
	"lock-opponent-gy":        {run: opLockOpponentGy, file: "xyzfx.go"},
	// zones.go
	"graveyard-lock":                 {readBy: "graveyardLock", file: "zones.go"},
	"opponent-cannot-banish-from-gy": {readBy: "gyBanishLock", file: "zones.go"},
	"to-deck-instead-of-gy":          {readBy: "moveTo", file: "zones.go"},
	// no reader yet
	"bounce-becomes-banish": {readBy: "handBanisher", file: "banishinstead.go"},
}
