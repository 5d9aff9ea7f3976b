package quizzes

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Situation turns a question's scenario into the text a candidate reads
// (the narrator's plain words); nil means the prompt alone is checked.
type Situation func(q *Checked) (string, error)

// Lint lists what makes a checked question unfit for a judge's test, one
// problem per line as "format: question: what is wrong":
//   - the right choice can be read from the prompt or the situation (its
//     text appears there and no wrong choice's does);
//   - two questions of one pool ask the same query of the same scenario;
//   - a practice question that practice shows has the prompt of a
//     certification question;
//   - fewer than MinChoices choices, unless the question is Binary;
//   - a choice a candidate reads describes the engine ("no such chain",
//     "the replay stops") rather than the game, or a prompt calls the
//     situation "the replay" (a battle rule to a judge);
//   - a choice shows a raw engine value: a bare citation ("illegal:
//     hat-07#rule", which names another format's page) or "(card)".
//
// That the engine computes each answer is Check's job; that cited anchors
// exist is checked against the rule pages by internal/app's tests.
func Lint(set *Set, situation Situation) []string {
	var out []string
	for _, b := range set.Banks() {
		seen := map[string]string{}
		certPrompt := map[string]string{}
		for _, q := range b.Questions {
			if q.Pool == PoolCertification {
				certPrompt[normalize(q.Prompt)] = q.ID
			}
		}
		// Practice shows only the practice questions on a scenario no
		// certification question uses; the others never reach a page.
		shown := b.Practice()
		for _, q := range b.Questions {
			bad := func(f string, a ...any) {
				out = append(out, fmt.Sprintf("%s: %s: %s", b.Format, q.ID, fmt.Sprintf(f, a...)))
			}
			text := q.Prompt
			if situation != nil && q.Deck == "" {
				s, err := situation(q)
				if err != nil {
					bad("no situation text: %v", err)
				}
				text += "\n" + s
			}
			if giveaway(text, q.Asked(), q) {
				bad("the right choice %q can be read from the prompt or situation", q.CorrectChoice().Label())
			}
			key := q.Pool + "\x00" + normalize(q.Scenario+q.Deck+"\x00"+q.DeckMaster) + "\x00" + normalize(q.Ask)
			if prev, ok := seen[key]; ok {
				bad("asks %q of the same scenario as %s in the %s pool", q.Ask, prev, q.Pool)
			}
			seen[key] = q.ID
			_, onPage := shown.Question(q.ID)
			if id, ok := certPrompt[normalize(q.Prompt)]; ok && onPage {
				bad("practice asks with the prompt of certification question %s: an answer learned by its prompt would carry over", id)
			}
			if len(q.Choices) < MinChoices && !q.Binary {
				bad("%d choices: a question offers %d unless marked binary", len(q.Choices), MinChoices)
			}
			if w, ok := EnginePrompt(q.Prompt); ok {
				bad("prompt describes the engine's run (%q), not the game: say \"after the last step\" or \"in this situation\"", w)
			}
			for _, c := range q.Choices {
				if w, ok := EngineWording(c.Label()); ok {
					bad("choice %q describes the engine (%q), not the game", c.Label(), w)
				}
				if l := normalize(c.Label()); reRawVerdict.MatchString(l) || l == "(card)" {
					bad("choice %q shows the engine's raw value: give it words (a bare citation names the page that rules it; \"(card)\" is a card the duel leaves unnamed)", c.Label())
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// rePlayer is a choice that only names a player or team: every situation
// names the players, so naming one gives nothing away.
var rePlayer = regexp.MustCompile(`^(?i:(player |team )?[a-f][1-9]?)$`)

// giveaway reports whether the right choice's text appears in text (the
// prompt and the situation) as whole words while no wrong choice's does.
// A wrong choice's text that only appears inside the right one's ("damage
// calculation" in "before damage calculation") does not count. A choice
// that only names a player is checked against the author's words alone
// (own, the prompt without the engine's telling): every situation names
// the players, but a question that names the one who wins gives it away.
func giveaway(text, own string, q *Checked) bool {
	right := q.CorrectChoice()
	if rePlayer.MatchString(strings.TrimSpace(right.Label())) {
		text = own
	}
	if !mentions(text, right.Label()) {
		return false
	}
	rest := removeMentions(text, right.Label())
	for _, c := range q.Choices {
		if c.ID != right.ID && mentions(rest, c.Label()) {
			return false
		}
	}
	return true
}

// removeMentions is text (normalized) without the whole-word occurrences of
// phrase.
func removeMentions(text, phrase string) string {
	t := normalize(strings.NewReplacer(`"`, " ", "“", " ", "”", " ").Replace(text))
	re, err := regexp.Compile(`(^|[^\pL\pN])` + regexp.QuoteMeta(normalize(phrase)) + `($|[^\pL\pN])`)
	if err != nil {
		return t
	}
	return re.ReplaceAllString(t, "$1 \x00 $2")
}

// mentions reports whether phrase occurs in text as whole words, ignoring
// case, spacing and quotes.
func mentions(text, phrase string) bool {
	p := normalize(phrase)
	if p == "" {
		return false
	}
	re, err := regexp.Compile(`(^|[^\pL\pN])` + regexp.QuoteMeta(p) + `($|[^\pL\pN])`)
	if err != nil {
		return false
	}
	return re.MatchString(normalize(strings.NewReplacer(`"`, " ", "“", " ", "”", " ").Replace(text)))
}
