package quizzes

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// DistractComputed is the value of a question's `distractors` key that asks
// Check to add wrong choices the engine computes, up to MinChoices: first
// the question's answer under every other format and today's rules (what a
// candidate who knows another format would pick), then values of the same
// kind taken from the replay itself (other zones of the card's owner, other
// cards of the duel, LP the duel went through, neighbouring counts). No
// computed choice can be right: a value equal to the engine's answer is
// never added, and Check still requires exactly one choice to match.
const DistractComputed = "computed"

// engineWords are phrases that describe what the engine did rather than a
// game fact; a computed choice never uses them, and the bank lint rejects a
// choice a candidate would read with them.
var engineWords = []string{"no such chain", "no such link", "no such player", "not reached", "unknown card", "the replay never", "the replay stops", "the replay gives", "the engine"}

// enginePromptWords are phrases a prompt would use for the engine's run of
// the situation; "replay" is a rule of battle to a judge, so a prompt says
// "after the last step" or "in this situation" instead.
var enginePromptWords = []string{"the replay ends", "end of the replay", "this replay", "the engine"}

// EnginePrompt reports the engine phrase a prompt uses, if any.
func EnginePrompt(prompt string) (string, bool) { return phraseIn(prompt, enginePromptWords) }

// EngineWording reports the engine phrase a choice's text uses, if any.
func EngineWording(text string) (string, bool) { return phraseIn(text, engineWords) }

// phraseIn reports the first of phrases that text contains, normalised.
func phraseIn(text string, phrases []string) (string, bool) {
	t := normalize(text)
	for _, w := range phrases {
		if strings.Contains(t, w) {
			return w, true
		}
	}
	return "", false
}

var (
	reZone     = regexp.MustCompile(`^([A-Fa-f])'s (.+)$`)
	reInt      = regexp.MustCompile(`^-?\d+$`)
	reLinkList = regexp.MustCompile(`^[^,]+ \([A-F]\)(, [^,]+ \([A-F]\))+$`)
	reAskCard  = regexp.MustCompile(`^(?:chain(?: \d+)? link \d+)$`)
	// reRawVerdict is a legality verdict as the engine writes it, a
	// citation with no words ("illegal: hat-07#rule"): another format's
	// page named in a choice tells a candidate it is wrong.
	reRawVerdict = regexp.MustCompile(`^illegal: [a-z0-9-]+#[a-z0-9-]+$`)
)

// zoneNames are the places a location answer names, after "X's ".
var zoneNames = []string{"Graveyard", "hand", "Deck", "Monster Zone", "Spell & Trap Zone", "banished cards", "Field Zone"}

// positions and timings are the values a position or timing answer takes.
var positions = []string{"face-up Attack Position", "face-up Defense Position", "face-down Defense Position"}
var timingNames = []string{"start of the Damage Step", "before damage calculation", "damage calculation", "after damage calculation", "end of the Damage Step", "resolve effects", "damage calculation (battle damage)"}
var winners = []string{"A", "B", "none", "draw"}
var deckProblems = []string{"none", "main-count", "extra-count", "deck-zone", "one-copy", "domain", "deck-master"}
var deckAllowed = []string{"name", "archetype", "attribute", "type", "spell", "trap", "not allowed"}
var responses = []string{"A (fast effects only)", "A (fast effects or Ignition Effects)", "B (fast effects only)", "B (fast effects or Ignition Effects)"}

