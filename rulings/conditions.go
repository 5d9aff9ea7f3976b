package rulings

// The `when:` conditions of the vocabulary: when a trigger activates, what
// an activated effect needs, what a Summon procedure needs, and the Damage
// Step timing a card names (`timing:`). Each condition is a When constant
// and one entry in conditions, which says what it means and, where
// something is asked besides its event, the function that asks it: an
// activation requirement (check, when.go), a Summon procedure's condition
// (proc, procedure.go and mustfirst.go), a mandatory trigger tied to a Phase
// (phase: phasetrigger.go), a requirement a monster destroyed by battle meets
// (event: categories, chain.go). The loader refuses any other condition.
// The interpreter writes conditions only as these constants
// (TestNoStringWhen): a string literal of type When may appear only in a
// constant's declaration. A trigger condition is set off where its event
// happens (grep its constant).

// When is an effect's `when:` (or `timing:`) condition.
type When string

// The conditions that have no constant in their room's file.
const (
	WhenNormalSummoned               When = "normal-summoned"
	WhenTributeSummoned              When = "tribute-summoned"
	WhenSummoned                     When = "summoned"
	WhenSpecialSummoned              When = "special-summoned"
	WhenSentToGY                     When = "sent-to-gy"
	WhenSentToGYFromField            When = "sent-to-gy-from-field"
	WhenMonsterSummoned              When = "monster-summoned"
	WhenOpponentAttackDeclared       When = "opponent-attack-declared"
	WhenOpponentDirectAttack         When = "opponent-direct-attack"
	WhenAttackOnDefense              When = "attack-on-defense"
	WhenStandby                      When = "standby"
	WhenDirectBattleDamage           When = "direct-battle-damage"
	WhenOpponentHand4                When = "opponent-hand-4"
	WhenOwnMonsterBattles            When = "own-monster-battles"
	WhenSpellTrapActivated           When = "spell-trap-activated"
	WhenTrapActivated                When = "trap-activated"
	WhenSpellActivated               When = "spell-activated"
	WhenSummon                       When = "summon"
	WhenMonsterEffectActivated       When = "monster-effect-activated"
	WhenOpponentActivated            When = "opponent-activated"
	WhenDestroyingEffectActivated    When = "destroying-effect-activated"
	WhenLightMonsterBattles          When = "light-monster-battles"
	WhenSpecialSummonActivated       When = "special-summon-activated"
	WhenSentFromHandToGY             When = "sent-from-hand-to-gy"
	WhenEndPhaseIfSentToGY           When = "end-phase-if-sent-to-gy"
	WhenEndPhaseInGY                 When = "end-phase-in-gy"
	WhenOwnMonsterDestroyedToGY      When = "own-monster-destroyed-to-gy"
	WhenMainPhase                    When = "main-phase"
	WhenOwnMonsterBounced            When = "own-monster-bounced"
	WhenTrapDestroyingActivated      When = "trap-destroying-activated"
	WhenLeavesField                  When = "leaves-field"
	WhenSynchroSummoned              When = "synchro-summoned"
	WhenXyzSummoned                  When = "xyz-summoned"
	WhenFusionSummoned               When = "fusion-summoned"
	WhenRitualSummoned               When = "ritual-summoned"
	WhenPendulumSummoned             When = "pendulum-summoned"
	WhenEndPhase                     When = "end-phase"
	WhenOpponentStandby              When = "opponent-standby"
	WhenTributed                     When = "tributed"
	WhenStandbyInGY                  When = "standby-in-gy"
	WhenOtherMonsterSummoned         When = "other-monster-summoned"
	WhenBattleDamageTakenNoCards     When = "battle-damage-taken-no-cards"
	WhenDestroyedWhileEquipped       When = "destroyed-while-equipped"
	WhenOpponentTurnLP1000           When = "opponent-turn-lp-1000"
	WhenLPPaid                       When = "lp-paid"
	WhenCardLeftGYByOpponent         When = "card-left-gy-by-opponent"
	WhenOpponentSpellActivated       When = "opponent-spell-activated"
	WhenDamageToYouActivated         When = "damage-to-you-activated"
	WhenActivationOncePerChain       When = "activation-once-per-chain"
	WhenEndPhaseAfterBattleKill      When = "end-phase-after-battle-kill"
	WhenSpiritEndPhase               When = "spirit-end-phase"
	WhenSummonOrSpecialActivated     When = "summon-or-special-activated"
	WhenOpponentWouldSpecialSummon   When = "opponent-would-special-summon"
	WhenEffectDamageTakenNoCards     When = "effect-damage-taken-no-cards"
	WhenBattleDamageTaken            When = "battle-damage-taken"
	WhenExactlyThreeDarkInGY         When = "exactly-three-dark-in-gy"
	WhenFourLightswornNamesInGY      When = "four-lightsworn-names-in-gy"
	WhenControlAnotherBlackwing      When = "control-another-blackwing"
	WhenOpponentMainPhase            When = "opponent-main-phase"
	WhenTwoCardsInAColumn            When = "two-cards-in-a-column"
	WhenOpponentSummonedFive         When = "opponent-summoned-five"
	WhenTookBattleDamage             When = "took-battle-damage"
	WhenOwnTurnNotSentThisTurn       When = "own-turn-not-sent-this-turn"
	WhenYouControlNoMonsters         When = "you-control-no-monsters"
	WhenOnlyOpponentControlsMonsters When = "only-opponent-controls-monsters"
	WhenLinkSummoned                 When = "link-summoned"        // set off by linkSummon (link.go)
	WhenTargetedByOpponent           When = "targeted-by-opponent" // queued by pushLink (chain.go)
)

