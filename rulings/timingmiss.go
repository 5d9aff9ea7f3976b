package rulings

// Missing the timing: an optional Trigger Effect worded "When ... you can"
// can be activated only if its event was the last thing to happen. A card
// sent to the Graveyard as a cost ("Peten the Dark Clown" discarded for
// "Lightning Vortex") or as a Tribute misses it, because the activation or
// the Summon happens after; so does one sent by a Chain Link after which
// another link of the same chain resolves. An effect worded "If ... you
// can" and a mandatory effect never miss the timing. Profile.MissTiming is
// read only in missedTiming here.
//
// Each waiting trigger records why its event stopped being the last thing
// (trig.overtaken, set by overtake); the check is made where a trigger
// would go on a chain (finishBuild, chooseTrigger in segoc.go and chain.go).
//
// Not modelled: two things done in turn by one effect as it resolves ("discard,
// then draw"), which the engine treats as happening together.

import (
	"fmt"
)

// wordingProblem checks an effect's Wording: only optional Trigger (or
// Flip) Effects have one, it is "when" or "if", and it names its source.
func wordingProblem(e *Effect) string {
	if e.Wording == "" {
		if e.WordingSource != "" {
			return "`wording-source` without `wording`"
		}
		return ""
	}
	if why := wordProblem("wording", e.Wording, wordings); why != "" {
		return why
	}
	if (e.Kind != EffectTrigger && e.Kind != EffectFlip) || !e.Optional {
		return "only an optional Trigger Effect has a `wording`"
	}
	if e.WordingSource == "" {
		return "a `wording` needs its `wording-source`"
	}
	return ""
}

// overtake records, for every trigger queued after the moment since that
// is still waiting, that something happened after its event: why says what.
func (d *duel) overtake(since int, why string) {
	for _, tr := range d.pending {
		if tr.seq > since && tr.overtaken == "" {
			tr.overtaken = why
		}
	}
}

// missedTiming says why tr can no longer be activated, or "" when it can:
// it is optional, worded "when ... you can", and its event was not the last
// thing to happen (MissTiming).
func (d *duel) missedTiming(tr *trig) (string, ruleRef) {
	if !d.p.MissTiming.Value || tr.mandatory || tr.overtaken == "" || tr.eff.Wording != WordingWhen {
		return "", ruleRef{}
	}
	return fmt.Sprintf("%s's effect is worded \"when ... you can\" and misses the timing: %s", tr.src.name(), tr.overtaken),
		ref("Missing the timing", d.p.MissTiming)
}
