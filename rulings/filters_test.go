package rulings

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// TestNoStringFilter: filter terms are written in the interpreter only as
// FilterTerm constants, the keys of filterTerms.
func TestNoStringFilter(t *testing.T) {
	wordsComparedWithStrings(t, "FilterTerm")
	literalsOutsideConsts(t, "FilterTerm")
}

// TestFilterLiterals: every filter the engine's own code passes to
// matches, matchesAny or gyMatching is made of known terms.
func TestFilterLiterals(t *testing.T) {
	for _, lit := range filterLiterals(t) {
		if why := filterProblem(lit.value); why != "" {
			t.Errorf("%s: %s", lit.pos, why)
		}
	}
}

// TestFilterTerms: every filter term is used by a bundled card, by the
// engine's code, or named in rulings/*.md.
func TestFilterTerms(t *testing.T) {
	used := map[FilterTerm]bool{}
	note := func(filter string) {
		for _, f := range strings.FieldsFunc(filter, func(r rune) bool { return r == ';' || r == ',' }) {
			for _, alt := range strings.Split(f, " or ") {
				key, _ := splitTerm(strings.TrimSpace(strings.ToLower(alt)))
				used[key] = true
			}
		}
	}
	for _, c := range testCatalogue(t).Cards() {
		if c.Materials != nil {
			note(c.Materials.Filter)
		}
		for _, e := range c.Effects {
			if e.Target != nil {
				note(e.Target.Filter)
			}
			note(e.Battler)
			for _, o := range append(append([]Op{}, e.Cost...), e.Do...) {
				note(o.Filter)
			}
		}
	}
	for _, lit := range filterLiterals(t) {
		note(lit.value)
	}
	docs := engineDocs(t)
	for k := range filterTerms {
		if k != FilterAny && !used[k] && !strings.Contains(docs, "`"+string(k)) {
			t.Errorf("filter term %q: no card or code uses it and no rulings/*.md names it", k)
		}
	}
}

type filterLit struct {
	pos   token.Position
	value string
}

// filterLiterals are the string literals the engine passes as a filter.
func filterLiterals(t *testing.T) []filterLit {
	t.Helper()
	fset, files := engineFiles(t)
	var out []filterLit
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "matches" && sel.Sel.Name != "matchesAny" && sel.Sel.Name != "gyMatching") {
				return true
			}
			for _, a := range call.Args {
				if bl, ok := a.(*ast.BasicLit); ok && bl.Kind == token.STRING {
					v, _ := strconv.Unquote(bl.Value)
					out = append(out, filterLit{fset.Position(bl.Pos()), v})
				}
			}
			return true
		})
	}
	return out
}