// condition is one `when:` condition's entry.
type condition struct {
	about string    // what it means (error messages, SCENARIOS.md)
	check whenCheck // an activation requirement: is it met now (conditionMet, chain.go)
	// proc is a Summon procedure's condition (procedureSummon, procedure.go).
	proc  func(d *duel, p int, c *inst) bool
	phase bool // a mandatory trigger tied to a point of a Phase (retryPhaseTrigger, phasetrigger.go)
	// event: an activation requirement that a monster destroyed by battle
	// and sent to the Graveyard at the end of the Damage Step meets: a card
	// with one ("Michizure") may be activated at a timing that allows
	// AllowMetRequirement (edison-battle-phase#timing-7). A Summon there does
	// not open the way for "Torrential Tribute"
	// (battle-phase-reference#damage-step-example-3).
	event bool
}

// conditions is the registry of `when:` conditions: what each condition
// means (about), and where it is checked when something asks more than its
// event. No function of an entry may reach a reader of the registry: Go
// would refuse the cycle in this initialiser (filterTerms has such a cycle
// and is set by init).
var conditions = map[When]condition{
	WhenNormalSummoned:             {about: "this card is Normal Summoned"},
	WhenTributeSummoned:            {about: "this card is Tribute Summoned"},
	WhenSummoned:                   {about: "this card is Summoned"},
	WhenSpecialSummoned:            {about: "this card is Special Summoned"},
	WhenSentToGY:                   {about: "this card is sent to the Graveyard"},
	TrigDestroyedAnyToGY:           {about: "this card is destroyed (by battle or by a card effect or game mechanics) and sent to the Graveyard (geartown.go)"},
	WhenSentToGYFromField:          {about: "this card is sent from the field to the Graveyard"},
	WhenMonsterSummoned:            {about: "a monster is Summoned", check: whenMonsterSummoned},
	WhenOpponentAttackDeclared:     {about: "an opponent's monster declares an attack", check: whenAttackDeclared},
	WhenOpponentDirectAttack:       {about: "an opponent's monster attacks directly", check: whenAttackDeclared},
	WhenAttackOnDefense:            {about: "an opponent's monster attacks a Defense Position monster you control", check: whenAttackOnDefense},
	WhenStandby:                    {about: "your Standby Phase", check: whenStandby},
	TrigFlip:                       {about: "this card is flipped face-up"},
	TrigStartOfDamageStep:          {about: "at the start of the Damage Step", check: whenOwnBattleTiming},
	TrigBeforeCalc:                 {about: "before damage calculation", check: whenOwnBattleTiming},
	TrigDamageCalc:                 {about: "during damage calculation", check: whenOwnBattleTiming},
	TrigBattleDamage:               {about: "this card inflicts battle damage to the opponent"},
	WhenDirectBattleDamage:         {about: "this card inflicts battle damage to the opponent by a direct attack"},
	TrigDestroysToGY:               {about: "this card destroys an opponent's monster by battle and sends it to the Graveyard"},
	TrigDestroysToGYFaceUp:         {about: "this face-up card destroys an opponent's monster by battle and sends it to the Graveyard"},
	TrigAttackedInAttack:           {about: "this Attack Position card is attacked by an opponent's monster"},
	WhenOpponentHand4:              {about: "your opponent has 4 or more cards in their hand", check: whenOpponentHand4},
	WhenOwnMonsterBattles:          {about: "a monster you control that matches the effect's battler filter battles", check: whenOwnMonsterBattles},
	TrigAfterCalc:                  {about: "after damage calculation, if this card battled"},
	TrigDestroyedByBattle:          {about: "this card is destroyed by battle"},
	TrigDestroyedToGY:              {about: "this card is destroyed by battle and sent to the Graveyard"},
	TrigEndOfDamageStep:            {about: "at the end of the Damage Step"},
	WhenSpellTrapActivated:         {about: "a Spell or Trap Card is activated", check: whenSpellTrapActivated},
	WhenTrapActivated:              {about: "a Trap Card is activated", check: whenTrapActivated},
	WhenCanLoseAtkDef:              {about: "this card has the ATK and DEF its effect makes it lose", check: whenCanLoseAtkDef},
	WhenDrawEffectActivated:        {about: "an effect that only draws cards is activated", check: whenDrawEffectActivated},
	TrigLastWill:                   {about: "the first time this turn, after \"Last Will\" resolved, a monster its player controlled goes to the Graveyard"},
	WhenSpecialSummonOrActivated:   {about: "a monster would be Special Summoned, or a card or effect that would Special Summon one is activated", check: whenSpecialSummonOrActivated},
	trigDestroyedByOppEffect:       {about: "this card is destroyed by an opponent's card effect and sent to the Graveyard"},
	WhenSpellActivated:             {about: "a Spell Card is activated", check: whenSpellActivated},
	WhenSummon:                     {about: "a monster would be Summoned, or a Spell or Trap Card is activated", check: whenSpellTrapActivated},
	WhenMonsterEffectActivated:     {about: "a monster effect is activated", check: whenMonsterEffectActivated},
	WhenOpponentActivated:          {about: "your opponent activates a card or effect", check: whenOpponentActivated},
	WhenDestroyingEffectActivated:  {about: "a card or effect that would destroy a monster on the field is activated", check: whenDestroyingActivated},
	WhenLightMonsterBattles:        {about: "a LIGHT monster you control battles", check: whenLightMonsterBattles},
	WhenSpecialSummonActivated:     {about: "a card or effect that would Special Summon a monster is activated", check: whenSpecialSummonActivated},
	WhenSentFromHandToGY:           {about: "this card is sent from the hand to the Graveyard"},
	WhenEndPhaseIfSentToGY:         {about: "the End Phase of a turn this card was sent to the Graveyard"},
	WhenEndPhaseInGY:               {about: "the End Phase, while this card is in the Graveyard and you did not Normal Summon or Set this turn"},
	WhenOwnMonsterDestroyedToGY:    {about: "a monster you control is destroyed and sent to the Graveyard", check: whenOwnMonsterDestroyedToGY, event: true},
	WhenMainPhase:                  {about: "a Main Phase", check: whenMainPhase},
	WhenOwnMonsterBounced:          {about: "a monster you control is returned to your hand by an opponent's card effect", check: whenOwnMonsterBounced},
	WhenTrapDestroyingActivated:    {about: "an opponent activates a card or effect that would destroy a Trap Card you control", check: whenTrapDestroyingActivated},
	WhenLeavesField:                {about: "this card leaves the field"},
	WhenSynchroSummoned:            {about: "this card is Synchro Summoned"},
	WhenXyzSummoned:                {about: "this card is Xyz Summoned"},
	WhenFusionSummoned:             {about: "this card is Fusion Summoned"},
	WhenRitualSummoned:             {about: "this card is Ritual Summoned"},
	WhenPendulumSummoned:           {about: "this card is Pendulum Summoned"},
	WhenEndPhase:                   {about: "your End Phase", check: whenEndPhase, phase: true},
	WhenOpponentStandby:            {about: "each of your opponent's Standby Phases"},
	WhenTributed:                   {about: "this card is Tributed"},
	WhenStandbyInGY:                {about: "your Standby Phase, while this card is in your Graveyard"},
	WhenOtherMonsterSummoned:       {about: "another monster is Normal or Special Summoned, except by this card"},
	WhenBattleDamageTakenNoCards:   {about: "you take battle damage while you control no cards (this card in your hand)"},
	WhenDestroyedWhileEquipped:     {about: "this card is destroyed by a card effect while it equips a monster (equip.go)"},
	WhenOpponentTurnLP1000:         {about: "your opponent's turn, while you have 1000 Life Points or less (lastturn.go)", check: whenOpponentTurnLP1000},
	WhenLPPaid:                     {about: "you pay Life Points, for any cost (lppaid.go)"},
	WhenCardLeftGYByOpponent:       {about: "a card leaves a Graveyard by an opponent's action (gyleft.go)"},
	WhenOpponentSpellActivated:     {about: "your opponent activates a Spell Card", check: whenOpponentSpellActivated},
	WhenDamageToYouActivated:       {about: "an opponent's card or effect that would inflict damage to you is activated (reflect.go)", check: whenDamageToYou},
	WhenActivationOncePerChain:     {about: "a Spell or Trap Card or a monster effect is activated, and this card has not yet answered one in this chain (oncechain.go)", check: whenActivationOncePerChain},
	WhenEndPhaseAfterBattleKill:    {about: "the End Phase of a turn this card destroyed an opponent's monster by battle (levelup.go)"},
	WhenSpiritEndPhase:             {about: "the End Phase of a turn this Spirit monster was Normal Summoned or flipped face-up (spirit.go)", phase: true},
	WhenCardDestroying:             {about: "a card or effect that would destroy a card on the field is activated", check: whenCardDestroyingActivated},
	WhenSpellTrapTargetsOnePsychic: {about: "a Spell or Trap Card is activated that targets exactly 1 Psychic-Type monster", check: whenSpellTrapTargetsOnePsychic},
	TrigOppDestroyedToGY:           {about: "this card is destroyed by an opponent's card (by battle or effect) and sent to the Graveyard"},
	TrigEndPhaseSelfTributed:       {about: "the End Phase of a turn this card was Tributed for its own effect"},
	TrigBattlePhaseEnd:             {about: "at the end of the Battle Phase, if this card battled"},
	TrigTaggedIn:                   {about: "this card is Special Summoned by the effect of a \"Gladiator Beast\" monster"},
	TrigEndOfBattlePhase:           {about: "this card is face-up on the field at the end of a Battle Phase (battleend.go)"},
	WhenLinkSummoned:               {about: "this card is Link Summoned (link.go)"},
	WhenTargetedByOpponent:         {about: "an opponent's card or effect targets this card (chain.go: pushLink)"},
	// summonnegate.go
	WhenSummonOrSpecialActivated:   {about: "a monster would be Summoned, or a card or effect that would Special Summon is activated", check: whenSummonOrSpecialActivated},
	WhenOpponentWouldSpecialSummon: {about: "your opponent would Special Summon a monster by a Summon that starts no chain", check: whenOpponentWouldSpecialSummon},
	// tokens.go, selfsummon.go
	WhenEffectDamageTakenNoCards: {about: "you take effect damage from an opponent's card while you control no cards (this card in your hand)"},
	WhenBattleDamageTaken:        {about: "you take battle damage (this card in your hand)"},
	// battlefx.go
	TrigDestroys: {about: "this card destroys an opponent's monster by battle, even if this card has left the field"},
	// destroyedby.go
	trigDestroyedByOpponent: {about: "this card in your possession is destroyed by an opponent's card (by battle or by its effect) and sent to your Graveyard"},
	// Summon procedures of retro staples (mustfirst.go)
	WhenExactlyThreeDarkInGY:    {about: "exactly 3 DARK monsters are in your Graveyard", proc: procThreeDarkInGY},
	WhenFourLightswornNamesInGY: {about: "4 or more \"Lightsworn\" monsters with different names are in your Graveyard", proc: procFourLightswornInGY},
	WhenControlAnotherBlackwing: {about: "you control another face-up \"Blackwing\" monster", proc: procAnotherBlackwing},
	WhenOpponentMainPhase:       {about: "your opponent's Main Phase", check: whenOpponentMainPhase},
	WhenTwoCardsInAColumn:       {about: "2 or more cards are in the same column (yours and the facing player's)", proc: procColumn},
	WhenOpponentSummonedFive:    {about: "the Main Phase, after an opponent Normal or Special Summoned 5 or more monsters this turn", check: whenOpponentSummonedFive},
	WhenTookBattleDamage:        {about: "you take battle damage from an opponent's attacking monster", check: whenTookBattleDamage},
	WhenOwnTurnNotSentThisTurn:  {about: "your turn, except the turn this card was sent to the Graveyard", check: whenOwnTurnNotSentThisTurn},
	// Summon procedures (procedure.go)
	WhenYouControlNoMonsters:         {about: "you control no monsters", proc: procNoMonsters},
	WhenOnlyOpponentControlsMonsters: {about: "you control no monsters and your opponent controls one (with several opponents, at least one of them)", proc: procOnlyOpponentMonsters},
}
