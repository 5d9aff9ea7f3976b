package quizzes

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
)

// Certification defaults.
const (
	TestSize    = 20 // questions in a certification test
	PassPercent = 80 // the pass mark
)

// Item is one question of a drawn test: the question, its choices in the
// order shown, and the right choice as the engine computed it when the
// test was drawn. Choice ids are the attempt's own: random for each
// attempt, so an id seen in practice or in another attempt says nothing
// here; Stable maps them (position by position) to the bank's choice ids.
type Item struct {
	QuestionID string   `json:"q"`
	Topic      string   `json:"topic"`
	Choices    []string `json:"choices"`          // the attempt's choice ids, in display order
	Stable     []string `json:"stable,omitempty"` // the bank's choice id of each, same order
	Correct    string   `json:"correct"`          // the attempt's id of the right choice
}

// StableID is the bank's id of the choice the attempt calls id; an item
// drawn before attempts had their own ids uses the bank's ids directly.
func (it Item) StableID(id string) (string, bool) {
	i := slices.Index(it.Choices, id)
	switch {
	case i < 0:
		return "", false
	case len(it.Stable) == len(it.Choices):
		return it.Stable[i], true
	}
	return id, true
}

// Mix is the share (in percent) of difficulty 1, 2 and 3 questions a
// certification test draws when its pool has them.
var Mix = [3]int{30, 45, 25}

// mixQuota splits n questions into the counts of each difficulty.
func mixQuota(n int) [3]int {
	var q [3]int
	left := n
	for i := range q {
		q[i] = n * Mix[i] / 100
		left -= q[i]
	}
	for i := 1; left > 0; i = (i + 1) % 3 { // the remainder to the middle level first
		q[i]++
		left--
	}
	return q
}

func level(q *Checked) int {
	if q.Difficulty >= 1 && q.Difficulty <= 3 {
		return q.Difficulty - 1
	}
	return 1 // unrated questions count as level 2
}

// Draw picks n questions from the bank (see DrawFrom); b.InPool(pool).Draw
// draws from one pool.
func (b *CheckedBank) Draw(n int, seed uint64) []Item { return DrawFrom(b.Questions, n, seed) }

