package rulings

import "fmt"

// Corrections: some illegal requests do not end a game. A player who asks
// for a chain order the rules forbid (an illegal SEGOC order) is told so by
// the judge, and the chain is built in the order the rules give; play goes
// on. The replay does the same: the line is recorded as illegal (`legal line
// N` answers "illegal: <rule>") and the duel continues from the corrected
// state instead of stopping with a Verdict.

// Correction is an illegal request a judge corrects without ending the duel.
type Correction struct {
	Line    int    `json:"line"`
	Action  string `json:"action"`
	Reason  string `json:"reason"`
	Rule    string `json:"rule"`
	Fix     string `json:"fix"` // what the judge does instead
	Assumed bool   `json:"assumed,omitempty"`
}

// correct records an illegal request and what replaces it; the replay goes on.
func (d *duel) correct(reason, fix string, r ruleRef) {
	if d.stopped {
		return
	}
	text := ""
	if d.act != nil {
		text = d.act.Text
	}
	d.emit("verdict", -1, "", fmt.Sprintf("illegal: %s; corrected: %s", reason, fix), r)
	d.t.Corrections = append(d.t.Corrections, Correction{Line: d.line, Action: text, Reason: reason, Rule: r.rule, Fix: fix, Assumed: r.assumed})
}

// correction is the correction recorded for line n, if any.
func (t *Timeline) correction(n int) *Correction {
	for i := range t.Corrections {
		if t.Corrections[i].Line == n {
			return &t.Corrections[i]
		}
	}
	return nil
}
