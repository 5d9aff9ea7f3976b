package quizzes

import (
	"math"
	"sort"
)

// Response is one submitted certification, each question it drew marked
// right or wrong (unanswered is wrong), for item statistics.
type Response struct {
	Attempt string
	Right   map[string]bool // question id → answered right
}

// ItemStat is how one question did across the certifications that drew it.
type ItemStat struct {
	QuestionID string
	N          int     // candidates who were asked it
	Right      int     // of them, how many answered right
	Rate       float64 // Right / N
	// PointBiserial is the correlation between answering this question
	// right and the candidate's score on the rest of the test (the
	// question itself left out): near 0 or below, the question does not
	// separate stronger candidates from weaker ones. NaN when it cannot
	// be computed (everyone alike on the question or on the rest).
	PointBiserial float64
	// UpperLower is the share right among the top 27% of candidates (by
	// score) minus the share right among the bottom 27%. NaN below 4
	// candidates.
	UpperLower float64
	Flag       string // FlagNobody, FlagEverybody, FlagNegative or ""
}

// MinAsked is how many candidates must have answered a question before
// its statistics raise a flag: below it, nobody or everybody right says
// little.
const MinAsked = 5

// Flags an item statistic raises.
const (
	FlagNobody    = "nobody right"
	FlagEverybody = "everybody right"
	FlagNegative  = "weaker candidates do better"
)

// ItemStats computes each question's statistics from the responses, in
// order of question id.
func ItemStats(responses []Response) []ItemStat {
	total := make([]int, len(responses))
	asked := map[string][]int{} // question → indices of the responses that drew it
	for i, r := range responses {
		for q, ok := range r.Right {
			asked[q] = append(asked[q], i)
			if ok {
				total[i]++
			}
		}
	}
	var out []ItemStat
	for q, idx := range asked {
		st := ItemStat{QuestionID: q, N: len(idx), PointBiserial: math.NaN(), UpperLower: math.NaN()}
		var rest1, rest0, all []float64
		for _, i := range idx {
			right := responses[i].Right[q]
			rest := total[i]
			if right {
				st.Right++
				rest--
				rest1 = append(rest1, float64(rest))
			} else {
				rest0 = append(rest0, float64(rest))
			}
			all = append(all, float64(rest))
		}
		st.Rate = float64(st.Right) / float64(st.N)
		if sd := stddev(all); len(rest1) > 0 && len(rest0) > 0 && sd > 0 {
			p := st.Rate
			st.PointBiserial = (mean(rest1) - mean(rest0)) / sd * math.Sqrt(p*(1-p))
		}
		if st.N >= 4 {
			sorted := append([]int(nil), idx...)
			sort.SliceStable(sorted, func(a, b int) bool { return total[sorted[a]] > total[sorted[b]] })
			k := max(1, int(math.Round(0.27*float64(st.N))))
			share := func(is []int) float64 {
				n := 0
				for _, i := range is {
					if responses[i].Right[q] {
						n++
					}
				}
				return float64(n) / float64(len(is))
			}
			st.UpperLower = share(sorted[:k]) - share(sorted[len(sorted)-k:])
		}
		switch {
		case st.N < MinAsked:
		case st.Right == 0:
			st.Flag = FlagNobody
		case st.Right == st.N:
			st.Flag = FlagEverybody
		case st.PointBiserial < 0:
			st.Flag = FlagNegative
		}
		out = append(out, st)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].QuestionID < out[b].QuestionID })
	return out
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// stddev is the population standard deviation.
func stddev(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	m, s := mean(xs), 0.0
	for _, x := range xs {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(xs)))
}