// distract adds computed wrong choices to q (see DistractComputed): got is
// the engine's answer under format, across its answer under every format.
func distract(format string, q *Question, got string, across map[string]string, cache *parseCache) {
	var cands []string
	for _, f := range AllFormats {
		cands = append(cands, across[f])
	}
	cands = append(cands, sameKind(format, q, got, cache)...)
	have := map[string]bool{normalize(got): true}
	for _, c := range q.Choices {
		have[normalize(c.Value)] = true
	}
	for _, v := range cands {
		if len(q.Choices) >= MinChoices {
			return
		}
		n := normalize(v)
		if v == "" || have[n] || strings.HasPrefix(n, "error") {
			continue
		}
		if _, bad := EngineWording(v); bad {
			continue
		}
		if reRawVerdict.MatchString(n) || n == "(card)" {
			continue // a bare citation, or a card the duel leaves unnamed, is no choice for a candidate
		}
		have[n] = true
		q.Choices = append(q.Choices, Choice{ID: choiceID(q.ID, v), Value: v})
	}
	// last resort, in the game's words: nothing was activated, or the
	// card has left the field
	for _, c := range []Choice{{Value: "no such chain", Text: "None: no effect is activated"}, {Value: "not on the field", Text: "It is no longer on the field"}} {
		kindOK := (c.Value == "no such chain" && q.Kind == KindChainLink && reAskCard.MatchString(normalize(q.Ask))) ||
			(c.Value == "not on the field" && slices.Contains(positions, got))
		if len(q.Choices) < MinChoices && kindOK && !have[normalize(c.Value)] {
			have[normalize(c.Value)] = true
			c.ID = choiceID(q.ID, c.Value)
			q.Choices = append(q.Choices, c)
		}
	}
}

// sameKind lists plausible values of the answer's own kind, computed from
// the replay under format.
func sameKind(format string, q *Question, got string, cache *parseCache) []string {
	ask := func(query string) string {
		r, err := cache.replayQuery(format, q, query)
		if err != nil {
			return ""
		}
		return r.Answer
	}
	lines := strings.Count(q.Scenario, "\n") + 1
	var out []string
	query := normalize(q.Ask)
	switch {
	case q.Deck != "" && strings.HasPrefix(query, "problems"):
		out = deckProblems
	case q.Deck != "" && strings.HasPrefix(query, "allowed"):
		out = deckAllowed
	case query == "winner" || query == "match winner":
		out = winners
	case strings.HasPrefix(query, "turn player") || strings.HasPrefix(query, "next turn player"):
		out = cardsOf(ask("players"))
	case reZone.MatchString(got) && strings.Contains(got, ","):
		// several copies: each copy in another of the places named
		locs := strings.Split(got, ", ")
		for _, z := range []string{"Monster Zone", "Graveyard", "hand", "banished cards"} {
			var alt []string
			for _, l := range locs {
				alt = append(alt, l[:strings.Index(l, "'s ")]+"'s "+z)
			}
			out = append(out, strings.Join(alt, ", "))
		}
	case reZone.MatchString(got):
		m := reZone.FindStringSubmatch(got)
		other := map[string]string{"A": "B", "B": "A"}[strings.ToUpper(m[1])]
		for _, z := range zoneNames {
			out = append(out, m[1]+"'s "+z)
		}
		if other != "" {
			for _, z := range zoneNames[:4] {
				out = append(out, other+"'s "+z)
			}
		}
	case reLinkList.MatchString(got):
		links := strings.Split(got, ", ")
		rev := slices.Clone(links)
		slices.Reverse(rev)
		out = append(out, strings.Join(rev, ", "))
		for i := 1; i < len(links); i++ {
			out = append(out, strings.Join(append(slices.Clone(links[i:]), links[:i]...), ", "))
		}
		flip := strings.NewReplacer("(A)", "(B)", "(B)", "(A)")
		out = append(out, flip.Replace(got), flip.Replace(strings.Join(rev, ", ")))
	case q.Kind == KindLP && reInt.MatchString(got):
		for k := 1; k <= lines; k++ {
			for _, p := range []string{"a", "b"} {
				if v := ask("lp " + p + " after line " + strconv.Itoa(k)); reInt.MatchString(v) {
					out = append(out, v)
				}
			}
		}
		n, _ := strconv.Atoi(got)
		for _, d := range []int{1000, -1000, 500, -500, 2000} {
			if n+d >= 0 {
				out = append(out, strconv.Itoa(n+d))
			}
		}
	case reInt.MatchString(got):
		n, _ := strconv.Atoi(got)
		for _, d := range []int{1, -1, 2, -2, 3} {
			if n+d >= 0 {
				out = append(out, strconv.Itoa(n+d))
			}
		}
	case slices.Contains(positions, got):
		out = positions
	case slices.Contains(timingNames, got):
		// The formats with the resolve-effects timing answer it (and the
		// end of the Damage Step) more often than the others: offer those
		// first, so neither is right more often than chance when offered.
		out = timingNames
		if r := ask("damage step timings"); r == "7" {
			out = append([]string{"resolve effects", "end of the Damage Step"}, timingNames...)
		}
	case slices.Contains(responses, got):
		out = responses
	case reAskList.MatchString(query):
		out = listKind(query, got, q, ask, lines)
	case q.Kind == KindChainLink && reAskCard.MatchString(normalize(q.Ask)):
		// other cards of the duel: every chain's links, then every card
		// in a hand, on the field or in a Graveyard as the duel went on
		if n, err := strconv.Atoi(ask("chains")); err == nil {
			for c := 1; c <= n; c++ {
				out = append(out, cardsOf(ask("chain "+strconv.Itoa(c)))...)
			}
		}
		out = append(out, setupCards(q.Scenario)...)
		for k := 1; k <= lines; k++ {
			for _, p := range []string{"a", "b"} {
				for _, what := range []string{"monsters", "spells", "hand", "graveyard"} {
					out = append(out, cardsOf(ask(what+" "+p+" after line "+strconv.Itoa(k)))...)
				}
			}
		}
	}
	return out
}

