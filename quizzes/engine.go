package quizzes

import (
	"fmt"
	"strings"

	"substep/rulings"
)

// rulingsEngine answers questions with Substep's rules engine.
type rulingsEngine struct {
	cat *rulings.Catalogue
}

// NewEngine returns the Engine backed by the rulings package: it parses
// the scenario, replays it under the format's profile and asks the query
// with (*rulings.Timeline).Ask. cat resolves card names (nil: the embedded
// catalogue).
func NewEngine(cat *rulings.Catalogue) Engine {
	if cat == nil {
		cat, _ = rulings.DefaultCatalogue() // on error, Replay reports it
	}
	return rulingsEngine{cat: cat}
}

func (e rulingsEngine) Replay(format, scenario, query string) (Replay, error) {
	if e.cat == nil {
		cat, err := rulings.DefaultCatalogue()
		if err != nil {
			return Replay{}, err
		}
		e.cat = cat
	}
	p, ok := rulings.ProfileByID(format)
	if !ok {
		return Replay{}, fmt.Errorf("no format %q", format)
	}
	s, err := rulings.ParseScenario("question", []byte(scenario), e.cat)
	if err != nil {
		return Replay{}, fmt.Errorf("scenario: %w", err)
	}
	t := rulings.Replay(s, p)
	if t.Error != nil {
		return Replay{}, fmt.Errorf("replay: %w", t.Error)
	}
	for _, x := range t.Expectations {
		if !x.OK {
			return Replay{}, fmt.Errorf("scenario line %d: expected %s = %s, the replay gives %s", x.Line, x.Query, x.Want, x.Got)
		}
	}
	ans, err := t.Ask(query)
	if err != nil {
		return Replay{}, err
	}
	return Replay{Answer: ans, Steps: steps(t)}, nil
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
