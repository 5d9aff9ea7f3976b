package quizzes

import (
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"substep/content"
	"substep/rulings"
)

// positionRE is a starting-position line of a scenario ("B graveyard: …").
var positionRE = regexp.MustCompile(`(?i)^([A-F][0-9]?) (lp|hand|deck|monsters|spells/traps|spells|traps|spell & trap zones|field|graveyard|gy|banished|extra deck|deck master):\s*(.*)$`)

// scriptVariants are the rewrites a candidate's script makes of a
// situation it re-types from an attempt page, each one that cannot matter
// to most questions: by name, the rewritten source.
var scriptVariants = []struct {
	name    string
	rewrite func(lines []string) []string
}{
	{"zone order reversed", func(ls []string) []string {
		return eachPosition(ls, func(who, zone, cards string) string {
			parts := splitCards(cards)
			slices.Reverse(parts)
			return who + " " + zone + ": " + strings.Join(parts, ", ")
		})
	}},
	{"a card added to B's Graveyard", func(ls []string) []string { return addCard(ls, "B", "graveyard", "Giant Rat") }},
	{"a card added to A's Deck", func(ls []string) []string { return addCard(ls, "A", "deck", "Giant Rat") }},
	{"B's LP 100 lower", func(ls []string) []string { return changeLP(ls, "B", -100) }},
	{"one more pass", func(ls []string) []string { return append(slices.Clone(ls), "both pass") }},
	{"turn 5", func(ls []string) []string {
		out := slices.DeleteFunc(slices.Clone(ls), func(l string) bool { return strings.HasPrefix(strings.ToLower(l), "turn number:") })
		return slices.Insert(out, 1, "turn number: 5")
	}},
	{"sixty unrelated cards banished", func(ls []string) []string {
		return addCard(addCard(ls, "A", "banished", "30x Giant Rat"), "B", "banished", "30x Giant Rat")
	}},
	{"forty more passes", func(ls []string) []string {
		out := slices.Clone(ls)
		for range 40 {
			out = append(out, "both pass")
		}
		return out
	}},
	{"three changes at once", func(ls []string) []string {
		return append(changeLP(addCard(addCard(ls, "A", "graveyard", "Sangan"), "B", "banished", "Giant Rat"), "A", 300), "both pass")
	}},
}

// loggedVariants are rewrites the seal is not required to catch (they
// change what the situation is); the test logs how many it refuses and
// how many keep the answer.
var loggedVariants = []struct {
	name    string
	rewrite func(lines []string) []string
}{
	{"last step dropped", func(ls []string) []string { return dropSteps(ls, 1) }},
	{"last three steps dropped", func(ls []string) []string { return dropSteps(ls, 3) }},
}

// dropSteps drops a script's last n lines that are not position or
// header lines.
func dropSteps(ls []string, n int) []string {
	out := slices.Clone(ls)
	for i := len(out) - 1; i > lastPosition(out) && n > 0; i-- {
		out = slices.Delete(out, i, i+1)
		n--
	}
	return out
}

