package rulings

// Step is the duel right after one line of the script, for viewers that
// walk a replay forward and back.
type Step struct {
	Line   int    `json:"line"`
	Action string `json:"action"` // the script line as written
	State  State  `json:"state"`
}

// Steps lists the state after each script line that ran, in order. The
// first step, with Line 0, is the starting position when the replay
// recorded one.
func (t *Timeline) Steps() []Step {
	text := map[int]string{}
	for _, a := range t.acts {
		text[a.Line] = a.Text
	}
	out := make([]Step, 0, len(t.lines))
	for _, ls := range t.lines {
		out = append(out, Step{Line: ls.line, Action: text[ls.line], State: ls.state})
	}
	return out
}
