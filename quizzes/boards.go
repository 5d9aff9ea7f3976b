package quizzes

import (
	"fmt"
	"io/fs"
	"maps"
	"math"
	"path"
	"regexp"
	"slices"
	"strings"
)

// A certification question's situation must never be public before the
// attempt is submitted, and every bundled scenario is: /replay/{name}
// shows its script and its expect lines, and the rule pages tell each
// example's outcome. So a certification question plays a private board: a
// scenario file under banks/boards/, embedded with the banks, read only by
// Load and never served. A board is usually a variant of a bundled
// scenario (the rule it tests is the same, the board is not), and says so
// on its first line:
//
//	# variant of goat-09-example-2.scn: B's Sangan is a Witch of the Black Forest
//
// or, for a board of its own,
//
//	# new board: a Soul Exchange chain with no Trigger Effect
//
// The tests score a candidate who looks each board up among the public
// scenarios and answers with the nearest one's outcome (LookupOrigins):
// that candidate must not beat chance, so a variant changes the answer
// about as often as a guess would miss it.
var boardHeadRE = regexp.MustCompile(`^# (?:variant of ([a-z0-9-]+\.scn)|new board): \S`)

// readBoard reads q.Board from banks' boards/ folder into q.Scenario and
// q.Origin.
func (q *Question) readBoard(banks fs.FS) error {
	name := path.Clean(q.Board)
	if strings.Contains(name, "/") || !strings.HasSuffix(name, ".scn") {
		return fmt.Errorf("%q is not a file name ending in .scn under banks/boards/", q.Board)
	}
	src, err := fs.ReadFile(banks, "boards/"+name)
	if err != nil {
		return err
	}
	first, _, _ := strings.Cut(string(src), "\n")
	m := boardHeadRE.FindStringSubmatch(first)
	if m == nil {
		return fmt.Errorf("%s: the first line must be \"# variant of <bundled>.scn: what changed\" or \"# new board: what it is\"", name)
	}
	q.Scenario, q.Origin = string(src), m[1]
	return nil
}

// LookupScore is what a candidate can expect on a certification pool by
// looking each situation up among the public scenarios (the bundled files
// and what practice shows) and answering from the nearest one instead of
// the board shown: Lookup picks the nearest's answer to the same query,
// Avoid picks any other choice (a candidate who knows that variants change
// answers). Both are sums over the pool of the probability of a right
// pick; Chance and SD are guessing's.
type LookupScore struct {
	Questions int
	Public    int // certification questions whose scenario is public as it is
	Same      int // questions the nearest public scenario answers right
	Lookup    float64
	Avoid     float64
	Chance    float64
	SD        float64
	// Looked is each question's lookup, in pool order.
	Looked []Looked
}

// Looked is one certification question's lookup: the nearest public
// scenario, the share of lines it has in common with the question's
// scenario, and its answer ("" when it has none) against the right one.
type Looked struct {
	ID, Nearest   string
	Similarity    float64
	Answer, Right string
	Choices       int
	Offered       bool // Answer is one of the choices
}

// LookupExcess and AvoidExcess are how many standard deviations the two
// strategies beat chance by.
func (s LookupScore) LookupExcess() float64 { return s.excess(s.Lookup) }

// AvoidExcess: see LookupExcess.
func (s LookupScore) AvoidExcess() float64 { return s.excess(s.Avoid) }

func (s LookupScore) excess(v float64) float64 {
	if s.SD == 0 {
		return 0
	}
	return (v - s.Chance) / s.SD
}

// LookupOrigins scores b's certification pool against the lookup
// candidate. public maps a name to a public scenario's text; a question's
// nearest public scenario is the one sharing the largest part of its
// position and script lines (Body), and its answer is that scenario's
// answer to the question's query under b's format (replayed by eng; none
// when it cannot be replayed). Deck questions are guesses.
func LookupOrigins(b *CheckedBank, public map[string]string, eng Engine) LookupScore {
	bodies := map[string]map[string]bool{}
	for name, src := range public {
		bodies[name] = Body(src)
	}
	var s LookupScore
	var variance float64
	for _, q := range b.InPool(PoolCertification).Questions {
		k := float64(len(q.Choices))
		pc := 1 / k
		s.Questions++
		s.Chance += pc
		variance += pc * (1 - pc)
		right := normalize(q.CorrectChoice().Value)
		var orig string
		if q.Deck == "" {
			name, sim := nearest(Body(q.Scenario), bodies)
			if sim == 1 {
				s.Public++
			}
			if r, err := eng.Replay(b.Format, public[name], q.Ask); err == nil && name != "" {
				orig = normalize(q.value(r.Answer))
			}
			s.Looked = append(s.Looked, Looked{ID: q.ID, Nearest: name, Similarity: sim, Answer: orig, Right: right, Choices: len(q.Choices)})
		}
		offered := false
		for _, c := range q.Choices {
			offered = offered || (orig != "" && normalize(c.Value) == orig)
		}
		if n := len(s.Looked); n > 0 && s.Looked[n-1].ID == q.ID {
			s.Looked[n-1].Offered = offered
		}
		switch {
		case !offered:
			s.Lookup += pc
			s.Avoid += pc
		case orig == right:
			s.Same++
			s.Lookup++
		default:
			s.Avoid += 1 / (k - 1)
		}
	}
	s.SD = math.Sqrt(variance)
	return s
}

// Body is what a scenario shows a candidate, as a set of normalised lines:
// its position and script, without comments, expectations, the title and
// the example it replays.
func Body(src string) map[string]bool {
	out := map[string]bool{}
	for _, l := range strings.Split(src, "\n") {
		if i := strings.Index(l, " #"); i >= 0 {
			l = l[:i]
		}
		l = normalize(l)
		switch {
		case l == "", strings.HasPrefix(l, "#"), strings.HasPrefix(l, "expect "), strings.HasPrefix(l, "title:"), strings.HasPrefix(l, "example:"), strings.HasPrefix(l, "formats:"):
			continue
		}
		out[l] = true
	}
	return out
}

// nearest is the public body sharing the largest part (Jaccard) with
// body, and that part (1 when equal); ties go to the first name in order.
func nearest(body map[string]bool, public map[string]map[string]bool) (string, float64) {
	best, bestSim := "", -1.0
	for _, name := range slices.Sorted(maps.Keys(public)) {
		p := public[name]
		both := 0
		for l := range body {
			if p[l] {
				both++
			}
		}
		union := len(body) + len(p) - both
		if union == 0 {
			continue
		}
		sim := float64(both) / float64(union)
		if sim > bestSim {
			best, bestSim = name, sim
		}
	}
	return best, bestSim
}