// reAskList is a query whose answer lists a player's cards in one place.
var reAskList = regexp.MustCompile(`^(graveyard|hand|banished|monsters|spells) ([a-f][1-9]?)$`)

// listKind lists plausible wrong lists for a list query ("graveyard a"):
// the same place earlier in the duel, the other player's, the answer with
// one card fewer, and with one more card of the duel.
func listKind(query, got string, q *Question, ask func(string) string, lines int) []string {
	m := reAskList.FindStringSubmatch(query)
	var out []string
	for k := 1; k <= lines; k++ {
		out = append(out, ask(query+" after line "+strconv.Itoa(k)))
	}
	have := cardsOf(got)
	for i := range have {
		if len(have) > 1 {
			out = append(out, strings.Join(slices.Delete(slices.Clone(have), i, i+1), ", "))
		}
	}
	for _, c := range setupCards(q.Scenario) {
		if !slices.Contains(have, c) {
			out = append(out, strings.Join(append(slices.Clone(have), c), ", "))
		}
	}
	if other := map[string]string{"a": "b", "b": "a"}[m[2]]; other != "" {
		out = append(out, ask(m[1]+" "+other))
	}
	return out
}

// reSetup is a scenario's set-up line naming a player's cards
// ("B spells/traps: Mirror Force (set), Magic Cylinder (set)").
var reSetup = regexp.MustCompile(`(?m)^[A-Fa-f][1-9]? (?:hand|monsters|spells|spells/traps|traps|graveyard|deck|field|banished|deck master)[^:\n]*: (.+)$`)

// reCount is a set-up entry that counts unnamed cards ("3 cards").
var reCount = regexp.MustCompile(`^\d+ cards?$`)

// setupCards lists the cards a scenario's set-up lines name, in order.
func setupCards(scenario string) []string {
	var out []string
	for _, m := range reSetup.FindAllStringSubmatch(scenario, -1) {
		for _, c := range cardsOf(m[1]) {
			if c = strings.TrimSpace(c); c != "" && !reCount.MatchString(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// cardsOf splits an engine list ("Sangan (A), Soul Exchange (B)" or
// "Sangan, Jinzo") into card names.
func cardsOf(list string) []string {
	if list == "" || normalize(list) == "none" {
		return nil
	}
	var out []string
	parts := strings.Split(list, ", ")
	for i := 0; i < len(parts); i++ {
		c := parts[i]
		// a name with a comma in it ("Ryko, Lightsworn Hunter") is one card
		if i+1 < len(parts) && knownCard(c+", "+withoutOwner(parts[i+1])) {
			c, i = c+", "+parts[i+1], i+1
		}
		out = append(out, withoutOwner(c))
	}
	return out
}

// withoutOwner drops a list entry's "(B)" owner or controller mark.
func withoutOwner(c string) string {
	if i := strings.LastIndex(c, " ("); i > 0 && strings.HasSuffix(c, ")") {
		return c[:i]
	}
	return c
}

// knownCard reports whether name is a card of the engine's catalogue.
func knownCard(name string) bool {
	cat, err := defaultCatalogue()
	if err != nil {
		return false
	}
	_, ok := cat.Lookup(name)
	return ok
}