func splitCards(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// eachPosition rewrites every position line but the LP ones.
func eachPosition(ls []string, f func(who, zone, cards string) string) []string {
	out := slices.Clone(ls)
	for i, l := range out {
		if m := positionRE.FindStringSubmatch(strings.TrimSpace(l)); m != nil && strings.ToLower(m[2]) != "lp" && strings.ToLower(m[3]) != "none" {
			out[i] = f(m[1], m[2], m[3])
		}
	}
	return out
}

// lastPosition is the index of the last position line (or of the header's
// last line).
func lastPosition(ls []string) int {
	last := 0
	for i, l := range ls {
		t := strings.TrimSpace(l)
		if positionRE.MatchString(t) || (strings.Contains(t, ":") && !strings.HasPrefix(t, "#") && last == i-1) {
			last = i
		}
	}
	return last
}

func addCard(ls []string, who, zone, card string) []string {
	out := slices.Clone(ls)
	for i, l := range out {
		m := positionRE.FindStringSubmatch(strings.TrimSpace(l))
		if m != nil && m[1] == who && strings.EqualFold(m[2], zone) {
			if strings.EqualFold(m[3], "none") {
				out[i] = who + " " + zone + ": " + card
			} else {
				out[i] = strings.TrimSpace(l) + ", " + card
			}
			return out
		}
	}
	return slices.Insert(out, lastPosition(out)+1, who+" "+zone+": "+card)
}

func changeLP(ls []string, who string, by int) []string {
	out := slices.Clone(ls)
	for i, l := range out {
		m := positionRE.FindStringSubmatch(strings.TrimSpace(l))
		if m != nil && m[1] == who && strings.EqualFold(m[2], "lp") {
			var lp int
			if _, err := fmt.Sscan(m[3], &lp); err == nil {
				out[i] = fmt.Sprintf("%s lp: %d", who, lp+by)
				return out
			}
		}
	}
	return slices.Insert(out, lastPosition(out)+1, fmt.Sprintf("%s lp: %d", who, 8000+by))
}

// scriptLines is a scenario as a script re-types it: no comments, no
// expectations, another title.
func scriptLines(src string) []string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "", strings.HasPrefix(l, "#"), strings.HasPrefix(l, "expect"), strings.HasPrefix(l, "example:"), strings.HasPrefix(l, "notes:"):
		case strings.HasPrefix(l, "title:"):
			out = append(out, "title: a board I typed in")
		default:
			out = append(out, l)
		}
	}
	return out
}

// TestSealRefusesScriptVariants: the seal refuses every certification
// situation and the variants a candidate's script makes of it (a zone's
// order, one more card, another LP, one more pass, another turn number),
// and plays every public scenario (bundled and practice) and the same
// variants of them. It logs, per variant, how many variants keep the
// question's answer: what the replay tools would have given away.
func TestSealRefusesScriptVariants(t *testing.T) {
	set := embeddedSet(t)
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	public, err := publicScenarios()
	if err != nil {
		t.Fatal(err)
	}
	var bundled []*rulings.Scenario
	for name, src := range public {
		if sc, err := rulings.ParseScenario(name, []byte(src), cat); err == nil && !strings.HasPrefix(name, "practice question ") {
			bundled = append(bundled, sc)
		}
	}
	seal := set.Seal(bundled...)
	eng := NewEngine(cat)
	parse := func(ls []string) *rulings.Scenario {
		sc, err := rulings.ParseScenario("variant", []byte(strings.Join(ls, "\n")+"\n"), cat)
		if err != nil {
			return nil
		}
		return sc
	}
	// Public scenarios and their variants are played.
	var openRefused, openVariants, openVariantsRefused int
	for name, src := range public {
		sc, err := rulings.ParseScenario(name, []byte(src), cat)
		if err != nil {
			continue
		}
		if id, no := seal.Refuses(sc); no {
			openRefused++
			t.Errorf("the public %s is refused as %s's situation", name, id)
		}
		for _, v := range scriptVariants {
			if vs := parse(v.rewrite(scriptLines(src))); vs != nil {
				openVariants++
				if _, no := seal.Refuses(vs); no {
					openVariantsRefused++
				}
			}
		}
	}
	t.Logf("public scenarios: %d refused of %d; their script variants: %d refused of %d", openRefused, len(public), openVariantsRefused, openVariants)
	for _, b := range set.Banks() {
		sealVariantsOf(t, b, seal, eng, parse)
	}
}