// DrawFrom picks n questions, spread across topics and mixed by
// difficulty: topics take turns in a shuffled order, each giving a random
// question it has not given yet whose difficulty still has room in the
// Mix, until n are drawn; when no topic can give one the Mix gives way.
// The questions and each question's choices are then shuffled, and each
// choice gets a random id of this draw. The same seed always draws the same
// test from the same questions.
func DrawFrom(questions []*Checked, n int, seed uint64) []Item {
	rng := rand.New(rand.NewPCG(seed, seed^0x5ab57e9))
	byTopic := map[string][]*Checked{}
	for _, q := range questions {
		byTopic[q.Topic] = append(byTopic[q.Topic], q)
	}
	topics := make([]string, 0, len(byTopic))
	for t := range byTopic {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	rng.Shuffle(len(topics), func(i, j int) { topics[i], topics[j] = topics[j], topics[i] })
	for _, t := range topics {
		qs := slices.Clone(byTopic[t])
		rng.Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
		byTopic[t] = qs
	}
	quota := mixQuota(min(n, len(questions)))
	levels := map[int]bool{}
	for _, q := range questions {
		levels[level(q)] = true
	}
	taken := map[*Checked]bool{}
	given := map[string]int{}
	var picked []*Checked
	// Topics come first: a topic gives a question only while no topic that
	// still has one has given fewer. Within that, the Mix: a question is
	// taken only while its difficulty has room, until no topic can give
	// one; the rest is drawn without it. The Mix applies only to a pool
	// rated at every level.
	left := func(t string) bool {
		for _, q := range byTopic[t] {
			if !taken[q] {
				return true
			}
		}
		return false
	}
	for strict := len(levels) == 3; len(picked) < n; strict = false {
		for added := true; added && len(picked) < n; {
			added = false
			low := -1
			for _, t := range topics {
				if left(t) && (low < 0 || given[t] < low) {
					low = given[t]
				}
			}
			for _, t := range topics {
				if len(picked) == n {
					break
				}
				if given[t] > low {
					continue
				}
				for _, q := range byTopic[t] {
					if taken[q] || (strict && quota[level(q)] == 0) {
						continue
					}
					taken[q], added = true, true
					given[t]++
					quota[level(q)]--
					picked = append(picked, q)
					break
				}
			}
		}
		if !strict {
			break
		}
	}
	rng.Shuffle(len(picked), func(i, j int) { picked[i], picked[j] = picked[j], picked[i] })
	items := make([]Item, len(picked))
	for i, q := range picked {
		stable := make([]string, len(q.Choices))
		for j, c := range q.Choices {
			stable[j] = c.ID
		}
		rng.Shuffle(len(stable), func(i, j int) { stable[i], stable[j] = stable[j], stable[i] })
		ids := make([]string, len(stable))
		it := Item{QuestionID: q.ID, Topic: q.Topic, Choices: ids, Stable: stable}
		for j := range ids {
			for {
				ids[j] = fmt.Sprintf("%08x", rng.Uint32())
				if !slices.Contains(ids[:j], ids[j]) {
					break
				}
			}
			if stable[j] == q.Correct {
				it.Correct = ids[j]
			}
		}
		items[i] = it
	}
	return items
}

// Answer errors: a submission that names a question outside the test or a
// choice the question does not offer.
var (
	ErrUnknownQuestion = errors.New("answer to a question that is not in this test")
	ErrUnknownChoice   = errors.New("answer that is not one of the question's choices")
)

// CheckAnswers verifies that every answer is to a question of the test and
// names one of that question's choices. Unanswered questions are allowed
// (they score nothing).
func CheckAnswers(items []Item, answers map[string]string) error {
	byQ := map[string]*Item{}
	for i := range items {
		byQ[items[i].QuestionID] = &items[i]
	}
	qids := make([]string, 0, len(answers))
	for q := range answers {
		qids = append(qids, q)
	}
	sort.Strings(qids)
	for _, q := range qids {
		it, ok := byQ[q]
		if !ok {
			return fmt.Errorf("%w (%q)", ErrUnknownQuestion, q)
		}
		if !slices.Contains(it.Choices, answers[q]) {
			return fmt.Errorf("%w (%q for question %d)", ErrUnknownChoice, answers[q], indexOf(items, q)+1)
		}
	}
	return nil
}

func indexOf(items []Item, qid string) int {
	for i, it := range items {
		if it.QuestionID == qid {
			return i
		}
	}
	return -1
}

// Result is a scored test.
type Result struct {
	Correct int
	Total   int
	Passed  bool
	Topics  []TopicScore // in order of first appearance in the test
}

// TopicScore is one topic's share of a result.
type TopicScore struct {
	Topic          string
	Correct, Total int
}

// Percent is the score as a whole percentage, rounded down.
func (r Result) Percent() int {
	if r.Total == 0 {
		return 0
	}
	return r.Correct * 100 / r.Total
}

// Passed reports whether correct out of total reaches the pass mark.
func Passed(correct, total int) bool { return total > 0 && correct*100 >= PassPercent*total }

// Score marks the answers (question id → choice id) against the items.
func Score(items []Item, answers map[string]string) Result {
	r := Result{Total: len(items)}
	at := map[string]int{}
	for _, it := range items {
		i, ok := at[it.Topic]
		if !ok {
			i = len(r.Topics)
			at[it.Topic] = i
			r.Topics = append(r.Topics, TopicScore{Topic: it.Topic})
		}
		r.Topics[i].Total++
		if a, ok := answers[it.QuestionID]; ok && a == it.Correct {
			r.Correct++
			r.Topics[i].Correct++
		}
	}
	r.Passed = Passed(r.Correct, r.Total)
	return r
}

// Practice is the practice pool without the questions that share a
// scenario or a deck with a certification question. Practice shows a
// question's script, its replay and its answer; shown for a scenario a
// certification question also uses, they would tell that question's
// situation and outcome.
func (b *CheckedBank) Practice() *CheckedBank {
	cert := map[string]bool{}
	for _, q := range b.Questions {
		if q.Pool == PoolCertification {
			cert[q.Scenario+"\x00"+q.Deck] = true
		}
	}
	out := &CheckedBank{Format: b.Format, byID: map[string]*Checked{}}
	for _, q := range b.Questions {
		if q.Pool == PoolPractice && !cert[q.Scenario+"\x00"+q.Deck] {
			out.Questions = append(out.Questions, q)
			out.byID[q.ID] = q
		}
	}
	return out
}

// DrawAvoiding draws a test like Draw for a candidate who has met the
// questions in seen (ids) before: a retake on the same exam code, whose
// earlier result pages told which picks were right (the topic breakdown,
// the questions to study). It draws first from the questions whose
// situation no question of seen played, then from the other questions
// not in seen, and only then from seen, so a retake asks nothing its
// candidate could have learned the answer of while the pool allows.
func (b *CheckedBank) DrawAvoiding(n int, seed uint64, seen map[string]bool) []Item {
	if len(seen) == 0 {
		return b.Draw(n, seed)
	}
	played := map[string]bool{}
	for _, q := range b.Questions {
		if seen[q.ID] {
			played[situationKey(q)] = true
		}
	}
	var fresh, unseen, met []*Checked
	for _, q := range b.Questions {
		switch {
		case seen[q.ID]:
			met = append(met, q)
		case played[situationKey(q)]:
			unseen = append(unseen, q)
		default:
			fresh = append(fresh, q)
		}
	}
	var items []Item
	for i, tier := range [][]*Checked{fresh, unseen, met} {
		if k := min(n-len(items), len(tier)); k > 0 {
			items = append(items, DrawFrom(tier, k, seed+uint64(i))...)
		}
	}
	rng := rand.New(rand.NewPCG(seed, seed^0xa401d))
	rng.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	return items
}

// situationKey names what a question shows: its situation, or its deck.
func situationKey(q *Checked) string {
	switch {
	case q.Replay.Key != "":
		return q.Replay.Key
	case q.Deck != "":
		return "deck " + q.DeckMaster + "\n" + q.Deck
	}
	return "question " + q.ID
}
