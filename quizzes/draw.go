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
// test was drawn.
type Item struct {
	QuestionID string   `json:"q"`
	Topic      string   `json:"topic"`
	Choices    []string `json:"choices"` // choice ids in display order
	Correct    string   `json:"correct"` // choice id
}

// Draw picks n questions from the bank, spread across topics: topics take
// turns in a shuffled order, each giving a random question it has not given
// yet, until n are drawn or the bank runs out. The questions and each
// question's choices are then shuffled. The same seed always draws the same
// test from the same bank.
func (b *CheckedBank) Draw(n int, seed uint64) []Item {
	rng := rand.New(rand.NewPCG(seed, seed^0x5ab57e9))
	byTopic := map[string][]*Checked{}
	for _, q := range b.Questions {
		byTopic[q.Topic] = append(byTopic[q.Topic], q)
	}
	topics := make([]string, 0, len(byTopic))
	for t := range byTopic {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	rng.Shuffle(len(topics), func(i, j int) { topics[i], topics[j] = topics[j], topics[i] })
	for _, t := range topics {
		qs := byTopic[t]
		rng.Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
	}
	var picked []*Checked
	for round := 0; len(picked) < n; round++ {
		added := false
		for _, t := range topics {
			if len(picked) == n {
				break
			}
			if qs := byTopic[t]; round < len(qs) {
				picked = append(picked, qs[round])
				added = true
			}
		}
		if !added {
			break
		}
	}
	rng.Shuffle(len(picked), func(i, j int) { picked[i], picked[j] = picked[j], picked[i] })
	items := make([]Item, len(picked))
	for i, q := range picked {
		ids := make([]string, len(q.Choices))
		for j, c := range q.Choices {
			ids[j] = c.ID
		}
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		items[i] = Item{QuestionID: q.ID, Topic: q.Topic, Choices: ids, Correct: q.Correct}
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
