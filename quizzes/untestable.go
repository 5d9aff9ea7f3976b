package quizzes

// Untestable lists, by page#anchor, the rule sections no certification
// question can test honestly, each with the reason: what they state is
// tournament policy or online courtesy (how quickly to reveal, what to
// skip online), which no replay, deck check or rule switch computes, so
// any answer would be the author's word and not the engine's. The anchor
// coverage test accepts exactly these as short: it logs each with its
// reason, and fails when one names no anchor or has come to be covered.
var Untestable = map[string]string{
	"goat-07#policy": "tournament policy on how a reveal is done (quickly, not to study the cards): conduct, not a game state a replay reaches",
	"goat-07#online": "online courtesy of skipping the reveal: a custom of online play that changes no game state, so no replay or deck check can compute it",
}
