package rulings

import "context"

func goldenReplay(s *Scenario, p *Profile) *Timeline {
	return Replay(context.Background(), s, p, nil)
}

// goldenStates is every step with its whole state, rebuilt from changes.
func goldenStates(tl *Timeline) []goldenStep {
	steps := tl.Steps()
	var out []goldenStep
	for i, st := range StepStates(steps) {
		out = append(out, goldenStep{Line: steps[i].Line, Action: steps[i].Action, State: st})
	}
	return out
}
