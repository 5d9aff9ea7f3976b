package quizzes

import (
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"substep/content"
)

// anchorRE finds a heading's explicit anchor: "## Point 1: ... {#point-1}".
var anchorRE = regexp.MustCompile(`(?m)^#{2,4} .*\{#([A-Za-z0-9_-]+)\}\s*$`)

// ruleAnchors lists page#anchor for every numbered rule, point, timing and
// example heading of a format's rule pages (content/<format>/*.md), leaving
// out the "Under today's rules" comparison.
func ruleAnchors(t *testing.T, format string) []string {
	t.Helper()
	pages, err := fs.Glob(content.FS, format+"/*.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range pages {
		src, err := fs.ReadFile(content.FS, p)
		if err != nil {
			t.Fatal(err)
		}
		page := strings.TrimSuffix(p[strings.LastIndex(p, "/")+1:], ".md")
		for _, m := range anchorRE.FindAllStringSubmatch(string(src), -1) {
			if m[1] != "today" {
				out = append(out, page+"#"+m[1])
			}
		}
	}
	return out
}

// anchorFloor is how many rule anchors of each format's pages have at
// least two certification questions, as measured when it was last raised.
// It only goes up: a change that lowers a count fails, and a change that
// raises one should raise the floor to the count the test logs.
var anchorFloor = map[string]int{"goat": 72, "hat": 59, "edison": 66, "domain": 130}

// TestRuleAnchorCoverage: every rule anchor of a format's pages (every
// numbered rule, point, timing and example) should be cited by at least two
// certification questions, unless Untestable declares it with a reason.
// The test lists the anchors still short and the declared ones with their
// reasons, per format, and fails when fewer anchors are covered than the
// floor, or when a declaration names no anchor or a covered one.
func TestRuleAnchorCoverage(t *testing.T) {
	set := embeddedSet(t)
	all := map[string]bool{}
	for _, f := range Formats {
		for _, a := range ruleAnchors(t, f) {
			all[a] = true
		}
	}
	for _, a := range slices.Sorted(maps.Keys(Untestable)) {
		if !all[a] {
			t.Errorf("quizzes/untestable.go declares %s untestable, but no rule page has that anchor", a)
		}
	}
	for _, f := range Formats {
		b, _ := set.Bank(f)
		cited := certificationCites(b)
		anchors := ruleAnchors(t, f)
		var short, untestable []string
		for _, a := range anchors {
			why, declared := Untestable[a]
			switch {
			case declared && cited[a] >= 2:
				t.Errorf("%s is declared untestable (quizzes/untestable.go) but %d certification questions test it: drop the declaration", a, cited[a])
			case declared:
				untestable = append(untestable, fmt.Sprintf("%s (%d questions: %s)", a, cited[a], why))
			case cited[a] < 2:
				short = append(short, fmt.Sprintf("%s (%d)", a, cited[a]))
			}
		}
		covered := len(anchors) - len(short) - len(untestable)
		t.Logf("%s: %d of %d rule anchors have two or more certification questions (floor %d); %d declared untestable; short: %s", f, covered, len(anchors), anchorFloor[f], len(untestable), strings.Join(short, " "))
		for _, u := range untestable {
			t.Logf("%s: untestable: %s", f, u)
		}
		if covered < anchorFloor[f] {
			t.Errorf("%s: %d rule anchors have two certification questions, fewer than the floor of %d; short: %s", f, covered, anchorFloor[f], strings.Join(short, " "))
		}
	}
}

// certificationCites counts, per cited anchor, the certification questions
// of b that cite it (a question citing an anchor twice counts once).
func certificationCites(b *CheckedBank) map[string]int {
	cited := map[string]int{}
	for _, q := range b.Questions {
		if q.Pool != PoolCertification {
			continue
		}
		for _, c := range slices.Compact(slices.Sorted(slices.Values(q.Cites))) {
			cited[c]++
		}
	}
	return cited
}

// coreJudgingBanks are the banks the core-judging page applies to: Domain's
// pool is about Domain, not the rules it shares with today.
var coreJudgingBanks = []string{"goat", "hat", "edison"}

// TestCoreJudgingCoverage: every point and example of the core-judging page
// (Spell Speeds, chains, costs, targets, the Damage Step, missing the
// timing) is cited by at least two certification questions of each bank it
// applies to.
func TestCoreJudgingCoverage(t *testing.T) {
	set := embeddedSet(t)
	var anchors []string
	for _, a := range ruleAnchors(t, "general") {
		if strings.HasPrefix(a, "core-judging#") {
			anchors = append(anchors, a)
		}
	}
	if len(anchors) < 11 {
		t.Fatalf("core-judging has %d anchors, want the page's 6 points and 5 examples: %v", len(anchors), anchors)
	}
	for _, f := range coreJudgingBanks {
		b, _ := set.Bank(f)
		cited := certificationCites(b)
		for _, a := range anchors {
			if cited[a] < 2 {
				t.Errorf("%s: %s is cited by %d certification questions, want at least 2", f, a, cited[a])
			}
		}
	}
}
