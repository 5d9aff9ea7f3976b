package web

import (
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"

	"substep/pools"
	"substep/quizzes"
	"substep/rulings"
)

// A certification question's situation is shown to the candidate, and the
// site has two tools that answer such a thing: the deck checker (a deck
// question's list) and the replay tools (a scenario, which a script can
// rewrite from the narrated steps and the board). Both refuse a
// certification question's own input, naming why, so a test cannot be
// answered by pasting it.

// sealedText is the checker's answer to a certification question's deck.
const sealedDeckText = "This deck is one of the judge certification's questions, so the checker keeps its verdict to itself. Change the list, or practise on the practice quizzes."

// sealedDecks is the set of the certification questions' decks (by
// pools.Result.DeckKey), made once from the checked banks: the checker
// does not judge them, or a candidate could paste a test's deck into it.
type sealedDecks struct {
	once sync.Once
	keys map[string]bool
	// situations knows the certification situations and the ones anyone
	// may replay (practice, the bundled scenarios): made once.
	situationsOnce sync.Once
	situations     *quizzes.Seal
}

// isSealedDeck reports whether res checked a certification question's deck.
// It waits for the banks at start-up; a server without quizzes seals none.
func (s *Server) isSealedDeck(c echo.Context, res pools.Result) (bool, error) {
	if s.d.Quiz == nil || s.d.Quiz.Banks == nil {
		return false, nil
	}
	set, err := s.banks(c)
	if err != nil {
		return false, err
	}
	s.sealed.once.Do(func() {
		s.sealed.keys = map[string]bool{}
		for _, b := range set.Banks() {
			format := b.Format
			for _, q := range b.InPool(quizzes.PoolCertification).Questions {
				if q.Deck == "" {
					continue
				}
				r, err := s.d.Checker.Check(format, "", []byte(q.Deck), q.DeckMaster)
				if k := r.DeckKey(); err == nil && k != "" {
					s.sealed.keys[k] = true
				}
			}
		}
	})
	k := res.DeckKey()
	return k != "" && s.sealed.keys[k], nil
}

// sealedSituationText is the replay tools' answer to a certification
// question's situation.
const sealedSituationText = "This situation is one of the judge certification's questions, so the replay tools keep its outcome to themselves. Change the scenario, or practise on the practice quizzes."

// isSealedSituation reports whether sc plays a certification question's
// situation, or a variant of one a script makes from what an attempt shows
// (quizzes.Seal: another order within a zone, one more card, another LP, one
// more pass, the players' letters swapped), and is no nearer a situation
// anyone may replay (a practice question's, a bundled scenario). It waits
// for the banks at start-up; a server without quizzes seals none.
func (s *Server) isSealedSituation(c echo.Context, sc *rulings.Scenario) (bool, error) {
	if s.d.Quiz == nil || s.d.Quiz.Banks == nil {
		return false, nil
	}
	set, err := s.banks(c)
	if err != nil {
		return false, err
	}
	s.sealed.situationsOnce.Do(func() {
		var open []*rulings.Scenario
		if s.d.Replay != nil {
			open = s.d.Replay.Scenarios
		}
		s.sealed.situations = set.Seal(open...)
	})
	_, refused := s.sealed.situations.Refuses(sc)
	return refused, nil
}

// sealedJSON is the API's refusal of a sealed deck or situation.
func sealedJSON(c echo.Context, msg string) error {
	return c.JSON(http.StatusForbidden, map[string]any{"error": msg, "status": http.StatusForbidden})
}
