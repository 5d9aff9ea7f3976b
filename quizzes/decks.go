package quizzes

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"substep/pools"
	"substep/rulings/domain"
)

// DeckFormat is the format whose deck questions the Domain deck checker
// answers. The deck questions of a bank with a card pool (Goat, Edison,
// HAT) are answered by the pools' deck checker instead (PoolDeckChecker),
// under each of those three formats.
const DeckFormat = "domain"

// PoolDeckChecker checks a deck list in a format with a card pool (goat,
// edison or hat): its pool, its Forbidden & Limited list and its Deck
// sizes (pools.Checker). NewEngine's engine is one.
type PoolDeckChecker interface {
	CheckPoolDeck(format, deck string) (pools.Result, error)
}

// poolFormat reports whether format has a card pool to check decks in.
func poolFormat(format string) bool {
	return slices.ContainsFunc(pools.Formats(), func(f pools.FormatInfo) bool { return f.ID == format })
}

// DeckChecker checks a Domain deck list (any form domain.CheckFile reads)
// with master as its Deck Master ("" for the one the list names). A deck
// question's right answer is computed from its Result, the way a scenario
// question's is computed from a replay. NewEngine's engine is one; an app
// with a card database wires its own with WithDecks.
type DeckChecker interface {
	CheckDeck(deck, master string) (domain.Result, error)
}

// NewDeckChecker returns the DeckChecker that runs domain.CheckFile over src
// (an internal/cardsdb database, or a domain.Index).
func NewDeckChecker(src domain.CardSource) DeckChecker { return sourceChecker{src} }

type sourceChecker struct{ src domain.CardSource }

func (c sourceChecker) CheckDeck(deck, master string) (domain.Result, error) {
	return domain.CheckFile("question.txt", []byte(deck), master, c.src)
}

// WithDecks returns eng answering deck questions with dc.
func WithDecks(eng Engine, dc DeckChecker) Engine { return withDecks{Engine: eng, dc: dc} }

type withDecks struct {
	Engine
	dc DeckChecker
}

func (w withDecks) CheckDeck(deck, master string) (domain.Result, error) {
	return w.dc.CheckDeck(deck, master)
}

// CheckPoolDeck checks with the wrapped engine's pool checker.
func (w withDecks) CheckPoolDeck(format, deck string) (pools.Result, error) {
	pc, ok := w.Engine.(PoolDeckChecker)
	if !ok {
		return pools.Result{}, fmt.Errorf("no pool deck checker")
	}
	return pc.CheckPoolDeck(format, deck)
}

// Parse parses with the wrapped engine when it can.
func (w withDecks) Parse(scenario string) (Parsed, error) {
	if p, ok := w.Engine.(Parser); ok {
		return p.Parse(scenario)
	}
	return engineParsed{w.Engine, scenario}, nil
}

// Deck queries, asked of a deck question's checked deck:
//
//	legal              legal / illegal
//	main count         the Main Deck's size
//	extra count        the Extra Deck's size
//	problems           the rules broken (domain.Rule* names), in order, or none
//	problems <card>    the rules the card breaks, or none
//	allowed <card>     what admits the card to the Domain (name, archetype,
//	                   attribute, type, divine, spell, trap), or not allowed
//	deck master        the Deck Master's name, or none
//	outside count      how many distinct cards are outside the Domain (a
//	                   count over the whole list, which no check of one
//	                   card answers)
var (
	reDeckProblemsOf = regexp.MustCompile(`^problems (.+)$`)
	reDeckAllowed    = regexp.MustCompile(`^allowed (.+)$`)
)

// AskDeck answers a deck query (see the list above) about res.
func AskDeck(res domain.Result, query string) (string, error) {
	q := strings.Join(strings.Fields(strings.ToLower(query)), " ")
	switch q {
	case "legal":
		if res.Legal {
			return "legal", nil
		}
		return "illegal", nil
	case "main count":
		return fmt.Sprint(res.MainCount), nil
	case "extra count":
		return fmt.Sprint(res.ExtraCount), nil
	case "problems":
		return problemRules(res.Problems, ""), nil
	case "outside count":
		return fmt.Sprint(outsideCount(res.Problems)), nil
	case "deck master":
		if res.DeckMaster == nil {
			return "none", nil
		}
		return res.DeckMaster.Name, nil
	}
	if m := reDeckProblemsOf.FindStringSubmatch(query); m != nil {
		return problemRules(res.Problems, m[1]), nil
	}
	if m := reDeckAllowed.FindStringSubmatch(query); m != nil {
		for _, r := range res.Allowed {
			if normalize(r.Card) == normalize(m[1]) {
				return r.By, nil
			}
		}
		return "not allowed", nil
	}
	return "", fmt.Errorf("unknown deck query %q", query)
}

// outsideCount counts the distinct cards outside the Domain.
func outsideCount(ps []domain.Problem) int {
	seen := map[string]bool{}
	for _, p := range ps {
		if p.Rule == domain.RuleDomain {
			seen[normalize(p.Card)] = true
		}
	}
	return len(seen)
}