// sealVariantsOf checks b's certification situations and their variants
// against seal, and logs how many variants the seal refuses and how many
// keep the question's answer.
func sealVariantsOf(t *testing.T, b *CheckedBank, seal *Seal, eng Engine, parse func([]string) *rulings.Scenario) {
	t.Helper()
	type tally struct{ tried, refused, sameAnswer, sameAndPlayed int }
	per := make([]tally, len(scriptVariants))
	logged := make([]tally, len(loggedVariants))
	for _, q := range b.InPool(PoolCertification).Questions {
		if q.Replay.Scenario == nil || q.ScenarioFile != "" {
			continue
		}
		if _, no := seal.Refuses(q.Replay.Scenario); !no {
			t.Errorf("%s: its own situation is not refused", q.ID)
		}
		right := normalize(q.CorrectChoice().Value)
		for i, v := range scriptVariants {
			ls := v.rewrite(scriptLines(q.Scenario))
			vs := parse(ls)
			if vs == nil {
				continue
			}
			per[i].tried++
			_, refused := seal.Refuses(vs)
			if refused {
				per[i].refused++
			} else {
				t.Errorf("%s: the variant %q is played:\n%s", q.ID, v.name, strings.Join(ls, "\n"))
			}
			if r, err := eng.Replay(b.Format, strings.Join(ls, "\n")+"\n", q.Ask); err == nil && normalize(q.value(r.Answer)) == right {
				per[i].sameAnswer++
				if !refused {
					per[i].sameAndPlayed++
				}
			}
		}
		for i, v := range loggedVariants {
			ls := v.rewrite(scriptLines(q.Scenario))
			vs := parse(ls)
			if vs == nil {
				continue
			}
			logged[i].tried++
			_, refused := seal.Refuses(vs)
			if refused {
				logged[i].refused++
			}
			if r, err := eng.Replay(b.Format, strings.Join(ls, "\n")+"\n", q.Ask); err == nil && normalize(q.value(r.Answer)) == right {
				logged[i].sameAnswer++
				if !refused {
					logged[i].sameAndPlayed++
				}
			}
		}
	}
	for i, v := range scriptVariants {
		p := per[i]
		t.Logf("%s: %-32s %3d variants, %3d refused, %3d keep the right answer (%d of them played)", b.Format, v.name, p.tried, p.refused, p.sameAnswer, p.sameAndPlayed)
	}
	for i, v := range loggedVariants {
		p := logged[i]
		t.Logf("%s: %-32s %3d variants, %3d refused, %3d keep the right answer (%d of them played; not asserted)", b.Format, v.name, p.tried, p.refused, p.sameAnswer, p.sameAndPlayed)
	}
}

// TestSituationFeaturesMirror: a situation and its mirror (the players'
// letters swapped, the owners written or not) have the same features; the
// same board with another LP does not.
func TestSituationFeaturesMirror(t *testing.T) {
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	const src = "title: t\nformats: goat\nturn: %s\nphase: main 1\n%s hand: Mountain\n%s field: Umi\n%s spells/traps: Dust Tornado (set)\n%s lp: %d\n\n" +
		"%s activates Mountain\n%s chains Dust Tornado targeting %sMountain\n%s has no response\n"
	feats := func(me, you, owner string, lp int) Features {
		t.Helper()
		sc, err := rulings.ParseScenario("t", fmt.Appendf(nil, src, me, me, you, you, you, lp, me, you, owner, me), cat)
		if err != nil {
			t.Fatal(err)
		}
		return SituationFeatures(sc)
	}
	a, b := feats("A", "B", "", 8000), feats("B", "A", "B's ", 8000)
	if d, miss, _ := distance(a, b, b.size()); d != 0 || miss != 0 {
		t.Errorf("the mirror is %v away (%d features missing): %v against %v", d, miss, a, b)
	}
	c := feats("A", "B", "", 7000)
	if _, miss, _ := distance(a, c, c.size()); miss != 1 {
		t.Errorf("another LP lacks %d features; want 1", miss)
	}
	// A card's state (what a prompt may tell in words) is not core; the
	// card itself is.
	up := strings.Replace(fmt.Sprintf(src, "A", "A", "B", "B", "B", 8000, "A", "B", "", "A"), "Dust Tornado (set)", "Dust Tornado", 1)
	upSc, err := rulings.ParseScenario("t", []byte(up), cat)
	if err != nil {
		t.Fatal(err)
	}
	u := SituationFeatures(upSc)
	if _, miss, _, missCore := distanceCore(a, u, u.size(), u.activeKinds()); miss != 1 || missCore != 0 {
		t.Errorf("Dust Tornado face-up lacks %d features, %d core; want 1, 0", miss, missCore)
	}
	// An attempt shows each card's column; a script writes it down where
	// the board let the engine place it.
	plain, err := rulings.ParseScenario("t", []byte("title: t\nformats: goat\nturn: A\nA monsters: Giant Rat, Sangan\nA spells/traps: Mirror Force (set)\n\nA ends the turn\n"), cat)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := rulings.ParseScenario("t", []byte("title: t\nformats: goat\nturn: A\nA monsters: Giant Rat (column 1), Sangan (column 2)\nA spells/traps: Mirror Force (set, column 1)\n\nA ends the turn\n"), cat)
	if err != nil {
		t.Fatal(err)
	}
	p, q := SituationFeatures(plain), SituationFeatures(cols)
	if d, _, _ := distance(p, q, q.size()); d != 0 {
		t.Errorf("the board with its columns written is %v away", d)
	}
}

