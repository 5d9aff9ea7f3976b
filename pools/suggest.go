package pools

import (
	"cmp"
	"slices"
	"strings"

	"substep/internal/osa"
)

// Suggest lists up to n card names close to name, best first: names that
// share its words or differ by a few letters, cards of format's pool
// before others ("" for any format).
func (s *Set) Suggest(name, format string, n int) []string {
	q := Fold(name)
	if q == "" || n <= 0 {
		return nil
	}
	if len([]rune(q)) > 80 {
		return nil
	}
	f, _ := s.Format(format)
	qw := strings.Fields(strings.ToLower(name))
	type scored struct {
		c     *Card
		score float64
	}
	var best []scored
	qr := []rune(q)
	buf := make([]int, 0, 256)
	for _, c := range s.cards {
		k := c.fold()
		sc := 0.0
		if strings.Contains(k, q) && len(q) >= 4 {
			sc = 0.8 + 0.1*float64(len(q))/float64(len(k))
		}
		kr := []rune(k)
		if d := abs(len(kr) - len(qr)); d <= max(2, len(qr)/4) {
			k := max(2, len(qr)/4)
			if need := osa.Buf(kr); cap(buf) < need {
				buf = make([]int, need)
			}
			if dist := osa.Within(qr, kr, k, buf[:osa.Buf(kr)]); dist <= k {
				sc = max(sc, 1-float64(dist)/float64(max(len(kr), len(qr))))
			}
		}
		if sc == 0 && len(qw) > 1 {
			hit := 0
			lname := strings.ToLower(c.Name)
			for _, w := range qw {
				if len(w) >= 3 && strings.Contains(lname, w) {
					hit++
				}
			}
			if hit >= 2 || (hit == 1 && len(qw) == 2) {
				sc = 0.5 + 0.3*float64(hit)/float64(len(qw))
			}
		}
		if sc < 0.5 {
			continue
		}
		if f != nil && f.Status(c) != NotInPool {
			sc += 0.05
		}
		best = append(best, scored{c, sc})
	}
	slices.SortFunc(best, func(a, b scored) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.c.Name, b.c.Name)
	})
	var out []string
	for _, b := range best[:min(n, len(best))] {
		out = append(out, b.c.Name)
	}
	return out
}

// fold is Fold(c.Name), worked out when the card is made.
func (c *Card) fold() string { return c.key }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
