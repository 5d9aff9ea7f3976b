package web

import (
	"fmt"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"

	"substep/quizzes"
	"substep/rulings"
	"substep/rulings/domain"
)

// A certification question's situation is shown to the candidate, and the
// site has two tools that answer such a thing: the deck checker (a deck
// question's list) and the replay tools (a scenario, which a script can
// rewrite from the narrated steps and the board). Both refuse a
// certification question's own input, naming why, so a test cannot be
// answered by pasting it.

// sealedText is the checker's answer to a certification question's deck.
const sealedDeckText = "This deck is one of the judge certification's questions, or a few cards away from one, so the checker keeps its verdict to itself. Change the list, or practise on the practice quizzes."

// sealedDecks knows the certification questions' decks, made once from
// the checked banks: the checker does not judge them, nor a list a script
// makes of one with a card or two changed (one more Side Deck card, a copy
// swapped), unless it is nearer a practice question's deck; or a
// candidate could paste a test's deck into it.
type sealedDecks struct {
	once  sync.Once
	decks *quizzes.Seal
	// situations knows the certification situations and the ones anyone
	// may replay (practice, the bundled scenarios): made once.
	situationsOnce sync.Once
	situations     *quizzes.Seal
}

// deckSlack and deckPadding are how many cards a list may lack, and add,
// to a certification deck of n cards and still be refused as that deck: a
// tenth of it, at least 2 and 4. A visitor's own deck seldom comes within
// a few cards of a test's.
func deckSlack(n int) int   { return max(2, n/10) }
func deckPadding(n int) int { return max(4, n/10) }

// deckFeatures is a checked deck (its ydke:// link and Deck Master's
// passcode, 0 for none) as features: the Deck Master and each part's
// passcodes (nil when no card was recognised).
func deckFeatures(ydke string, master uint32) quizzes.Features {
	d, err := domain.ParseYDKE(ydke)
	if err != nil || len(d.Main)+len(d.Extra)+len(d.Side) == 0 {
		return nil
	}
	f := quizzes.Features{fmt.Sprint("master ", master): 1}
	for part, codes := range map[string][]uint32{"main": d.Main, "extra": d.Extra, "side": d.Side} {
		for _, c := range codes {
			f[fmt.Sprint(part, " ", c)]++
		}
	}
	return f
}

// isSealedDeck reports whether a checked deck (its ydke:// link and Deck
// Master's passcode: pools.Result's, or domain.Result's for the Domain
// checker) is a certification question's deck, or one near it (deckSlack,
// deckPadding) and no nearer a practice question's. It waits for the
// banks at start-up; a server without quizzes seals none.
func (s *Server) isSealedDeck(c echo.Context, ydke string, master uint32) (bool, error) {
	if s.d.Quiz == nil || s.d.Quiz.Banks == nil {
		return false, nil
	}
	set, err := s.banks(c)
	if err != nil {
		return false, err
	}
	s.sealed.once.Do(func() {
		s.sealed.decks = quizzes.NewSeal(deckSlack, deckPadding)
		for _, b := range set.Banks() {
			shown := b.Practice()
			for _, q := range b.Questions {
				_, onPage := shown.Question(q.ID)
				if q.Deck == "" || (q.Pool != quizzes.PoolCertification && !onPage) {
					continue
				}
				r, err := s.d.Checker.Check(b.Format, "", []byte(q.Deck), q.DeckMaster)
				f := deckFeatures(r.YDKE, r.Master)
				switch {
				case err != nil || f == nil:
				case q.Pool == quizzes.PoolCertification:
					s.sealed.decks.AddCert(q.ID, f)
				default:
					s.sealed.decks.AddOpen(f)
				}
			}
		}
	})
	_, refused := s.sealed.decks.RefusesFeatures(deckFeatures(ydke, master))
	return refused, nil
}

// sealedSituationText is the replay tools' answer to a certification
// question's situation.
const sealedSituationText = "This situation is one of the judge certification's questions, or close to one, so the replay tools keep its outcome to themselves. Change the scenario, or practise on the practice quizzes."

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