// TestSealKnowsShownBoards: a situation that starts in the Draw or Standby
// Phase shows its board after the draw or the maintenance; re-typed as a
// scenario (ShownScenario), that board is refused too.
func TestSealKnowsShownBoards(t *testing.T) {
	set := embeddedSet(t)
	seal := set.Seal()
	var n, differ int
	for _, b := range set.Banks() {
		for _, q := range b.InPool(PoolCertification).Questions {
			if q.Replay.Scenario == nil || q.ScenarioFile != "" {
				continue
			}
			phase := q.Replay.Scenario.Phase
			if phase != "draw" && phase != "standby" {
				continue
			}
			n++
			shown := ShownScenario(q.Replay.Scenario, q.Replay.Start)
			if shown == nil {
				t.Errorf("%s: the board it shows does not read back as a scenario", q.ID)
				continue
			}
			if slices.Equal(slices.Sorted(maps.Keys(SituationFeatures(shown))), slices.Sorted(maps.Keys(SituationFeatures(q.Replay.Scenario)))) {
				continue
			}
			differ++
			if _, no := seal.Refuses(shown); !no {
				t.Errorf("%s: the board it shows, re-typed, is played", q.ID)
			}
		}
	}
	t.Logf("%d certification questions start in the Draw or Standby Phase; %d show another board than they start with", n, differ)
	if n == 0 {
		t.Skip("no certification question starts in the Draw or Standby Phase")
	}
}

// BenchmarkSealRefuses is the seal's work on one replay request: every
// bundled scenario asked in turn against the seal of the embedded banks
// (the replay tools ask it once per pasted scenario). It reports the
// slowest scenario's time as well as the mean.
func BenchmarkSealRefuses(b *testing.B) {
	set, err := loadEmbedded()
	if err != nil {
		b.Fatal(err)
	}
	cat, err := rulings.DefaultCatalogue()
	if err != nil {
		b.Fatal(err)
	}
	names, err := fs.Glob(content.FS, "scenarios/*.scn")
	if err != nil {
		b.Fatal(err)
	}
	var scs []*rulings.Scenario
	for _, n := range names {
		src, err := fs.ReadFile(content.FS, n)
		if err != nil {
			b.Fatal(err)
		}
		if sc, err := rulings.ParseScenario(n, src, cat); err == nil {
			scs = append(scs, sc)
		}
	}
	seal := set.Seal(scs...)
	var worst time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sc := scs[i%len(scs)]
		t0 := time.Now()
		seal.Refuses(sc)
		worst = max(worst, time.Since(t0))
	}
	b.ReportMetric(float64(worst.Microseconds()), "worst-µs")
}
