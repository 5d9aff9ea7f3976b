package rulings

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// Key names the situation s plays, however its file is written: the
// header that changes play (turn, phase, players, teams, match, limits),
// every starting card with its state in zone order, and the actions as
// Narrate tells them. Titles, notes, comments, expectations, formats and
// line numbers do not count, so two files that differ only in those share
// a key. The quiz banks use it to know a certification situation when
// someone pastes it into the replay tools.
func (s *Scenario) Key() string {
	h := sha256.New()
	fmt.Fprintf(h, "turn %d %d %s\nplayers %v %v\nmatch %v %v\nlimits %v\n", s.Turn, s.TurnNumber, s.Phase, s.Names, s.Teams, s.Match, s.ExtraDuel, s.Limits)
	for i, p := range s.Players {
		fmt.Fprintf(h, "player %d lp %d\n", i, p.LP)
		for _, z := range [][]CardSpec{p.Hand, p.Deck, p.GY, p.Banished, p.Monsters, p.Spells, p.Field, p.Extra, p.DeckMaster} {
			var b strings.Builder
			for _, c := range z {
				name := ""
				if c.Card != nil {
					name = c.Card.Name
				}
				c.Card, c.Line = nil, 0
				fmt.Fprintf(&b, "%s %+v; ", name, c)
			}
			fmt.Fprintln(h, b.String())
		}
	}
	for _, n := range Narrate(s) {
		fmt.Fprintln(h, n.Text)
	}
	return hex.EncodeToString(h.Sum(nil))
}
