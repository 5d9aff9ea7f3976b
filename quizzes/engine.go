package quizzes

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"substep/pools"
	"substep/rulings"
	"substep/rulings/domain"
)

// rulingsEngine answers questions with Substep's rules engine, and deck
// questions with the Domain deck checker over the same catalogue.
type rulingsEngine struct {
	cat *rulings.Catalogue

	once  sync.Once
	decks domain.CardSource

	poolOnce sync.Once
	poolSet  *pools.Set // the pools to check decks in (nil: pools.Default)
	pools    *pools.Checker
	poolErr  error
}

// NewEngine returns the Engine backed by the rulings package: it parses
// the scenario, replays it under the format's profile and asks the query
// with (*rulings.Timeline).Ask. cat resolves card names (nil: the embedded
// catalogue). It is also a Parser (a scenario parsed once is replayed under
// every format) and a DeckChecker over the catalogue's cards converted as
// internal/cardsdb does; an app that has a card database wires that one
// with WithDecks.
func NewEngine(cat *rulings.Catalogue) Engine {
	if cat == nil {
		cat, _ = rulings.DefaultCatalogue() // on error, Replay reports it
	}
	return &rulingsEngine{cat: cat}
}

// NewEngineWithPools is NewEngine checking deck questions in set, the
// pools a server has already loaded, instead of loading them again.
func NewEngineWithPools(cat *rulings.Catalogue, set *pools.Set) Engine {
	e := NewEngine(cat).(*rulingsEngine)
	e.poolSet = set
	return e
}

func (e *rulingsEngine) catalogue() (*rulings.Catalogue, error) {
	if e.cat != nil {
		return e.cat, nil
	}
	return rulings.DefaultCatalogue()
}

func (e *rulingsEngine) Replay(format, scenario, query string) (Replay, error) {
	p, err := e.Parse(scenario)
	if err != nil {
		return Replay{}, err
	}
	return p.Replay(format, query)
}

// Parse parses a scenario once; the result replays it under any format,
// each format's timeline computed once.
func (e *rulingsEngine) Parse(scenario string) (Parsed, error) {
	cat, err := e.catalogue()
	if err != nil {
		return nil, err
	}
	s, err := rulings.ParseScenario("question", []byte(scenario), cat)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return &parsedScenario{s: s, narration: rulings.Narrate(s), key: s.Key(), replays: map[string]replayed{}}, nil
}

// parsedScenario is a parsed scenario with its timelines by format.
type parsedScenario struct {
	s         *rulings.Scenario
	narration []rulings.Narration
	key       string
	mu        sync.Mutex
	replays   map[string]replayed
}

type replayed struct {
	t     *rulings.Timeline
	steps []Step
	start *rulings.State
	err   error
}

func (p *parsedScenario) timeline(format string) replayed {
	p.mu.Lock()
	defer p.mu.Unlock()
	if r, ok := p.replays[format]; ok {
		return r
	}
	var r replayed
	// Bundled questions, each replayed once and kept: no request's context.
	prof, ok := rulings.ProfileByID(format)
	if !ok {
		r.err = fmt.Errorf("no format %q", format)
	} else if t := rulings.Replay(context.Background(), p.s, prof, nil); t.Error != nil {
		r.err = fmt.Errorf("replay: %w", t.Error)
	} else {
		for _, x := range t.Expectations {
			if !x.OK {
				r.err = fmt.Errorf("scenario line %d: expected %s = %s, the replay gives %s", x.Line, x.Query, x.Want, x.Got)
				break
			}
		}
		if r.err == nil {
			r.t, r.steps = t, steps(t)
			if st := t.Steps(); len(st) > 0 && st[0].Line == 0 {
				r.start = st[0].State
			}
		}
	}
	p.replays[format] = r
	return r
}

func (p *parsedScenario) Replay(format, query string) (Replay, error) {
	r := p.timeline(format)
	if r.err != nil {
		return Replay{}, r.err
	}
	ans, err := r.t.Ask(query)
	if err != nil {
		return Replay{}, err
	}
	return Replay{Answer: ans, Steps: r.steps, Start: r.start, Narration: p.narration, Key: p.key, Scenario: p.s}, nil
}

// CheckDeck checks a Domain deck list against the catalogue's cards.
func (e *rulingsEngine) CheckDeck(deck, master string) (domain.Result, error) {
	if e.index() == nil {
		return domain.Result{}, fmt.Errorf("no card catalogue for the deck checker")
	}
	return NewDeckChecker(e.decks).CheckDeck(deck, master)
}

// CheckPoolDeck checks a deck list against a format's card pool (the
// embedded pools), with the catalogue's cards for card types.
func (e *rulingsEngine) CheckPoolDeck(format, deck string) (pools.Result, error) {
	e.poolOnce.Do(func() {
		set := e.poolSet
		if set == nil {
			var err error
			if set, err = pools.Default(); err != nil {
				e.poolErr = err
				return
			}
		}
		e.pools = &pools.Checker{Set: set}
		if ix := e.index(); ix != nil {
			e.pools.Cards = ix
		}
	})
	if e.poolErr != nil {
		return pools.Result{}, e.poolErr
	}
	return e.pools.Check(format, "question.txt", []byte(deck), "")
}

// index is the Domain deck checker's view of the catalogue's cards,
// built once (nil when there is no catalogue).
func (e *rulingsEngine) index() domain.CardSource {
	e.once.Do(func() {
		cat, err := e.catalogue()
		if err != nil {
			return
		}
		var facts []domain.Facts
		for _, c := range cat.Cards() {
			facts = append(facts, domain.Facts{
				Name: c.Name, Passcode: c.Passcode, Kind: string(c.Kind), Subtypes: c.Subtypes,
				Attribute: c.Attribute, Type: c.Type, Level: c.Level, Rank: c.Rank, Link: c.LinkRating, Arrows: c.LinkArrows, Scale: c.PendulumScale(),
				ATK: c.ATK, DEF: c.DEF,
				Archetypes: c.Archetypes, Text: c.Text,
			})
		}
		cards, _ := domain.FromFacts(facts, nil)
		e.decks = domain.NewIndex(cards, nil)
	})
	if e.decks == nil {
		return nil
	}
	return e.decks
}

// steps turns the timeline's events into lines a person reads.
func steps(t *rulings.Timeline) []Step {
	var out []Step
	for _, ev := range t.Events {
		where := []string{fmt.Sprintf("Turn %d", ev.Turn)}
		for _, w := range []string{ev.Phase, ev.Step, ev.Timing} {
			if w != "" {
				where = append(where, w)
			}
		}
		text := ev.Text
		if ev.Line > 0 {
			text = fmt.Sprintf("line %d: %s", ev.Line, text)
		}
		if ev.Assumed {
			text += " (assumed as today's rule: the format's source does not say)"
		}
		out = append(out, Step{Where: strings.Join(where, " · "), Text: text, Rule: ev.Rule})
	}
	return out
}
