package web

// formatInfo is how the site introduces each format. "general" holds the
// references shared by several formats.
var formatInfo = []FormatInfo{
	{ID: "goat", Name: "Goat Format", Era: "April 2005 card pool and rules",
		Blurb: "The most played retro format: the first player draws, one Field Spell rules both sides, the turn player keeps priority for Ignition Effects, and the Damage Step has six substeps with one chain each."},
	{ID: "hat", Name: "HAT Format", Era: "2011 rules, as played at the July 2014 NAWCQ",
		Blurb: "Hieratics, Agents and Traps: a 2014 card pool under the 2011 rules, with a seven-timing Damage Step, SEGOC ordered by step first, and Trap Monsters that hold two zones."},
	{ID: "edison", Name: "Edison Format", Era: "2010 rules, seven-timing Damage Step",
		Blurb: "The last format before Xyz Monsters, played with the 2010 Battle Phase: several chains early in the Damage Step, one manual chain in each later timing."},
	{ID: "domain", Name: "Domain Format", Era: "Multiplayer singleton around a Deck Master",
		Blurb: "A community multiplayer format: every deck is built around a Deck Master whose Domain decides which monsters the deck may run, with its own seating, turn order and card errata."},
	{ID: "general", Name: "General references", Era: "Shared by several formats",
		Blurb: "Reference pages that several formats rely on, such as the Battle Phase walked step by step."},
}

func formatName(id string) string {
	for _, f := range formatInfo {
		if f.ID == id {
			switch id {
			case "goat":
				return "Goat"
			case "hat":
				return "HAT"
			case "edison":
				return "Edison"
			case "domain":
				return "Domain"
			}
			return f.Name
		}
	}
	return id
}

func lookupFormat(id string) (FormatInfo, bool) {
	for _, f := range formatInfo {
		if f.ID == id {
			return f, true
		}
	}
	return FormatInfo{}, false
}
