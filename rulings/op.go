package rulings

// exec runs one op of a resolving link, through its entry's run (optable.go).
func (d *duel) exec(l *link, o Op) {
	run := opTable[o.Op].run
	if run == nil {
		d.fail("%s: the engine cannot run op %q yet", l.src.name(), o.Op)
		return
	}
	prev := d.execLink
	d.execLink = l
	run(d, l, o)
	d.execLink = prev
}

// validTargets are the link's targets still where it can act on them: on
// the field, or in the Graveyard for an effect that targets there.
func (d *duel) validTargets(l *link) []*inst {
	var out []*inst
	for _, t := range l.targets {
		if t.onField() && d.unaffectedBy(t, l) {
			continue
		}
		// A target chosen face-up that has been turned face-down no longer
		// meets its targeting condition, so the effect does not touch it
		// ("Ring of Destruction" after "Book of Moon").
		if t.onField() && !t.faceUp && l.eff.Target != nil && l.eff.Target.What.kind().faceUp {
			continue
		}
		if t.onField() || (l.eff.Target.inGY() && t.loc == locGY) || stillBanished(l, t) {
			out = append(out, t)
		}
	}
	return out
}
