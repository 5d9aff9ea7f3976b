package rulings

import "fmt"

// Costs that send cards from the top of the Deck ("Charge of the Light
// Brigade": send the top 3 cards of your Deck to the Graveyard).

// checkMillCost: `mill` as a cost needs `n` cards in the Deck.
func checkMillCost(cc costCall) bool {
	if n := max(cc.o.N, 1); len(cc.d.pl[cc.p].deck) < n {
		return cc.illegal("%s must send the top %d cards of the Deck to the Graveyard and %s has %d", cc.c.name(), n, cc.d.pn(cc.p), len(cc.d.pl[cc.p].deck))
	}
	return true
}

// payMillCost sends the top `n` cards of the Deck to the Graveyard.
func payMillCost(cc costCall) ([]string, bool) {
	n := max(cc.o.N, 1)
	for i := 0; i < n && len(cc.d.pl[cc.p].deck) > 0; i++ {
		cc.d.moveTo(cc.d.pl[cc.p].deck[0], locGY, "sent from the top of the Deck as a cost")
	}
	return []string{fmt.Sprintf("send the top %d cards of the Deck", n)}, true
}
