package quizzes

import (
	"io/fs"
	"os"
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

// shortfallRE reads the README's documented shortfall: lines "- `page#anchor`".
var shortfallRE = regexp.MustCompile("(?m)^- `([a-z0-9-]+#[A-Za-z0-9_-]+)`")

// TestRuleAnchorCoverage: every rule anchor of a format's pages is cited by
// at least two certification questions, except the anchors quizzes/README.md
// lists as the documented shortfall. The test fails on an anchor below two
// that the README does not list, and on a listed anchor that has reached
// two (so the list stays true).
func TestRuleAnchorCoverage(t *testing.T) {
	set := embeddedSet(t)
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range shortfallRE.FindAllStringSubmatch(string(readme), -1) {
		listed[m[1]] = true
	}
	for _, f := range Formats {
		b, _ := set.Bank(f)
		cited := map[string]int{}
		for _, q := range b.Questions {
			if q.Pool != PoolCertification {
				continue
			}
			for _, c := range slices.Compact(slices.Sorted(slices.Values(q.Cites))) {
				cited[c]++
			}
		}
		anchors := ruleAnchors(t, f)
		var short []string
		for _, a := range anchors {
			switch {
			case cited[a] < 2 && !listed[a]:
				t.Errorf("%s is cited by %d certification question(s): write questions or list it under the shortfall in quizzes/README.md", a, cited[a])
			case cited[a] >= 2 && listed[a]:
				t.Errorf("%s now has %d certification questions: remove it from the shortfall in quizzes/README.md", a, cited[a])
			}
			if cited[a] < 2 {
				short = append(short, a)
			}
		}
		t.Logf("%s: %d of %d rule anchors have two or more certification questions; short: %s", f, len(anchors)-len(short), len(anchors), strings.Join(short, " "))
	}
}