// problemRules lists the distinct rules broken (by card when card is set).
func problemRules(ps []domain.Problem, card string) string {
	var out []string
	seen := map[string]bool{}
	for _, p := range ps {
		if card != "" && normalize(p.Card) != normalize(card) {
			continue
		}
		if !seen[p.Rule] {
			seen[p.Rule] = true
			out = append(out, p.Rule)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

// deckSteps shows the checker's verdict as a review's timeline.
func deckSteps(res domain.Result) []Step {
	out := []Step{{Where: "Deck check", Text: fmt.Sprintf("Main Deck %d cards, Extra Deck %d cards", res.MainCount, res.ExtraCount), Rule: "domain-deckbuilding#rule"}}
	if res.DeckMaster != nil {
		out = append(out, Step{Where: "Deck check", Text: "Deck Master: " + res.DeckMaster.Name, Rule: "domain-deckbuilding#rule"})
	}
	for _, p := range res.Problems {
		rule := "domain-deckbuilding#rule"
		if p.Rule == domain.RuleDomain {
			rule = "domain-domain#rule"
		}
		out = append(out, Step{Where: "Deck check", Text: p.Message, Rule: rule})
	}
	for _, r := range res.Allowed {
		out = append(out, Step{Where: "Domain", Text: fmt.Sprintf("%s: allowed by %s (%s)", r.Card, r.By, r.Detail), Rule: "domain-domain#rule"})
	}
	return out
}

// Pool deck queries, asked of a deck question in a bank with a card pool:
//
//	legal, main count, extra count, side count, problems, problems <card>
//	                   as for Domain (problems: pools.Rule* names)
//	online             whether the format allows the deck and whether
//	                   online simulators take its Main Deck:
//	                   "legal; within the simulators' 60-card cap",
//	                   "legal; over the simulators' 60-card cap", and the
//	                   same with "illegal"
func AskPoolDeck(res pools.Result, query string) (string, error) {
	q := strings.Join(strings.Fields(strings.ToLower(query)), " ")
	verdict := "illegal"
	if res.Legal {
		verdict = "legal"
	}
	switch q {
	case "legal":
		return verdict, nil
	case "main count":
		return fmt.Sprint(res.MainCount), nil
	case "extra count":
		return fmt.Sprint(res.ExtraCount), nil
	case "side count":
		return fmt.Sprint(res.SideCount), nil
	case "problems":
		return poolProblems(res.Problems, ""), nil
	case "online":
		cap := "within"
		if res.OverSimulatorCap {
			cap = "over"
		}
		return fmt.Sprintf("%s; %s the simulators' %d-card cap", verdict, cap, pools.SimulatorMainMax), nil
	}
	if m := reDeckProblemsOf.FindStringSubmatch(query); m != nil {
		return poolProblems(res.Problems, m[1]), nil
	}
	return "", fmt.Errorf("unknown deck query %q for a format with a card pool", query)
}

// poolProblems lists the distinct rules broken (by card when card is set).
func poolProblems(ps []pools.Problem, card string) string {
	var out []string
	for _, p := range ps {
		if (card == "" || normalize(p.Card) == normalize(card)) && !slices.Contains(out, p.Rule) {
			out = append(out, p.Rule)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

// poolSteps shows the pool checker's verdict as a review's timeline.
func poolSteps(res pools.Result, rule string) []Step {
	out := []Step{{Where: "Deck check", Text: fmt.Sprintf("%s: Main Deck %d cards, Extra Deck %d cards, Side Deck %d cards", res.FormatName, res.MainCount, res.ExtraCount, res.SideCount), Rule: rule}}
	for _, p := range res.Problems {
		out = append(out, Step{Where: "Deck check", Text: p.Message, Rule: rule})
	}
	for _, n := range res.Notes {
		out = append(out, Step{Where: "Deck check", Text: n, Rule: rule})
	}
	return out
}

// deckReplay answers a deck question of a bank of format home under
// format: a Domain question only under Domain, with the Domain checker; a
// question of a bank with a card pool under each format with a pool, with
// the pools' checker.
func deckReplay(eng Engine, format, home string, q *Question) (Replay, error) {
	if home != DeckFormat && poolFormat(home) {
		if !poolFormat(format) {
			return Replay{}, fmt.Errorf("deck questions of %s are checked against a card pool; %s has none", home, format)
		}
		pc, ok := eng.(PoolDeckChecker)
		if !ok {
			return Replay{}, fmt.Errorf("no pool deck checker wired")
		}
		res, err := pc.CheckPoolDeck(format, q.Deck)
		if err != nil {
			return Replay{}, fmt.Errorf("deck: %w", err)
		}
		ans, err := AskPoolDeck(res, q.Ask)
		if err != nil {
			return Replay{}, err
		}
		rule := home + "-02#rule"
		if len(q.Cites) > 0 {
			rule = q.Cites[0]
		}
		return Replay{Answer: ans, Steps: poolSteps(res, rule)}, nil
	}
	if format != DeckFormat {
		return Replay{}, fmt.Errorf("deck questions are checked by the Domain deck checker; %s has no such rules", format)
	}
	dc, ok := eng.(DeckChecker)
	if !ok {
		return Replay{}, fmt.Errorf("no deck checker wired (quizzes.WithDecks)")
	}
	res, err := dc.CheckDeck(q.Deck, q.DeckMaster)
	if err != nil {
		return Replay{}, fmt.Errorf("deck: %w", err)
	}
	ans, err := AskDeck(res, q.Ask)
	if err != nil {
		return Replay{}, err
	}
	return Replay{Answer: ans, Steps: deckSteps(res)}, nil
}
